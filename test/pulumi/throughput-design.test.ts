/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Issue 14: GuardedContainer passes its `throughput` arg into the design it lints, so the user declares it
// once; the physical-partition checks (SG003, SG012) and SG017 then judge the real container.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, DesignRefusedError, GuardedContainer, InvalidArgsError, type GuardedContainerArgs } from '../../lib/pulumi';
import { telemetry } from './support/designs';
import { installMocks, registeredAll } from './support/mocks';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

installMocks();

const monitoring = new CosmosAccountMonitoring('fleet', {
  resourceGroupName: 'data',
  account: { name: 'fleet', id: '/subscriptions/0/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/fleet' },
  workspace: { id: '/subscriptions/0/resourceGroups/ops/providers/Microsoft.OperationalInsights/workspaces/central' },
});
beforeAll(() => registeredAll([monitoring, monitoring.diagnosticSetting]));
afterEach(() => jest.restoreAllMocks());

/** The telemetry key at 33,000 RU/s of peak (the example's load). */
const busy: GuardedContainerArgs['design'] = { ...telemetry, workload: { peakReadUnits: 8_000, peakWriteUnits: 25_000 } };

function construct(name: string, args: Partial<GuardedContainerArgs>): GuardedContainer {
  return new GuardedContainer(name, { database: 'telemetry', throughput: { manual: 4_000 }, design: busy, monitoring, ...args } as GuardedContainerArgs);
}

function thrown(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  throw new Error('expected the component to throw');
}

