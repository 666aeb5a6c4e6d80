/**
 * What the design says of a shard source (`sourceFacts`): its cardinality (declared on the sharding, else the fewest values
 * any key declaring it gives, the first of them on a tie), whether updates change it (declared, a table key, or its
 * name) and whether it is a time bucket (a key's kind, else its name).
 */
import { normalize, type DesignInput, type DynamoDbTableDesign, type KeyDesign } from '../../lib';
import { DesignAnalysis } from '../../lib/lint/analysis';
import { sourceFacts } from '../../lib/lint/shard-source';

function facts(design: DynamoDbTableDesign, attribute: string) {
  const key = normalize({ tables: [design] } as DesignInput).designs[0].design as KeyDesign;
  const analysis = new DesignAnalysis(key);
  return sourceFacts(key, key.primaryKey, attribute, analysis.declaredAttributes);
}

const orders = (extra: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => ({
  name: 'orders',
  partitionKey: { name: 'storeId', type: 'S', cardinality: 200 },
  sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 100, peakWriteUnits: 1_000 },
  globalSecondaryIndexes: [
    { indexName: 'by-region-wide', partitionKey: { name: 'region', type: 'S', cardinality: 'unique' } },
    { indexName: 'by-region', partitionKey: { name: 'region', type: 'S', cardinality: 5 } },
    { indexName: 'by-region-again', partitionKey: { name: 'region', type: 'S', cardinality: 5 } },
    { indexName: 'by-day', partitionKey: { name: 'orderDay', type: 'S', cardinality: 365, kind: 'value' } },
  ],
  ...extra,
});

describe('sourceFacts', () => {
  it('trusts the fewest values an attribute keying several indexes declares, the first of them on a tie', () => {
    expect(facts(orders(), 'region')).toEqual({
      timeBucket: false,
      timeBucketFrom: 'key',
      cardinality: 5,
      cardinalityAt: 'globalSecondaryIndexes[1].partitionKey.cardinality',
    });
  });

  it("takes the sharding's own declarations before the keys'", () => {
    const sharded = orders({ sharding: { strategy: 'calculated', shards: 4, sourceAttribute: 'region', sourceCardinality: 50, sourceMutable: true } });
    expect(facts(sharded, 'region')).toEqual({
      timeBucket: false,
      timeBucketFrom: 'key',
      cardinality: 50,
      cardinalityAt: 'sharding.sourceCardinality',
      mutable: true,
      mutableFrom: 'declared',
    });
  });

  it("knows a table key stays put, a key's kind over its name, and otherwise reads the name", () => {
    expect(facts(orders(), 'orderId')).toEqual({
      timeBucket: false,
      timeBucketFrom: 'key',
      cardinality: Infinity,
      cardinalityAt: 'sortKey.cardinality',
      mutable: false,
      mutableFrom: 'table-key',
    });
    expect(facts(orders(), 'orderDay')).toMatchObject({ timeBucket: false, timeBucketFrom: 'key', cardinality: 365 });
    expect(facts(orders(), 'status')).toEqual({ timeBucket: false, timeBucketFrom: 'name', mutable: true, mutableFrom: 'name' });
    expect(facts(orders(), 'createdHour')).toEqual({ timeBucket: true, timeBucketFrom: 'name' });
  });
});
