import { normalize, type DynamoDbKeyDesign } from '../../lib';
import { table } from '../fixtures';

/**
 * The normalized model lists its fields in one order, and leaves out an optional field that was not given (`mutable`,
 * `kindGuessed`, a pattern's `limit`…) rather than holding it as undefined: `'mutable' in attribute` and JSON output
 * say what the design said, whichever way each object is built.
 */
describe('normalized objects: field order, optional fields left out', () => {
  const design = (given: boolean) =>
    normalize(
      table({
        partitionKey: { name: 'tenantId', type: 'S', cardinality: 5000, ...(given ? { mutable: false } : {}) },
        sortKey: { name: 'billingPeriod', type: 'S' },
        sharding: { strategy: 'random', shards: 4, ...(given ? { hotValues: 2 } : {}) },
        globalSecondaryIndexes: [
          {
            indexName: 'by-status',
            partitionKeys: [
              { name: 'status', type: 'S', cardinality: 4 },
              { name: 'region', type: 'S', cardinality: 3 },
            ],
            ...(given ? { projectionType: 'KEYS_ONLY' as const } : { workload: { peakWriteUnits: 10 } }),
          },
        ],
        accessPatterns: [
          { name: 'by-tenant', keyAttributes: ['tenantId'], share: 0.5, ...(given ? { rangeAttribute: 'billingPeriod', limit: 10, keyValue: 'T1' } : {}) },
        ],
      }),
    ).designs[0].design as DynamoDbKeyDesign;

  it('leaves out every optional field not given', () => {
    const { primaryKey, globalSecondaryIndexes, accessPatterns } = design(false);
    const [index] = globalSecondaryIndexes;
    expect(Object.keys(primaryKey.partitionKey[0])).toEqual(['name', 'type', 'cardinality', 'kind', 'components', 'hotKeyShare', 'largestGb', 'path']);
    expect(Object.keys(primaryKey.sortKey[0])).toEqual([
      'name',
      'type',
      'cardinality',
      'kind',
      'kindGuessed',
      'components',
      'hotKeyShare',
      'largestGb',
      'path',
    ]);
    expect(Object.keys(primaryKey.sharding ?? {})).toEqual([
      'strategy',
      'shards',
      'sourceAttribute',
      'sourceCardinality',
      'sourceMutable',
      'separator',
      'path',
    ]);
    expect(Object.keys(primaryKey)).toEqual([
      'index',
      'path',
      'partitionKey',
      'partitionKeyPath',
      'sortKey',
      'workload',
      'sharding',
      'keyMonitoring',
      'keyMonitoringPath',
    ]);
    expect(Object.keys(primaryKey.workload)).toEqual([
      'peakReadUnits',
      'peakWriteUnits',
      'readShare',
      'readSource',
      'writeSource',
      'hotKeyShare',
      'hotKeyShareSource',
      'hotKeyShareAt',
      'hotKeyShareLevel',
      'hotKeyOperations',
      'path',
    ]);
    expect(Object.keys(index)).toEqual([
      'index',
      'path',
      'partitionKey',
      'partitionKeyPath',
      'keyValues',
      'sortKey',
      'workload',
      'sharding',
      'copiesCarry',
      'keyMonitoring',
      'keyMonitoringPath',
    ]);
    expect(Object.keys(accessPatterns[0])).toEqual(['name', 'index', 'keyAttributes', 'share', 'fanOut', 'wants', 'consistentRead', 'path']);
  });

  it('puts each optional field given in its place', () => {
    const { primaryKey, globalSecondaryIndexes, accessPatterns } = design(true);
    const [index] = globalSecondaryIndexes;
    expect(Object.keys(primaryKey.partitionKey[0])).toEqual([
      'name',
      'type',
      'cardinality',
      'kind',
      'components',
      'mutable',
      'hotKeyShare',
      'largestGb',
      'path',
    ]);
    expect(Object.keys(primaryKey.sharding ?? {})).toEqual([
      'strategy',
      'shards',
      'sourceAttribute',
      'hotValues',
      'sourceCardinality',
      'sourceMutable',
      'separator',
      'path',
    ]);
    expect(Object.keys(index)).toEqual([
      'index',
      'path',
      'partitionKey',
      'partitionKeyPath',
      'keyValues',
      'sortKey',
      'workload',
      'sharding',
      'projection',
      'copiesCarry',
      'keyMonitoring',
      'keyMonitoringPath',
    ]);
    expect(Object.keys(index.workload)).toContain('keyChange');
    expect(Object.keys(index.workload).indexOf('keyChange')).toBe(Object.keys(index.workload).indexOf('writeSource') + 1);
    expect(Object.keys(accessPatterns[0])).toEqual([
      'name',
      'index',
      'keyAttributes',
      'rangeAttribute',
      'share',
      'fanOut',
      'limit',
      'wants',
      'keyValue',
      'consistentRead',
      'path',
    ]);
  });
});
