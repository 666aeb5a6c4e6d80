import { lint } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG002';

describe('SG002 time-bucket-key', () => {
  describe('fires', () => {
    it('on a date-named table key, with N from the current bucket\'s peak and a calculated shard on the sort key', () => {
      // A time-bucket key's hottest value (today) takes every write: share 1.
      // Writes 2,000 WCU / 800 usable = 2.5 → 3; reads 1,500 RCU / 2,400 → 1. N = 3.
      const findings = findingsOf(RULE, table({
        partitionKey: { name: 'orderDate', type: 'S', cardinality: 365 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 1500, peakWriteUnits: 2000 },
      }));
      expect(findings).toHaveLength(1);
      const [finding] = findings;
      expect(finding).toMatchObject({ ruleId: RULE, severity: 'error', path: 'partitionKey', acknowledged: false, data: { shards: 3 } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('partition key `orderDate` is a time bucket: every write lands on the current bucket\'s partition while older buckets sit idle');
      expect(finding.fix).toBe(
        'shard `orderDate` into N = 3 calculated shards on `orderId` (key#hash(orderId) mod 3): a read for one orderId hits one shard, '
        + 'only whole-key reads fan out over 3; or key by an event id, or combine the time with a business dimension (e.g. yyyyMM-userId)',
      );
    });

    it('asks for at least 2 shards, random when no attribute can pick the shard, even when the bucket is under the ceiling', () => {
      // 500 WCU and 1,000 RCU on today's bucket fit one partition: N would be 1, but a time key still needs sharding.
      const [finding, ...rest] = findingsOf(RULE, table({ partitionKey: { name: 'day', type: 'S', cardinality: 365 } }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ path: 'partitionKey', data: { shards: 2 } });
      expect(finding.fix).toContain('shard `day` into N = 2 random shards (key#0…key#1); every read of the key must then fan out over all 2');
    });

    it.each(['date', 'eventDay', 'createdAt', 'publishedOn', 'yyyyMM', 'hour_bucket', 'timestamp', 'event_month'])(
      'infers a time bucket from the name %s',
      (name) => {
        const findings = findingsOf(RULE, table({ partitionKey: { name, type: 'S', cardinality: 1000 } }));
        expect(findings.map((f) => f.path)).toEqual(['partitionKey']);
      },
    );

    it('on a key declared kind: "time-bucket" whose name gives no hint', () => {
      const findings = findingsOf(RULE, table({ partitionKey: { name: 'bucket', type: 'S', cardinality: 1000, kind: 'time-bucket' } }));
      expect(findings.map((f) => f.path)).toEqual(['partitionKey']);
    });

    it('on a Cosmos DB /yyyyMM path, sized from the combined RU/s', () => {
      // The current month takes all 6,000 + 14,000 = 20,000 RU/s; 20,000 / 8,000 usable = 2.5 → N = 3.
      const [finding, ...rest] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/yyyyMM', cardinality: 120 }] },
        workload: { peakReadUnits: 6000, peakWriteUnits: 14000 },
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', path: 'partitionKey.paths[0]', data: { shards: 3 } });
      expect(finding.message).toContain('partition key `/yyyyMM` is a time bucket');
      expect(finding.fix).toContain('shard `/yyyyMM` into N = 3 random shards (key#0…key#2)');
    });

    it('on a Cosmos DB hierarchical key whose every level is a time bucket, pointing at the whole key', () => {
      const findings = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/year', cardinality: 10 }, { path: '/day', cardinality: 3650 }] },
      }));
      expect(findings.map((f) => f.path)).toEqual(['partitionKey.paths']);
      expect(findings[0].message).toContain('(`/year`, `/day`) is a time bucket');
    });

    it('on a composite value whose every component is a time part', () => {
      const findings = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/period', cardinality: 120, components: [{ name: 'yyyy', cardinality: 10 }, { name: 'MM', cardinality: 12 }] }] },
      }));
      expect(findings.map((f) => f.path)).toEqual(['partitionKey.paths[0]']);
    });

    it('on a GSI keyed by a date, with the index named and sized from the table\'s inherited traffic', () => {
      // The GSI inherits the table's 500 WCU / 1,000 RCU, all on today's bucket: under the ceiling, so N = 2.
      const [finding, ...rest] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'byDay', partitionKey: { name: 'day', type: 'S', cardinality: 365 } }],
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].partitionKey', index: 'byDay', data: { shards: 2 } });
      expect(finding.message).toBe('partition key `day` on index `byDay` is a time bucket: every write lands on the current bucket\'s partition while older buckets sit idle');
    });

    it('on a multi-attribute GSI partition key made only of time attributes, and sizes N from the index\'s own peak', () => {
      // GSI writes 4,000 WCU on the current month: 4,000 / 800 = 5.
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byMonth',
          partitionKeys: [{ name: 'year', type: 'N', cardinality: 10 }, { name: 'month', type: 'N', cardinality: 12 }],
          workload: { peakWriteUnits: 4000 },
        }],
      }));
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].partitionKeys', index: 'byMonth', data: { shards: 5 } });
      expect(finding.message).toContain('partition key (`year`, `month`) on index `byMonth`');
      expect(finding.fix).toContain('N = 5');
    });

    it('in a design file, with the table\'s location in the path', () => {
      const findings = lint({ tables: [table(), table({ name: 'events', partitionKey: { name: 'eventDate', type: 'S', cardinality: 365 } })] })
        .filter((f) => f.ruleId === RULE);
      expect(findings.map((f) => [f.resource, f.path])).toEqual([['events', 'tables[1].partitionKey']]);
    });
  });

  describe('does not fire', () => {
    it.each(['orderId', 'candidate', 'dayCount', 'updatedBy', 'timezoneId'])('on the non-time name %s', (name) => {
      expect(findingsOf(RULE, table({ partitionKey: { name, type: 'S', cardinality: 'unique' } }))).toEqual([]);
    });

    it('on a time-named key declared kind: "value"', () => {
      expect(findingsOf(RULE, table({ partitionKey: { name: 'date', type: 'S', cardinality: 'unique', kind: 'value' } }))).toEqual([]);
    });

    it('on a sharded time key (the date#shard fix), and the sharding is not called needless either', () => {
      const findings = lint(table({
        partitionKey: { name: 'day', type: 'S', cardinality: 365 },
        sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 500, peakWriteUnits: 500 },
        sharding: { strategy: 'random', shards: 2 },
        accessPatterns: [{ name: 'daily-export', keyAttributes: ['day'], share: 1, fanOut: true }],
      }));
      expect(findings).toEqual([]);
    });

    it('on a time key combined with a business dimension in a composite value (yyyyMM-userId)', () => {
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/eventDay', cardinality: 'unique', components: [{ name: 'day', cardinality: 365 }, { name: 'userId', cardinality: 'unique' }] }] },
      }))).toEqual([]);
    });

    it('on a Cosmos DB hierarchy that puts a business level next to the month', () => {
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }, { path: '/yyyyMM', cardinality: 120 }] },
      }))).toEqual([]);
    });

    it('on a multi-attribute GSI key that pairs the date with a business attribute', () => {
      expect(findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byUserDay',
          partitionKeys: [{ name: 'userId', type: 'S', cardinality: 'unique' }, { name: 'day', type: 'S', cardinality: 365 }],
        }],
      }))).toEqual([]);
    });

    it('on a time sort key under a high-cardinality partition key', () => {
      expect(findingsOf(RULE, table({ sortKey: { name: 'createdAt', type: 'S' } }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Append-only audit log at 5 writes per second.';
      const findings = findingsOf(RULE, table({
        partitionKey: { name: 'day', type: 'S', cardinality: 365 },
        acknowledgements: [{ rule: RULE, reason }],
      }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason, path: 'partitionKey' })]);
    });

    it('scoped to an index waive that index\'s finding only', () => {
      const findings = findingsOf(RULE, table({
        partitionKey: { name: 'day', type: 'S', cardinality: 365 },
        globalSecondaryIndexes: [{ indexName: 'byHour', partitionKey: { name: 'hour', type: 'S', cardinality: 8760 } }],
        acknowledgements: [{ rule: RULE, reason: 'Hourly rollup index, written once per hour.', index: 'byHour' }],
      }));
      expect(findings.map((f) => [f.path, f.acknowledged, f.reason])).toEqual([
        ['globalSecondaryIndexes[0].partitionKey', true, 'Hourly rollup index, written once per hour.'],
        ['partitionKey', false, undefined],
      ]);
    });
  });
});
