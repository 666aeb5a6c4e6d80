import { lint } from '../../../lib';
import type { DynamoDbTableDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG003';

/** The seeds' ticketing sale: one event takes half of 20,000 WCU → 10,000 WCU on one key value. */
function hotEvent(overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    name: 'tickets',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
    workload: { peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 0.5 },
    ...overrides,
  });
}

describe('SG003 hot-key-exceeds-partition', () => {
  describe('fires', () => {
    it('when the hot key\'s writes exceed 800 WCU, with N = ceil(10,000 / 800) = 13 random shards', () => {
      const [finding, ...rest] = findingsOf(RULE, hotEvent());
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({
        severity: 'error', path: 'partitionKey', acknowledged: false,
        data: { shards: 13, hotKeyLoad: 10000, usable: 800 },
      });
      expect(finding.index).toBeUndefined();
      // Reads are 1,000 × 0.5 = 500 RCU, under 2,400: only writes are named.
      expect(finding.message).toBe('the hottest `eventId` value takes 50% (declared) of the peak: 10,000 WCU writes against a usable 800 WCU (80% of the 1,000 WCU ceiling)');
      expect(finding.fix).toBe('shard `eventId` into N = 13 random shards (key#0…key#12); every read of the key must then fan out over all 13');
    });

    it('when only the hot key\'s reads exceed 2,400 RCU', () => {
      // Reads 12,000 × 0.5 = 6,000 RCU / 2,400 = 2.5 → 3; writes 1,000 × 0.5 = 500 WCU are fine.
      const [finding] = findingsOf(RULE, hotEvent({ workload: { peakReadUnits: 12000, peakWriteUnits: 1000, hotKeyShare: 0.5 } }));
      expect(finding.data).toEqual({ shards: 3, hotKeyLoad: 6000, usable: 2400 });
      expect(finding.message).toContain('6,000 RCU reads against a usable 2,400 RCU (80% of the 3,000 RCU ceiling)');
      expect(finding.message).not.toContain('WCU');
    });

    it('when both exceed, naming both and reporting the load and usable ceiling of the same (worst) dimension', () => {
      // Writes 2,000 × 0.5 = 1,000 WCU (1,000 / 800 → 2); reads 12,000 × 0.5 = 6,000 RCU (6,000 / 2,400 → 3). N = 3.
      const [finding] = findingsOf(RULE, hotEvent({ workload: { peakReadUnits: 12000, peakWriteUnits: 2000, hotKeyShare: 0.5 } }));
      expect(finding.message).toContain('1,000 WCU writes against a usable 800 WCU');
      expect(finding.message).toContain('6,000 RCU reads against a usable 2,400 RCU');
      expect(finding.data).toEqual({ shards: 3, hotKeyLoad: 6000, usable: 2400 });
    });

    it('with the uniform share 1/cardinality when no hot-key share is declared', () => {
      // 10 values: each takes 10% of 10,000 WCU = 1,000 WCU; 1,000 / 800 → N = 2.
      const [finding] = findingsOf(RULE, table({
        partitionKey: { name: 'shopId', type: 'S', cardinality: 10 },
        workload: { peakReadUnits: 1000, peakWriteUnits: 10000 },
      }));
      expect(finding.data).toEqual({ shards: 2, hotKeyLoad: 1000, usable: 800 });
      expect(finding.message).toContain('takes 10% (uniform) of the peak: 1,000 WCU writes');
    });

    it('when sharded into too few shards, pointing at sharding.shards and saying how far to raise it', () => {
      // 10,000 WCU / 4 shards = 2,500 per shard, still above 800: N = 13.
      const [finding] = findingsOf(RULE, hotEvent({ sharding: { strategy: 'random', shards: 4 } }));
      expect(finding).toMatchObject({ path: 'sharding.shards', data: { shards: 13, hotKeyLoad: 10000, usable: 800 } });
      expect(finding.message).toContain('10,000 WCU writes, 2,500 WCU per shard over 4 shards, against a usable 800 WCU');
      expect(finding.fix).toBe('raise sharding.shards from 4 to N = 13 (random shards on `eventId`)');
    });

    it('when calculated-sharded into too few shards', () => {
      const [finding] = findingsOf(RULE, hotEvent({ sharding: { strategy: 'calculated', shards: 10, sourceAttribute: 'userId' } }));
      // 10,000 / 10 = 1,000 per shard > 800.
      expect(finding.message).toContain('10,000 WCU writes, 1,000 WCU per shard over 10 shards,');
      expect(finding.fix).toBe('raise sharding.shards from 10 to N = 13 (calculated shards on `eventId`)');
    });

    it('advises calculated shards on the sort key when there is one', () => {
      const [finding] = findingsOf(RULE, hotEvent({ sortKey: { name: 'ticketId', type: 'S', cardinality: 'unique' } }));
      expect(finding.fix).toBe('shard `eventId` into N = 13 calculated shards on `ticketId` (key#hash(ticketId) mod 13): a read for one ticketId hits one shard, only whole-key reads fan out over 13');
    });

    it('advises calculated shards on an attribute the queries carry with the key', () => {
      const [finding] = findingsOf(RULE, hotEvent({
        accessPatterns: [{ name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 1 }],
      }));
      expect(finding.fix).toContain('N = 13 calculated shards on `userId` (key#hash(userId) mod 13)');
    });

    it('does not hash a time sort key (read by range, never by one value), advising random shards', () => {
      const [finding] = findingsOf(RULE, hotEvent({ sortKey: { name: 'soldAt', type: 'S', cardinality: 'unique' } }));
      expect(finding.fix).toBe('shard `eventId` into N = 13 random shards (key#0…key#12); every read of the key must then fan out over all 13');
    });

    it('advises random shards when queries carry only the key', () => {
      const [finding] = findingsOf(RULE, hotEvent({
        accessPatterns: [{ name: 'tickets-of-event', keyAttributes: ['eventId'], share: 1 }],
      }));
      expect(finding.fix).toContain('N = 13 random shards');
    });

    it('on a GSI with its own workload, naming the index', () => {
      const [finding, ...rest] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byEvent',
          partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
          workload: { peakWriteUnits: 20000, hotKeyShare: 0.5 },
        }],
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].partitionKey', index: 'byEvent', data: { shards: 13, hotKeyLoad: 10000, usable: 800 } });
      expect(finding.message).toContain('the hottest `eventId` value on index `byEvent` takes 50% (declared)');
    });

    it('on a GSI that inherits the table\'s peak, with the uniform share of its own key', () => {
      // Table writes 20,000 WCU; the GSI key has 20 values: 20,000 / 20 = 1,000 WCU → N = 2.
      const [finding] = findingsOf(RULE, table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 20000 },
        globalSecondaryIndexes: [{ indexName: 'byStore', partitionKey: { name: 'storeId', type: 'S', cardinality: 20 } }],
      }));
      expect(finding).toMatchObject({ index: 'byStore', data: { shards: 2, hotKeyLoad: 1000, usable: 800 } });
      expect(finding.message).toContain('takes 5% (uniform)');
    });

    it('on a Cosmos DB whale tenant, against 8,000 RU/s per logical partition, suggesting moving the whale out', () => {
      // 40% of (20,000 + 10,000) RU/s = 12,000 RU/s; 12,000 / 8,000 = 1.5 → N = 2.
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        workload: { peakReadUnits: 20000, peakWriteUnits: 10000, hotKeyShare: 0.4 },
      }));
      expect(finding).toMatchObject({ severity: 'error', path: 'partitionKey.paths', data: { shards: 2, hotKeyLoad: 12000, usable: 8000 } });
      expect(finding.message).toBe('the hottest `/tenantId` value takes 40% (declared) of the peak: 12,000 RU/s against a usable 8,000 RU/s (80% of the 10,000 RU/s ceiling)');
      expect(finding.fix).toBe('shard `/tenantId` into N = 2 random shards (key#0…key#1); every read of the key must then fan out over all 2; or move the whale tenant to its own container');
    });

    it('on a Cosmos DB key with a uniform share, without the whale advice', () => {
      // 4 regions: 25% of 40,000 RU/s = 10,000 RU/s; 10,000 / 8,000 = 1.25 → N = 2.
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/region', cardinality: 4 }] },
        workload: { peakReadUnits: 20000, peakWriteUnits: 20000 },
      }));
      expect(finding.data).toEqual({ shards: 2, hotKeyLoad: 10000, usable: 8000 });
      expect(finding.fix).not.toContain('whale');
    });

    it('with a lower headroom override, against the lowered usable ceiling', () => {
      // 1,200 × 0.5 = 600 WCU: under 800 by default, over 500 at headroom 0.5 → N = ceil(600 / 500) = 2.
      const design = hotEvent({ workload: { peakReadUnits: 100, peakWriteUnits: 1200, hotKeyShare: 0.5 } });
      expect(findingsOf(RULE, design)).toEqual([]);
      const [finding] = findingsOf(RULE, { ...design, thresholds: { headroom: 0.5 } });
      expect(finding.data).toEqual({ shards: 2, hotKeyLoad: 600, usable: 500 });
      expect(finding.message).toContain('600 WCU writes against a usable 500 WCU (50% of the 1,000 WCU ceiling)');
    });
  });

  describe('does not fire', () => {
    it('on a UUID key', () => {
      expect(findingsOf(RULE, table({ workload: { peakReadUnits: 100000, peakWriteUnits: 40000 } }))).toEqual([]);
    });

    it('when the hot key sits exactly at the usable ceiling', () => {
      // 1,600 × 0.5 = 800 WCU: at, not above, the usable ceiling.
      expect(findingsOf(RULE, hotEvent({ workload: { peakReadUnits: 100, peakWriteUnits: 1600, hotKeyShare: 0.5 } }))).toEqual([]);
    });

    it('when sharded into the N it needs', () => {
      // 10,000 / 13 ≈ 769 WCU per shard.
      expect(findingsOf(RULE, hotEvent({ sharding: { strategy: 'random', shards: 13 } }))).toEqual([]);
    });

    it('when a higher headroom override makes room, per design or project-wide', () => {
      // 1,700 × 0.5 = 850 WCU: over 800 (default), under 900 (headroom 0.9).
      const design = hotEvent({ workload: { peakReadUnits: 100, peakWriteUnits: 1700, hotKeyShare: 0.5 } });
      expect(findingsOf(RULE, design)).toHaveLength(1);
      expect(findingsOf(RULE, { ...design, thresholds: { headroom: 0.9 } })).toEqual([]);
      expect(lint(design, { thresholds: { headroom: 0.9 } }).filter((f) => f.ruleId === RULE)).toEqual([]);
    });

    it('on a Cosmos DB tenant under 8,000 RU/s', () => {
      // 10% of 70,000 RU/s = 7,000 RU/s.
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        workload: { peakReadUnits: 50000, peakWriteUnits: 20000, hotKeyShare: 0.1 },
      }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'The flash sale runs behind a queue capped at 700 WCU.';
      const findings = findingsOf(RULE, hotEvent({ acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });

    it('scoped to an index waive that index\'s finding only', () => {
      const findings = findingsOf(RULE, hotEvent({
        globalSecondaryIndexes: [{ indexName: 'byVenue', partitionKey: { name: 'venueId', type: 'S', cardinality: 5000 }, workload: { hotKeyShare: 0.2 } }],
        acknowledgements: [{ rule: RULE, reason: 'Venue index writes are batched offline.', index: 'byVenue' }],
      }));
      expect(findings.map((f) => [f.index, f.acknowledged])).toEqual([['byVenue', true], [undefined, false]]);
    });
  });
});
