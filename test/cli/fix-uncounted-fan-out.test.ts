/**
 * --fix on Cosmos DB never reaches a clean lint by fanning reads out at a charge it cannot count. Each shard's query is
 * charged at least about 2.5 RU however little it loads ("Query an Azure Cosmos DB container"), and SG017 counts a
 * fan-out whose pattern declares no `resultKb` once: a PM SaaS keyed by `/tenantId` (its whale tenant 40% of 30,000 RU/s
 * and 80 GB) was fixed into 42 shards with `fanOut` on every read and re-linted clean, where with the 8 KB its reads load
 * it needed 631,000 RU/s of a 40,000 RU/s container. The fix leads with the hierarchical key Microsoft recommends for
 * such a tenant ("Hierarchical partition keys"), and --fix writes no sharding until the reads' size is declared.
 */
import { lint, type CosmosContainerDesign, type DesignInput } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const issues = (resultKb?: number): CosmosContainerDesign => ({
  name: 'issues',
  partitionKey: { paths: [{ path: '/tenantId', cardinality: 4000, hotKeyShare: 0.4, largestGb: 80 }] },
  workload: { peakReadUnits: 22000, peakWriteUnits: 8000 },
  throughput: { autoscaleMax: 40000 },
  storage: { totalGb: 400 },
  accessPatterns: [
    { name: 'issue-with-comments', keyAttributes: ['/tenantId'], share: 0.7, ...(resultKb === undefined ? {} : { resultKb }) },
    { name: 'project-board', keyAttributes: ['/tenantId'], share: 0.3, ...(resultKb === undefined ? {} : { resultKb }) },
  ],
});

/** Seat inventory sharded by seat block (calculated on `seatBlock`), one pattern reading a block without naming it. */
const seats: CosmosContainerDesign = {
  name: 'seat-inventory',
  partitionKey: { paths: [{ path: '/flightBlock', cardinality: 3000, hotKeyShare: 0.3 }] },
  workload: { peakReadUnits: 18000, peakWriteUnits: 6000 },
  throughput: { autoscaleMax: 40000 },
  storage: { totalGb: 20, largestPartitionGb: 0.2 },
  sharding: { strategy: 'calculated', shards: 12, sourceAttribute: 'seatBlock', sourceCardinality: 12 },
  invariants: [{ kind: 'conditional-write', description: 'seat hold inside one seat block', splitPerShard: true }],
  accessPatterns: [
    { name: 'seat-block', keyAttributes: ['/flightBlock'], share: 0.7 },
    { name: 'whole-seat-map', keyAttributes: ['/flightBlock'], share: 0.3, fanOut: true, resultKb: 24 },
  ],
};

const text = (design: CosmosContainerDesign) => `${JSON.stringify({ containers: [design] }, null, 2)}\n`;
const fixed = (design: CosmosContainerDesign) => fixDesignText(text(design), {});

describe('--fix writes no fan-out it cannot count (Cosmos DB)', () => {
  it('the whale tenant: the hierarchical key leads, no sharding or fanOut is written, and the run says to declare resultKb', () => {
    const findings = lint({ containers: [issues()] } as DesignInput);
    const sg003 = findings.find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(/^make the key hierarchical, `\/tenantId` → \(a finer attribute\): /);
    expect(sg003?.fix).toContain('; or shard `/tenantId` into N = 42 random shards');
    expect(sg003?.fix).toContain('--fix writes none of this until resultKb is declared on `issue-with-comments`, `project-board`');
    // The hierarchical key still leaves the whale short at today's RU/s (2 physical partitions of 5,000): said so.
    expect(sg003?.fix).toContain('there its hottest value still takes 12,000 RU/s against the usable 7,100 RU/s');
    expect(sg003?.edits).toBeUndefined();
    expect(findings.find((f) => f.ruleId === 'SG006')?.edits).toBeUndefined();

    const result = fixed(issues());
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text(issues()));
    expect(result.skipped.map((s) => s.ruleId).sort()).toEqual(['SG003', 'SG006']);
    for (const s of result.skipped)
      expect(s.message).toMatch(/^its fix fans reads out with no declared size: declare resultKb .* on `issue-with-comments`, `project-board`/);
  });

  it('with its reads sized (resultKb), the fan-out is counted: nothing is withheld for want of the size', () => {
    const sg003 = lint({ containers: [issues(8)] } as DesignInput).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).not.toContain('until resultKb is declared');
    expect(sg003?.data?.uncountedPatterns).toBeUndefined();
  });

  it('SG009 on calculated shards: the source leads, and --fix writes neither it nor a 12-way fan-out', () => {
    const sg009 = lint({ containers: [seats] } as DesignInput).find((f) => f.ruleId === 'SG009');
    expect(sg009?.fix).toMatch(/^supply `seatBlock` \(in the keyAttributes of `seat-block`\) to read one shard/);
    const result = fixed(seats);
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text(seats));
    expect(result.skipped.map((s) => s.ruleId)).toEqual(['SG009']);
  });
});
