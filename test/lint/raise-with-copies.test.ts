/**
 * cosmos16 item 2: the raise in place that serves a Cosmos DB key as it is (`throughputThatServes`) is judged on the
 * container its declared replicated copies make (`withCopies`: N × the writes, N × the GB for its physical partitions),
 * with one copy's load (1/N of the value's reads, all its writes) among N × the values, as SG003 judges a copy. It mixed
 * N × the GB with one copy's writes and the whole value's load: a raise that, applied with the copies it keeps, left the
 * container short (its copies' peak above the usable RU/s) and the key still over.
 * Physical partitions: RU/s divided evenly among them; created at one per 6,000 RU/s of manual throughput and one per
 * 50 GB; a raise in place splits only to ⌈RU/s ÷ 10,000⌉ ("Partitioning and horizontal scaling", "Best practices for
 * scaling provisioned throughput").
 */
import { applyDesignEdits, lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { throughputThatServes } from '../../lib/lint/physical-partition';

const analysed = (input: CosmosContainerDesign) => {
  const design = normalize(input).designs[0].design as CosmosKeyDesign;
  return new DesignAnalysis(design).of(design.primaryKey);
};

/** 30,000 RU/s of reads (20% on one item) and 2,000 of writes on 40,000 manual RU/s, 3 copies of 100 GB kept for its reads. */
const items = (copies = 3, totalGb = 100 * copies): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'items',
  partitionKey: { paths: [{ path: '/itemId', cardinality: 100_000 }] },
  workload: { peakReadUnits: 30_000, peakWriteUnits: 2_000, hotKeyShare: 0.2, hotKeyOperations: 'reads' },
  throughput: { manual: 40_000 },
  storage: { totalGb },
  ...(copies > 1 ? { sharding: { strategy: 'replicated' as const, shards: copies } } : {}),
});

describe('the raise that serves a key with declared copies is judged on the container they make (cosmos16 item 2)', () => {
  // The copies' container: 30,000 + 3 × 2,000 = 36,000 RU/s, 300 GB (6 partitions by storage; 7 at creation, 40,000 ÷
  // 6,000). Each copy: 6,000 ÷ 3 = 2,000 RU/s of reads, beside (36,000 − 2,000) ÷ P. With P = 7 (kept up to 70,000):
  // 2,000 + 34,000 ÷ 7 = 6,857.14 ≤ 0.8 × RU ÷ 7 from RU = 60,000 (at 59,900: 6,845.71). Before: 130,000 RU/s on 13
  // partitions, the whole 6,000 RU/s value beside one copy's (32,000 − 6,000) ÷ 13 = 2,000, as if the copies were gone.
  it('throughputThatServes: 60,000 RU/s on 7 partitions of 8,571.43, keeping the 3 copies (before: 130,000 on 13)', () => {
    const raise = throughputThatServes(analysed(items()));
    expect(raise).toMatchObject({ requestUnits: 60_000, partitions: 7, copies: 3 });
    expect(raise?.each).toBeCloseTo(60_000 / 7, 6);
  });

  it('SG003 offers that raise, says it keeps the copies, and writes the partitions it leaves', () => {
    const hit = lint(items()).find((f) => f.ruleId === 'SG003');
    expect(hit?.data).toMatchObject({ raiseTo: 60_000, raisedPartitions: 7, raisedCopies: 3, copiesJudgedAt: 'capacity' });
    expect(hit?.fix).toMatch(
      /^create the container at 42,000 RU\/s, no more, then raise it to 60,000 RU\/s \(7 physical partitions of 8,571\.43 RU\/s: Azure starts a container on one physical partition per 6,000 RU\/s of manual throughput, and raised up to 7 × 10,000 RU\/s it splits none; declare physicalPartitions: 7 once raised; created at 60,000 RU\/s it would get 10 physical partitions of 6,000 RU\/s\), which serves the hottest `\/itemId` value with its 3 replicated copies.*; at the RU\/s the container's peak needs \(SG017\) no count of replicated copies serves it/,
    );
    // 60,000 RU/s manual would be created on 10 partitions: the 7 it keeps are declared.
    expect(hit?.edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 60_000 },
      { op: 'set', path: 'physicalPartitions', value: 7 },
    ]);
  });

  it('applied, it converges: the copies fit (6,857.14 of 6,857.14), SG017 holds 36,000 in 48,000 usable, no edit is offered again', () => {
    const design = items();
    const hit = lint(design).find((f) => f.ruleId === 'SG003');
    const after = lint(applyDesignEdits(design, hit?.edits ?? []));
    expect(after.filter((f) => (f.edits?.length ?? 0) > 0)).toEqual([]);
    expect(after.map((f) => f.ruleId)).not.toContain('SG003');
    expect(after.map((f) => f.ruleId)).not.toContain('SG017');
  });

  it('a key with no copies is judged as before: the whole value, one copy of the container', () => {
    // 6,000 RU/s beside (32,000 − 6,000) ÷ P on 100 GB: P = 7 to 70,000 (6,000 + 3,714.29 needs 0.8 × RU ÷ 7 ≥ 9,714.29,
    // RU ≥ 85,000: past 70,000, so P = ⌈RU ÷ 10,000⌉), then 6,000 + 26,000 ÷ P ≤ 0.8 × RU ÷ P: 130,000 on 13 when
    // evenly split. From 7, 13 leaves 1 unsplit holding 1/7 (unevensplit16): 6,000 + 26,000 ÷ 7 > 8,000; the even 14 = 2 × 7
    // serves at 137,500 (6,000 + 26,000 ÷ 14 = 7,857.14 ≤ 0.8 × 137,500 ÷ 14).
    const raise = throughputThatServes(analysed(items(1)));
    expect(raise).toMatchObject({ requestUnits: 137_500, partitions: 14, copies: 1 });
    expect(raise?.each).toBeCloseTo(137_500 / 14, 6);
  });
});
