/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 20: throughput given as an Output skipped the checks that need its number (SG017 never ran on 400 RU/s
// for a 50,000 RU/s peak) and drew the hotKey and hotPrefix lines without it (8,000 RU/s on a 4,000 RU/s container,
// a line no key there can reach). The container is now planned again once the value is known (deferred-throughput.ts).
import { runInThisContext } from 'node:vm';
import * as pulumi from '@pulumi/pulumi';
import { DesignRefusedError, GuardedContainer, InvalidArgsError, type GuardedContainerArgs } from '../../lib/pulumi';
import { tenantItems } from './support/designs';
import { thrownOf } from './support/errors';
import { fleetMonitoring } from './support/fleet';
import { drain, installMocks, registeredAll } from './support/mocks';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

const engine = installMocks();

const monitoring = fleetMonitoring();
beforeAll(() => registeredAll([monitoring, monitoring.diagnosticSetting]));
afterEach(() => jest.restoreAllMocks());

function construct(name: string, throughput: GuardedContainerArgs['throughput'], design: GuardedContainerArgs['design']): GuardedContainer {
  return new GuardedContainer(name, { monitoring, database: 'telemetry', throughput, design });
}

/**
 * The errors a Pulumi program fails with while `run` settles: an input that rejects fails its resource's registration,
 * which the SDK raises as an uncaught error (an unhandled rejection for some inputs); Pulumi's runner listens to both,
 * prints the error and fails the update. Jest's own listeners are set aside meanwhile, so the test reads the errors
 * instead of failing on them. They listen on the host's process (jest gives each test file a copy of `process`):
 * `vm.runInThisContext` evaluates in the host's context.
 */
const host = runInThisContext('process') as NodeJS.Process;

async function failures(run: () => void): Promise<unknown[]> {
  const caught: unknown[] = [];
  const collect = (reason: unknown) => caught.push(reason);
  const events = ['uncaughtException', 'unhandledRejection'] as const;
  const jestListeners = events.map((event) => host.rawListeners(event));
  for (const event of events) {
    host.removeAllListeners(event);
    host.on(event, collect);
  }
  try {
    run();
    await drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    events.forEach((event, i) => {
      host.off(event, collect);
      for (const listener of jestListeners[i]) host.on(event, listener as (...args: unknown[]) => void);
    });
  }
  return caught;
}

/** The threshold of a registered log alert, as the engine received it. */
const threshold = (name: string): unknown => engine.named(name).inputs.criteria.allOf[0].threshold;

describe('throughput given as an Output', () => {
  it('refuses 400 RU/s for a 50,000 RU/s peak once the value is known (SG017 at throughput.manual), creating no container', async () => {
    const errors = await failures(() => construct('late-short', { manual: pulumi.output(400) }, tenantItems(30_000, 20_000)));
    expect(errors.length).toBeGreaterThan(0);
    // Every input that read the refused plan rejects with the same error (Pulumi prints it once).
    expect(new Set(errors).size).toBe(1);
    const error = errors[0] as DesignRefusedError;
    expect(error).toBeInstanceOf(DesignRefusedError);
    expect(error.findings.map((f) => [f.ruleId, f.path, f.data?.capacity])).toEqual([['SG017', 'throughput.manual', 400]]);
    // Reported as written: Pulumi's serializer prefixes a rejected input's error in place, once per resource that takes it.
    expect(error.message.startsWith('GuardedContainer "late-short": the partition-key design breaks 1 skewguard rule')).toBe(true);
    expect(error.message).toContain('SG017 capacity-below-peak at throughput.manual (late-short)');
    expect(error.message).toContain('throughput.manual is a Pulumi Output: it was checked when its value (400 RU/s) became known');
    expect(engine.registered.filter((r) => r.name.startsWith('late-short') && r.custom)).toEqual([]);
  });

  it('refuses a value off the grid, naming the field', async () => {
    const errors = await failures(() => construct('late-off-grid', { manual: pulumi.output(450) }, tenantItems(200, 100)));
    const error = errors[0] as InvalidArgsError;
    expect(error).toBeInstanceOf(InvalidArgsError);
    expect(error.issues).toEqual([
      {
        path: 'throughput.manual',
        message: expect.stringContaining('at least 400 RU/s in steps of 100, got 450 (the value of its Output, known at deployment)'),
      },
    ]);
    expect(engine.registered.filter((r) => r.name.startsWith('late-off-grid') && r.custom)).toEqual([]);
  });

  it('draws the hotKey and hotPrefix lines from the resolved RU/s, as for the plain number', async () => {
    const plain = construct('plain', { manual: 4_000 }, tenantItems(2_000, 1_000));
    const late = construct('late', { manual: pulumi.output(4_000) }, tenantItems(2_000, 1_000));
    await registeredAll([plain, late, ...Object.values(plain.alerts), ...Object.values(late.alerts)]);
    // Planned without the RU/s the lines were 8,000 RU/s (0.8 × a key's 10,000), which a 4,000 RU/s container never serves.
    expect([threshold('late-hot-key'), threshold('late-hot-prefix')]).toEqual([800, 800.48]);
    expect([threshold('plain-hot-key'), threshold('plain-hot-prefix')]).toEqual([800, 800.48]);
    expect(engine.named('late-hot-key').inputs.displayName).toBe('late: one partition key above 800 RU/s');
    expect(engine.named('late').inputs.options).toEqual({ throughput: 4_000 });
  });

  // The throttledHotValue page kept the line planned without the RU/s, drawn on a logical partition's 10,000 RU/s alone
  // (7,995 RU/s on tenant → user, 8,000 on tenant alone), on a 6,000 RU/s container of one physical partition, where no
  // value can use more than 6,000 less the others' planned load: it never paged. With the number, its line is the hotKey line of the value it judges: on
  // tenant → user (500 tenants, 100,000 users; 3,000 RU/s peak) a full key's, floor(0.8 × (6,000 − 3,000 + 0.03)) = 2,400;
  // on tenant alone a tenant's, floor(0.8 × (6,000 − 3,000 + 6)) = 2,404 (a tenant's planned load: 3,000 ÷ 500).
  const tenants = (levels: [string, number][]): GuardedContainerArgs['design'] => ({
    partitionKey: { paths: levels.map(([path, cardinality]) => ({ path, cardinality })) },
    workload: { peakReadUnits: 2_000, peakWriteUnits: 1_000 },
  });
  /** What each alert of a component says of its line, by the alert's suffix: the threshold, the texts that state it and
   *  the query that applies it, with the container's name left out (the two components differ only in it). */
  const lines = (component: string) =>
    Object.fromEntries(
      engine.registered
        .filter((r) => r.custom && r.name.startsWith(`${component}-`))
        .map(({ name, inputs }) => {
          const { threshold: value, query } = inputs.criteria.allOf[0];
          const said = JSON.stringify({ value, displayName: inputs.displayName, description: inputs.description, query });
          return [name.slice(component.length + 1), JSON.parse(said.split(component).join('<container>'))];
        }),
    );
  it.each<[string, [string, number][], number]>([
    [
      'hierarchical',
      [
        ['/tenantId', 500],
        ['/userId', 100_000],
      ],
      2_400,
    ],
    ['one-level', [['/tenantId', 500]], 2_404],
  ])('gives every alert of a %s key the lines of the plain number', async (kind, levels, page) => {
    const plain = construct(`plain-${kind}`, { manual: 6_000 }, tenants(levels));
    const late = construct(`late-${kind}`, { manual: pulumi.output(6_000) }, tenants(levels));
    await registeredAll([plain, late, ...Object.values(plain.alerts), ...Object.values(late.alerts)]);
    expect(Object.keys(late.alerts)).toEqual(Object.keys(plain.alerts));
    expect(Object.keys(plain.alerts)).toEqual(expect.arrayContaining(['normalizedRu', 'throttleRate', 'hotKey', 'throttledHotValue', 'partitionSize']));
    expect(threshold(`late-${kind}-throttled-hot-value`)).toBe(page);
    expect(lines(`late-${kind}`)).toEqual(lines(`plain-${kind}`));
  });

  it('logs the report of the plan made with the value, saying it was checked against it', async () => {
    const info = jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
    const late = construct('late-logged', { autoscaleMax: pulumi.output(4_000) }, tenantItems(2_000, 1_000));
    await registeredAll([late.container]);
    expect(info).toHaveBeenCalledWith(
      'skewguard: throughput.autoscaleMax (a Pulumi Output) is 4,000 RU/s: the design and the hotKey, hotPrefix and throttledHotValue lines were checked against it',
      late,
    );
  });

  it('leaves a plain number as it was: checked in the constructor', () => {
    expect(() => construct('plain-short', { manual: 400 }, tenantItems(30_000, 20_000))).toThrow(DesignRefusedError);
  });

  // cosmos24 item 3: the constructor lints before an Output has a value, so a refusal there knew no RU/s: it judged the
  // hot key against a logical partition's 10,000 RU/s alone (N = 3) and said nothing of it; at the real 25,000 RU/s the
  // same key needs 65 (the physical partition's share, SG003). The refusal says what it assumed and how to get the count.
  const whale: GuardedContainerArgs['design'] = {
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 5_000 }] },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 10_000, hotKeyShare: 0.9 },
  };
  const refusedBy = (run: () => unknown): DesignRefusedError => thrownOf(run, DesignRefusedError);

  it('says, when it refuses without the RU/s, that they were not known, what it assumed, and that N is a lower bound', () => {
    const error = refusedBy(() => construct('late-whale', { manual: pulumi.output(25_000) }, whale));
    expect(error.findings.map((f) => [f.ruleId, f.data?.shards])).toEqual([['SG003', 3]]);
    const [, assumed] = error.message.split('\n');
    expect(assumed).toBe(
      "throughput.manual is a Pulumi Output, whose value is not known when the program runs: the design was linted without the container's RU/s, " +
        "assuming only a logical partition's ceiling (10,000 RU/s per key value) and no physical partitions, so no hot key was judged against its physical " +
        "partition's share of the RU/s (SG003, SG012) and the peak not against the RU/s (SG017). A shard or copy count N in these findings is the least " +
        'the key needs: at the real RU/s its physical partition can leave it less, and N be higher. For the count at the RU/s you expect, declare them in ' +
        'design.throughput too (design.throughput: { manual: <RU/s> }, the form of args.throughput): the design is then linted with them now, and checked ' +
        "against the Output's value once it is known.",
    );
  });

  it('gives the count at the RU/s declared in design.throughput beside the Output, and no lower-bound note', () => {
    const error = refusedBy(() => construct('late-whale-declared', { manual: pulumi.output(25_000) }, { ...whale, throughput: { manual: 25_000 } }));
    expect(error.findings.map((f) => [f.ruleId, f.data?.shards])).toEqual([['SG003', 65]]);
    expect(error.message).not.toContain('is a Pulumi Output, whose value is not known');
  });

  it('says nothing of an Output for a refusal of RU/s given as a number', () => {
    const error = refusedBy(() => construct('plain-whale', { manual: 25_000 }, whale));
    expect(error.findings.map((f) => [f.ruleId, f.data?.shards])).toEqual([['SG003', 65]]);
    expect(error.message).not.toContain('Pulumi Output');
  });

  it('refuses at deployment a design.throughput the Output does not carry, saying which to change', async () => {
    const errors = await failures(() =>
      construct('late-disagrees', { manual: pulumi.output(4_000) }, { ...tenantItems(2_000, 1_000), throughput: { manual: 5_000 } }),
    );
    const error = errors[0] as InvalidArgsError;
    expect(error).toBeInstanceOf(InvalidArgsError);
    expect(error.issues).toEqual([
      {
        path: 'design.throughput',
        message:
          'is {"manual":5000}, the RU/s the design was linted at before throughput.manual\'s Output had a value, but that value is 4,000 RU/s at deployment: ' +
          "make them agree (declare the Output's value in design.throughput, or remove design.throughput to check the design against the value alone)",
      },
    ]);
  });
});
