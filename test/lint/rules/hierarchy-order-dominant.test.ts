/**
 * SG004's reorder and SG014 (stranger32d, orders): a container keyed `/orderId` (unique) → `/customerId` (8,000,000
 * values, the hottest customer 20% of the traffic). SG004 withholds the reorder where the reordered design raises SG014
 * (no edit writes a finding in), and decides that by SG014's own check run on the design the edit writes, so the two
 * never disagree. It used to predict SG014 from the new first level's declared share alone, and withheld the reorder of
 * a customer holding 120 GB of 600, which spans 3 physical partitions at no more than the average load: SG014 is quiet
 * there (Azure, "Hierarchical partition keys": a first-level value past 50 GB spans more physical partitions).
 */
import { applyDesignEdits, lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign, type Finding } from '../../../lib';
import { withKeyLevels } from '../../../lib/design/normalize-container';
import { reorderedLevels } from '../../../lib/lint/reorder';
import { container } from '../../fixtures';

const orders = (customer: { largestGb: number }, workload = { peakReadUnits: 16000, peakWriteUnits: 8000 }, extra: Partial<CosmosContainerDesign> = {}) =>
  container({
    name: 'orders',
    partitionKey: {
      paths: [
        { path: '/orderId', cardinality: 'unique' },
        { path: '/customerId', cardinality: 8000000, hotKeyShare: 0.2, ...customer },
      ],
    },
    throughput: { autoscaleMax: 40000 },
    storage: { totalGb: 600 },
    workload,
    accessPatterns: [
      { name: 'orders-of-customer', keyAttributes: ['customerId'], share: 0.7 },
      { name: 'order-by-id', keyAttributes: ['customerId', 'orderId'], share: 0.3 },
    ],
    ...extra,
  });

/** The same container keyed the other way round, by hand: what a modeller writes without --fix. */
const reversed = (design: CosmosContainerDesign): CosmosContainerDesign =>
  Object.assign({}, design, { partitionKey: { paths: [...design.partitionKey.paths].reverse() } });

const order = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG004') as Finding;
const overloads = (finding: Finding) => finding.data?.overloadLevel !== undefined;
const dominant = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG014');

