/**
 * Review 9, replicated copies. (1) One count of an index's writes: each of the table's N replicated copies of an item
 * is an item of its own carrying the index key, so it writes its own index entry (AWS, "Provisioned throughput
 * considerations for global secondary indexes": a write of an item that defines an indexed attribute is one index
 * write; an update that changes an indexed key, two). The reviewer's feed-replicated-gsi.json: SG017 counted 9,000 WCU
 * on `by-leaderboard` (3,000 × 3 copies) while SG001 counted 3,000 (250 WCU on its hottest board). (2) A Cosmos DB fix
 * never offers copies "at the current throughput" that the container's RU/s cannot carry (chat-hot-room.json: 6 copies
 * are 30,000 RU/s of load on 12,000).
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type DynamoDbTableDesign } from '../../lib';

/** feed-replicated-gsi.json: 3,000 WCU on a table kept as `copies` copies, 12 leaderboards whose score never changes. */
const feed = (copies: number | undefined, mutableScore = false, copiesCarry?: 'every' | 'first'): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'feed-rep',
  billing: 'on-demand',
  partitionKey: { name: 'authorId', type: 'S', cardinality: 5_000_000 },
  sortKey: { name: 'postedAt', type: 'N', cardinality: 'unique' },
  workload: { peakReadUnits: 30_000, peakWriteUnits: 3_000, hotKeyShare: 0.1 },
  ...(copies ? { sharding: { strategy: 'replicated' as const, shards: copies } } : {}),
  globalSecondaryIndexes: [
    {
      indexName: 'by-leaderboard',
      partitionKey: { name: 'leaderboardId', type: 'S', cardinality: 12 },
      sortKey: { name: 'score', type: 'N', cardinality: 'unique', ...(mutableScore ? {} : { mutable: false }) },
      onDemand: { maxWriteRequestUnits: 5_000 },
      ...(copiesCarry === undefined ? {} : { copiesCarry }),
    },
  ],
  accessPatterns: [
    { name: 'timeline', keyAttributes: ['authorId'], rangeAttribute: 'postedAt', share: 0.9, limit: 20 },
    { name: 'top', index: 'by-leaderboard', keyAttributes: ['leaderboardId'], share: 0.1, limit: 100 },
  ],
});

const onIndex = (design: DynamoDbTableDesign, rule: string) => lint(design).find((f) => f.ruleId === rule && f.index === 'by-leaderboard');

