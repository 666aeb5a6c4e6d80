/**
 * A GuardedContainer whose thresholds loosen the lint (its design's, its lintOptions') warns, in the words `skewguard
 * lint` gives a design file's and GuardedTable its own: `loosens headroom to 1 (default 0.8), maxHotKeyShare to 1
 * (default 0.1)`. A threshold set to silence a finding never passes with nothing said.
 */
import { CosmosAccountMonitoring, GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { runWithMocks } from '../../lib/testing/pulumi';
import { ACCOUNT_ID, quietPulumiLog, warningsOn } from './support/fleet';

quietPulumiLog();

const design: GuardedContainerArgs['design'] = {
  partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] },
  workload: { peakReadUnits: 1_000, peakWriteUnits: 500 },
  storage: { totalGb: 10 },
};

async function loosenedWarnings(args: Partial<GuardedContainerArgs>): Promise<string[]> {
  let component: GuardedContainer | undefined;
  await runWithMocks(() => {
    component = new GuardedContainer('orders', {
      monitoring: new CosmosAccountMonitoring('acct', { resourceGroupName: 'rg', account: { name: 'acct', id: ACCOUNT_ID } }),
      database: 'shop',
      throughput: { manual: 4_000 },
      design,
      ...args,
    } as GuardedContainerArgs);
  });
  return warningsOn(component as GuardedContainer).filter((w) => w.includes('thresholds'));
}

describe("a GuardedContainer's loosened thresholds are said, as the CLI says a design file's", () => {
  it("the design's and the lint options': one warning each, at its arg, naming each looser threshold with its default", async () => {
    const warnings = await loosenedWarnings({
      design: { ...design, thresholds: { headroom: 1, maxHotKeyShare: 1 } },
      lintOptions: { thresholds: { minCardinality: 50, maxShards: 50 } },
    });
    expect(warnings).toEqual([
      'skewguard: design.thresholds: loosens headroom to 1 (default 0.8), maxHotKeyShare to 1 (default 0.1)',
      'skewguard: lintOptions.thresholds: loosens minCardinality to 50 (default 100)',
    ]);
  });

  it.each([
    ['no thresholds', {}],
    ['thresholds at their defaults', { design: { ...design, thresholds: { headroom: 0.8 } } }],
    ['stricter thresholds', { design: { ...design, thresholds: { headroom: 0.7 } }, lintOptions: { thresholds: { minCardinality: 200 } } }],
  ])('%s: no warning', async (_, args) => {
    expect(await loosenedWarnings(args)).toEqual([]);
  });
});
