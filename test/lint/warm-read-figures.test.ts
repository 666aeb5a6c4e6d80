/**
 * warmread35: the read side of the findings on one key, as strangers' reviews left it.
 * - SG017 sized a launch's pre-warm on today's reads, while the key's fix (SG003) shards the key with a fan-out that
 *   multiplies them: 14,850 RCU on the first lint, more on the next, once the shards and fanOut were written. It now
 *   sizes them as the fix leaves them (each Query of a fan-out a request of its own), so --fix writes one figure.
 * - A key sharded with fanOut already: SG017 pre-warms for every query of the fan-out, SG003's partitions count each
 *   read once; SG003 now says so, with both figures.
 * - DAX named for read heat names a cache in the application beside it (an item every request reads).
 * - A KEYS_ONLY index counted at the table's writes, an upper bound by the tool's own words: SG003 no longer demands
 *   (an error with an edit) a re-keyed, sharded index on that bound; it warns, and asks for the index's own figure first.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const on = (findings: readonly Finding[], ruleId: string, index?: string) => findings.find((f) => f.ruleId === ruleId && f.index === index);

/** A leaderboard launched at its peak: one board takes 30% of the score writes; `top-scores` reads a board's top (1 KB). */
const leaderboard = (overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'leaderboard',
  partitionKey: { name: 'boardId', type: 'S', cardinality: 2_000 },
  sortKey: { name: 'playerId', type: 'S', cardinality: 'unique' },
  billing: 'on-demand',
  launchAtPeak: true,
  workload: { peakReadUnits: 11_880, peakWriteUnits: 6_000, hotKeyShare: 0.3, hotKeyOperations: 'writes' },
  accessPatterns: [
    { name: 'top-scores', keyAttributes: ['boardId'], share: 0.72, resultKb: 1 },
    { name: 'my-score', keyAttributes: ['boardId', 'playerId'], share: 0.28 },
  ],
  ...overrides,
});

/** The board sharded 3 ways at random, every `top-scores` read querying each shard (`resultKb`: what each read returns). */
const sharded = (resultKb?: number) =>
  leaderboard({
    workload: { peakReadUnits: 12_000, peakWriteUnits: 6_000, hotKeyShare: 0.3 },
    sharding: { strategy: 'random', shards: 3 },
    accessPatterns: [{ name: 'top-scores', keyAttributes: ['boardId'], share: 1, fanOut: true, ...(resultKb === undefined ? {} : { resultKb }) }],
  });

