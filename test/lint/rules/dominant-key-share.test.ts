import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const userId = { name: 'userId', type: 'S' as const, cardinality: 'unique' as const };
const tenants = (hotKeyShare?: number, sharding?: { strategy: 'random' | 'replicated'; shards: number }) =>
  container({
    name: 'tenant-events',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
    workload: { peakReadUnits: 5000, peakWriteUnits: 10000, ...(hotKeyShare === undefined ? {} : { hotKeyShare }) },
    sharding,
  });

testRule('SG014', {
  valid: [
    { name: 'a declared share at the limit', design: tenants(0.1) },
    {
      name: 'a uniform share, however few values (SG001 judges those)',
      design: table({ partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 100, peakWriteUnits: 100 } }),
    },
    // 70% of 15,000 RU/s = 10,500 RU/s: the load needs N = 2, and the key is sharded so.
    { name: 'a dominant key sharded because its load needs it', design: tenants(0.7, { strategy: 'random', shards: 2 }) },
    {
      name: 'a dominant key without traffic',
      design: table({
        sortKey: userId,
        partitionKey: { name: 'shopId', type: 'S', cardinality: 100 },
        workload: { peakReadUnits: 0, peakWriteUnits: 0, hotKeyShare: 0.5 },
      }),
    },
  ],
  invalid: [
    {
      name: 'a tenant with 30% of the RU, under the ceiling today',
      design: tenants(0.3),
      findings: [
        {
          messageId: 'dominant',
          path: 'workload.hotKeyShare',
          severity: 'warning',
          edits: false,
          notes: ['aboveMaxShare'],
          data: { key: ['/tenantId'], share: 0.3, limit: 0.1, load: 4500, usable: 8000, unit: 'RU/s' },
          message:
            'the hottest `/tenantId` value takes 30% of traffic, above maxHotKeyShare 10%: 4,500 of a usable 8,000 RU/s today, saturated when traffic grows 1.78×',
        },
      ],
    },
    {
      // 4,500 RU/s fits one key: the sharding is needless (SG007), and the share alone never raises N.
      name: 'a dominant key sharded although its load fits one key: the growth note of the unsharded key',
      design: tenants(0.3, { strategy: 'random', shards: 3 }),
      findings: [
        { messageId: 'dominant', severity: 'warning', edits: false, data: { load: 4500, usable: 8000 }, message: /saturated when traffic grows 1\.78×/ },
      ],
    },
    {
      name: 'a share declared on a key level',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500, hotKeyShare: 0.3 }] },
        workload: { peakReadUnits: 5000, peakWriteUnits: 10000 },
      }),
      findings: [
        {
          messageId: 'dominant',
          path: 'partitionKey.paths',
          notes: ['declaredAtLevel', 'aboveMaxShare'],
          data: { declaredAt: 'partitionKey.paths[0].hotKeyShare' },
          message: /\(declared at partitionKey\.paths\[0\]\.hotKeyShare\)/,
        },
      ],
    },
  ],
});
