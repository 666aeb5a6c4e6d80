/**
 * Stranger14 problem 1: replicated copies on Cosmos DB are copies of every document. N copies store every document N
 * times (N × storage.totalGb, at least one physical partition per 50 GB, the container's RU/s divided among them all:
 * Microsoft Learn, "Partitioning and horizontal scaling") and write every document N times, so each copy meets 1/P of
 * the reads and N × the writes beside it. SG003 sized them on the container as it is, and `--fix` ended on a clean
 * design that would throttle.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { chatViralContainer as chatViral } from '../fixtures';

process.env.CDK_VALIDATION = 'false';

/** A feed: 30% of 20,000 reads and of `writes`, on 40,000 RU/s autoscale (4 physical partitions of 10,000 by throughput). */
const feed = (writes: number, over: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'feed',
  throughput: { autoscaleMax: 40_000 },
  partitionKey: { paths: [{ path: '/feedId', cardinality: 50_000, hotKeyShare: 0.3 }] },
  workload: { peakReadUnits: 20_000, peakWriteUnits: writes },
  ...over,
});

const hotKey = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003');

describe('replicated copies count the storage and the writes they add (Cosmos DB)', () => {
  it('offers chat-viral no copies: N copies of 2,000 GB sit on 40 × N partitions of 2,500 ÷ N RU/s, which no copy fits', () => {
    // Before: "keep N = 14 replicated copies", judged on 40 partitions beside 1,250 RU/s, with an edit SG017 then raised for.
    // A copy takes 10,000 ÷ N against 2,000 ÷ N usable on its partition, before any neighbour: no N serves.
    const findings = lint(chatViral());
    const hot = hotKey(findings);
    expect(hot?.edits).toBeUndefined();
    expect(hot?.data?.shards).toBeUndefined();
    // hier27: the conversation's 20% sit under one `/tenantId` value, now judged at least at that share: the full key
    // defers to that first level's fix, which leads with the same cache (before: the full key's own "no count of
    // replicated copies … fits: put the integrated cache …; or move the hottest value to its own container").
    expect(hot?.fix).toMatch(/^apply the fix of the hottest `\/tenantId` value \(SG003 at `partitionKey.paths\[0\]`\), which leads with the integrated cache/);
    expect(findings.find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]')?.fix).toMatch(/^put the integrated cache in front of the reads/);
    // No capacity for copies nobody is told to write: 60,000 RU/s on 100,000.
    expect(findings.filter((f) => f.ruleId === 'SG017')).toEqual([]);
  });

  it('--fix leaves chat-viral as it is, with no second plan for its key (before: 14 copies, then 3 by SG008 in the same run)', () => {
    const text = JSON.stringify({ containers: [chatViral()] }, null, 2);
    const result = fixDesignText(text, {});
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text);
  });

  it('judges declared copies on the storage the design declares: 3 copies in 6,000 GB sit on 120 partitions of 1,983.33 RU/s', () => {
    // The stranger's probe: 3,333.33 RU/s per copy against 1,586.67 usable less its neighbours. Also on 2,000 GB (40
    // partitions of 5,950 at 238,000 RU/s): each copy meets (50,000 + 3 × 10,000 − 3,333.33) ÷ 40 = 1,916.67, and 3,333.33 +
    // 1,916.67 = 5,250 > 4,760 (before, the neighbours were (60,000 − 10,000) ÷ 40 = 1,250 for every N: 4,583.33, clean).
    // On 2,000 GB the 5,250 RU/s are within the partition's 5,950 in full, above only the headroom: a warning (Decision 78;
    // it was an error). On 6,000 GB a copy's 3,333.33 RU/s are over its partition's 1,983.33 in full: an error.
    // hier27: on 2,000 GB the copies all sit under the one `/tenantId` value, judged at least at the conversation's 20%
    // (10,006 RU/s against 3,010.15 usable): an error, to which the copies' finding defers (it was a warning).
    for (const [totalGb, severity] of [
      [6000, 'error'],
      [2000, 'error'],
    ] as const) {
      const design = chatViral({ throughput: { autoscaleMax: 238_000 }, storage: { totalGb }, sharding: { strategy: 'replicated', shards: 3 } });
      expect(hotKey(lint(design))).toMatchObject({ severity, data: { physicalPartitions: totalGb / 50 } });
      expect(hotKey(lint(design))?.message).not.toContain('so this is a warning');
    }
  });

  it('sizes copies with their storage: 2 copies of 100 GB fit on 4 partitions, and the edit writes totalGb 200', () => {
    // Unsharded: 6,000 + 270 = 6,270 RU/s beside (20,900 − 6,270) ÷ 4 = 3,657.5, over 8,000. A copy: 3,000 + 270 = 3,270
    // beside (20,000 + 2 × 900 − 3,270) ÷ 4 = 4,632.5: 7,902.5 ≤ 8,000.
    const design = feed(900, { storage: { totalGb: 100 } });
    const hot = hotKey(lint(design));
    expect(hot?.edits).toEqual([
      { op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 2 } },
      { op: 'set', path: 'storage.totalGb', value: 200 },
    ]);
    expect(lint(applyDesignEdits(design, hot?.edits as DesignEdit[]))).toEqual([]);
  });

  it('offers no copies at the current RU/s where their storage adds partitions: 2 copies of 150 GB are 300 GB, 6 partitions of 6,666.67 RU/s', () => {
    // A copy: 3,270 beside (21,800 − 3,270) ÷ 6 = 3,088.33: 6,358.33 > 5,333.33 usable (before: 4 partitions, 2 copies offered).
    // The raise that serves the value unsharded, undeclared (a container still to be created, evenly split):
    // 6,270 + 14,630 ÷ P ≤ 0.8 × RU ÷ P; on 9, 6,270 + 1,625.56 = 7,895.56 ≤ 80% of 89,000 ÷ 9 = 7,911.11 (88,000: 7,822.22):
    // 89,000. Raised in place from 4 it would need 16 = 4 × 4 even ones (8 leave 8,098.75 > 8,000), past 150,000: 151,000.
    // cachecopies15 item 5: at a raise they fit, for less than the 89,000 RU/s that serve the value unsharded (before:
    // that raise alone, `replicated copies do not serve it`, its one edit): 2 copies at 48,000 RU/s lead.
    const design = feed(900, { storage: { totalGb: 150 } });
    const hot = hotKey(lint(design));
    // Undeclared, the copies' raise is the container's creation too: 300 GB start it on 6 even partitions (the 50 GB rule),
    // 8,000 RU/s each at 48,000: 6,358.33 ≤ 6,400 usable; at 47,000, 6,266.67 usable: over.
    expect(hot?.fix).toMatch(
      /^raise the container's throughput to 48,000 RU\/s \(6 physical partitions of 8,000 RU\/s: created at them, Azure starts the container on one physical partition per 50 GB of its storage.*, then keep N = 2 replicated copies/,
    );
    expect(hot?.fix).toMatch(
      /; or raise the container's throughput to 89,000 RU\/s \(9 physical partitions of 9,888\.89 RU\/s: created at them.*, which serves the hottest `\/feedId` value unsharded/,
    );
    expect(hot?.edits?.[0]).toEqual({ op: 'set', path: 'throughput.autoscaleMax', value: 48_000 });
    expect(lint(applyDesignEdits(design, hot?.edits as DesignEdit[]))).toEqual([]);
  });

  it("sizes copies with the neighbours' writes × N: 3 copies where 2 would not fit", () => {
    // 30% of 20,000 reads + 1,400 writes: 6,420 unsharded. 2 copies: 3,420 beside (20,000 + 2,800 − 3,420) ÷ 4 = 4,845:
    // 8,265 > 8,000 (before, beside (21,400 − 3,420) ÷ 4 = 4,495: 7,915, and 2 were offered). 3 copies: 2,420 beside
    // (20,000 + 4,200 − 2,420) ÷ 4 = 5,445: 7,865 ≤ 8,000.
    // gsi34: 3 copies on 4 partitions share one 62.5% of the time (that partition then 9,680 of 8,000 RU/s), so the
    // integrated cache leads and the copies follow as the alternative, with no edit (before: the copies' edit).
    const hot = hotKey(lint(feed(1400)));
    expect(hot?.fix).toMatch(/^put the integrated cache in front of the reads of the hottest `\/feedId` value/);
    expect(hot?.fix).toMatch(/or, accepting that two copies may share a partition, keep N = 3 replicated copies/);
    expect(hot?.edits).toBeUndefined();
  });

  it('gives the storage back when copies are removed (SG007): 3 copies in 300 GB are 100 GB of documents', () => {
    const design = feed(100, {
      workload: { peakReadUnits: 2000, peakWriteUnits: 100 },
      storage: { totalGb: 300 },
      sharding: { strategy: 'replicated', shards: 3 },
    });
    const needless = lint(design).find((f) => f.ruleId === 'SG007');
    expect(needless?.edits).toEqual([
      { op: 'remove', path: 'sharding' },
      { op: 'set', path: 'storage.totalGb', value: 100 },
    ]);
  });
});
