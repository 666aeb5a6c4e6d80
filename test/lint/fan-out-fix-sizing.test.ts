/**
 * A fix that adds a fan-out, or whose shard count a fan-out reads, is judged on the reads as DynamoDB charges them:
 * every Query of each shard a request of its own, charged at least 0.5 RCU eventually consistent on the partition of the
 * shard it reads (AWS "Query"; "Using write sharding to distribute workloads evenly"), and an on-demand key space's
 * partitions counted from twice that charged peak ("On-demand capacity mode"). So one --fix converges: the design its
 * edits leave gets no SG003 they caused (test/lint/fix-convergence.test.ts).
 */
import { applyDesignEdits, lint, type DesignEdit, type DesignInput, type Finding } from '../../lib';

const sg003 = (design: DesignInput) => lint(design).filter((f) => f.ruleId === 'SG003');
const applied = (design: DesignInput, f: Finding) => applyDesignEdits(design, f.edits as DesignEdit[]);

describe('fixes sized for the fan-out they add (DynamoDB)', () => {
  it("SG009 writes no fanOut that puts the sharded key's hottest value over beside the queries it adds", () => {
    // 70 random shards of `status` (25% of 51,502 RCU: 12,875.5 RCU, 183.94 a shard): `pattern-1` (7.5%) reads one
    // shard. Fanned out, each of its 3,862.65 RCU of reads queries all 70: 270,385.5 + 47,639.35 = 318,024.85 RCU charged
    // (SG017's figure), P = ⌈636,049.7 ÷ 3,000⌉ = 213; the hottest value's shard takes 11,909.84 ÷ 70 + 965.66 = 1,135.8
    // RCU beside (318,024.85 − 1,135.8) ÷ 213 = 1,487.74: 2,623.55 of a usable 2,400.
    const design: DesignInput = {
      engine: 'dynamodb',
      name: 'status-log',
      partitionKey: { name: 'status', type: 'S', cardinality: 5000 },
      sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      workload: { peakReadUnits: 51_502, peakWriteUnits: 84_159, hotKeyShare: 0.25 },
      sharding: { strategy: 'random', shards: 70 },
      storage: { largestPartitionGb: 12 },
      accessPatterns: [
        { name: 'pattern-0', keyAttributes: [], share: 0.224 },
        { name: 'pattern-1', keyAttributes: ['status', 'createdAt'], share: 0.075 },
      ],
      monitoring: { contributorInsights: true },
    } as DesignInput;
    // Left unfanned (SG009 writes no fanOut), the reads stay as declared, and the writes' pair is SG003's: 21,039.75 WCU
    // hot on 70 shards, 300.57 each, on max(35, ⌈168,318 ÷ 1,000⌉) = 169 partitions: two take 601.14 + 494.42 =
    // 1,095.56 of 1,000 WCU; at 84, 2 × 250.47 + 495.02 = 995.96.
    expect(sg003(design).map((f) => [f.messageId, f.edits])).toEqual([['hashedPairOver', [{ op: 'set', path: 'sharding.shards', value: 84 }]]]);
    const finding = lint(design).find((f) => f.ruleId === 'SG009');
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain('but fanning out `pattern-1` puts the hottest `status` value over its partition beside the queries it adds');
    // The fan-out set by hand: SG003 says so.
    const patterns = (design as { accessPatterns: object[] }).accessPatterns;
    const fanned = { ...design, accessPatterns: [patterns[0], { ...patterns[1], fanOut: true }] } as DesignInput;
    expect(sg003(fanned).map((f) => f.path)).toEqual(['sharding.shards']);
  });
});

describe('fixes sized for the fan-out they add (DynamoDB), more', () => {
  it("SG012 names a sharded index for crossing reads but writes no edit where their fan-out would put the index's hottest value over", () => {
    // `pattern-0` (16.3% of the table's queries) carries `customerId`, the key of `by-customerId`, random-sharded 242
    // ways: sent there it queries all 242 shards, and the index's hottest value, within its partition now, passes its
    // usable 2,400 RCU beside the fanned-out requests.
    const design: DesignInput = {
      engine: 'dynamodb',
      name: 'events',
      partitionKey: { name: 'eventId', type: 'S', cardinality: 3 },
      sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      workload: { peakReadUnits: 25_702, peakWriteUnits: 971, hotKeyShare: 1 },
      globalSecondaryIndexes: [
        {
          indexName: 'by-customerId',
          partitionKey: { name: 'customerId', type: 'S', cardinality: 3 },
          sortKey: { name: 'itemId', type: 'S' },
          workload: { peakReadUnits: 2400 },
          sharding: { strategy: 'random', shards: 242 },
        },
      ],
      storage: { largestPartitionGb: 12 },
      accessPatterns: [
        { name: 'pattern-0', keyAttributes: ['createdAt', 'customerId'], share: 0.163, limit: 10 },
        {
          name: 'pattern-1',
          keyAttributes: ['customerId', 'eventId', 'createdAt'],
          index: 'by-customerId',
          share: 0.136,
          fanOut: true,
          keyValue: 'current-season',
          resultKb: 0.5,
        },
      ],
      monitoring: { contributorInsights: true },
    } as DesignInput;
    const finding = lint(design).find((f) => f.ruleId === 'SG012');
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain('--fix writes no edit: on `by-customerId` each of these queries would be a Query of every shard');
    expect(sg003(design).filter((f) => f.path.startsWith('globalSecondaryIndexes'))).toEqual([]);
  });

  it('a fix that trades replicated copies of a GSI for calculated shards counts the fan-out those shards add', () => {
    // 150 copies of `day` (801 WCU on each, past 800): the fix re-keys the index on `dayShard`, whose `pattern-2`
    // (fanOut, 36.1% of 40,552 RCU) then queries every shard. Counted on the copies' unfanned reads the fix gave 42
    // shards, at which the next lint judged the index over (965.52 RCU a shard beside 1,494.85 on 428 partitions).
    const design: DesignInput = {
      engine: 'dynamodb',
      name: 'generated',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 5000 },
      sortKey: { name: 'itemId', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      workload: { peakReadUnits: 800, peakWriteUnits: 801, hotKeyShare: 0.001 },
      globalSecondaryIndexes: [
        {
          indexName: 'by-day',
          partitionKey: { name: 'day', type: 'S', cardinality: 50 },
          sortKey: { name: 'itemId', type: 'S' },
          workload: { hotKeyShare: 1, peakReadUnits: 40_552 },
          sharding: { strategy: 'replicated', shards: 150 },
        },
      ],
      storage: { largestPartitionGb: 1 },
      accessPatterns: [
        { name: 'pattern-0', keyAttributes: ['itemId', 'customerId'], index: 'by-day', share: 0.226 },
        { name: 'pattern-1', keyAttributes: ['tenantId', 'customerId'], index: 'by-day', share: 0.271 },
        {
          name: 'pattern-2',
          keyAttributes: ['day', 'itemId', 'customerId'],
          index: 'by-day',
          share: 0.361,
          fanOut: true,
          keyValue: 'current-season',
          resultKb: 400,
        },
      ],
      monitoring: { contributorInsights: true },
    } as DesignInput;
    const fix = sg003(design).find((f) => f.edits?.some((e) => e.path === 'globalSecondaryIndexes[0].sharding'));
    expect(fix).toBeDefined();
    const after = sg003(applied(design, fix as Finding));
    expect(after.map((f) => `${f.path}: ${f.message.slice(0, 300)}`)).toEqual([]);
  });
});
