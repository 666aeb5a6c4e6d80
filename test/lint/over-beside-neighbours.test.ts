/**
 * Stranger review 35a: a GSI keyed by `orderStatus` (6 values, 3,000 WCU) was warned that its hottest value "is over
 * the usable ceiling on one key (500 of the 383.33 WCU its neighbours leave of a usable 800)", then that "alone it fits
 * one partition's usable ceiling": both true, read as a contradiction. The note now says why both hold, with the
 * neighbours' figure that makes the sum: over only beside its neighbours, whose expected 416.67 WCU take its partition
 * to 500 + 416.67 = 916.67 WCU; alone it would fit.
 */
import { lint, type DesignInput } from '../../lib';

/** stranger35a's probes/deliv-status-gsi.json. */
const delivery: DesignInput = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 10_000, peakWriteUnits: 22_000 },
      storage: { largestPartitionGb: 2e-6 },
      globalSecondaryIndexes: [
        {
          indexName: 'open-orders-by-restaurant',
          partitionKey: { name: 'orderStatus', type: 'S', cardinality: 6 },
          sortKey: { name: 'placedAt', type: 'S', cardinality: 'unique' },
          projectionType: 'INCLUDE',
          nonKeyAttributes: ['status', 'etaMinutes'],
          workload: { peakWriteUnits: 3_000, peakReadUnits: 300 },
        },
      ],
      accessPatterns: [
        { name: 'track-order', keyAttributes: ['orderId'], share: 0.97 },
        { name: 'restaurant-open-orders', index: 'open-orders-by-restaurant', keyAttributes: ['orderStatus'], share: 0.03 },
      ],
    },
  ],
};

const [sg001, ...others] = lint(delivery).filter((f) => f.ruleId === 'SG001');

describe('SG001 on a status GSI over only beside its neighbours (stranger 35a)', () => {
  it('says it is over only beside them, and alone would fit, as one argument with every figure', () => {
    expect(others).toEqual([]);
    expect(sg001).toMatchObject({ severity: 'warning', index: 'open-orders-by-restaurant' });
    expect(sg001.data).toMatchObject({ partitionCeiling: 1000, partitionUnit: 'WCU' });
    expect(sg001.data?.partitionLoad).toBeCloseTo(916.67, 2);
    expect(sg001.notes).toContain('isolatedByAdaptiveCapacity');
    expect(sg001.message).toContain(
      'its hottest value is over the usable ceiling on one key (500 of the 383.33 WCU its neighbours leave of a usable 800): at most 6 partitions ever take traffic; ' +
        "it is over only beside its neighbours: alone it would fit one partition's usable ceiling, but with their expected 416.67 WCU its partition takes 916.67 WCU: " +
        'over the usable line, within the 1,000 WCU one partition serves',
    );
    expect(sg001.message).not.toContain('alone it fits');
  });
});
