import { testRule } from '../../support/rule-tester';
import { container, table } from '../../fixtures';

const orderId = { name: 'orderId', type: 'S' as const, cardinality: 'unique' as const };
const level = (path: string, cardinality: number | 'unique', extra = {}) => ({ path, cardinality, ...extra });

testRule('SG004', {
  valid: [
    { name: 'tenant → user', design: container() },
    { name: 'tenant → device → month: time last', design: container({ partitionKey: { paths: [level('/tenantId', 500), level('/deviceId', 200000), level('/yyyyMM', 24)] } }) },
    { name: 'a time bucket first (SG002 owns it)', design: container({ partitionKey: { paths: [level('/yyyyMM', 24), level('/deviceId', 200000)] } }) },
    { name: 'an ascending multi-attribute GSI sort key', design: table({ globalSecondaryIndexes: [{ indexName: 'by-place', partitionKey: { name: 'shopId', type: 'S', cardinality: 5000 }, sortKeys: [{ name: 'country', type: 'S', cardinality: 200 }, { name: 'city', type: 'S', cardinality: 20000 }] }] }) },
    { name: 'a composite sort key with a time prefix (range queries)', design: table({ sortKey: { name: 'sk', type: 'S', components: [{ name: 'yyyyMM', cardinality: 24 }, { name: 'country', cardinality: 200 }, { name: 'city', cardinality: 20000 }] } }) },
  ],
  invalid: [
    {
      name: 'a reversed hierarchical key: tenant first',
      design: container({ partitionKey: { paths: [level('/userId', 2000000), level('/tenantId', 500)] } }),
      findings: [{
        messageId: 'hierarchical', path: 'partitionKey.paths', data: { orderNames: '/tenantId,/userId' }, fix: 'order it `/tenantId` → `/userId`',
        edits: [{ op: 'set', path: 'partitionKey.paths', value: [{ path: '/tenantId', cardinality: 500, kind: 'value' }, { path: '/userId', cardinality: 2000000, kind: 'value' }] }],
      }],
    },
    {
      name: 'a time bucket in the middle goes last',
      design: container({ partitionKey: { paths: [level('/tenantId', 500), level('/yyyyMM', 24), level('/deviceId', 200000)] } }),
      findings: [{ messageId: 'hierarchical', data: { orderNames: '/tenantId,/deviceId,/yyyyMM' }, message: /with time buckets last/ }],
    },
    {
      name: 'per-level figures move with the full key and the others are dropped, said in the fix',
      design: container({ partitionKey: { paths: [level('/userId', 2000000, { hotKeyShare: 0.01 }), level('/tenantId', 500, { largestGb: 0.5 })] } }),
      findings: [{
        messageId: 'hierarchical', fix: /re-declare them for the new levels/,
        edits: [{ op: 'set', path: 'partitionKey.paths', value: [{ path: '/tenantId', cardinality: 500, kind: 'value' }, { path: '/userId', cardinality: 2000000, kind: 'value', largestGb: 0.5 }] }],
      }],
    },
    {
      name: 'a multi-attribute GSI sort key, narrowest first',
      design: table({ globalSecondaryIndexes: [{ indexName: 'by-place', partitionKey: { name: 'shopId', type: 'S', cardinality: 5000 }, sortKeys: [{ name: 'city', type: 'S', cardinality: 20000 }, { name: 'country', type: 'S', cardinality: 200 }] }] }),
      findings: [{ messageId: 'multiAttributeSortKey', path: 'globalSecondaryIndexes[0].sortKeys', index: 'by-place', data: { orderNames: 'country,city' } }],
    },
    {
      name: 'a composite sort key (CITY#COUNTRY), keeping its time part in place',
      design: table({ sortKey: { name: 'sk', type: 'S', components: [{ name: 'yyyy', cardinality: 5 }, { name: 'city', cardinality: 20000 }, { name: 'country', cardinality: 200 }] } }),
      findings: [{ messageId: 'compositeSortKey', path: 'sortKey.components', data: { orderNames: 'yyyy,country,city' } }],
    },
    {
      name: 'composite sort keys of an LSI',
      design: table({ sortKey: orderId, localSecondaryIndexes: [{ indexName: 'by-place', sortKey: { name: 'place', type: 'S', components: [{ name: 'city', cardinality: 20000 }, { name: 'state', cardinality: 50 }] } }] }),
      findings: [{ messageId: 'compositeSortKey', path: 'localSecondaryIndexes[0].sortKey.components', index: 'by-place' }],
    },
  ],
});