describe('one count of an index written by replicated copies (SG001, SG003, SG017)', () => {
  it('SG001 counts 3 copies × 3,000 WCU = 9,000 on the index, as SG017 does: 750 WCU on the hottest of 12 boards', () => {
    const design = feed(3);
    expect(onIndex(design, 'SG017')?.data).toMatchObject({ peak: 9_000, copies: 3, declaredPeak: 3_000 });
    const sg001 = onIndex(design, 'SG001');
    // 9,000 ÷ 12 = 750 WCU on a board, beside the other boards' 8,250 ÷ 18 partitions (twice the index's 3,000 RCU and
    // 9,000 WCU: max(2, 18)): 341.67 left, so an error (alone it had 800 ÷ 750 = 1.07× to go).
    expect(sg001).toMatchObject({ severity: 'error' });
    expect(sg001?.data).toMatchObject({ peakLoad: 9_000, hotLoad: 750, hotUsable: 341.666666667, indexWrites: 9_000, copies: 3, perCopyWrites: 3_000 });
    expect(sg001?.message).toMatch(/the index takes 9,000 WCU of writes: the table keeps 3 replicated copies of every item, .*: 3,000 WCU × 3\)/);
    // carry31: `top` reads the index, so SG003 asks for it sparse (one write per item): its own plan waits for that.
    expect(sg001?.fix).toMatch(/or first set `globalSecondaryIndexes\[0\]\.copiesCarry` to "first", with `leaderboardId` written on copy 0 only/);
    expect(sg001?.edits).toBeUndefined();
    // SG017 leads with the same edit: one write per item leaves 3,000 WCU, within 80% of the 5,000 maximum, so no raise.
    const sg017 = onIndex(design, 'SG017');
    expect(sg017?.fix).toMatch(
      /^set `globalSecondaryIndexes\[0\]\.copiesCarry` to "first", as SG003 asks, .*falls to 3,000 WCU, within 80% of the 5,000 WCU, so no raise is needed; or, keeping the entry of every copy, raise/,
    );
    expect(sg017?.edits).toBeUndefined();
  });

  // carry31: copy 0 alone carries the index key (a sparse index, AWS "Take advantage of sparse indexes"): the index is
  // written once per item whatever the copies, so SG001 and SG017 count 3,000 WCU, and SG003 has nothing to say of it.
  it('copiesCarry "first" with 3 copies: the index takes the table writes once, 250 WCU on the hottest board', () => {
    const findings = lint(feed(3, false, 'first')).filter((f) => f.index === 'by-leaderboard');
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['SG001', 'warning']]);
    expect(findings[0]?.data).toMatchObject({ peakLoad: 3_000, hotLoad: 250 });
    expect(findings[0]?.notes ?? []).not.toContain('indexCopies');
  });

  it('without copies the index takes the table writes once: 3,000 WCU, 250 on the hottest board', () => {
    expect(onIndex(feed(undefined), 'SG001')?.data).toMatchObject({ peakLoad: 3_000, hotLoad: 250 });
    expect(onIndex(feed(undefined), 'SG001')?.notes).not.toContain('indexCopies');
  });

  // On the uniform 1/12 the few boards are the cause: SG001 reports the hot board, and SG003 defers to it.
  // 24 partitions (twice 3,000 RCU and 12,000 WCU: max(2, 24)): 800 − 11,000 ÷ 24 = 341.67 WCU left for the board's 1,000.
  it('4 copies put the hottest board over its partition: 12,000 ÷ 12 = 1,000 WCU > 341.67 left, an error from SG001', () => {
    const findings = lint(feed(4)).filter((f) => f.index === 'by-leaderboard');
    // SG003's only word on the index is that `top` reads each item 4 times (copiesCarry), not its hot key.
    expect(findings.filter((f) => f.ruleId === 'SG003').map((f) => f.messageId)).toEqual(['copiedIndexRead']);
    expect(findings.find((f) => f.ruleId === 'SG001')).toMatchObject({
      severity: 'error',
      messageId: 'fewValues',
      data: { hotLoad: 1_000, hotUsable: 341.666666667 },
    });
    expect(findings.find((f) => f.ruleId === 'SG017')?.data).toMatchObject({ peak: 12_000 });
  });

  // At 1× too the board's 750 WCU are over the 341.67 its partition leaves (above): the name no longer decides, an error.
  it('a score named like one that changes (2×) with 3 copies: 3,000 × 2 × 3 = 18,000 WCU, 1,500 per board; 750 at 1×, over too: an error', () => {
    const sg001 = onIndex(feed(3, true), 'SG001');
    expect(sg001).toMatchObject({ severity: 'error', data: { hotLoad: 1_500, indexWrites: 18_000, perCopyWrites: 6_000, hotWritesOnce: 750 } });
    expect(sg001?.notes).toEqual(expect.arrayContaining(['indexCopies', 'indexKeyWrites']));
    expect(sg001?.notes).not.toContain('onlyByName');
    expect(sg001?.message).toMatch(/each copy's writes counted at 6,000 WCU, 2× the table's 3,000 WCU/);
    expect(onIndex(feed(3, true), 'SG017')?.data).toMatchObject({ peak: 18_000 });
  });
});

/**
 * feed-flawed.json: a read-hot author (6% of the table's 108,000 RCU, paged) whose fix is 9 copies: 8 fit the usable line
 * beside the neighbours (P = max(⌈216,000 ÷ 3,000⌉, ⌈6,000 × 8 ÷ 1,000⌉) = 72: 810 + 107,190 ÷ 72 = 2,298.75 RCU; at 7,
 * 925.71 + 1,487.14 = 2,412.86), but two of 8 on one partition take 2 × 810 × (1 − 1 ÷ 72) + 1,500 = 3,097.5, past the
 * hard 3,000; two of 9, 2,920. With no pattern reading the index the table takes all 120,000 RCU: 7,200 on the author, 80
 * partitions, and 10 copies (two of 9 on one partition: 2 × 800 × (1 − 1 ÷ 80) + 1,500 = 3,080; of 10, 2,922). `boards`
 * leaderboards whose score changes unless `mutable` is false.
 */
const feedFlawed = (mutable?: boolean, boards = 12, boardsRead = true): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'feed-posts',
  billing: 'on-demand',
  partitionKey: { name: 'authorId', type: 'S', cardinality: 5_000_000 },
  sortKey: { name: 'postedAt', type: 'N', cardinality: 'unique' },
  workload: { peakReadUnits: 120_000, peakWriteUnits: 3_000, hotKeyShare: 0.06 },
  globalSecondaryIndexes: [
    {
      indexName: 'by-leaderboard',
      partitionKey: { name: 'leaderboardId', type: 'S', cardinality: boards },
      sortKey: { name: 'score', type: 'N', cardinality: 'unique', ...(mutable === undefined ? {} : { mutable }) },
    },
  ],
  accessPatterns: [
    { name: 'author-timeline', keyAttributes: ['authorId'], rangeAttribute: 'postedAt', share: 0.9, limit: 20 },
    // Unread, the index still takes the 0.1 of reads no pattern claims: the same figures.
    ...(boardsRead ? [{ name: 'top-of-board', index: 'by-leaderboard', keyAttributes: ['leaderboardId'], share: 0.1, limit: 100 }] : []),
  ],
});

