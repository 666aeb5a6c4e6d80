/**
 * SG007's removal of a needless sharding left `fanOut: true` on the access pattern that read every shard (the page
 * pattern): the fixed design file then declared a fan-out over shards that no longer exist. The edit now removes
 * `fanOut` with the sharding, as it removes `wants: "any"`, so the file says what the application does.
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

/** A feed read a page at a time over 10 random shards its 100,000 users do not need (none is hot), and one item read. */
const feedTable = (): DynamoDbTableDesign => ({
  name: 'feed',
  partitionKey: { name: 'userId', type: 'S', cardinality: 100_000 },
  sortKey: { name: 'ts', type: 'S' },
  sharding: { strategy: 'random', shards: 10 },
  capacity: { read: { fixed: 40_000 }, write: { fixed: 2_000 } },
  workload: { peakReadUnits: 3_000, peakWriteUnits: 1_000 },
  accessPatterns: [
    { name: 'feed-page', keyAttributes: ['userId'], rangeAttribute: 'ts', share: 0.9, fanOut: true, limit: 20 },
    { name: 'latest', keyAttributes: ['userId', 'ts'], share: 0.1, fanOut: true },
  ],
});

const feed = (): CosmosContainerDesign => ({
  name: 'feed',
  partitionKey: { paths: [{ path: '/userId', cardinality: 100_000 }] },
  sharding: { strategy: 'calculated', shards: 10, sourceAttribute: '/postId' },
  throughput: { manual: 80_000 },
  workload: { peakReadUnits: 6_000, peakWriteUnits: 1_000 },
  accessPatterns: [{ name: 'feed-page', keyAttributes: ['/userId'], share: 1, fanOut: true, limit: 20 }],
});

function fixed<T>(collection: 'tables' | 'containers', design: T) {
  const result = fixDesignText(JSON.stringify({ [collection]: [design] }, null, 2), {});
  return { result, design: JSON.parse(result.text)[collection][0] as T };
}

describe("SG007's removal of a needless sharding removes the fan-out over it", () => {
  it('DynamoDB: the edits remove the sharding and fanOut from every pattern that fanned out, and say so', () => {
    const sg007 = lint({ tables: [feedTable()] }).find((f) => f.ruleId === 'SG007');
    expect(sg007?.edits).toEqual([
      { op: 'remove', path: 'tables[0].sharding' },
      { op: 'remove', path: 'tables[0].accessPatterns[0].fanOut' },
      { op: 'remove', path: 'tables[0].accessPatterns[1].fanOut' },
    ]);
    expect(sg007?.fix).toBe(
      'remove the sharding: each read of a key goes back to one query, and remove fanOut from `feed-page`, `latest`: a fan-out queries every shard and merges the results, and the key then has no shards to query',
    );
  });

  it('DynamoDB: lint --fix leaves no fanOut, and the fixed design lints clean', () => {
    const { result, design } = fixed('tables', feedTable());
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG007']);
    expect(design.sharding).toBeUndefined();
    expect(design.accessPatterns?.map((p) => p.fanOut)).toEqual([undefined, undefined]);
    expect(lint({ tables: [design] })).toEqual([]);
  });

  it('Cosmos DB: the same for a calculated sharding', () => {
    const { result, design } = fixed('containers', feed());
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG007']);
    expect(design.sharding).toBeUndefined();
    expect(design.accessPatterns).toEqual([{ name: 'feed-page', keyAttributes: ['/userId'], share: 1, limit: 20 }]);
    expect(lint({ containers: [design] })).toEqual([]);
  });

  it('a GSI: only the patterns on the index whose sharding goes lose their fanOut', () => {
    const table: DynamoDbTableDesign = {
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      sharding: { strategy: 'random', shards: 4 },
      capacity: { read: { fixed: 40_000 }, write: { fixed: 2_000 } },
      workload: { peakReadUnits: 2_000, peakWriteUnits: 500 },
      globalSecondaryIndexes: [
        {
          indexName: 'byCustomer',
          partitionKey: { name: 'customerId', type: 'S', cardinality: 50_000 },
          sortKey: { name: 'createdAt', type: 'S' },
          sharding: { strategy: 'random', shards: 8 },
        },
      ],
      accessPatterns: [
        { name: 'get', keyAttributes: ['orderId'], share: 0.5, fanOut: true },
        { name: 'history', index: 'byCustomer', keyAttributes: ['customerId'], rangeAttribute: 'createdAt', share: 0.5, fanOut: true, limit: 25 },
      ],
    };
    const [onIndex] = lint({ tables: [table] }).filter((f) => f.ruleId === 'SG007' && f.index === 'byCustomer');
    expect(onIndex.edits).toEqual([
      { op: 'remove', path: 'tables[0].globalSecondaryIndexes[0].sharding' },
      { op: 'remove', path: 'tables[0].accessPatterns[1].fanOut' },
    ]);
  });
});

