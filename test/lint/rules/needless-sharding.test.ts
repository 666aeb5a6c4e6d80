import type { DynamoDbTableDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG007';

/** A user key with a 1% hottest value: 50,000 WCU × 1% = 500 WCU, 30,000 RCU × 1% = 300 RCU. */
function users(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    partitionKey: { name: 'userId', type: 'S', cardinality: 10000 },
    workload: { peakReadUnits: 30000, peakWriteUnits: 50000, hotKeyShare: 0.01 },
    sharding: { strategy: 'random', shards: 8 },
    ...overrides,
  });
}

describe('SG007 needless-sharding', () => {
  describe('fires', () => {
    it('on a sharded key whose hottest value fits one partition, naming the load closest to its ceiling', () => {
      // Writes 500 / 800 = 62.5% of usable; reads 300 / 2,400 = 12.5%: writes are the nearer ceiling.
      const [finding, ...rest] = findingsOf(RULE, users());
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'warning', path: 'sharding', acknowledged: false, data: { shards: 1 } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('`userId` is sharded into 8 random shards, but its hottest value peaks at 500 WCU, under the usable 800 WCU unsharded: every read fans out 8 ways for nothing');
      expect(finding.fix).toBe('remove the sharding; each read of a key goes back to one query');
    });

    it('naming reads when they are the nearer ceiling', () => {
      // Reads 200,000 × 1% = 2,000 / 2,400 = 83%; writes 1,000 × 1% = 10 / 800.
      const [finding] = findingsOf(RULE, users({ workload: { peakReadUnits: 200000, peakWriteUnits: 1000, hotKeyShare: 0.01 } }));
      expect(finding.message).toContain('peaks at 2,000 RCU, under the usable 2,400 RCU unsharded');
    });

    it('on a sharded UUID key (no hot value at all)', () => {
      const [finding] = findingsOf(RULE, table({ sharding: { strategy: 'calculated', shards: 10, sourceAttribute: 'customerId' } }));
      expect(finding.message).toBe('`orderId` is sharded into 10 calculated shards, but its values are unique, so no single value is hot: every read fans out 10 ways for nothing');
    });

    it('on a sharded GSI, naming the index', () => {
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' }, sharding: { strategy: 'random', shards: 4 } }],
      }));
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].sharding', index: 'byCustomer' });
      expect(finding.message).toContain('`customerId` on index `byCustomer` is sharded into 4 random shards');
    });

    it('on a Cosmos DB key under 8,000 RU/s', () => {
      // 10% of (20,000 + 10,000) RU/s = 3,000 RU/s.
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        workload: { peakReadUnits: 20000, peakWriteUnits: 10000, hotKeyShare: 0.1 },
        sharding: { strategy: 'calculated', shards: 10, sourceAttribute: 'userId' },
      }));
      expect(finding).toMatchObject({ path: 'sharding', data: { shards: 1 } });
      expect(finding.message).toContain('peaks at 3,000 RU/s, under the usable 8,000 RU/s unsharded');
    });

    it('when a higher headroom makes the unsharded key fit', () => {
      // 1,700 × 0.5 = 850 WCU: needs 2 shards at 800 usable, fits at 900 (headroom 0.9).
      const design = users({ partitionKey: { name: 'userId', type: 'S', cardinality: 1000 }, workload: { peakReadUnits: 100, peakWriteUnits: 1700, hotKeyShare: 0.5 }, sharding: { strategy: 'random', shards: 2 } });
      expect(findingsOf(RULE, design)).toEqual([]);
      expect(findingsOf(RULE, { ...design, thresholds: { headroom: 0.9 } })).toHaveLength(1);
    });
  });

  describe('does not fire', () => {
    it('when the hot key needs the shards (SG003\'s N > 1)', () => {
      // 20,000 × 0.5 = 10,000 WCU → 13 shards.
      expect(findingsOf(RULE, users({
        partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
        workload: { peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 0.5 },
        sharding: { strategy: 'random', shards: 13 },
      }))).toEqual([]);
    });

    it('when a lower headroom makes the hot key need shards', () => {
      // 600 WCU: fits 800 (default), needs 2 shards at 500 (headroom 0.5).
      const design = users({ workload: { peakReadUnits: 100, peakWriteUnits: 60000, hotKeyShare: 0.01 }, sharding: { strategy: 'random', shards: 2 } });
      expect(findingsOf(RULE, design)).toHaveLength(1);
      expect(findingsOf(RULE, { ...design, thresholds: { headroom: 0.5 } })).toEqual([]);
    });

    it('when the logical partition size calls for the shards', () => {
      // Low traffic, but 50 GB needs ceil(50 / 16) = 4 key values.
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        storage: { largestPartitionGb: 50 },
        sharding: { strategy: 'random', shards: 4 },
      }))).toEqual([]);
    });

    it('when the key\'s cardinality calls for the shards', () => {
      // 5 values × 20 shards = 100 distinct stored keys, the SG001 minimum.
      expect(findingsOf(RULE, users({ partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 10, peakWriteUnits: 10 }, sharding: { strategy: 'random', shards: 20 } }))).toEqual([]);
    });

    it('on a sharded time-bucket key, which SG002 requires to be sharded even when its bucket fits one partition', () => {
      // Today's bucket takes all 500 WCU: under 800, but unsharded it is SG002's error.
      expect(findingsOf(RULE, table({
        partitionKey: { name: 'day', type: 'S', cardinality: 365 },
        sharding: { strategy: 'random', shards: 2 },
      }))).toEqual([]);
    });

    it('on a key without sharding', () => {
      expect(findingsOf(RULE, table())).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Traffic is forecast to grow 20x before the next release.';
      const findings = findingsOf(RULE, users({ acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });

    it('scoped to an index waive that index\'s finding only', () => {
      const findings = findingsOf(RULE, users({
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' }, sharding: { strategy: 'random', shards: 4 } }],
        acknowledgements: [{ rule: RULE, reason: 'Index shards mirror the stream consumer count.', index: 'byCustomer' }],
      }));
      expect(findings.map((f) => [f.path, f.acknowledged])).toEqual([['globalSecondaryIndexes[0].sharding', true], ['sharding', false]]);
    });
  });
});