describe("SG003's copies for a read-hot table key, where every copy also writes an index", () => {
  // Score immutable (at 2× the index is over at one copy already: 500 + 5,500 ÷ 12 partitions = 958.33): one copy's 3,000
  // WCU fit (250 + 2,750 ÷ 8 = 593.75). 10 copies × 3,000 WCU = 30,000 on the index, 2,500 on a board, beside 27,500 ÷ 60
  // partitions (twice 12,000 RCU and 30,000 WCU: max(8, 60)): 800 − 458.33 = 341.67 left.
  // An index no pattern reads keeps every copy's entry (its duplicates reach no reader): the copies' writes count there.
  it('names the index the 10 copies put over its ceiling (250 → 2,500 WCU on a board) and writes no edit for them', () => {
    const hot = lint(feedFlawed(false, 12, false)).find((f) => f.ruleId === 'SG003' && f.index === undefined);
    expect(hot?.data).toMatchObject({ shards: 10, overIndex: 'by-leaderboard', overIndexWrites: 2_500, overIndexUsable: 341.666666667 });
    expect(hot?.fix).toMatch(
      /keep N = 10 replicated copies .*; but every copy also writes its entry in index `by-leaderboard`, whose hottest value would then take 2,500 WCU/,
    );
    expect(hot?.edits).toBeUndefined();
  });

  // Score immutable and 99 boards (fewer than SG001's 100, so still a key of few values): 3,000 × 10 ÷ 99 = 303.03 WCU a
  // board, beside 29,696.97 ÷ 60 partitions (twice 12,000 RCU and 30,000 WCU) = 494.95: 797.98 ≤ 800. (With 80 boards, 375
  // beside 493.75 would not fit.)
  it('keeps the edit where the index stays under its ceiling at 10 copies (score immutable, 99 boards: 303.03 + 494.95 ≤ 800)', () => {
    const design = feedFlawed(false, 99, false);
    const hot = lint(design).find((f) => f.ruleId === 'SG003' && f.index === undefined);
    expect(hot?.data?.overIndex).toBeUndefined();
    expect(hot?.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 10 } }]);
    // Applied, the index counts the copies and stays under: a growth warning (303.03 of 305.05), no error.
    const after = lint(applyDesignEdits(design, hot?.edits as DesignEdit[])).filter((f) => f.index === 'by-leaderboard');
    expect(after.map((f) => [f.ruleId, f.severity, f.data?.hotLoad])).toEqual([['SG001', 'warning', 303.03030303]]);
  });

  // carry31: an index a query reads is declared sparse with the copies (copiesCarry: "first", its key on copy 0 only, AWS
  // "Take advantage of sparse indexes"): it takes one write per item, so the copies put it over nothing, and are written.
  it('writes the copies with the index a query reads made sparse: no board over its writes, before or after', () => {
    const design = feedFlawed(false);
    const hot = lint(design).find((f) => f.ruleId === 'SG003' && f.index === undefined);
    expect(hot?.data?.overIndex).toBeUndefined();
    expect(hot?.edits).toEqual([
      { op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 9 } },
      { op: 'set', path: 'globalSecondaryIndexes[0].copiesCarry', value: 'first' },
    ]);
    expect(hot?.fix).toMatch(/; the fix sets `copiesCarry: "first"` on `by-leaderboard`, which `top-of-board` read, so that no duplicate reaches its readers/);
    // Applied, the index keeps the one finding it had, on its reads (1,000 RCU on a board): no copy adds a write to it.
    const onBoards = (d: DynamoDbTableDesign) =>
      lint(d)
        .filter((f) => f.index === 'by-leaderboard')
        .map((f) => [f.ruleId, f.severity, f.data?.hotLoad]);
    expect(onBoards(design)).toEqual([['SG001', 'warning', 1_000]]);
    expect(onBoards(applyDesignEdits(design, hot?.edits as DesignEdit[]))).toEqual([['SG001', 'warning', 1_000]]);
  });
});

