/**
 * Review 7 items 2 and 3: SG003's alternatives are ranked by what they cost. A Cosmos DB key whose hottest full key
 * is short only of its physical partition's share (67.5 RU/s against 51.69 usable) is served by a raise in place of
 * 1,000 RU/s with no application change. Stranger14: replicated copies do not serve it at all here: 2 copies of its
 * 2,000 GB hold 4,000 GB, 80 physical partitions, and write 20,000 RU/s, so their peak of 40,000 RU/s needs SG017's
 * 50,000 RU/s, 80 partitions of 625 (500 usable), whose average partition already takes (20,000 + 20,000) ÷ 80 = 500:
 * no copy, however light, fits beside it. The raise leads, and is the edit; SG017 asks for no capacity for copies
 * the fix does not write. Where the copies fit and cost less than the raise, they still lead and SG017 counts them.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';

/**
 * The stranger's repl2.json: 40,000 RU/s autoscale over 40 physical partitions (2 TB), 20,000 reads + `writes` at peak.
 * Its hottest (tenant, room), 67.5 RU/s, is declared on the full key (0.225% of 30,000): the file declared it as 1/200 of
 * a 45% tenant, whose 13,500 RU/s on one partition are the first level's finding, which the full key's then defers to
 * (verdict26): judged here is the full key's own plan, so no first-level value carries it.
 */
const messages = (
  { peakReadUnits, peakWriteUnits } = { peakReadUnits: 20_000, peakWriteUnits: 10_000 },
  throughput: CosmosContainerDesign['throughput'] = { autoscaleMax: 40_000 },
) =>
  ({
    engine: 'cosmosdb',
    name: 'messages',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 300 },
        { path: '/roomId', cardinality: 60_000 },
      ],
    },
    throughput,
    storage: { totalGb: 2_000, largestPartitionGb: 2 },
    // It holds its 2,000 GB today (redistribution moves an existing container's RU/s), on the 40 partitions they need.
    physicalPartitions: 40,
    workload: { peakReadUnits, peakWriteUnits, hotKeyShare: 0.00225 },
  }) satisfies CosmosContainerDesign;

/** SG003's finding on the full key (the first level has its own, prefix-ingestion.ts). */
const fullKey = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths');

