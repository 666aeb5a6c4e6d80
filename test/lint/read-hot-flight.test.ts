/**
 * An expert's airline (a fare sale piles onto a few flights): bookings keyed by flight, the hottest flight read-hot
 * (7,200 RU/s of reads and 3,600 of writes) against the 3,950 RU/s its physical partition leaves it at the RU/s SG017
 * asks for. No count of replicated copies fits (each multiplies the writes), so SG003 offers the cache and the move.
 */
import { lint, type CosmosContainerDesign } from '../../lib';

const bookings: CosmosContainerDesign = {
  name: 'bookings',
  partitionKey: { paths: [{ path: '/flightId', cardinality: 3000, hotKeyShare: 0.3 }] },
  workload: { peakReadUnits: 24000, peakWriteUnits: 12000 },
  throughput: { autoscaleMax: 40000 },
  storage: { totalGb: 120, largestPartitionGb: 2 },
  // The bookings run today (a fare sale on a live container), on the 4 partitions 40,000 RU/s started them on.
  physicalPartitions: 4,
  accessPatterns: [
    { name: 'seat-map', keyAttributes: ['/flightId'], share: 0.6 },
    { name: 'booking-by-id', keyAttributes: ['/flightId'], share: 0.15 },
    { name: 'bookings-of-passenger', keyAttributes: [], share: 0.25 },
  ],
};
const sg003 = () => lint({ containers: [bookings] }).find((f) => f.ruleId === 'SG003');

describe('SG003: a read-hot value no copies fit', () => {
  it('says what share of its reads the cache must answer: the misses and its writes within what its partition leaves it', () => {
    const finding = sg003();
    // 1 − (3,950 usable − 3,600 of writes) ÷ 7,200 reads = 95.14%.
    expect(finding?.data).toMatchObject({ readsCacheReads: 7200, readsCacheMisses: 350, readsCacheWrites: 3600, readsCacheUsable: 3950 });
    expect(finding?.data?.readsCacheShare).toBeCloseTo(0.9514, 4);
    expect(finding?.fix).toMatch(
      /put the integrated cache in front of the reads of the hottest `\/flightId` value \(.*\); it fits once the cache answers at least 95.14% of its 7,200 RU\/s of reads \(measure that share first\), the 350 RU\/s missed and its 3,600 RU\/s of writes then fitting the usable 3,950 RU\/s/,
    );
  });

  it('offers the move to its own container for a value known to stay hot, not one that changes daily', () => {
    expect(sg003()?.fix).toContain(
      'where the hot value is known ahead and stays hot (a whale tenant): one that changes from day to day (the flights of a fare sale) would have to be found and moved, documents and all, each time it changes',
    );
  });
});