describe('SG004 offers the reorder where the reordered design passes SG014’s check', () => {
  // stranger32d: 120 GB of 600 at 20% of the traffic, over 3 of the container's 12 physical partitions.
  const spanning = orders({ largestGb: 120 });

  // Moved from hierarchy-order.test.ts, unchanged: under /orderId each full key value is one order.
  it("judges no full key value at the customer's figures (SG003, SG006 quiet) and proposes the reorder", () => {
    const findings = lint(spanning);
    expect(findings.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG006')).toEqual([]);
    const order = findings.find((f) => f.ruleId === 'SG004');
    expect(order?.fix).toContain('order it `/customerId` → `/orderId`');
  });

  it('writes `/customerId` → `/orderId` with the customer’s figures, and the re-lint is clean', () => {
    const finding = order(spanning);
    expect(finding.severity).toBe('error');
    expect(finding.fix).toBe(
      'order it `/customerId` → `/orderId`; each level keeps the figures it declares (`hotKeyShare`, `largestGb`: its own hottest and largest value), which move with its path, and the last level keeps those of the full key (one value of every level, the same in any order)',
    );
    expect(finding.edits).toEqual([
      {
        op: 'set',
        path: 'partitionKey.paths',
        value: [
          { path: '/customerId', cardinality: 8000000, hotKeyShare: 0.2, largestGb: 120 },
          { path: '/orderId', cardinality: 'unique' },
        ],
      },
    ]);
    expect(lint(applyDesignEdits(spanning, finding.edits ?? []))).toEqual([]);
  });

  it('the key reordered by hand raises no SG014 either', () => {
    expect(dominant(reversed(spanning))).toBeUndefined();
  });

  it('writes it too where the design acknowledges SG014: the finding it would write in is waived', () => {
    const acknowledged = orders(
      { largestGb: 20 },
      { peakReadUnits: 5000, peakWriteUnits: 3000 },
      { acknowledgements: [{ rule: 'SG014', reason: 'the B2B customer is bucketed by the application' }] },
    );
    const finding = order(acknowledged);
    expect(finding.edits).toHaveLength(1);
    expect(lint(applyDesignEdits(acknowledged, finding.edits ?? [])).find((f) => f.ruleId === 'SG014')).toMatchObject({ acknowledged: true });
  });

  it('writes it too where the project turns SG014 off: no finding would be written in', () => {
    const design = orders({ largestGb: 20 }, { peakReadUnits: 5000, peakWriteUnits: 3000 });
    const finding = lint(design, { rules: { SG014: 'off' } }).find((f) => f.ruleId === 'SG004');
    expect(finding?.edits).toHaveLength(1);
  });
});

describe('SG004 writes the reorder where SG014 fires on the design as it is: the edit writes no finding in', () => {
  // A 15% user first, a 12% tenant under it: SG014 warns of the user today, and of the tenant once reordered.
  const sessions = container({
    name: 'sessions',
    partitionKey: {
      paths: [
        { path: '/userId', cardinality: 100000, hotKeyShare: 0.15, largestGb: 10 },
        { path: '/tenantId', cardinality: 1000, hotKeyShare: 0.12, largestGb: 8 },
        { path: '/sessionId', cardinality: 'unique' },
      ],
    },
    throughput: { autoscaleMax: 40000 },
    storage: { totalGb: 600 },
    workload: { peakReadUnits: 5000, peakWriteUnits: 3000 },
    accessPatterns: [
      { name: 'sessions-of-tenant', keyAttributes: ['tenantId'], share: 0.5 },
      { name: 'sessions-of-user', keyAttributes: ['tenantId', 'userId'], share: 0.5 },
    ],
  });

  it('one SG014 before and one after, on the new first level', () => {
    expect(dominant(sessions)).toMatchObject({ data: { key: ['/userId'], share: 0.15 } });
    const finding = order(sessions);
    expect(finding.edits).toHaveLength(1);
    expect(dominant(applyDesignEdits(sessions, finding.edits ?? []))).toMatchObject({ data: { key: ['/tenantId'], share: 0.12 } });
  });
});

describe('SG004 withholds the reorder where the reordered design fails SG014’s check, naming SG014’s reason', () => {
  // The customer holds 20 GB: its documents stay on one physical partition, whose share it would fill 1.25× sooner.
  const onePartition = orders({ largestGb: 20 }, { peakReadUnits: 5000, peakWriteUnits: 3000 });

  it('gives the order, SG014’s share, limit and growth, and no edit', () => {
    const finding = order(onePartition);
    expect(finding.edits).toBeUndefined();
    expect(finding).toMatchObject({ severity: 'error', data: { dominantKey: ['/customerId'], dominantShare: 0.2, limit: 0.1, dominantGrowth: 1.25 } });
    expect(finding.fix).toBe(
      'order it `/customerId` → `/orderId`; ordered so, the hottest `/customerId` value takes 20% of the traffic, above maxHotKeyShare 10%, saturated when traffic grows 1.25× (SG014 fires on it), so --fix does not write it',
    );
  });

  it('the key reordered by hand raises that SG014, at the same share and growth', () => {
    expect(dominant(reversed(onePartition))).toMatchObject({ severity: 'warning', data: { share: 0.2, limit: 0.1, growthToCeiling: 1.25 } });
  });
});

describe('SG004 and SG014 agree on every size and peak', () => {
  const sizes = [10, 49, 60, 100, 120, 150, 300];
  const peaks = [
    { peakReadUnits: 5000, peakWriteUnits: 3000 },
    { peakReadUnits: 10000, peakWriteUnits: 6000 },
    { peakReadUnits: 16000, peakWriteUnits: 8000 },
  ];
  const cases = sizes.flatMap((largestGb) => peaks.map((workload) => orders({ largestGb }, workload)));

  it.each(cases.map((design) => [design.partitionKey.paths[1].largestGb, design.workload.peakReadUnits, design] as const))(
    '%d GB at %d RU/s of reads: the reorder is written exactly where the re-lint raises no SG014',
    (_gb, _reads, design) => {
      const finding = order(design);
      // Where the reorder would overload its first level, SG003's finding decides (the order kept, or no edit), not SG014's.
      if (overloads(finding)) return;
      expect(finding.edits !== undefined).toBe(dominant(reversed(design)) === undefined);
    },
  );

  it('covers both verdicts', () => {
    const written = cases.map((design) => order(design)).filter((f) => !overloads(f));
    expect(written.some((f) => f.edits !== undefined)).toBe(true);
    expect(written.some((f) => f.edits === undefined)).toBe(true);
  });
});

describe('withKeyLevels: the design normalize() gives once the levels are reordered', () => {
  it('equals the normalized design of the reordered file, full key figures and level paths included', () => {
    for (const largestGb of [20, 120]) {
      const design = orders({ largestGb });
      const normalized = normalize(design).designs[0].design as CosmosKeyDesign;
      const [orderLevel, customer] = normalized.primaryKey.partitionKey;
      const reordered = withKeyLevels(normalized, reorderedLevels(normalized, [customer, orderLevel]));
      expect(reordered).toEqual(normalize(reversed(design)).designs[0].design);
    }
  });
});
