/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
import { GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { orders } from './support/designs';
import { thrownBy as invalidArgs } from './support/errors';
import { ACCOUNT_ID, quietPulumiLog } from './support/fleet';

quietPulumiLog();

const args = (extra: Partial<GuardedContainerArgs> = {}): GuardedContainerArgs => ({
  resourceGroupName: 'data',
  account: { name: 'fleet', id: ACCOUNT_ID },
  database: 'shop',
  throughput: { manual: 4_000 },
  design: { ...orders, acknowledgements: [{ rule: 'SG010', reason: 'diagnostics are attached by the platform team' }] },
  ...extra,
});

describe('an empty container name', () => {
  it("is reported at the component's name where it names the container (no containerName)", () => {
    const issues = invalidArgs(() => new GuardedContainer('', args())).issues;
    expect(issues.map((i) => i.path)).toEqual(['(name)']);
    expect(issues[0].message).toMatch(/the component's name names the container where containerName is not given/);
  });

  it('is reported at containerName where that gives it', () => {
    expect(invalidArgs(() => new GuardedContainer('orders', args({ containerName: '' }))).issues.map((i) => i.path)).toEqual(['containerName']);
  });
});
