/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The Pulumi testing helpers take `today`, as the CDK ones do (assertStackPasses(stack, { today })): the day the
// GuardedContainers' acknowledgements' `expires` dates are judged on. It travels with the run's mock engine, not a
// module-level setting, so it holds for that run only (and a deployment, whose engine carries none, judges on today).
import * as pulumi from '@pulumi/pulumi';
import { UsageError } from '../../lib';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign, type GuardedContainerArgs } from '../../lib/pulumi';
import { assertAccepted, assertRefused, pulumiSnapshot, runWithMocks } from '../../lib/testing/pulumi';
import { violations } from '../pulumi/support/designs';
import { ACCOUNT_ID, CONTAINER, quietPulumiLog } from '../pulumi/support/fleet';
import { shortStackTraces } from '../pulumi/support/stack-traces';
import { rejection } from './support/errors';

shortStackTraces();

quietPulumiLog();

// The reversed hierarchy (SG004, an error) waived until the end of June 2026: accepted up to that day, refused after.
const waived: ContainerDesign = {
  ...violations['hierarchy in the wrong order'].design,
  acknowledgements: [{ rule: 'SG004', reason: 'reversed until the tenant migration lands', expires: '2026-06-30' }],
};
const BEFORE = '2026-06-01';
const AFTER = '2026-07-01';

const events = (extra: Partial<GuardedContainerArgs> = {}) =>
  new GuardedContainer('events', {
    monitoring: new CosmosAccountMonitoring('fleet', { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } }),
    database: 'telemetry',
    throughput: { manual: 4_000 },
    design: waived,
    ...extra,
  });

it('the machine’s own day is after the waiver: without today, the design is refused', async () => {
  expect(new Date().toISOString().slice(0, 10) > '2026-06-30').toBe(true);
  await assertRefused(() => events(), 'SG004');
});

describe('assertAccepted and assertRefused', () => {
  it('judge the waiver on the day given', async () => {
    const component = await assertAccepted(() => events(), { today: BEFORE });
    expect(component.findings.filter((f) => f.ruleId === 'SG004').map((f) => f.acknowledged)).toEqual([true]);
    const [finding] = await assertRefused(() => events(), 'SG004', { today: AFTER });
    expect(finding.acknowledged).toBe(false);
  });

  it('leave a component’s own lintOptions.today in force', async () => {
    await assertAccepted(() => events({ lintOptions: { today: BEFORE } }), { today: AFTER });
    await assertRefused(() => events({ lintOptions: { today: AFTER } }), 'SG004', { today: BEFORE });
  });

  it('judge RU/s given as an Output, planned again once known, on the same day', async () => {
    await assertAccepted(() => events({ throughput: { manual: pulumi.output(4_000) } }), { today: BEFORE });
    await assertRefused(() => events({ throughput: { manual: pulumi.output(4_000) } }), 'SG004', { today: AFTER });
  });

  it('refuse a day that is not one, an unknown option, and a day for an error already made', async () => {
    const bad = await rejection(assertAccepted(() => events(), { today: '1 June 2026' }));
    expect(bad).toBeInstanceOf(UsageError);
    expect(bad.message).toContain('options.today');
    const unknown = await rejection(assertAccepted(() => events(), { todya: BEFORE } as never));
    expect(unknown.message).toContain('options.todya: is not a known field');
    const error = await rejection(runWithMocks(() => events()));
    expect(() => assertRefused(error, 'SG004', { today: AFTER })).toThrow(/options\.today: applies to a function the assertion runs/);
  });

  it('inside a run, take the run’s day, and refuse another', async () => {
    await runWithMocks(() => assertAccepted(() => events(), { today: BEFORE }), { today: BEFORE });
    const other = await rejection(runWithMocks(() => assertAccepted(() => events(), { today: AFTER }), { today: BEFORE }));
    expect(other.message).toContain(`options.today: is ${AFTER}, inside a run that pins ${BEFORE}`);
  });
});

describe('runWithMocks and pulumiSnapshot', () => {
  it('judge every component of the run on the day given', async () => {
    const { result } = await runWithMocks(() => events(), { today: BEFORE });
    expect(result.findings.filter((f) => f.ruleId === 'SG004').map((f) => f.acknowledged)).toEqual([true]);
    assertRefused(await rejection(runWithMocks(() => events(), { today: AFTER })), 'SG004');
    const resources = await pulumiSnapshot(() => events(), { today: BEFORE, resourceTypes: [CONTAINER] });
    expect(resources.map((r) => r.name)).toEqual(['events']);
  });

  it('pin the day for that run only', async () => {
    await runWithMocks(() => events(), { today: BEFORE });
    assertRefused(await rejection(runWithMocks(() => events())), 'SG004');
  });

  it('refuse a day that is not one', async () => {
    const bad = await rejection(runWithMocks(() => events(), { today: '2026-13-01' }));
    expect(bad).toBeInstanceOf(UsageError);
    expect(bad.message).toContain('today');
  });
});
