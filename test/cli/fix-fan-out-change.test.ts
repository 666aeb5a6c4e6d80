// What the application must do when --fix turns an access pattern's fan-out on or off. A fix that removes a needless
// sharding also removes `fanOut`, and once said "must read every shard and merge the results": the opposite.
import { applicationChange } from '../../lib/cli/fix-consequences';

const path = 'tables[0].accessPatterns[2].fanOut';

describe('applicationChange of an access pattern fanOut', () => {
  it('set to true: the queries read every shard and merge', () => {
    expect(applicationChange({ op: 'set', path, value: true })).toBe('the queries of this access pattern must read every shard and merge the results');
  });

  it('removed, or set to false: the queries stop fanning out and query the one key', () => {
    const stop = 'the queries of this access pattern must stop reading every shard and query the one unsharded key';
    expect(applicationChange({ op: 'remove', path })).toBe(stop);
    expect(applicationChange({ op: 'set', path, value: false })).toBe(stop);
  });

  // try38b claims: SG009 removed fanOut from `claims-of-policy` on a `/lossRegion` key that never had shards, and the
  // note said to stop reading every shard. Its queries read as before: no application change.
  it('removed from a pattern on a key with no shards: no application change', () => {
    const container = (extra: object) => ({
      containers: [
        {
          name: 'claims',
          partitionKey: { paths: [{ path: '/lossRegion', cardinality: 60 }] },
          accessPatterns: [{ name: 'claims-of-policy', keyAttributes: ['/policyId'], fanOut: true }],
          ...extra,
        },
      ],
    });
    const removed = { op: 'remove' as const, path: 'containers[0].accessPatterns[0].fanOut' };
    expect(applicationChange(removed, container({}))).toBeUndefined();
    // Sharded, or keyed by a time bucket, the query did read across keys: it must stop.
    const stop = 'the queries of this access pattern must stop reading every shard and query the one unsharded key';
    expect(applicationChange(removed, container({ sharding: { strategy: 'random', shards: 4 } }))).toBe(stop);
    const bucketed = { partitionKey: { paths: [{ path: '/day', cardinality: 365, kind: 'time-bucket' }] } };
    expect(applicationChange(removed, container(bucketed))).toBe(stop);
    // A pattern on a GSI judges the index's sharding, not the table's.
    const table = (gsi: object) => ({
      tables: [
        {
          name: 'orders',
          partitionKey: { name: 'id', type: 'S', cardinality: 'unique' },
          globalSecondaryIndexes: [{ indexName: 'by-status', partitionKey: { name: 'status', type: 'S', cardinality: 5 }, ...gsi }],
          accessPatterns: [{ name: 'p', index: 'by-status', keyAttributes: ['status'], fanOut: true }],
        },
      ],
    });
    const onIndex = { op: 'remove' as const, path: 'tables[0].accessPatterns[0].fanOut' };
    expect(applicationChange(onIndex, table({}))).toBeUndefined();
    expect(applicationChange(onIndex, table({ sharding: { strategy: 'random', shards: 4 } }))).toBe(stop);
  });
});
