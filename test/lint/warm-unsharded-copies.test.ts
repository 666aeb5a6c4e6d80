import { applyDesignEdits, lint, type DesignEdit, type DynamoDbTableDesign } from '../../lib';

/**
 * fixconv35 (seed 77009): 6 replicated copies of a 5-tenant key whose reads all go to an index. The copies' own writes
 * (6 × 2,400 WCU) make the 29 partitions counted now, and the hottest tenant's 480 WCU beside 1/29 of them is over the
 * usable 800 WCU. SG003's warm-throughput lever found that 30 partitions serve the key unsharded (480 WCU beside 1/30 of
 * the other 1,920 WCU: 544 of 800) and said "serves the hottest value as it is", but wrote the warm throughput alone:
 * the copies stayed, the re-lint found the key over again on their writes (SG003) and the copies needless (SG007).
 * The pre-warm and the copies' removal are now one fix.
 */
const tenantEvents = (): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'tenant-events',
  partitionKey: { name: 'tenantId', type: 'S', cardinality: 5 },
  billing: 'on-demand',
  workload: { peakReadUnits: 48_715, peakWriteUnits: 2400 },
  sharding: { strategy: 'replicated', shards: 6 },
  globalSecondaryIndexes: [
    {
      indexName: 'by-shipmentStatus',
      partitionKey: { name: 'shipmentStatus', type: 'S', cardinality: 50 },
      sortKey: { name: 'itemId', type: 'S' },
      workload: { hotKeyShare: 1, peakReadUnits: 2400 },
      sharding: { strategy: 'calculated', shards: 64, sourceAttribute: 'itemId' },
    },
  ],
  accessPatterns: [
    {
      name: 'hot-status-of-tenant',
      keyAttributes: ['shipmentStatus', 'tenantId', 'customerId'],
      index: 'by-shipmentStatus',
      share: 0.309,
      fanOut: true,
      keyValue: 'hot-item',
    },
    { name: 'tenant-customer', keyAttributes: ['tenantId', 'customerId'], index: 'by-shipmentStatus', share: 0.386, fanOut: true },
    { name: 'any-of-customer', keyAttributes: ['customerId'], index: 'by-shipmentStatus', share: 0.038, wants: 'any' },
    {
      name: 'hot-status-again',
      keyAttributes: ['shipmentStatus', 'tenantId', 'customerId'],
      index: 'by-shipmentStatus',
      share: 0.077,
      fanOut: true,
      keyValue: 'hot-item',
    },
  ],
});

describe('a pre-warm at which the key fits unsharded removes its declared copies with it', () => {
  const design = tenantEvents();
  const finding = lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'sharding.shards');

  it('writes the warm throughput and the removal of the copies (main: the warm throughput alone)', () => {
    expect(finding?.edits).toEqual([
      { op: 'set', path: 'warmThroughput', value: { writeUnitsPerSecond: 30_000 } },
      { op: 'remove', path: 'sharding' },
    ]);
    expect(finding?.fix).toContain(
      'pre-warm the table to 30,000 write units a second (warmThroughput): 30 partitions where 29 are counted now, the least at which the key unsharded fits with 5% of the usable ceiling free, then remove the copies',
    );
    expect(finding?.fix).toContain('unsharded, its 480 WCU beside the 64 WCU its neighbours are then expected to take (1/30');
  });

  it('leaves no finding on the table key’s sharding once applied', () => {
    const fixed = applyDesignEdits(design, finding?.edits as DesignEdit[]);
    expect(
      lint(fixed)
        .filter((f) => /^sharding/.test(f.path))
        .map((f) => `${f.ruleId} ${f.path}`),
    ).toEqual([]);
  });
});