describe('SG003 on a key short of its physical share: the cheapest fix first', () => {
  it('leads with a 1,000 RU/s raise in place, as its edit, where copies of its 2,000 GB would not fit (4,000 GB: 80 partitions)', () => {
    const findings = lint(messages());
    const hot = fullKey(findings);
    // Before stranger14: `raiseAdds: 1_000, copiesAdd: 10_000, shards: 2`, the copies judged on 40 partitions and 30,000 RU/s.
    expect(hot?.data).toMatchObject({ hotKeyLoad: 67.5, raiseTo: 41_000 });
    expect(hot?.data?.shards).toBeUndefined();
    expect(hot?.fix).toMatch(
      /^redistribute the container's throughput across its physical partitions to give the hot key's partition 1,020 RU\/s, which adds no RU\/s \(preview; [^)]*\); or raise the container's throughput in place to 41,000 RU\/s \(40 physical partitions of 1,025 RU\/s; .*\), which serves the hottest .* unsharded; replicated copies do not serve it: .*; or put the integrated cache in front of its reads/,
    );
    // Review 9: the copies' 40,000 RU/s peak needs 50,000 RU/s at 80%: no option "at the current throughput" of 40,000.
    expect(hot?.fix).not.toMatch(/at the current throughput/);
    expect(hot?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 41_000 }]);
    // No capacity is asked for copies nobody is told to write (the peak is 30,000 of 40,000 RU/s: 75%).
    expect(findings.filter((f) => f.ruleId === 'SG017')).toEqual([]);
  });

  it('once raised, the full key fits and nothing asks for copies or capacity', () => {
    const fixed = applyDesignEdits(messages(), fullKey(lint(messages()))?.edits as DesignEdit[]);
    const after = lint(fixed);
    expect(fullKey(after)).toBeUndefined();
    expect(after.filter((f) => f.ruleId === 'SG017' || f.ruleId === 'SG007')).toEqual([]);
  });

  // Stranger17b: a shared database's 40 partitions (2,000 GB) divide the database's RU/s and carry both containers' keys,
  // 2 × 30,000 RU/s at peak. At 80,000 RU/s: 2,000 each (1,600 usable), neighbours (60,000 − 67.5) ÷ 40 = 1,498.31, so
  // 101.69 RU/s are left for the 67.5 (before: the container's 40,000 over its own 40 partitions, 51.69 left, SG003).
  it('judges a shared container on the database partitions, which carry every busy container', () => {
    expect(fullKey(lint(messages(undefined, { sharedDatabase: 80_000, containers: 2 })))).toBeUndefined();
  });

  // At 76,000 RU/s: 1,900 each (1,520 usable) less 1,498.31 leaves 21.69 < 67.5. The database needs
  // 0.8 × D ÷ 40 ≥ 67.5 + 1,498.31: D ≥ 78,290.63, 78,300 on its grid, 39,150 for this container.
  it('raises a shared database as a whole, to what its partitions need', () => {
    const hot = fullKey(lint(messages(undefined, { sharedDatabase: 76_000, containers: 2 })));
    expect(hot?.data).toMatchObject({
      raiseTo: 39_150,
      raiseToSet: 78_300,
      raiseToScope: 'database',
      raiseToContainers: 2,
      raisedPartitions: 40,
      raisedEach: 1_957.5,
    });
    expect(hot?.fix).toMatch(
      /^redistribute the database's shared throughput \(Update-AzCosmosDBSqlDatabasePerPartitionThroughput; [^)]*\) across [^;]*, which adds no RU\/s \(preview; [^)]*\); or raise the database's shared throughput \(throughput\.sharedDatabase\) in place to 78,300 RU\/s \(40 physical partitions of 1,957\.5 RU\/s, which carry the keys of all 2 busy containers/,
    );
  });

  // Stranger14: on the 2,000 GB container the 2 copies no longer fit (4,000 GB: 80 partitions of 500 usable RU/s, whose
  // average takes (29,100 + 2 × 900) ÷ 80 = 386.25 beside a copy). A container of 100 GB keeps its 4 partitions with
  // 2 copies (200 GB), and there they fit: 30% of 20,000 reads + 900 writes is 6,270 RU/s unsharded, against 8,000 − 3,657.5;
  // a copy takes 3,000 + 270 = 3,270 beside (20,000 + 1,800 − 3,270) ÷ 4 = 4,632.5: 7,902.5 ≤ 8,000.
  const feed = (totalGb: number): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'feed',
    throughput: { autoscaleMax: 40_000 },
    partitionKey: { paths: [{ path: '/feedId', cardinality: 50_000, hotKeyShare: 0.3 }] },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 900 },
    storage: { totalGb },
  });
  it('keeps the copies first when they cost less than the raise (900 RU/s of writes against 49,000 RU/s)', () => {
    const hot = fullKey(lint(feed(100)));
    expect(hot?.fix).toMatch(/^keep N = 2 replicated copies/);
    // The unsharded raise, undeclared (a container still to be created, evenly split): 6,270 + 14,630 ÷ 9 = 7,895.56 ≤
    // 80% of 89,000 ÷ 9 = 7,911.11: 89,000 on 9, 49,000 more than today. In place from 4 it would be 151,000 (16 = 4 × 4).
    expect(hot?.fix).toMatch(/; or raise the container's throughput to 89,000 RU\/s \(9 physical partitions of 9,888\.89 RU\/s: created at them/);
    expect(hot?.edits).toEqual([
      { op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 2 } },
      { op: 'set', path: 'storage.totalGb', value: 200 },
    ]);
    expect(hot?.data?.raiseAdds).toBeUndefined();
  });

  // Stranger14: copies of this 2,000 GB container do not fit either (above), so the raise leads here whatever the tie rule.
  it('at a tie (1,000 RU/s of writes the copies add, 1,000 the raise adds) the raise leads: it changes no application', () => {
    const hot = fullKey(lint(messages({ peakReadUnits: 29_000, peakWriteUnits: 1_000 })));
    expect(hot?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 41_000 }]);
  });
});
