/**
 * Stranger 33a: DAX was offered in front of driver positions written every 4 s (the hottest cell: 15,000 WCU of writes
 * beside 4,050 RCU of reads) without saying what it serves stale. DAX updates its item cache on writes made through it; a
 * write that bypasses it is seen when the cached item's TTL expires, and no write reaches a cached Query result before its
 * own TTL does, both 5 minutes by default ("Configuring your DAX cluster"; "DAX: How it works"). Where the hottest value
 * is written as much as it is read, the offer says so; a read-mostly value's offer does not.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { table } from '../fixtures';

/** Driver positions over 20,000 cells of `driverCell` (not a geospatial name: the hottest alone is sharded), the hottest at 15%. */
function positions(workload: Partial<DynamoDbTableDesign['workload']>): DynamoDbTableDesign {
  return table({
    name: 'driver-positions',
    partitionKey: { name: 'driverCell', type: 'S', cardinality: 20_000 },
    sortKey: { name: 'driverId', type: 'S', cardinality: 400_000 },
    workload: { peakReadUnits: 27_000, peakWriteUnits: 100_000, hotKeyShare: 0.15, ...workload },
    accessPatterns: [{ name: 'drivers-in-cell', keyAttributes: ['driverCell'], share: 1, resultKb: 8 }],
  });
}

const fixOf = (workload: Partial<DynamoDbTableDesign['workload']>) => (lint(positions(workload)).find((f) => f.ruleId === 'SG003') as Finding).fix ?? '';
const STALE = 'so its items change while cached';

describe('DAX offered for a value whose items change as fast as they are read says what it serves stale', () => {
  it("the stranger's positions (writes 15,000 WCU beside reads 4,050 RCU on the hottest cell): the TTLs are said", () => {
    expect(fixOf({})).toContain(
      'strongly consistent reads, cache misses and every write still reach the partition; the hottest value takes 15,000 WCU of writes beside 4,050 RCU of reads, so its items change while cached: DAX serves a cached item until its TTL expires (record-ttl-millis, 5 minutes by default) unless the update was written through the same DAX cluster, and a cached Query result until its own TTL (query-ttl-millis, 5 minutes by default) whoever wrote the items: set both to the staleness its readers accept)',
    );
    // A TTL of a few seconds in the application suits an item read far more than it is written, not these (warmread35).
    expect(fixOf({})).not.toContain('in the application itself');
  });

  // The read-mostly table's copies lead with a pre-warm (no count of copies fits two on one partition at the 18
  // partitions counted now), after which the cache names the value whose reads it takes.
  it.each([
    ['a value hot by its reads only (hotKeyOperations: reads)', { hotKeyOperations: 'reads' as const }, 'its reads'],
    ['a read-mostly table (2,000 WCU beside 27,000 RCU)', { peakWriteUnits: 2000 }, 'the reads of the hottest `driverCell` value'],
  ])('%s: DAX is offered, and no staleness said', (_, workload, reads) => {
    const fix = fixOf(workload);
    expect(fix).toContain(`put DAX in front of ${reads}`);
    expect(fix).not.toContain(STALE);
    expect(fix).toContain('or a cache in the application itself, in-process with a TTL of a few seconds');
  });
});
