/**
 * A write-hot GSI key is sharded in a separate attribute the application writes (AWS, "Using global
 * secondary index write sharding for selective table queries"): the fix's edits key the index by the
 * attribute its text names, so the attribute every other reader uses keeps its plain values.
 */
import { applyDesignEdits, lint, shardedKey, type DesignEdit, type DynamoDbTableDesign, type Finding } from '../../lib';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { hourlyOrderEvents as hourly } from '../fixtures';

/**
 * The reviewer's design: six order statuses, the hottest taking half of 8,000 WCU on one index key. Beside its neighbours
 * the index has 16 partitions (twice its 4,000 RCU and 8,000 WCU: max(3, 16)): 13 fit the usable line, 307.69 + 7,692.31 ÷
 * 16 = 788.46 of 800 (at 12, 333.33 + 7,666.67 ÷ 16 = 812.5), and N = 15 two shards on one partition within its hard 1,000
 * WCU: 2 × 4,000 ÷ N × (1 − 1 ÷ 16) + 500 = 1,000 at 15 (1,035.71 at 14, 1,076.92 at 13).
 */
function orders(gsi: Partial<NonNullable<DynamoDbTableDesign['globalSecondaryIndexes']>[number]> = {}, statusKeys = ['orderStatus']): DynamoDbTableDesign {
  return {
    engine: 'dynamodb',
    name: 'orders',
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 20000, peakWriteUnits: 8000 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'orderStatus', type: 'S', cardinality: 6 },
        sortKey: { name: 'updatedAt', type: 'S' },
        // Its writes declared at the table's: this file is about the shard attribute, not about key changes counted twice.
        workload: { hotKeyShare: 0.5, peakWriteUnits: 8000 },
        ...gsi,
      },
    ],
    accessPatterns: [
      { name: 'get-order', keyAttributes: ['orderId'], share: 0.8 },
      // A status's orders, read whole: sized, so the fan-out over the shards is counted and the fix written (a read of no
      // declared size leaves it unwritten: each shard's Query is charged at least one read unit however little it returns).
      { name: 'orders-in-status', index: 'by-status', keyAttributes: statusKeys, share: 0.2, resultKb: 400 },
    ],
  };
}

const editsOf = (findings: readonly Finding[], ruleId: string): readonly DesignEdit[] => findings.find((f) => f.ruleId === ruleId)?.edits ?? [];

