/**
 * fix27b: a plan that shards a categorical primary key anew (a status, a type, a region, or a key of no more values than
 * its shards) keeps its text, shards among its options, but no edits: a re-key is the fix (lib/lint/categorical-key.ts).
 * Every rule that quotes the plan says the same (SG001, SG003, SG006). An index keyed by a category keeps its edits (AWS
 * write-shards exactly such a GSI key), as do a key of many values and a sharding the design declares already.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
import { table } from '../fixtures';

const chat = JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/chat-flawed.json'), 'utf8')) as DesignInput;
const orderId = { name: 'orderId', type: 'S' as const, cardinality: 'unique' as const };
const onConversations = () => lint(chat).filter((f) => f.resource === 'conversations');

describe('a categorical primary key: the shards offered, no edits', () => {
  it('chat-flawed.json: `/conversationType` (3 values) sharded 7 ways by SG001 and SG006, neither with edits', () => {
    const findings = onConversations();
    expect(findings.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG006']);
    for (const f of findings) {
      expect(f.edits).toBeUndefined();
      expect(f.data).toMatchObject({ shards: 7, categoricalBy: 'name', categoricalKey: ['/conversationType'], categoricalValues: 3, categoricalShards: 7 });
      // The options stay: re-key, the shards, the cache; the shards' clause then says why --fix writes none.
      expect(f.fix).toContain(
        'shard `/conversationType` into N = 7 random shards (key#0…key#6); every read of the key must then fan out over all 7 shards; --fix writes no edit for these shards: `/conversationType` is named like a status, type or region, a category of the items rather than their identity, and a re-key is the fix: choose the attribute your reads name (an entity id, such as the item id), whose many values spread the load and keep a read of one item on one partition, where shards of this key make every read of one item query all 7; or put the integrated cache in front of its reads',
      );
    }
  });

  it('SG003 on a status with a declared hot share says the same', () => {
    const findings = lint(
      table({
        partitionKey: { name: 'orderStatus', type: 'S', cardinality: 5 },
        sortKey: orderId,
        workload: { peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 0.3 },
      }),
    );
    const sg003 = findings.find((f) => f.ruleId === 'SG003');
    expect(sg003?.edits).toBeUndefined();
    // 6,000 of 20,000 WCU on 40 partitions: two of N shards on one take 2 × 6,000 ÷ N × (1 − 1 ÷ 40) + 500, 1,008.7 at 23 and
    // 987.5 of the hard 1,000 at 24 (20 fit the usable line alone).
    expect(sg003?.data).toMatchObject({ shards: 24, categoricalBy: 'name' });
  });
});

/**
 * A raise that serves a key named like a category unsharded is withheld as its shards are: a 7-value `/status` got an
 * 18,000 RU/s raise as SG001's edit, where `/lossRegion`, sharded, was told a re-key is the fix.
 */
describe('a categorical primary key served by a raise: the raise offered, no edits', () => {
  const claimStatus = (path: string) =>
    lint({
      engine: 'cosmosdb',
      name: 'claim-status',
      partitionKey: { paths: [{ path, cardinality: 7 }] },
      workload: { peakReadUnits: 6000, peakWriteUnits: 3000, hotKeyShare: 0.6 },
      storage: { largestPartitionGb: 12, totalGb: 30 },
      throughput: { manual: 10000 },
      accessPatterns: [{ name: 'queue-by-status', keyAttributes: [path], share: 1 }],
    });

  it('`/status` (7 values, 60%): SG001 and SG003 keep the raise in their text, say why, and carry no edits', () => {
    const findings = claimStatus('/status').filter((f) => f.ruleId === 'SG001' || f.ruleId === 'SG003');
    expect(findings.map((f) => f.ruleId).sort()).toEqual(['SG001', 'SG003']);
    for (const f of findings) {
      expect(f.edits).toBeUndefined();
      expect(f.data).toMatchObject({ categoricalBy: 'name', categoricalKey: ['/status'], categoricalWithheld: 'raise', raiseTo: 18000 });
      expect(f.fix).toContain(
        'which serves the hottest `/status` value unsharded; replicated copies do not serve it: N copies write and store every document N times, so each meets 1/P of N × the writes on a container of N × its GB, one physical partition per 50 GB; --fix writes no edit for this raise: `/status` is named like a status, type or region, a category of the items rather than their identity, and a re-key is the fix',
      );
    }
  });

  it('a key of 7 values not named like a category keeps the raise as its edits', () => {
    const sg001 = claimStatus('/claimBatch').find((f) => f.ruleId === 'SG001');
    expect(sg001?.edits).toContainEqual({ op: 'set', path: 'throughput.manual', value: 18000 });
    expect(sg001?.data).not.toHaveProperty('categoricalBy');
  });
});

