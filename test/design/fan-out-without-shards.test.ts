/**
 * `fanOut: true` says a read queries every shard of a random- or calculated-sharded key (or every bucket of one value of
 * a declared synthetic bucketed first level it names), and SG017 charges each of those queries. On a key with neither
 * the lint had nothing to charge and ignored the field: a design that declared it passed in silence (bucket33). It is
 * now a design error naming the field, saying why and how to fix it.
 */
import { lint, type CosmosContainerDesign, type DesignInput, type DynamoDbTableDesign } from '../../lib';

const ledger = (sharding?: DynamoDbTableDesign['sharding']): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'ledger',
  partitionKey: { name: 'accountId', type: 'S', cardinality: 200_000 },
  sortKey: { name: 'entryId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 2000, peakWriteUnits: 600 },
  ...(sharding ? { sharding } : {}),
  accessPatterns: [
    { name: 'entry', keyAttributes: ['accountId', 'entryId'], share: 0.7 },
    { name: 'statement', keyAttributes: ['accountId'], share: 0.3, fanOut: true },
  ],
});

/** Watch progress keyed `/titleId` → `/userId`, half its queries by user alone (try30b's wp-wrong-order.json, which declared them fanOut). */
const watchProgress: CosmosContainerDesign = {
  name: 'watch-progress',
  partitionKey: {
    paths: [
      { path: '/titleId', cardinality: 20_000 },
      { path: '/userId', cardinality: 5_000_000 },
    ],
  },
  throughput: { autoscaleMax: 250_000 },
  workload: { peakReadUnits: 12_000, peakWriteUnits: 180_000 },
  accessPatterns: [
    { name: 'progress-point-read', keyAttributes: ['/titleId', '/userId'], share: 0.5 },
    { name: 'continue-watching', keyAttributes: ['/userId'], share: 0.5, fanOut: true },
  ],
};

/** bucket33's matchmaking plan: `/regionBucket` = region + "-" + hash(queueId) mod 10, its lobby a page of one region. */
const matchmaking = (lobbyKey: string): CosmosContainerDesign => ({
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
  workload: { peakReadUnits: 8_000, peakWriteUnits: 20_000 },
  accessPatterns: [
    { name: 'poll-queue', keyAttributes: ['/regionBucket', '/queueId'], share: 0.5 },
    { name: 'region-lobby', keyAttributes: [lobbyKey], share: 0.5, limit: 20, fanOut: true },
  ],
});

const refusal = (design: DesignInput): string => {
  try {
    lint(design);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('fanOut where nothing fans out is a design error naming the field', () => {
  it('an unsharded key: nothing to fan out over; remove it, or set it with the sharding', () => {
    const message = refusal({ tables: [ledger()] });
    expect(message).toContain('tables[0].accessPatterns[1].fanOut: is true, but the key is not sharded and its first level declares no buckets');
    expect(message).toContain("Remove fanOut; to declare the fan-out of a sharding, set it with that sharding (SG003's and SG009's fixes set both)");
  });

  it('a replicated key: a read queries one copy', () => {
    expect(refusal(ledger({ strategy: 'replicated', shards: 4 }))).toContain(
      'accessPatterns[1].fanOut: is true, but the key is replicated (a read queries one copy, which holds every item)',
    );
  });

  it('a query that gives no first-level value: it crosses partitions as keyAttributes say, which SG012 judges', () => {
    expect(refusal({ containers: [watchProgress] })).toContain(
      'containers[0].accessPatterns[1].fanOut: is true, but the key is not sharded and its first level declares no buckets (one query reads a value): there is nothing to fan out over, and no rule would count it; a query that gives no "/titleId" crosses partitions whatever fanOut says, and SG012 judges it from keyAttributes',
    );
  });

  it('a level named for buckets without its bucket part declared: declare it in components', () => {
    const named = matchmaking('/regionBucket');
    const [level, ...deeper] = named.partitionKey.paths;
    const { components: _, ...undeclared } = level;
    expect(refusal({ containers: [{ ...named, partitionKey: { paths: [undeclared, ...deeper] } }] })).toContain(
      'to fan out over "/regionBucket"\'s buckets, declare them in its components (the value, then { name: "bucket", cardinality: N })',
    );
  });

  it('a bucketed first level the query does not name: name the level, or remove fanOut', () => {
    expect(refusal({ containers: [matchmaking('region')] })).toContain(
      'containers[0].accessPatterns[1].fanOut: is true, but the query does not give the key\'s bucketed first level "/regionBucket", so it gives no partition-key value and crosses partitions (SG012 judges that, fanOut or not): name "/regionBucket" in keyAttributes when the query reads each of the 10 buckets of one region value, or remove fanOut',
    );
  });
});

describe('fanOut where something fans out stays as it was', () => {
  it('a random- or calculated-sharded key, and a bucketed first level the query names', () => {
    expect(refusal(ledger({ strategy: 'random', shards: 4 }))).toBe('accepted');
    expect(refusal(ledger({ strategy: 'calculated', shards: 4, sourceAttribute: 'entryId' }))).toBe('accepted');
    expect(refusal({ containers: [matchmaking('/regionBucket')] })).toBe('accepted');
  });

  it("an index keyed by the table's sharded attribute, which carries its shards", () => {
    const table: DynamoDbTableDesign = {
      ...ledger({ strategy: 'random', shards: 4 }),
      // The table's hottest account, whose shards the index keyed by accountId carries (hotKeyShareCarried).
      workload: { peakReadUnits: 2000, peakWriteUnits: 600, hotKeyShare: 0.05 },
      globalSecondaryIndexes: [{ indexName: 'by-account', partitionKey: { name: 'accountId', type: 'S', cardinality: 200_000 } }],
      accessPatterns: [{ name: 'statement', index: 'by-account', keyAttributes: ['accountId'], share: 0.3, fanOut: true }],
    };
    expect(refusal(table)).toBe('accepted');
  });
});