describe("SG017's pre-warm counts the reads the key's fix fans out", () => {
  it('names on the first lint the read warm throughput --fix writes (was 14,850, the reads before the fan-out)', () => {
    const findings = lint(leaderboard());
    const sg003 = on(findings, 'SG003');
    const sg017 = on(findings, 'SG017');
    expect(sg003?.fix).toContain('set fanOut on `top-scores`');
    // The hottest board's `top-scores` reads query its 5 shards, each charged at least one read unit. 5: the board's 1,800
    // of 6,000 WCU, two of 5 on one of 19 pre-warmed partitions take 720 + 5,280 ÷ 19 = 997.89 of the hard 1,000 WCU (on
    // 18, 1,013.33); two of 4 would take 900 + 5,100 ÷ P, over it at any P up to the quota's 40.
    expect(sg017?.data).toMatchObject({ readUnitsPerSecond: 14_872, fixReadShards: 5, fixReadPatterns: ['top-scores'] });
    expect(sg017?.data?.fixReads).toBeCloseTo(11_897.11, 2);
    expect(sg017?.fix).toContain('once `top-scores` fan out over its N = 5 shards, each query charged at least one read unit, the read peak is 11,897.11 RCU');
    const { text } = fixDesignText(JSON.stringify({ tables: [leaderboard()] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.warmThroughput.readUnitsPerSecond).toBe(14_872);
    expect(lint({ tables: [fixed] })).toEqual([]);
  });

  it('a fix that fans no read out keeps the peak ÷ headroom figure, with no such note', () => {
    const sg017 = on(lint(leaderboard({ accessPatterns: [{ name: 'my-score', keyAttributes: ['boardId', 'playerId'], share: 1 }] })), 'SG017');
    expect(sg017?.data).toMatchObject({ readUnitsPerSecond: 14_850 });
    expect(sg017?.data?.fixReads).toBeUndefined();
    expect(sg017?.fix).not.toContain('its reads are sized as the fix');
  });
});

describe('a key sharded with fanOut already: SG003 counts the partitions of SG017’s pre-warm, for the reads as charged', () => {
  it('each query of the fan-out charged: SG017 pre-warms 45,000 RCU, and SG003 counts its 15 partitions', () => {
    // Each `top-scores` read (1 KB) queries the 3 shards, each Query charged what the unsharded read was: 36,000 RCU.
    // SG017's pre-warm, 36,000 ÷ 80% = 45,000 RCU and 6,000 ÷ 80% = 7,500 WCU, makes max(⌈45,000 ÷ 3,000⌉, ⌈7,500 ÷ 1,000⌉)
    // = 15 partitions, and SG003 judges the key on them (was 8, from the declared 12,000 RCU: 15,000 ÷ 3,000 = 5 and 8 of
    // the writes, while the neighbours beside it were already the 32,400 RCU charged). Beside a shard's 3,600 RCU:
    // 32,400 ÷ 15 = 2,160, 240 left.
    const findings = lint(sharded(1));
    expect(on(findings, 'SG017')?.data).toMatchObject({ reads: 36_000, readUnitsPerSecond: 45_000 });
    const sg003 = on(findings, 'SG003');
    expect(sg003?.data).toMatchObject({ keySpacePartitions: 15, partitionsChargedReads: 36_000, readNeighbours: 2_160, readLeft: 240 });
    expect(sg003?.message).toContain(
      '15 partitions assumed, for the warm throughput its launch peak as charged needs (SG017) (its reads fan out over the shards: 36,000 RCU; peak ÷ 80% headroom;',
    );
    expect(sg003?.message).not.toContain('each read once');
  });

  it('a fan-out counted once (no resultKb: each shard reads its part) says nothing of it', () => {
    const sg003 = on(lint(sharded()), 'SG003');
    expect(sg003?.data?.partitionsChargedReads).toBeUndefined();
    expect(sg003?.message).not.toContain('as charged');
  });
});

describe('read heat names a cache in the application beside DAX', () => {
  it('SG003: within the cache terms, with the staleness it brings', () => {
    const sg003 = on(lint(sharded(1)), 'SG003');
    expect(sg003?.fix).toContain('put DAX in front of');
    expect(sg003?.fix).toContain(
      '; or a cache in the application itself, in-process with a TTL of a few seconds: the lighter first answer for an item every request reads, such as a configuration or kill-switch item, with no cluster to run, but each instance serves what it last read until that TTL expires',
    );
  });

  it('SG014: a read-hot item within its ceiling', () => {
    const killSwitch: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'feature-flags',
      partitionKey: { name: 'flagId', type: 'S', cardinality: 500 },
      billing: 'on-demand',
      workload: { peakReadUnits: 2_000, peakWriteUnits: 5, hotKeyShare: 0.5, hotKeyOperations: 'reads' },
    };
    const sg014 = on(lint(killSwitch), 'SG014');
    expect(sg014?.fix).toContain('a cache in front of them (DAX, or a cache in the application itself, in-process');
  });

  // 4,000 of its partition's usable RU/s on the flag, 1.6× left: a share that could saturate it before 1.5× growth.
  it('Cosmos DB keeps its integrated cache alone (its profile names no application cache)', () => {
    const sg014 = on(
      lint({
        engine: 'cosmosdb',
        name: 'flags',
        partitionKey: { paths: [{ path: '/flagId', cardinality: 500 }] },
        throughput: { autoscaleMax: 40_000 },
        workload: { peakReadUnits: 8_000, peakWriteUnits: 5, hotKeyShare: 0.5, hotKeyOperations: 'reads' },
      }),
      'SG014',
    );
    expect(sg014?.fix).toBeDefined();
    expect(sg014?.fix).not.toContain('in the application itself');
  });
});

describe('a KEYS_ONLY index counted at the table writes, an upper bound', () => {
  const spend = (index: Partial<NonNullable<DynamoDbTableDesign['globalSecondaryIndexes']>[number]> = {}): DynamoDbTableDesign => ({
    engine: 'dynamodb',
    name: 'campaign-spend',
    partitionKey: { name: 'campaignId', type: 'S', cardinality: 40_000 },
    billing: 'on-demand',
    workload: { peakReadUnits: 12_000, peakWriteUnits: 30_000, hotKeyShare: 0.002 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-advertiser',
        partitionKey: { name: 'advertiserId', type: 'S', cardinality: 3_000 },
        sortKey: { name: 'campaignId', type: 'S', cardinality: 'unique' },
        projectionType: 'KEYS_ONLY',
        workload: { hotKeyShare: 0.05 },
        ...index,
      },
    ],
    accessPatterns: [
      { name: 'pacing-read-spend', keyAttributes: ['campaignId'], share: 0.99 },
      // Sized (480 KB), so a fix's fan-out is counted and written: with no resultKb none is (each shard's Query uncounted).
      { name: 'dashboard-by-advertiser', index: 'by-advertiser', keyAttributes: ['advertiserId'], share: 0.01, resultKb: 480 },
    ],
  });

  it('SG003 warns, asks for the index’s own writes first and writes no re-key (was an error with a sharded new index)', () => {
    const sg003 = on(lint(spend()), 'SG003', 'by-advertiser');
    expect(sg003?.severity).toBe('warning');
    expect(sg003?.edits).toBeUndefined();
    expect(sg003?.message).toContain('over on that bound alone, so this is a warning until the index declares its own writes');
    expect(sg003?.fix).toMatch(
      /^declare `globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits` with the writes that reach the index .*; if it is still over, key index `by-advertiser` by a separate attribute/,
    );
  });

  it('declared, and still over: the error and its edits are back', () => {
    const sg003 = on(lint(spend({ workload: { hotKeyShare: 0.05, peakWriteUnits: 30_000 } })), 'SG003', 'by-advertiser');
    expect(sg003?.severity).toBe('error');
    expect(sg003?.edits).toBeDefined();
  });

  it('projecting ALL, every update writes the index: an error, as before', () => {
    const sg003 = on(lint(spend({ projectionType: 'ALL' })), 'SG003', 'by-advertiser');
    expect(sg003?.severity).toBe('error');
    expect(sg003?.message).not.toContain('over on that bound alone');
  });
});