describe('not a categorical primary key: the edits stay', () => {
  it('a GSI keyed by a status (AWS write-shards such an index key for selective queries)', () => {
    const design = table({
      workload: { peakReadUnits: 1000, peakWriteUnits: 3000 },
      globalSecondaryIndexes: [
        {
          indexName: 'by-status',
          partitionKey: { name: 'status', type: 'S', cardinality: 5 },
          sortKey: orderId,
          workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.6 },
        },
      ],
    });
    const sg001 = lint(design).find((f) => f.ruleId === 'SG001');
    expect(sg001?.index).toBe('by-status');
    expect(sg001?.edits?.length).toBeGreaterThan(0);
    expect(sg001?.data).not.toHaveProperty('categoricalBy');
  });

  it('the season table of game-flawed.json: 40 seasons, the hottest sharded 37 ways (hotValues: 1; 37 for the index that carries its shards, carry28)', () => {
    const design = JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/game-flawed.json'), 'utf8')) as DesignInput;
    const sg001 = lint(design).find((f) => f.ruleId === 'SG001' && f.resource === 'season-scores' && f.index === undefined);
    // index29: the edit is withheld, not for a categorical key, but because `top-100` on the index that carries the 37
    // shards then fans out past the read quota (carried-shards-raise.test.ts): the request is part of the fix.
    expect(sg001?.data).not.toHaveProperty('categoricalBy');
    expect(sg001?.fix).not.toContain('--fix writes no edit for these shards');
    expect(sg001?.fix).toContain('into N = 37 calculated shards on `playerId`');
    expect(sg001?.fix).toContain('the fan-out makes index `leaderboard-by-season`, whose key holds these shards');
    expect(sg001?.edits).toBeUndefined();
  });

  it('a status the design shards already: the raise of its own count is written', () => {
    const design = table({
      partitionKey: { name: 'status', type: 'S', cardinality: 5 },
      sortKey: orderId,
      workload: { peakReadUnits: 1000, peakWriteUnits: 20000 },
      sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'orderId' },
    });
    const withEdits = lint(design).filter((f) => (f.edits?.length ?? 0) > 0 && f.ruleId === 'SG003');
    expect(withEdits.length).toBeGreaterThan(0);
    for (const f of withEdits) expect(f.data).not.toHaveProperty('categoricalBy');
  });
});

/**
 * A Cosmos DB key named like a value the application changes (a status): a partition key value cannot be updated
 * (Azure, "Partitioning and horizontal scaling"), so each change is a delete and a create in another logical partition,
 * which no transactional batch joins. A stranger's outbox keyed by `/status` was told to re-key, not why a status moves.
 */
describe('a categorical Cosmos DB key whose value changes: the re-key clause says what each change costs', () => {
  const outbox = (path: string) =>
    lint({
      engine: 'cosmosdb',
      name: 'outbox',
      partitionKey: { paths: [{ path, cardinality: 4 }] },
      workload: { peakReadUnits: 4000, peakWriteUnits: 6000, hotKeyShare: 0.6 },
      throughput: { autoscaleMax: 20000 },
      storage: { totalGb: 50, largestPartitionGb: 45 },
      accessPatterns: [{ name: 'pending-due', keyAttributes: [path], share: 1 }],
    }).find((f) => f.ruleId === 'SG006');

  it('`/status`: SG006 says a change is a delete and a create that no batch joins', () => {
    const sg006 = outbox('/status');
    expect(sg006?.data).toMatchObject({ categoricalBy: 'name', changingKey: '/status' });
    expect(sg006?.fix).toContain(
      "; and a `/status` value changes over a document's life, where a partition key value cannot be updated: each change is a delete and a create, 2 writes in two logical partitions that no transactional batch or ETag (If-Match) claim covers together; or move",
    );
  });

  it('`/region`, categorical but not named like a value that changes: no such clause', () => {
    const sg006 = outbox('/region');
    expect(sg006?.data).toMatchObject({ categoricalBy: 'name' });
    expect(sg006?.data).not.toHaveProperty('changingKey');
    expect(sg006?.fix).not.toContain("changes over a document's life");
  });

  it("DynamoDB's orderStatus: a transaction spans key values there, so the clause is Cosmos DB's alone", () => {
    const sg003 = lint(
      table({
        partitionKey: { name: 'orderStatus', type: 'S', cardinality: 5 },
        sortKey: orderId,
        workload: { peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 0.3 },
      }),
    ).find((f) => f.ruleId === 'SG003');
    expect(sg003?.data).toMatchObject({ categoricalBy: 'name' });
    expect(sg003?.data).not.toHaveProperty('changingKey');
  });
});

