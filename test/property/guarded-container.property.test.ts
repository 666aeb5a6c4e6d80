/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
/**
 * Property-based tests of GuardedContainer's args: generated designs (the core's arbitraries) and
 * settings. The component refuses exactly what the core refuses, before registering anything;
 * invalid args are named by field; accepted ones register a container keyed exactly as designed,
 * protected. Refusals cost microseconds and run thousands of times; registrations (the Pulumi SDK's
 * serialization) tens of times, under skewguard/testing/pulumi's mock engine.
 */
import * as pulumi from '@pulumi/pulumi';
import fc from 'fast-check';
import {
  DesignError,
  applyDesignEdits,
  blockingFindings,
  lintDocument,
  normalize,
  type CosmosContainerDesign,
  type DesignEdit,
  type Finding,
  type LintResult,
} from '../../lib';
import {
  CosmosAccountMonitoring,
  DesignRefusedError,
  GuardedContainer,
  InvalidArgsError,
  type ContainerDesign,
  type GuardedContainerArgs,
} from '../../lib/pulumi';
import { runWithMocks } from '../../lib/testing/pulumi';
import { shortStackTraces } from '../pulumi/support/stack-traces';
import { corrupted, cosmosContainer } from '../support/arbitrary-designs';
import { errorOf } from '../testing/support/errors';
import { SEED, count, counted, reportCounts } from './support/counts';

shortStackTraces();

const ACCOUNT = { name: 'fleet', id: '/subscriptions/0/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/fleet' };
const CONTAINER = 'azure-native:cosmosdb:SqlResourceSqlContainer';

/** The design part of generated containers: what `args.design` carries. */
const designs: fc.Arbitrary<ContainerDesign> = cosmosContainer.map(({ engine: _e, name: _n, monitoring: _m, ...design }) => design);

/** Valid settings: throughput, TTL, container name, alert options, strictness. */
const settings = fc.record({
  throughput: fc.option(
    fc.oneof(
      fc.constantFrom(400, 1000, 25_000).map((manual) => ({ manual })),
      fc.constantFrom(1000, 4000, 40_000).map((autoscaleMax) => ({ autoscaleMax })),
      fc.constantFrom('shared' as const, 'serverless' as const),
    ),
    { nil: undefined },
  ),
  defaultTtl: fc.option(fc.constantFrom(-1, 3600, 90 * 24 * 3600), { nil: undefined }),
  containerName: fc.option(fc.constantFrom('events', 'device-events', 'Events_2024'), { nil: undefined }),
  alerts: fc.option(
    fc.record({
      normalizedRu: fc.constantFrom(false, { threshold: 90 }, { threshold: 70, windowSize: 'PT15M', severity: 1 }),
      hotKey: fc.constantFrom(false, { threshold: 6_000 }),
      throttleRate: fc.constantFrom(false, { threshold: 0.1, minimumRequests: 100 }),
    }),
    { nil: undefined },
  ),
  failOn: fc.constantFrom<'error' | 'warning' | undefined>(undefined, 'error', 'warning'),
  monitored: fc.boolean(),
});

type Settings = typeof settings extends fc.Arbitrary<infer S> ? S : never;

function argsOf(design: ContainerDesign, s: Settings, monitoring?: CosmosAccountMonitoring): GuardedContainerArgs {
  const { monitored: _, ...rest } = s;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return {
    database: 'telemetry',
    throughput: { manual: 400 },
    design,
    ...(monitoring ? { monitoring } : { resourceGroupName: 'data', account: ACCOUNT }),
    ...defined,
  } as GuardedContainerArgs;
}

/** The core's design document for the container the args describe (the component's gate adds name and monitoring). */
function documentOf(design: ContainerDesign, s: Settings): CosmosContainerDesign {
  return {
    ...design,
    engine: 'cosmosdb',
    name: s.containerName ?? 'events',
    monitoring: { partitionKeyDiagnostics: s.monitored },
    // The component passes its throughput into the design (issue 14); 'shared' carries no RU/s.
    ...(s.throughput === 'shared' ? {} : { throughput: s.throughput ?? { manual: 400 } }),
  } as CosmosContainerDesign;
}

/** The DesignError the core throws for the container the args describe, or what `read` returns. */
function designErrorOr<T>(design: ContainerDesign, s: Settings, read: (document: CosmosContainerDesign) => T): T | DesignError {
  try {
    return read(documentOf(design, s));
  } catch (error) {
    if (error instanceof DesignError) return error;
    throw error;
  }
}

