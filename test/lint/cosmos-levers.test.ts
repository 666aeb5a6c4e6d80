/**
 * levers34 (stranger34b). A notification outbox keyed by `/status`, its `PENDING` value read by a poll (`keyValue`)
 * and taking 60% of the writes: SG003 led with 2 replicated copies at 71,000 RU/s, each pending notification then held
 * twice (picked up twice) and every status change written to both, and with a claim by ETag declared its invariant
 * advice spoke of "2 sub-totals … balance ≥ 0". Random shards with `wants: "any"` serve the poll at today's 20,000
 * RU/s. Copies are for a value read much and written seldom (each write goes to every copy). An event store whose
 * transactional batch spans the whole `/aggregateId` value was told to shard on the key itself, which the validator
 * refuses: a transactional batch runs within one logical partition
 * (https://learn.microsoft.com/azure/cosmos-db/nosql/transactional-batch).
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type Finding } from '../../lib';

const outbox = (extra: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'outbox',
  partitionKey: { paths: [{ path: '/status', cardinality: 4 }] },
  workload: { peakReadUnits: 4_000, peakWriteUnits: 6_000, hotKeyShare: 0.6 },
  throughput: { autoscaleMax: 20_000 },
  storage: { totalGb: 50, largestPartitionGb: 5 },
  // The outbox runs today on the 2 partitions 20,000 RU/s started it on: declared, its raises are sized in place (created
  // at 60,000 instead, 6 of 10,000, the plain raise is below the copies' 71,000 and no copies are weighed).
  physicalPartitions: 2,
  accessPatterns: [{ name: 'pending-due', keyAttributes: ['/status'], share: 1, keyValue: 'PENDING' }],
  ...extra,
});

/** The same key hot by its reads alone (its writes spread evenly): 90% of 9,000 RU/s of reads, 250 of 1,000 of writes. */
const READ_HOT: Partial<CosmosContainerDesign> = {
  workload: { peakReadUnits: 9_000, peakWriteUnits: 1_000, hotKeyShare: 0.9, hotKeyOperations: 'reads' },
  accessPatterns: [{ name: 'by-status', keyAttributes: ['/status'], share: 1 }],
};

const sg003 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003');