/** chat-hot-room.json: 6,000 reads + 4,000 writes on 12,000 RU/s; one room takes 60%. */
const chat = (manual = 12_000, copies?: number): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'chat2',
  throughput: { manual },
  partitionKey: { paths: [{ path: '/roomId', cardinality: 50_000, hotKeyShare: 0.6 }] },
  workload: { peakReadUnits: 6_000, peakWriteUnits: 4_000 },
  ...(copies ? { sharding: { strategy: 'replicated' as const, shards: copies } } : {}),
});

describe('Cosmos DB: copies are never offered at a throughput that cannot carry their writes (SG003)', () => {
  it('offers the raise and the cache, not 6 copies "at the current throughput" (6,000 + 6 × 4,000 = 30,000 RU/s on 12,000)', () => {
    const hot = lint(chat()).find((f) => f.ruleId === 'SG003');
    expect(hot?.fix).toMatch(/^create the container at 12,000 RU\/s, no more, then raise it to 20,000 RU\/s/);
    expect(hot?.fix).not.toMatch(/at the current throughput/);
    expect(hot?.fix).not.toMatch(/keep N = \d+ replicated copies/);
    expect(hot?.edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 20_000 },
      { op: 'set', path: 'physicalPartitions', value: 2 },
    ]);
  });

  it('the copies it no longer offers would not serve: applied at 12,000 RU/s SG017 errs (30,000 RU/s), and at 12,500 no count serves there', () => {
    const at12000 = lint(chat(12_000, 6));
    expect(at12000.find((f) => f.ruleId === 'SG017')).toMatchObject({ severity: 'error', data: { peak: 30_000 } });
    const at12500 = lint(chat(12_500, 6)).find((f) => f.ruleId === 'SG003');
    // Review 12: the raise at which shards serve (13,200 RU/s with 22; 20,000 with 2) leads, cheaper than the 56,300
    // RU/s that serve the 6 copies as they are, which follows (it was offered alone, after "no count up to 1,000").
    // Review 14 item 2: the cheaper of the two raises first (before: 20,000 RU/s and N = 2 led).
    expect(at12500?.fix).toMatch(/^raise the container's throughput in place to 13,200 RU\/s .*, then shard `\/roomId` into N = 22 /);
    expect(at12500?.fix).toMatch(
      /; or, for fewer shards, create the container at 18,000 RU\/s, no more, then raise it to 20,000 RU\/s .* then shard into N = 2,/,
    );
    // cosmos16 item 2: the raise that serves the 6 copies as they are is judged on the container they make (as SG003
    // judges a copy): each copy 3,600 ÷ 6 + 2,400 = 3,000 RU/s, beside 1/P of 6,000 + 6 × 4,000 − 3,000 = 27,000; the
    // least grid step with 3,000 + 27,000 ÷ P ≤ 0.8 × RU ÷ P is 56,300 (6 partitions: 7,500 ≤ 7,506.67; 56,200: 7,493.33).
    // Before: 27,500, judged on one copy's 4,000 RU/s of writes, where the copies' 30,000 RU/s peak is above 22,000 usable.
    expect(at12500?.fix).toMatch(
      /; or create the container at 36,000 RU\/s, no more, then raise it to 56,300 RU\/s \(6 physical partitions of 9,383\.33 RU\/s/,
    );
    expect(at12500?.fix).not.toMatch(/no count up to/);
  });

  it('still offers copies at the current throughput where it carries them: 6,000 + 2 × 1,000 = 8,000 RU/s within 80% of 12,000', () => {
    const light: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'chat',
      throughput: { manual: 12_000 },
      partitionKey: { paths: [{ path: '/roomId', cardinality: 50_000, hotKeyShare: 0.4 }] },
      workload: { peakReadUnits: 6_000, peakWriteUnits: 1_000 },
    };
    const hot = lint(light).find((f) => f.ruleId === 'SG003');
    expect(hot?.fix).toMatch(
      /^redistribute [^;]*, which adds no RU\/s \(preview; [^)]*\); or create the container at 12,000 RU\/s, no more, then raise it to 12,300 RU\/s/,
    );
    expect(hot?.fix).toMatch(/; or, at the current throughput, keep N = 2 replicated copies/);
  });
});

/**
 * Rules 10 ("nh-low"): a table kept as 4 needless copies (its hottest feed reads 1 RCU) and an index on a day of 30
 * values: the copies put 4 × 300 = 1,200 WCU on the current day, over a usable 800. SG007 says remove the copies,
 * which brings the day back to 300 WCU; before, SG002 shard advice on the index (N = 2) contradicted it. The copies are
 * the cause: the index's findings defer to their removal.
 */
