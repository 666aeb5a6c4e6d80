/**
 * A hot value whose reads gather from every shard with a small result (`resultKb` within Cosmos DB's 2.5 RU floor per
 * query, or a page, `limit`): every shard is charged the whole read, so N shards of a key whose every value is sharded
 * make its reads N times as dear, and the container's peak, which the shard's neighbours are judged on, grows with N.
 * SG003's count judged them beside the reads as declared, the next lint (and SG008) beside the fan-out its shards add:
 * `--fix` wrote 5 shards on a 20,000 RU/s container where the next lint asked for a raise and 2. One computation now
 * (analysis.ts `chargedAt`): the count a fix writes is the one the next lint accepts, and where none fits at today's RU/s
 * the fix is a raise, or the cache, not shards.
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

/** `/tag` of 60,000 values on 20,000 RU/s (4 physical partitions): 2,000 RU/s of reads of 2 KB each, 10,000 of writes. */
const feed = (read: { resultKb?: number; limit?: number }): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'feed',
  partitionKey: { paths: [{ path: '/tag', cardinality: 60000 }] },
  throughput: { manual: 20000 },
  workload: { peakReadUnits: 2000, peakWriteUnits: 10000, hotKeyShare: 0.3 },
  storage: { totalGb: 60, largestPartitionGb: 6 },
  accessPatterns: [{ name: 'in-tag', keyAttributes: ['/tag'], share: 1, ...read }],
  monitoring: { partitionKeyDiagnostics: true },
});

/** `--fix` once, the lint of what it wrote, and `--fix` again. */
function fixTwice(design: object) {
  const first = fixDesignText(JSON.stringify(design, null, 2), {});
  const second = fixDesignText(first.text, {});
  return { first, after: lint(JSON.parse(first.text)), second };
}

describe('--fix converges on a hot value read in full on every shard', () => {
  it.each([
    ['a result within the 2.5 RU floor', { resultKb: 2 }],
    ['a page', { limit: 20 }],
  ])('Cosmos DB, %s: no shards the next lint finds over or too many', (_, read) => {
    const design = feed(read);
    const { first, after, second } = fixTwice(design);
    // 3,600 RU/s on a partition of 5,000 beside 2,100 of neighbours. It wrote 5 shards, sized beside the reads as
    // declared; at 5 every read of the key fans out 5 times (`/tag` trends: every value is sharded), and the next lint
    // found the shard over and asked for a raise and 2. Now no count fits the reads with their fan-out: the fix shards
    // for the writes (3) with the reads left to the cache, which --fix cannot write, so it writes nothing.
    expect(lint(design).find((f) => f.ruleId === 'SG003')?.fix).toMatch(/^shard `\/tag` into N = 3 random shards .*put the integrated cache in front of them/);
    expect(JSON.parse(first.text).sharding).toBeUndefined();
    expect(after.filter((f) => f.ruleId === 'SG008' || (f.ruleId === 'SG003' && f.edits !== undefined))).toEqual([]);
    expect(second.text).toBe(first.text);
  });

  it("Cosmos DB: where a count fits at today's RU/s, it is the one the next lint accepts", () => {
    const design = { ...feed({ resultKb: 2 }), throughput: { manual: 60000 }, workload: { peakReadUnits: 2000, peakWriteUnits: 20000, hotKeyShare: 0.3 } };
    const { first, after, second } = fixTwice(design);
    expect(JSON.parse(first.text).sharding).toMatchObject({ strategy: 'random' });
    expect(after.filter((f) => f.edits !== undefined)).toEqual([]);
    expect(second.text).toBe(first.text);
  });

  it('DynamoDB, a page: the count written is the one the next lint accepts', () => {
    const table: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'feed',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 60000 },
      sortKey: { name: 'at', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 2000, peakWriteUnits: 10000, hotKeyShare: 0.3 },
      accessPatterns: [{ name: 'in-tenant', keyAttributes: ['tenantId'], share: 1, limit: 20 }],
      monitoring: { contributorInsights: true },
    };
    const { first, after, second } = fixTwice(table);
    expect(JSON.parse(first.text).sharding).toMatchObject({ shards: expect.any(Number) });
    expect(after.filter((f) => f.edits !== undefined)).toEqual([]);
    expect(second.text).toBe(first.text);
  });
});