describe('the fix for a write-hot GSI key', () => {
  const findings = lint(orders());

  it('keys the index by the separate attribute its text names, declared with the attribute it shards', () => {
    expect(findings.map((f) => f.ruleId)).toEqual(['SG001', 'SG003']);
    for (const ruleId of ['SG001', 'SG003']) {
      const finding = findings.find((f) => f.ruleId === ruleId) as Finding;
      expect(finding.fix).toContain('`orderStatusShard` = `orderStatus` + "#" + a random 0…14 (N = 15 random shards)');
      expect(finding.edits).toEqual([
        { op: 'set', path: 'globalSecondaryIndexes[0].sharding', value: { strategy: 'random', shards: 15, logicalAttribute: 'orderStatus' } },
        { op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.name', value: 'orderStatusShard' },
        { op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.type', value: 'S' },
        { op: 'set', path: 'accessPatterns[1].keyAttributes', value: ['orderStatusShard'] },
        // A GSI's key cannot change in place: the re-keyed index is a new one, and its reader moves to it.
        { op: 'set', path: 'globalSecondaryIndexes[0].indexName', value: 'by-status-v2' },
        { op: 'set', path: 'accessPatterns[1].index', value: 'by-status-v2' },
        { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
      ]);
    }
  });

  it('gives a design with no findings, whose re-lint proposes nothing more (--fix converges)', () => {
    const fixed = applyDesignEdits(orders(), editsOf(findings, 'SG003'));
    expect(fixed.globalSecondaryIndexes?.[0].partitionKey).toEqual({ name: 'orderStatusShard', type: 'S', cardinality: 6 });
    expect(lint(fixed)).toEqual([]);
    // The application's key builders take the fixed design's sharding as it is.
    expect(shardedKey(fixed.globalSecondaryIndexes?.[0].sharding).readKeys('PENDING')).toEqual([
      'PENDING#0',
      'PENDING#1',
      'PENDING#2',
      'PENDING#3',
      'PENDING#4',
      'PENDING#5',
      'PENDING#6',
      'PENDING#7',
      'PENDING#8',
      'PENDING#9',
      'PENDING#10',
      'PENDING#11',
      'PENDING#12',
      'PENDING#13',
      'PENDING#14',
    ]);
  });

  it('keeps the kind of the renamed key: a string key that is a value stays one, a numeric key becomes a string', () => {
    const numeric = lint(orders({ partitionKey: { name: 'priority', type: 'N', cardinality: 6 } }, ['priority']));
    const edits = editsOf(numeric, 'SG003');
    expect(edits).toContainEqual({ op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.type', value: 'S' });
    expect(edits.some((e) => e.path.endsWith('partitionKey.kind'))).toBe(false);
    expect(lint(applyDesignEdits(orders({ partitionKey: { name: 'priority', type: 'N', cardinality: 6 } }, ['priority']), edits))).toEqual([]);
  });

  it('keeps a time-bucket key a time bucket under its new name (dayShard would read as a value)', () => {
    const byDay: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 100, peakWriteUnits: 8000 },
      globalSecondaryIndexes: [{ indexName: 'by-day', partitionKey: { name: 'day', type: 'S', cardinality: 365 }, sortKey: { name: 'orderId', type: 'S' } }],
    };
    const edits = lint(byDay).find((f) => f.ruleId === 'SG002')?.edits ?? [];
    expect(edits).toContainEqual({ op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.name', value: 'dayShard' });
    expect(edits).toContainEqual({ op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.kind', value: 'time-bucket' });
    expect(lint(applyDesignEdits(byDay, edits))).toEqual([]);
  });

  it('stays an edit of the sharding alone on a table key, which holds the shard in its own value', () => {
    const events: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'events',
      partitionKey: { name: 'merchantId', type: 'S', cardinality: 2000 },
      sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1500, peakWriteUnits: 6000, hotKeyShare: 0.3 },
      accessPatterns: [{ name: 'events-of-merchant', keyAttributes: ['merchantId'], share: 1, resultKb: 400 }],
    };
    const edits = editsOf(lint(events), 'SG003');
    expect(edits.map((e) => e.path)).toEqual(['sharding', 'accessPatterns[0].fanOut']);
    expect(JSON.stringify(edits)).not.toContain('logicalAttribute');
  });

  it('does not rename a key already a separate shard attribute: too few shards are raised, the attribute kept', () => {
    const declared = orders(
      { partitionKey: { name: 'orderStatusShard', type: 'S', cardinality: 6 }, sharding: { strategy: 'random', shards: 2, logicalAttribute: 'orderStatus' } },
      ['orderStatusShard'],
    );
    const finding = lint(declared).find((f) => f.ruleId === 'SG003') as Finding;
    expect(finding.fix).toMatch(/^raise sharding\.shards from 2 to N = 15/);
    expect(finding.fix).not.toContain('ShardShard');
    expect(finding.edits).toEqual([
      { op: 'set', path: 'globalSecondaryIndexes[0].sharding', value: { strategy: 'random', shards: 15, logicalAttribute: 'orderStatus' } },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ]);
  });

  it('leaves a sharding declared on the index key itself as it is declared: only its count changes', () => {
    const edits = editsOf(lint(orders({ sharding: { strategy: 'random', shards: 2 } })), 'SG003');
    expect(edits).toEqual([
      { op: 'set', path: 'globalSecondaryIndexes[0].sharding', value: { strategy: 'random', shards: 15 } },
      { op: 'set', path: 'accessPatterns[1].fanOut', value: true },
    ]);
  });

  it('adds the shard to a multi-attribute index key as a number attribute of its own (DynamoDB hashes them together), with its edits', () => {
    const multi = orders(
      {
        partitionKey: undefined,
        partitionKeys: [
          { name: 'region', type: 'S', cardinality: 2 },
          { name: 'orderStatus', type: 'S', cardinality: 3 },
        ],
      },
      ['region', 'orderStatus'],
    );
    const finding = lint(multi).find((f) => f.ruleId === 'SG003') as Finding;
    // (`region`, `orderStatus`) is a category: the re-key leads, the shards keep it (categorical-index.test.ts).
    expect(finding.fix).toMatch(
      /; or, to keep reading it by \(`region`, `orderStatus`\): add to the partition key of index `by-status`, after \(`region`, `orderStatus`\), an attribute .*`shard` = a random 0…14/,
    );
    expect(finding.edits).toEqual(
      expect.arrayContaining([
        { op: 'set', path: 'globalSecondaryIndexes[0].sharding', value: { strategy: 'random', shards: 15 } },
        { op: 'set', path: 'globalSecondaryIndexes[0].partitionKeys[2]', value: { name: 'shard', type: 'N', cardinality: 1 } },
        { op: 'set', path: 'accessPatterns[1].keyAttributes', value: ['region', 'orderStatus', 'shard'] },
      ]),
    );
  });
});

describe('sharding.logicalAttribute', () => {
  it('renames a one-attribute key given as a list (partitionKeys) in its place', () => {
    const listed = orders({ partitionKey: undefined, partitionKeys: [{ name: 'orderStatus', type: 'S', cardinality: 6 }] });
    const edits = editsOf(lint(listed), 'SG003');
    expect(edits).toContainEqual({ op: 'set', path: 'globalSecondaryIndexes[0].partitionKeys[0].name', value: 'orderStatusShard' });
    expect(lint(applyDesignEdits(listed, edits))).toEqual([]);
  });

  it("keeps the attribute it shards declared: the renamed key's cardinality is still what a table's calculated shard on it counts", () => {
    // fix-convergence's counterexample: the index key was the only declaration of the table's shard source.
    const design: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'generated',
      partitionKey: { name: 'eventId', type: 'S', cardinality: 1 },
      workload: { peakReadUnits: 0, peakWriteUnits: 801 },
      sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'customerId' },
      globalSecondaryIndexes: [
        {
          indexName: 'by-customerId',
          partitionKey: { name: 'customerId', type: 'S', cardinality: 5000 },
          sortKey: { name: 'itemId', type: 'S' },
          workload: { hotKeyShare: 0.020000500032500815, peakReadUnits: 119997 },
        },
      ],
    };
    const edits = editsOf(lint(design), 'SG003');
    expect(edits).toContainEqual({ op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.name', value: 'customerIdShard' });
    expect(lint(applyDesignEdits(design, edits)).map((f) => f.ruleId)).not.toContain('SG018');
  });

  it('is an input error, naming the field, on a table key, on the index key itself, or with a multi-attribute index key', () => {
    const onTable = { ...orders(), sharding: { strategy: 'random' as const, shards: 2, logicalAttribute: 'orderId' } };
    expect(() => lint(onTable)).toThrow(/sharding\.logicalAttribute: applies to a global secondary index only/);
    expect(() => lint(orders({ sharding: { strategy: 'random', shards: 5, logicalAttribute: 'orderStatus' } }))).toThrow(
      /globalSecondaryIndexes\[0\]\.sharding\.logicalAttribute: is the partition key itself/,
    );
    const multi = orders({
      partitionKey: undefined,
      partitionKeys: [
        { name: 'region', type: 'S', cardinality: 2 },
        { name: 'statusShard', type: 'S', cardinality: 3 },
      ],
      sharding: { strategy: 'random', shards: 5, logicalAttribute: 'orderStatus' },
    });
    expect(() => lint(multi)).toThrow(/globalSecondaryIndexes\[0\]\.sharding\.logicalAttribute: needs a single-attribute partition key/);
  });

  it('is accepted on a single-attribute index key that is another attribute', () => {
    const fine = orders(
      { partitionKey: { name: 'orderStatusShard', type: 'S', cardinality: 6 }, sharding: { strategy: 'random', shards: 15, logicalAttribute: 'orderStatus' } },
      ['orderStatusShard'],
    );
    const fanningOut = { ...fine, accessPatterns: fine.accessPatterns?.map((p) => (p.index ? { ...p, fanOut: true } : p)) };
    expect(lint(fanningOut)).toEqual([]);
  });
});

describe('what --fix says the application must change', () => {
  it('for the separate shard attribute: write it beside the attribute it shards, and query the index by it', () => {
    expect(
      applicationChange({
        op: 'set',
        path: 'tables[0].globalSecondaryIndexes[0].sharding',
        value: { strategy: 'random', shards: 5, logicalAttribute: 'orderStatus' },
      }),
    ).toMatch(/^the application must write the index's key attribute on each item as orderStatus \+ "#" \+ a random 0…4, leaving orderStatus as it is/);
    // The index is not replaced under its own name (no deploy can): the rename's change says the rollout (test/cli/fix-index-replacement.test.ts).
    expect(applicationChange({ op: 'set', path: 'tables[0].globalSecondaryIndexes[0].partitionKey.name', value: 'orderStatusShard' })).toBe(
      "the index's partition key changes: the application must write the new key attribute on each item and query the index by it",
    );
  });

  it('for a table key, as before', () => {
    expect(applicationChange({ op: 'set', path: 'tables[0].sharding', value: { strategy: 'random', shards: 5 } })).toMatch(
      /^the application must write keys as key#0…key#4/,
    );
    expect(applicationChange({ op: 'set', path: 'tables[0].partitionKey.name', value: 'x' })).toMatch(/^the partition key changes: the table or container/);
  });
});

describe('a separate shard attribute of a time bucket (sharding.logicalAttribute)', () => {
  it('is a time bucket when the attribute it shards is named as one: 25 shards of 4,000 WCU, 160 each, fit 800 usable', () => {
    // The index's capacity defaults to the table's auto scaling (2,000–12,000 RCU, 1,000–8,000 WCU at 70%); at the peak
    // it provisions the 2,000 RCU minimum (⌈300 ÷ 0.7⌉ = 429 is below it) and ⌈4,000 ÷ 0.7⌉ = 5,715 WCU: max(1, 6) = 6
    // partitions (autoscale19; before, 8 for the maximums). The current hour's shards are each other's neighbours:
    // 160 + 3,840 ÷ 6 = 800 of 800 at 25 (at 24, 166.67 + 638.89 = 805.56; at 12, 333.33 + 611.11 = 944.44, SG003).
    // Before: 12 fitted on 8 partitions (333.33 + 3,666.67 ÷ 8 = 791.67); before that, the retired sum count's 12
    // partitions fitted orders-sound.json's 8 (500 + 3,500 ÷ 12 = 791.67).
    expect(lint(hourly(25))).toEqual([]);
    // 25 on 6 partitions: a partition holds ⌈25 ÷ 6⌉ = 5, and 6 on one take 960 of the hard 1,000 (the value is the whole key
    // space, so no neighbours beside them).
    // warm20: 25 shards on 6 partitions is a fan-out its neighbours set (5 alone): the fix leads with warm throughput for
    // 28 partitions and 9 shards, then 25 on the 6 counted now. At the quota's 40 partitions two shards on one need
    // 2 × 4,000 ÷ N × (1 − 1 ÷ 40) + 100 ≤ 1,000: N ≥ 8.67, so 9 (6 gave 1,400); 9 fit it from 28 partitions
    // (888.89 × (1 − 1 ÷ 28) + 4,000 ÷ 28 = 1,000), and the usable line with 5% free from 12.
    expect(lint(hourly(12)).map((f) => `${f.ruleId} ${f.data?.shards as number} ${f.data?.currentShards as number}`)).toEqual(['SG003 9 25']);
  });

  it('is judged by SG003 when its shards are too few: 4,000 ÷ 4 = 1,000 WCU per shard, over 800; pre-warm and raise to 9 (25 as it is)', () => {
    const findings = lint(hourly(4));
    expect(findings.map((f) => f.ruleId)).toEqual(['SG003']);
    expect(findings[0].data).toMatchObject({
      shards: 9,
      currentShards: 25,
      warmPartitions: 28,
      declaredShards: 4,
      keySpacePartitions: 6,
      partitionsCountedBy: 'auto-scaling-at-peak',
    });
    expect(findings[0].fix).toMatch(
      /^pre-warm index `by-hour` to 28,000 write units a second \(warmThroughput\): 28 partitions where 6 are counted now.*, then raise sharding\.shards from 4 to N = 9 \(calculated on `orderId`\).*; or, on the 6 partitions counted now, N = 25 shards/,
    );
  });

  it('names the hot value by the bucket the user reads by, `hourBucket`, with the shard attribute that holds it in brackets', () => {
    const [sg003] = lint(hourly(4));
    expect(sg003).toMatchObject({ messageId: 'hotHeldKey', data: { logical: 'hourBucket', key: ['hourBucketShard'] } });
    expect(sg003.message).toMatch(
      /^the hottest `hourBucket` value on index `by-hour` \(held with its shard in `hourBucketShard`\) takes 100% \(the current time bucket\) of the peak: /,
    );
  });

  it('is named by the bucket it holds where SG002 speaks of the bucket: 600 WCU fits 800 unsharded, 1.33× to go', () => {
    const sg002 = lint(hourly(8, 600)).find((f) => f.ruleId === 'SG002') as Finding;
    expect(sg002).toMatchObject({ messageId: 'heldKeyFits', severity: 'warning', data: { key: ['hourBucketShard'], bucket: ['hourBucket'], load: 600 } });
    expect(sg002.message).toBe(
      'partition key `hourBucketShard` on index `by-hour` holds the time bucket `hourBucket` and a shard: the current bucket takes every write and the reads of recent data, but one partition serves it with headroom (600 of a usable 800 WCU) unsharded: fine today, saturated when traffic grows 1.33×; each rollover starts a bucket cold',
    );
    expect(sg002.fix).toContain('combine `hourBucket` with a business attribute');
  });

  it('keeps its kind declared when the sharding it no longer needs is removed, so the re-lint still sees the current hour', () => {
    // 500 WCU, not 600: at 600 (1.33× unsharded, short of minGrowthHeadroom 1.5) the shards keep its growth, not needless.
    const design = hourly(8, 500);
    const sg007 = lint(design).find((f) => f.ruleId === 'SG007') as Finding;
    expect(sg007.edits).toEqual([
      { op: 'remove', path: 'globalSecondaryIndexes[0].sharding' },
      { op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.kind', value: 'time-bucket' },
      // `orders-this-hour` fanned out over the shards; it reads one key once they are gone.
      { op: 'remove', path: 'accessPatterns[1].fanOut' },
    ]);
    // Re-linted: SG002 on the whole 500 WCU (800 ÷ 500 = 1.6×), not SG001 on 500 ÷ 24 = 20.83 WCU ("38.4×").
    const after = lint(applyDesignEdits(design, sg007.edits as DesignEdit[]));
    expect(after.map((f) => `${f.ruleId} ${f.messageId}`)).toEqual(['SG002 timeKeyFits']);
    expect(after[0].message).toContain('saturated when traffic grows 1.6×');
  });

  it('follows a declared kind, which adds no edit on removal', () => {
    // An ordinary 24-valued key: 4,000 ÷ 24 = 166.67 WCU a value beside (4,000 − 166.67) ÷ 6 = 638.89 is 805.56, over 800
    // on the 6 partitions auto scaling has at the peak, so it needs 2 shards (83.33 + 652.78 = 736.11): 8 are SG008's
    // "more than 2× the 2 the peak needs" (autoscale19; on 8 partitions it fitted unsharded: SG001 and SG007's removal).
    expect(lint(hourly(8, 4000, 'value')).map((f) => `${f.ruleId} ${f.fix ?? ''}`)).toEqual([
      "SG008 lower sharding.shards from 8 to N = 2 (calculated on `orderId`); N = 2 assumes its shards hash onto different partitions of the 6: two share one 16.67% of the time, and that partition then takes 805.56 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic; every item already written keeps the shard hash mod 8 gave it, so a read that computes its shard anew, or fans out over the kept suffixes, misses it until the application rewrites it under its new shard; worth that move because each read by `orders-this-hour` queries every shard: 2 queries a read, not 8",
    ]);
    const sg007 = lint(hourly(8, 500, 'time-bucket')).find((f) => f.ruleId === 'SG007') as Finding;
    expect(sg007.edits).toEqual([
      { op: 'remove', path: 'globalSecondaryIndexes[0].sharding' },
      { op: 'remove', path: 'accessPatterns[1].fanOut' },
    ]);
  });

  it('changes nothing for an unsharded key or a logical attribute that is no time bucket', () => {
    expect(lint(hourly(undefined)).map((f) => f.ruleId)).toEqual(['SG001']);
    const status = orders(
      { partitionKey: { name: 'orderStatusShard', type: 'S', cardinality: 6 }, sharding: { strategy: 'random', shards: 5, logicalAttribute: 'orderStatus' } },
      ['orderStatusShard'],
    );
    expect(lint(status).map((f) => f.ruleId)).not.toContain('SG002');
  });
});