const needlessCopies = (indexKey: { name: string; cardinality: number }): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'feeds',
  partitionKey: { name: 'feedId', type: 'S', cardinality: 1_000 },
  sharding: { strategy: 'replicated', shards: 4 },
  workload: { peakReadUnits: 1_000, peakWriteUnits: 300 },
  globalSecondaryIndexes: [{ indexName: 'by-low', partitionKey: { ...indexKey, type: 'S' } }],
});

describe("an index over only because of the table's needless copies", () => {
  it('SG002 on a day index asks for the copies to go (SG007), with the figures at one copy, and offers no shards', () => {
    const findings = lint(needlessCopies({ name: 'createdDay', cardinality: 30 }));
    const sg002 = findings.find((f) => f.ruleId === 'SG002');
    expect(sg002?.data).toMatchObject({ copies: 4, onceLoad: 300, onceUsable: 800 });
    expect(sg002?.fix).toMatch(
      /^remove the table's 4 replicated copies, as SG007 asks \(its hottest value fits without them\): .* takes 300 of a usable 800 WCU/,
    );
    expect(sg002?.fix).not.toMatch(/shard/);
    expect(sg002?.edits).toBeUndefined();
    const sg007 = findings.find((f) => f.ruleId === 'SG007');
    expect(sg007?.fix).toBe('remove the copies: each write goes back to one item (and one entry in each index it carries)');
    // SG007's edit clears both.
    const after = lint(applyDesignEdits(needlessCopies({ name: 'createdDay', cardinality: 30 }), sg007?.edits as DesignEdit[]));
    expect(after.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('SG001 on a one-valued index key defers the same way (SG003, on its uniform share, defers to SG001)', () => {
    const findings = lint(needlessCopies({ name: 'kind', cardinality: 1 }));
    expect(findings.find((f) => f.ruleId === 'SG003')).toBeUndefined();
    expect(findings.find((f) => f.ruleId === 'SG001')?.fix).toMatch(
      /^use a higher-cardinality attribute or a composite key, or remove the table's 4 replicated copies/,
    );
  });

  // Stranger14: an index over at one copy too was given shards sized on the 4 copies (4 × 900 = 3,600 WCU on the day),
  // which the table's removal of them then made too many (900 WCU at one copy): two plans for the index in one --fix run.
  // It now asks for the table's fix first, and is sized on one copy once that is applied.
  it('an index over at one copy too gets its own shards once the table has removed its copies', () => {
    const design = needlessCopies({ name: 'createdDay', cardinality: 30 });
    const busy = { ...design, workload: { peakReadUnits: 1_000, peakWriteUnits: 900 } };
    const findings = lint(busy);
    const sg002 = findings.find((f) => f.ruleId === 'SG002');
    expect(sg002?.fix).toMatch(/^apply the table's fix to its replicated copies first \(4 → 1\)/);
    expect(sg002?.edits).toBeUndefined();
    const removal = findings.find((f) => f.ruleId === 'SG007');
    const after = lint(applyDesignEdits(busy, removal?.edits as DesignEdit[])).find((f) => f.ruleId === 'SG002');
    expect(after?.fix).toMatch(/shards/);
  });
});

// copies32: SG003's copiedIndexRead acknowledged on the index (its readers remove the duplicates, its 3× writes counted):
// the other findings on the index no longer tell the user to make it sparse, and size it on every copy's writes.
describe('an acknowledged copiedIndexRead: the copies stay in the index, and no finding asks for copiesCarry "first"', () => {
  const acknowledged: DynamoDbTableDesign = {
    ...feed(3),
    acknowledgements: [{ rule: 'SG003', index: 'by-leaderboard', reason: 'the top query removes the duplicates; 3x writes counted' }],
  };
  const findings = lint(acknowledged).filter((f) => f.index === 'by-leaderboard');

  it('SG003 still reports the warning, acknowledged', () => {
    expect(findings.filter((f) => f.ruleId === 'SG003').map((f) => [f.messageId, f.acknowledged])).toEqual([['copiedIndexRead', true]]);
  });

  it('SG001 and SG017 plan the index on its 9,000 WCU, with no copiesCarry step', () => {
    for (const rule of ['SG001', 'SG017']) {
      const f = findings.find((g) => g.ruleId === rule);
      expect(f?.fix).not.toMatch(/copiesCarry/);
      expect(f?.edits).toBeDefined();
    }
    expect(findings.find((f) => f.ruleId === 'SG017')?.data).toMatchObject({ peak: 9_000, copies: 3 });
  });
});