/** What the core decides for the container the args describe. */
const coreVerdict = (design: ContainerDesign, s: Settings): LintResult | DesignError => designErrorOr(design, s, (document) => lintDocument(document));

/** Whether the core accepts the design as input (its rules aside): `normalize()` is the reading `lintDocument()` starts
 *  with, the only step that throws a DesignError, without the rules' cost (thousands of draws are filtered by it). */
const coreReads = (design: ContainerDesign, s: Settings): boolean => !(designErrorOr(design, s, (document) => normalize(document)) instanceof DesignError);

/** Where the component reports a core path: the throughput comes from `args.throughput` here (argsOf), so its
 *  findings are reported at that arg, as the component reports them. */
const rebased = (path: string) =>
  path === 'name' ? 'containerName' : path.startsWith('monitoring') ? 'monitoring' : path.startsWith('throughput') ? path : `design.${path}`;

/** The account's monitoring, registered once under the mock engine; refused components only read it. */
let monitoring: CosmosAccountMonitoring;
beforeAll(async () => {
  ({ result: monitoring } = await runWithMocks(() => new CosmosAccountMonitoring('fleet', { resourceGroupName: 'data', account: ACCOUNT })));
});

beforeEach(() => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('GuardedContainer args, generated', () => {
  it('are refused exactly when the core refuses the design, for the same rules, before anything registers', () => {
    fc.assert(
      fc.property(designs, settings, (design, s) => {
        const core = coreVerdict(design, s);
        const blocking = core instanceof DesignError ? [] : blockingFindings(core.findings, s.failOn ?? 'error');
        if (!(core instanceof DesignError) && blocking.length === 0) return count('GuardedContainer: generated args', 'accepted (registered in the next test)');
        const error = errorOf(() => new GuardedContainer('events', argsOf(design, s, s.monitored ? monitoring : undefined)));
        if (core instanceof DesignError) {
          count('GuardedContainer: generated args', 'invalid');
          expect(error).toBeInstanceOf(InvalidArgsError);
          expect((error as InvalidArgsError).issues.map((i) => i.path).sort()).toEqual(core.issues.map((i) => rebased(i.path)).sort());
          return;
        }
        count('GuardedContainer: generated args', 'refused');
        expect(error).toBeInstanceOf(DesignRefusedError);
        expect((error as DesignRefusedError).findings.map((f) => [f.ruleId, f.path])).toEqual(blocking.map((f) => [f.ruleId, rebased(f.path)]));
      }),
      { numRuns: 1000, seed: SEED },
    );
    expect(counted('GuardedContainer: generated args', 'refused')).toBeGreaterThan(300);
  });

  it('register, when accepted, a protected container keyed exactly as designed', async () => {
    const accepted = fc.tuple(designs, settings).filter(([design, s]) => {
      const core = coreVerdict(design, s);
      return !(core instanceof DesignError) && blockingFindings(core.findings, s.failOn ?? 'error').length === 0;
    });
    await fc.assert(
      fc.asyncProperty(accepted, async ([design, s]) => {
        count('GuardedContainer: registered', 'accepted');
        const { resources } = await runWithMocks(() => {
          const monitoring = s.monitored ? new CosmosAccountMonitoring('fleet', { resourceGroupName: 'data', account: ACCOUNT }) : undefined;
          return new GuardedContainer('events', argsOf(design, s, monitoring));
        });
        const containers = resources.filter((r) => r.type === CONTAINER);
        expect(containers).toHaveLength(1);
        const [container] = containers;
        const paths = design.partitionKey.paths.map((p) => p.path);
        expect(container.options).toEqual({ protect: true, retainOnDelete: true });
        expect(container.inputs.containerName).toBe(s.containerName ?? 'events');
        expect(container.inputs.resource).toMatchObject({
          id: s.containerName ?? 'events',
          partitionKey: { paths, kind: design.partitionKey.kind ?? (paths.length > 1 ? 'MultiHash' : 'Hash'), version: design.partitionKey.version ?? 2 },
        });
        const throughput = typeof s.throughput === 'object' ? (s.throughput as { manual?: number; autoscaleMax?: number }) : undefined;
        expect(container.inputs.options ?? {}).toEqual(
          throughput?.manual
            ? { throughput: throughput.manual }
            : throughput?.autoscaleMax
              ? { autoscaleSettings: { maxThroughput: throughput.autoscaleMax } }
              : s.throughput === undefined
                ? { throughput: 400 }
                : {},
        );
        // The log alerts exist only with partition-key diagnostics (the partition-size one is always on then).
        expect(resources.some((r) => r.type === 'azure-native:monitor:ScheduledQueryRule')).toBe(s.monitored);
      }),
      { numRuns: 8, seed: SEED },
    );
  }, 60_000);

  it('throw an InvalidArgsError naming the one invalid field of a design, never another error', () => {
    fc.assert(
      fc.property(corrupted(designs), settings, ({ input, path, value }, s) => {
        count('GuardedContainer: corrupted designs', 'tried');
        const error = errorOf(() => new GuardedContainer('events', argsOf(input, s, s.monitored ? monitoring : undefined)));
        if (!(error instanceof InvalidArgsError))
          throw new Error(
            `design.${path} = ${JSON.stringify(value)}: expected an InvalidArgsError, got ${error instanceof Error ? `${error.name}: ${error.message}` : 'no error'}`,
          );
        expect(error.issues.map((i) => i.path)).toContain(`design.${path}`);
      }),
      { numRuns: 1500, seed: SEED },
    );
  });

  it('throw an InvalidArgsError naming an invalid setting', () => {
    const invalid = fc.constantFrom<[string, unknown]>(
      ['throughput.manual', 450],
      ['throughput.manual', 0],
      ['throughput.manual', NaN],
      ['throughput.manual', '1000'],
      ['throughput.autoscaleMax', 1500],
      ['throughput.autoscaleMax', 999],
      ['throughput', {}],
      ['throughput', 'x'],
      ['throughput', { manual: 400, autoscaleMax: 1000 }],
      ['defaultTtl', 0],
      ['defaultTtl', -2],
      ['defaultTtl', 1.5],
      ['defaultTtl', '1h'],
      ['containerName', ''],
      ['containerName', 42],
      ['containerName', 'a/b'],
      ['protect', 'yes'],
      ['failOn', 'fatal'],
      ['database', ''],
      ['database', 42],
      ['alerts.normalizedRu.threshold', 0],
      ['alerts.normalizedRu.threshold', 150],
      ['alerts.hotKey.threshold', 20_000],
      ['alerts.throttleRate.threshold', 1.5],
      ['alerts.throttleRate.minimumRequests', -1],
      ['failon', 'warning'],
      ['throughput', 'dedicated'],
      ['alerts.partitionSize.threshold', 25],
      ['alerts.normalizedRu.severity', 5],
      ['alerts.normalizedRu.windowSize', 'five minutes'],
      ['alerts.bogus', true],
      ['alerts.actionGroupIds', 'x'],
      ['lintOptions.rules.SG999', 'off'],
      ['lintOptions.thresholds.headroom', 2],
      ['account.id', undefined],
      ['resourceGroupName', ''],
    );
    // Designs the core accepts: an invalid design is reported first.
    const valid = designs.filter((design) => coreReads(design, { monitored: false } as Settings));
    fc.assert(
      fc.property(valid, settings, invalid, (design, s, [path, value]) => {
        count('GuardedContainer: invalid settings', 'tried');
        // A throughput field is set alone: the other form alongside it is an error of its own.
        const base = argsOf(design, { ...s, monitored: false, throughput: path.startsWith('throughput.') ? ({} as never) : s.throughput });
        const args = withPath({ ...base, account: { ...ACCOUNT } }, path, value);
        const error = errorOf(() => new GuardedContainer('events', args));
        if (!(error instanceof InvalidArgsError))
          throw new Error(
            `${path} = ${JSON.stringify(value)}: expected an InvalidArgsError, got ${error instanceof Error ? `${error.name}: ${error.message}` : 'no error'}`,
          );
        expect(error.issues.map((i) => i.path)).toContain(path);
      }),
      { numRuns: 800, seed: SEED },
    );
  });

  it('throw an InvalidArgsError naming lintOptions and each action group id', () => {
    for (const [path, value] of [
      ['lintOptions', 'x'],
      ['alerts.actionGroupIds[0]', 42],
    ] as const) {
      const args = withPath(
        {
          database: 'telemetry',
          throughput: { manual: 400 },
          resourceGroupName: 'data',
          account: ACCOUNT,
          design: {
            partitionKey: { paths: [{ path: '/id', cardinality: 'unique' as const }] },
            workload: { peakReadUnits: 1, peakWriteUnits: 1 },
            acknowledgements: [{ rule: 'SG010', reason: 'Diagnostics are configured by the platform team.' }],
          },
        },
        path,
        value,
      );
      expect(() => new GuardedContainer('events', args)).toThrow(InvalidArgsError);
      try {
        new GuardedContainer('events', args);
      } catch (error) {
        expect((error as InvalidArgsError).issues.map((i) => i.path)).toEqual([path]);
      }
    }
  });

  it("give args the component accepts when a finding's edits are applied to the design, and that finding goes away", () => {
    fc.assert(
      fc.property(designs, settings, (design, s) => {
        const core = coreVerdict(design, { ...s, monitored: true });
        if (core instanceof DesignError) return count('GuardedContainer: edits applied', 'invalid design');
        // SG010's edit turns diagnostics on in the design; with the component that is `monitoring` (its edits are dropped, see below).
        // An edit that raises the design's throughput (SG017's; SG003's raise in place, when cheaper than copies): with the
        // component that is the `throughput` arg, which the design takes.
        const raisesThroughput = (f: Finding) => (f.edits ?? []).some((e) => e.path.startsWith('throughput'));
        const fixable = core.findings.filter((f) => f.edits && !f.acknowledged && f.ruleId !== 'SG010' && !raisesThroughput(f));
        if (fixable.length === 0) return count('GuardedContainer: edits applied', 'nothing to fix');
        for (const finding of fixable) {
          count('GuardedContainer: edits applied', 'fixes applied');
          const edited = applyDesignEdits(design, finding.edits as DesignEdit[]);
          const after = coreVerdict(edited, { ...s, monitored: true });
          if (after instanceof DesignError)
            throw new Error(`${finding.ruleId}'s edits ${JSON.stringify(finding.edits)} made the design invalid: ${after.message}`);
          expect(after.findings.some((f) => f.ruleId === finding.ruleId && f.path === finding.path && !f.acknowledged)).toBe(false);
          // The component takes the edited design: strict, it refuses (registering nothing) on any finding left;
          // one the core accepts outright is registered by the test above, so it is not constructed here.
          if (blockingFindings(after.findings, 'warning').length === 0) {
            count('GuardedContainer: edits applied', 'clean after the fix');
            continue;
          }
          const error = errorOf(() => new GuardedContainer('events', argsOf(edited, { ...s, monitored: true, failOn: 'warning' }, monitoring)));
          if (error instanceof InvalidArgsError)
            throw new Error(`${finding.ruleId}'s edits ${JSON.stringify(finding.edits)} made the args invalid: ${error.message}`);
          expect(error).toBeInstanceOf(DesignRefusedError);
          expect((error as DesignRefusedError).findings.some((f) => f.ruleId === finding.ruleId && f.path === rebased(finding.path))).toBe(false);
        }
      }),
      { numRuns: 200, seed: SEED },
    );
    // Coverage: about half the 200 designs draw a fix the component can take (100 since raises were judged on the
    // partitions a split leaves, which turned some fixes into throughput raises, set aside above).
    expect(counted('GuardedContainer: edits applied', 'fixes applied')).toBeGreaterThanOrEqual(80);
  });

  // SG010's fix is to attach a CosmosAccountMonitoring (args.monitoring), not a design edit; other edits
  // are at the args' paths (design.sharding), as the findings' paths are.
  it("give edits at the args' paths, and none for what the component sets itself (diagnostics)", () => {
    const design: ContainerDesign = {
      partitionKey: { paths: [{ path: '/id', cardinality: 'unique' }] },
      workload: { peakReadUnits: 1, peakWriteUnits: 1 },
      sharding: { strategy: 'random', shards: 4 },
    };
    let refusal: DesignRefusedError | undefined;
    try {
      new GuardedContainer('events', {
        database: 'telemetry',
        throughput: { manual: 400 },
        resourceGroupName: 'data',
        account: ACCOUNT,
        design,
        failOn: 'warning',
      });
    } catch (error) {
      refusal = error as DesignRefusedError;
    }
    expect(refusal?.findings.find((f) => f.ruleId === 'SG010')?.edits).toBeUndefined();
    expect(refusal?.findings.find((f) => f.ruleId === 'SG007')?.edits).toEqual([{ op: 'remove', path: 'design.sharding' }]);
  });
});

/** A copy of `args` with the value at a dotted path set (parents created as needed). */
function withPath<T extends object>(args: T, path: string, value: unknown): T {
  const copy = { ...args } as Record<string, unknown>;
  const keys = path.split('.');
  let parent = copy;
  for (const key of keys.slice(0, -1)) {
    const next = parent[key];
    parent[key] = typeof next === 'object' && next !== null ? { ...next } : {};
    parent = parent[key] as Record<string, unknown>;
  }
  parent[keys[keys.length - 1]] = value;
  return copy as T;
}

afterAll(() => reportCounts('GuardedContainer args'));