describe('throughput declared once, in args.throughput', () => {
  it('lints the design with it: 4,000 RU/s below a 33,000 RU/s peak is refused (SG017)', () => {
    const error = thrown(() => construct('short', {})) as DesignRefusedError;
    expect(error).toBeInstanceOf(DesignRefusedError);
    // Reported at the arg the user passed (there is no design.throughput in their program).
    const capacity = error.findings.filter((f) => f.ruleId === 'SG017');
    expect(capacity.map((f) => [f.ruleId, f.path, f.data?.capacity])).toEqual([['SG017', 'throughput.manual', 4_000]]);
    // 41,300 RU/s (33,000 ÷ 0.8) would split the 1 partition 4,000 RU/s have to 5, 3 of them unsplit holding 1/4 of the
    // key space each ("Best practices for scaling provisioned throughput"): 33,000 ÷ 4 = 8,250 RU/s against 6,608 usable.
    // SG017 now asks for the least raise that splits evenly, 8 = 1 × 2³ partitions past 70,000: 70,100 RU/s (8,762.5
    // each), where the hot tenant fits too. Before (evensplit17), SG017 asked 41,300 and SG003 found the tenant short there.
    expect(capacity.map((f) => f.data?.needed)).toEqual([70_100]);
    expect(error.findings.filter((f) => f.ruleId !== 'SG017').map((f) => [f.ruleId, f.path])).toEqual([]);
    expect(error.message).toContain('SG017 capacity-below-peak at throughput.manual (short)');
    expect(error.message).not.toContain('design.throughput');
  });

  it('reports a throughput the user wrote in the design at design.throughput', () => {
    const error = thrown(() => construct('written', { design: { ...busy, throughput: { manual: 4_000 } } })) as DesignRefusedError;
    // (SG003 too, at SG017's uneven raise: see above.)
    expect(error.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.ruleId, f.path])).toEqual([['SG017', 'design.throughput.manual']]);
  });

  it('keeps it in the normalized design, and accepts a throughput that serves the peak', async () => {
    // 33,000 RU/s at the design's 80% headroom: 41,250, so 42,000 on the autoscale grid (SG017 warns at 40,000).
    const component = construct('enough', { throughput: { autoscaleMax: 42_000 } });
    await registeredAll([component, component.container]);
    expect(component.design.throughput).toEqual({ mode: 'autoscale', requestUnits: 42_000, path: 'throughput.autoscaleMax' });
    expect(component.findings).toEqual([]);
  });

  it('passes serverless through: one physical partition of 5,000 RU/s cannot serve 33,000', () => {
    const error = thrown(() => construct('serverless', { throughput: 'serverless' })) as DesignRefusedError;
    expect(error.findings.map((f) => f.messageId)).toEqual(['cosmosServerlessBelowPeak']);
  });

  it("takes a shared database's RU/s from the design, where args.throughput has none", () => {
    const error = thrown(() =>
      construct('shared', { throughput: 'shared', design: { ...busy, throughput: { sharedDatabase: 20_000, containers: 2 } } }),
    ) as DesignRefusedError;
    // (SG003 too, at SG017's uneven raise: the container's part goes from 1 partition to 5.)
    expect(error.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.ruleId, f.data?.capacity, f.data?.databaseRu])).toEqual([
      ['SG017', 10_000, 20_000],
    ]);
  });

  // Stranger17b item 3: 'shared' with no design.throughput was linted against a logical partition's 10,000 RU/s alone
  // (SG001 "grows 666×") and got a hotKey line of 8,000 RU/s a small database never serves, silently.
  describe("'shared' without the database's RU/s in the design", () => {
    const small: GuardedContainerArgs['design'] = {
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 50 }] },
      workload: { peakReadUnits: 300, peakWriteUnits: 300 },
    };

    it('warns, naming design.throughput, and makes no hotKey alert with a line it cannot know', async () => {
      const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
      const info = jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
      const component = construct('undeclared', { throughput: 'shared', design: small });
      await registeredAll([component]);
      const warned = warn.mock.calls.filter(([, on]) => on === component).map(([message]) => message);
      expect(warned).toContainEqual(
        expect.stringMatching(
          /args\.throughput is 'shared' but the design declares no database throughput: .*declare design\.throughput: \{ sharedDatabase: RU\/s, containers\? \}/,
        ),
      );
      expect(component.alerts.hotKey).toBeUndefined();
      const said = info.mock.calls.filter(([, on]) => on === component).map(([message]) => message);
      expect(said).toContainEqual(
        expect.stringMatching(/no hotKey alert: what a key can reach is the database's shared RU\/s, .*give alerts\.hotKey\.threshold/),
      );
    });

    it('keeps a hotKey alert whose threshold the user gives', async () => {
      jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
      jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
      const component = construct('given', { throughput: 'shared', design: small, alerts: { hotKey: { threshold: 300 } } });
      await registeredAll([component]);
      expect(component.alerts.hotKey).toBeDefined();
    });

    it('says nothing of it once the design declares the database RU/s', async () => {
      const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
      jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
      const component = construct('declared', { throughput: 'shared', design: { ...small, throughput: { sharedDatabase: 1_000 } } });
      await registeredAll([component]);
      expect(warn.mock.calls.map(([message]) => message)).not.toContainEqual(expect.stringMatching(/declares no database throughput/));
      expect(component.alerts.hotKey).toBeDefined();
    });
  });

  it('accepts the same throughput in both places', async () => {
    const component = construct('twice', { throughput: { manual: 41_300 }, design: { ...busy, throughput: { manual: 41_300 } } });
    await registeredAll([component]);
    expect(component.findings).toEqual([]);
  });

  it.each([
    ['a different value', { manual: 40_000 }, { manual: 30_000 }, 'is {"manual":30000}, but args.throughput is { manual: 40000 }'],
    ['a different form', { manual: 40_000 }, { autoscaleMax: 40_000 }, 'is {"autoscaleMax":40000}, but args.throughput is { manual: 40000 }'],
    ['a dedicated form under "shared"', 'shared', { manual: 40_000 }, 'is {"manual":40000}, but args.throughput is "shared"'],
  ] as const)('refuses %s in design.throughput, naming both fields', (_, arg, declared, message) => {
    const error = thrown(() =>
      construct('conflict', { throughput: arg as GuardedContainerArgs['throughput'], design: { ...busy, throughput: declared } }),
    ) as InvalidArgsError;
    expect(error).toBeInstanceOf(InvalidArgsError);
    expect(error.issues.map((i) => i.path)).toEqual(['design.throughput']);
    expect(error.issues[0].message).toContain(message);
    expect(error.issues[0].message).toContain('declare the throughput once, in args.throughput');
  });

  it('lints without a throughput known only at deployment, and checks it once known', async () => {
    const info = jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
    // Was { manual: Output(4,000) }, which passed unchecked: 4,000 RU/s cannot serve this 33,000 RU/s peak (SG017, above).
    const component = construct('late', { throughput: { autoscaleMax: pulumi.output(42_000) } });
    await registeredAll([component, component.container]);
    expect(component.design.throughput).toBeUndefined();
    expect(component.findings).toEqual([]);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('throughput.autoscaleMax (a Pulumi Output) is 42,000 RU/s'), component);
  });
});

describe('a design raised in place, built as a new stack (docs/pulumi.md, "A raised layout in a new stack")', () => {
  // The review's case: created at 60,000 RU/s manual (10 partitions) and raised in place to 97,000, the hottest store
  // (5,540 of 27,700 RU/s) fits one of the 10 partitions of 9,700; a container created at 97,000 gets 17 of 5,706.
  const raised: GuardedContainerArgs['design'] = {
    partitionKey: { paths: [{ path: '/storeId', cardinality: 1000 }] },
    workload: { peakReadUnits: 7_700, peakWriteUnits: 20_000, hotKeyShare: 0.2 },
    physicalPartitions: 10,
  };

  it('is not refused, and logs the SG003 warning with the create-then-raise path', async () => {
    const warn = jest.spyOn(pulumi.log, 'warn');
    const component = construct('raised', { throughput: { manual: 97_000 }, design: raised });
    await registeredAll([component, component.container]);
    expect(component.findings.map((f) => [f.ruleId, f.severity, f.messageId, f.path])).toEqual([
      ['SG003', 'warning', 'hotKeyInPlaceOnly', 'design.physicalPartitions'],
      ['SG014', 'warning', 'dominant', 'design.workload.hotKeyShare'],
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/only if created at 60,000 RU\/s and then raised in place to 97,000 RU\/s/), component);
  });
});