describe('Cosmos DB levers for a read-hot value (SG003)', () => {
  it("leads a queue's poll with random shards and wants: any at today's RU/s, said, not written", () => {
    const hit = sg003(outbox());
    expect(hit?.fix).toMatch(
      /^where `pending-due` takes whatever `\/status` item it finds \(a queue's poll\), shard `\/status` into N = 2 random shards and set wants: "any" on it: .* fits the 20,000 RU\/s the container has, with no raise; --fix does not set it/,
    );
    // No edits at all: the raise beside it serves a key named like a status, withheld for a re-key (categorical-key.ts).
    expect(hit?.edits?.some((e) => e.path === 'sharding') ?? false).toBe(false);
  });

  it('the count it offers lints clean as offered (2 random shards, the poll wanting any item)', () => {
    const offered = outbox({
      sharding: { strategy: 'random', shards: 2 },
      accessPatterns: [{ name: 'pending-due', keyAttributes: ['/status'], share: 1, keyValue: 'PENDING', wants: 'any' }],
    });
    expect(lint(offered)).toEqual([]);
  });

  it('does not lead with copies for a value that takes most of the writes, and says what their writes cost', () => {
    const hit = sg003(outbox());
    // 2 copies: + 6,000 RU/s of writes (every write twice) to take 4,000 × 1/2 = 2,000 RU/s of reads off the partition.
    expect(hit?.data).toMatchObject({ copiesN: 2, hotWriteShare: 0.6, copiesAddWrites: 6_000, copiesRelieve: 2_000, copiesCostMore: true });
    expect(hit?.fix).toMatch(
      /; not replicated copies, though N = 2 fit at 71,000 RU\/s: the hottest `\/status` value takes 60% of the writes, and each write goes to every copy, so 2 copies add 6,000 RU\/s of writes at peak to take 2,000 RU\/s of reads off its partition, more than they save/,
    );
    expect(hit?.fix).not.toMatch(/keep N = \d+ replicated copies/);
    // The 79,000 RU/s raise stays in the text, not as an edit: `/status` is named like a category, a re-key is the fix.
    expect(hit?.edits).toBeUndefined();
    expect(hit?.data).toMatchObject({ categoricalWithheld: 'raise', raiseTo: 79_000 });
  });

  it('a read-hot value written seldom still gets copies, as the edit, with no poll lever where no read names a value', () => {
    const design = outbox(READ_HOT);
    const hit = sg003(design);
    expect(hit?.fix).toMatch(/^keep N = 2 replicated copies of each `\/status` value/);
    expect(hit?.fix).not.toMatch(/wants: "any"|not replicated copies/);
    expect(hit?.edits).toContainEqual({ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 2 } });
  });

  it('a claim by ETag: kept by the shards, broken by copies; no sub-totals', () => {
    const claim = { kind: 'conditional-write' as const, description: 'claim with an etag-conditional replace' };
    const queue = sg003(outbox({ invariants: [claim] }));
    expect(queue?.fix).toMatch(/a claim on one item's ETag \(`invariants\[0\]`\) keeps, each item whole on one shard/);
    expect(queue?.fix).not.toMatch(/sub-totals|balance ≥ 0/);
    // Copies where they are the fix (read-hot, written seldom): the claim breaks, said by kind.
    const readHot = sg003(outbox({ ...READ_HOT, invariants: [claim] }));
    expect(readHot?.fix).toMatch(
      /the `conditional-write` \(`invariants\[0\]`\) checks one item, and 2 replicated copies make 2 items of every document, each with its own ETag: a write conditioned on one copy does not see the others/,
    );
    expect(readHot?.fix).not.toMatch(/sub-totals|balance ≥ 0|splitPerShard, or batch/);
    expect(readHot?.edits).toBeUndefined();
  });
});

describe('an event store whose transactional batch spans the whole key value (SG003)', () => {
  const events = (scopeAttribute?: string): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'events',
    partitionKey: { paths: [{ path: '/aggregateId', cardinality: 50_000_000 }] },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 30_000, hotKeyShare: 0.2, hotKeyOperations: 'writes' },
    throughput: { autoscaleMax: 50_000 },
    storage: { totalGb: 1_000, largestPartitionGb: 12 },
    // Redistribution moves an existing container's RU/s: its 20 partitions (⌈1,000 GB ÷ 50⌉) are declared.
    physicalPartitions: 20,
    invariants: [{ kind: 'transactional-batch', ...(scopeAttribute ? { scopeAttribute } : {}) }],
    accessPatterns: [{ name: 'load-aggregate', keyAttributes: ['/aggregateId'], share: 1 }],
  });

  it.each([['/aggregateId'], [undefined]])('scope %s: no sharding is offered; redistribution (no RU/s added) before the raise', (scope) => {
    const hit = sg003(events(scope));
    expect(hit?.fix).toMatch(/so no sharding of `\/aggregateId` keeps it/);
    expect(hit?.fix).not.toMatch(/shard `\/aggregateId` into N = \d+ shards calculated/);
    const redistribute = hit?.fix?.indexOf('redistribute the container') ?? -1;
    const raise = hit?.fix?.indexOf('raise the container') ?? -1;
    expect(redistribute).toBeGreaterThan(0);
    expect(redistribute).toBeLessThan(raise);
    // Moved 9,625 → 9,626 RU/s: hot by its writes, the aggregate also takes its even share of the reads (10,000 ÷
    // 50,000,000 = 0.0002 RU/s), which puts the partition's need a fraction past 9,625, rounded up to whole RU/s.
    expect(hit?.fix).toMatch(/partition 9,626 RU\/s, which adds no RU\/s .*; or raise the container's throughput in place to 193,000 RU\/s/);
  });

  it('every edit SG003 offers validates: applied, the design lints with no SG003', () => {
    const design = events('/aggregateId');
    const hit = sg003(design);
    expect(hit?.edits?.length).toBeGreaterThan(0);
    const fixed = applyDesignEdits(design, hit?.edits ?? []);
    expect(() => lint(fixed)).not.toThrow();
    expect(lint(fixed).map((f) => f.ruleId)).not.toContain('SG003');
  });

  it('a scope within the value still gets the shards calculated on it (they keep each call whole)', () => {
    const design = events('/streamId');
    expect(sg003(design)?.fix).toMatch(/shards calculated on its scopeAttribute|calculated shards on `\/streamId`/);
  });
});