/**
 * Every `fanOut` the removal leaves fanning out over nothing goes with it (SG009 warns of one left behind), and none
 * that still fans out: a pattern on an index that carries the table's write shards loses its fan-out with the table's
 * sharding; on replicated copies a fanOut fanned out over nothing already; a pattern naming a declared bucketed first
 * level still queries each of its buckets.
 */
describe("SG007's removal leaves no fanOut fanning out over nothing, and keeps every other", () => {
  const sg007 = (document: object) => lint(document as never).find((f) => f.ruleId === 'SG007');
  const ledger = (sharding: DynamoDbTableDesign['sharding']): DynamoDbTableDesign => ({
    name: 'ledger',
    partitionKey: { name: 'accountId', type: 'S', cardinality: 200_000 },
    sortKey: { name: 'entryId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 2_000, peakWriteUnits: 600, hotKeyShare: 0.05 },
    sharding,
    // Keyed by the table's sharded attribute: the index holds the table's stored keys, its shards.
    globalSecondaryIndexes: [{ indexName: 'by-account', partitionKey: { name: 'accountId', type: 'S', cardinality: 200_000 } }],
    accessPatterns: [
      { name: 'statement', keyAttributes: ['accountId'], share: 0.5, fanOut: true },
      { name: 'statement-by-index', index: 'by-account', keyAttributes: ['accountId'], share: 0.3, fanOut: true },
    ],
  });

  it("a pattern on an index that carries the table's shards: its fanOut goes with the table's sharding", () => {
    const document = { tables: [ledger({ strategy: 'random', shards: 4 })] };
    expect(sg007(document)?.edits).toEqual([
      { op: 'remove', path: 'tables[0].sharding' },
      { op: 'remove', path: 'tables[0].accessPatterns[0].fanOut' },
      { op: 'remove', path: 'tables[0].accessPatterns[1].fanOut' },
    ]);
    const { result, design } = fixed('tables', document.tables[0]);
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG007']);
    expect(design.accessPatterns?.map((p) => p.fanOut)).toEqual([undefined, undefined]);
    expect(lint({ tables: [design] })).toEqual([]);
  });

  it('replicated copies: the fanOut that fanned out over nothing goes with them', () => {
    const { globalSecondaryIndexes: _, ...copies } = ledger({ strategy: 'replicated', shards: 3 });
    const design = { ...copies, accessPatterns: copies.accessPatterns?.slice(0, 1) };
    expect(sg007({ tables: [design] })?.edits).toEqual([
      { op: 'remove', path: 'tables[0].sharding' },
      { op: 'remove', path: 'tables[0].accessPatterns[0].fanOut' },
    ]);
  });

  it('a pattern naming a declared bucketed first level keeps its fanOut: it still queries each bucket', () => {
    const matchmaking: CosmosContainerDesign = {
      name: 'matchmaking',
      partitionKey: {
        paths: [
          {
            path: '/regionBucket',
            cardinality: 80,
            components: [
              { name: 'region', cardinality: 8 },
              { name: 'bucket', cardinality: 10 },
            ],
          },
          { path: '/queueId', cardinality: 160 },
        ],
      },
      throughput: { autoscaleMax: 100_000 },
      workload: { peakReadUnits: 800, peakWriteUnits: 2_000 },
      sharding: { strategy: 'random', shards: 4 },
      accessPatterns: [{ name: 'region-lobby', keyAttributes: ['/regionBucket'], share: 1, limit: 20, fanOut: true }],
    };
    expect(sg007({ containers: [matchmaking] })?.edits).toEqual([{ op: 'remove', path: 'containers[0].sharding' }]);
    const { design } = fixed('containers', matchmaking);
    expect(design.accessPatterns?.[0].fanOut).toBe(true);
    expect(lint({ containers: [design] })).toEqual([]);
  });
});