/**
 * A key of no more values than its shards is categorical only where the reads could take another key: a declared read
 * of a whole value of it that gives nothing else ("votes for contestant X") has no other key to go to, so the shards
 * are the fix (AWS: candidate ID + a random suffix, "Using write sharding to distribute workloads evenly").
 */
describe('a key of few values that its reads ask for: the shards, not a re-key', () => {
  const votes = (patterns: { name: string; keyAttributes: string[]; share: number; resultKb?: number }[], peakReadUnits = 60_000) =>
    lint(
      table({
        name: 'votes',
        partitionKey: { name: 'contestantId', type: 'S', cardinality: 12 },
        sortKey: { name: 'viewerId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits, peakWriteUnits: 20_000, hotKeyShare: 0.35 },
        invariants: [{ kind: 'running-total', description: 'votes per contestant', splitPerShard: true }],
        accessPatterns: patterns,
      }),
    ).filter((f) => f.ruleId === 'SG001' || f.ruleId === 'SG003');

  it('results read by `contestantId` alone: SG001 and SG003 keep the 60 shards, written once the results are sized', () => {
    // On the reads as charged (has-viewer-voted's 1,200 RCU queries every shard): 58,800 + 1,200 × N RCU, on demand
    // P = ⌈2 × that ÷ 3,000⌉; 60: 130,800 RCU on 88, two shards take 2 × 763 + 1,469.02 = 2,995.02 of 3,000 RCU; 59:
    // 3,009.61 (fix-uncounted-fan-out.test.ts). Sized at 400 KB, each shard's Query rounds up to 8 KB from 50 to 99
    // shards: 100 (fix-uncounted-fan-out.test.ts).
    // Was categoricalBy: 'values' with no edits ("a re-key is the fix … 12 values, no more than the 41 shards").
    const results = (resultKb?: number) =>
      votes([
        { name: 'results-per-contestant', keyAttributes: ['contestantId'], share: 0.98, ...(resultKb === undefined ? {} : { resultKb }) },
        { name: 'has-viewer-voted', keyAttributes: ['contestantId', 'viewerId'], share: 0.02 },
      ]);
    const findings = results();
    expect(findings.map((f) => f.ruleId)).toEqual(['SG001', 'SG003']);
    for (const f of findings) {
      expect(f.data).not.toHaveProperty('categoricalBy');
      expect(f.fix).toContain('shard `contestantId` into N = 60 random shards');
      // No resultKb on the results page: its 60 Queries a read, each charged at least one read unit, go uncounted.
      expect(f.data).toMatchObject({ uncountedPatterns: ['results-per-contestant'], uncountedShards: 60 });
      expect(f.edits).toBeUndefined();
    }
    for (const f of results(400)) expect(f.edits).toContainEqual(expect.objectContaining({ path: 'sharding', value: { strategy: 'random', shards: 100 } }));
  });

  it('every read giving the viewer too: a re-key by it serves them all, so the key is still categorical', () => {
    const findings = votes([{ name: 'has-viewer-voted', keyAttributes: ['contestantId', 'viewerId'], share: 1 }], 1_000);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.data).toMatchObject({ categoricalBy: 'values', categoricalValues: 12 });
      expect(f.edits).toBeUndefined();
    }
  });
});
