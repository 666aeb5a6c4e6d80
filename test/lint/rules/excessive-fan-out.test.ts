import { lint } from '../../../lib';
import type { DynamoDbTableDesign, ShardingDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG008';

/**
 * One event takes `share` of `writes` WCU. With the defaults, 20,000 × 0.5 = 10,000 WCU:
 * N = ceil(10,000 / 800) = 13, so up to 2 × 13 = 26 shards are allowed.
 */
function hotEvent(shards: number, writes = 20000, overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
    workload: { peakReadUnits: 1000, peakWriteUnits: writes, hotKeyShare: 0.5 },
    sharding: { strategy: 'random', shards },
    ...overrides,
  });
}

describe('SG008 excessive-fan-out', () => {
  describe('fires', () => {
    it('on more than 2× the shards the peak needs, with the computed N', () => {
      const [finding, ...rest] = findingsOf(RULE, hotEvent(30));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'warning', path: 'sharding.shards', acknowledged: false, data: { shards: 13 } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('`eventId` is sharded into 30 shards, more than 2× the 13 the peak needs: every whole-key read costs 30 queries');
      expect(finding.fix).toBe('use N = 13 shards');
    });

    it('one shard over the 2× bound', () => {
      expect(findingsOf(RULE, hotEvent(27)).map((f) => f.data)).toEqual([{ shards: 13 }]);
    });

    it('on more than 100 shards even within 2× the need', () => {
      // 96,000 × 0.5 = 48,000 WCU → N = 60; 120 shards is exactly 2 × 60 but above the cap.
      const [finding] = findingsOf(RULE, hotEvent(120, 96000));
      expect(finding.message).toBe('`eventId` is sharded into 120 shards, more than the maximum of 100: every whole-key read costs 120 queries');
      expect(finding).toMatchObject({ fix: 'use N = 60 shards', data: { shards: 60 } });
    });

    it('when the peak itself needs more than 100 shards, advising to split the hot value out', () => {
      // 200,000 × 0.5 = 100,000 WCU → N = 125.
      const [finding] = findingsOf(RULE, hotEvent(150, 200000));
      expect(finding.message).toContain('sharded into 150 shards, more than the maximum of 100');
      expect(finding.fix).toBe('the peak needs 125 shards, above 100: split the hot key value out (its own table, container or key) instead of fanning out further');
      expect(finding.data).toEqual({ shards: 100 });
    });

    it('on more than 100 shards of a key that needs none', () => {
      const [finding] = findingsOf(RULE, table({ sharding: { strategy: 'random', shards: 200 } }));
      expect(finding.message).toContain('more than the maximum of 100');
      expect(finding.fix).toBe('remove the sharding: the key needs none (see SG007)');
      expect(finding.data).toEqual({ shards: 1 });
    });

    it('with a lower fanOutFactor: 20 > 1.5 × 13 = 19.5', () => {
      const [finding] = findingsOf(RULE, hotEvent(20, 20000, { thresholds: { fanOutFactor: 1.5 } }));
      expect(finding.message).toContain('more than 1.5× the 13 the peak needs');
      expect(finding.data).toEqual({ shards: 13 });
    });

    it('with a lower maxShards, per design or project-wide', () => {
      // 25 ≤ 26 passes the factor, but exceeds a cap of 20.
      const [finding] = findingsOf(RULE, hotEvent(25, 20000, { thresholds: { maxShards: 20 } }));
      expect(finding.message).toContain('sharded into 25 shards, more than the maximum of 20');
      expect(finding).toMatchObject({ fix: 'use N = 13 shards', data: { shards: 13 } });
      expect(lint(hotEvent(25), { thresholds: { maxShards: 20 } }).filter((f) => f.ruleId === RULE)).toHaveLength(1);
    });

    it('on a Cosmos DB key: 50% of 32,000 RU/s = 16,000 RU/s needs 2, 10 shards is over 4', () => {
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        workload: { peakReadUnits: 12000, peakWriteUnits: 20000, hotKeyShare: 0.5 },
        sharding: { strategy: 'random', shards: 10 },
      }));
      expect(finding).toMatchObject({ path: 'sharding.shards', data: { shards: 2 } });
      expect(finding.message).toContain('`/tenantId` is sharded into 10 shards, more than 2× the 2');
    });

    it('measured against the size need too: 50 GB needs ceil(50 / 16) = 4, 10 shards is over 8', () => {
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        storage: { largestPartitionGb: 50 },
        sharding: { strategy: 'random', shards: 10 },
      }));
      expect(finding.message).toBe('`/tenantId` is sharded into 10 shards, more than 2× the 4 the largest partition\'s size needs: every whole-key read costs 10 queries');
      expect(finding.data).toEqual({ shards: 4 });
    });

    it('measured against the cardinality need too: 5 values need ceil(100 / 5) = 20 shards, 50 is over 40', () => {
      const [finding] = findingsOf(RULE, table({
        partitionKey: { name: 'status', type: 'S', cardinality: 5 },
        sharding: { strategy: 'random', shards: 50 },
      }));
      expect(finding.message).toContain('sharded into 50 shards, more than 2× the 20 the key\'s cardinality needs');
      expect(finding.data).toEqual({ shards: 20 });
    });

    it('on a GSI, naming the index', () => {
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byEvent',
          partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
          workload: { peakWriteUnits: 20000, hotKeyShare: 0.5 },
          sharding: { strategy: 'random', shards: 40 },
        }],
      }));
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].sharding.shards', index: 'byEvent', data: { shards: 13 } });
      expect(finding.message).toContain('`eventId` on index `byEvent` is sharded into 40 shards');
    });
  });

  describe('does not fire', () => {
    it('at exactly 2× the need, or at the need', () => {
      expect(findingsOf(RULE, hotEvent(26))).toEqual([]);
      expect(findingsOf(RULE, hotEvent(13))).toEqual([]);
    });

    it('with a higher fanOutFactor: 30 ≤ 3 × 13', () => {
      expect(findingsOf(RULE, hotEvent(30, 20000, { thresholds: { fanOutFactor: 3 } }))).toEqual([]);
    });

    it('with a higher maxShards: 150 shards for a need of 125', () => {
      expect(findingsOf(RULE, hotEvent(150, 200000, { thresholds: { maxShards: 200 } }))).toEqual([]);
    });

    it('on needless sharding within the cap (SG007 reports it)', () => {
      const sharding: ShardingDesign = { strategy: 'random', shards: 50 };
      const findings = lint(table({ sharding }));
      expect(findings.filter((f) => f.ruleId === RULE)).toEqual([]);
      expect(findings.map((f) => f.ruleId)).toContain('SG007');
    });

    it('on an unsharded key', () => {
      expect(findingsOf(RULE, table())).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Sized for next year\'s sale, approved by the platform team.';
      expect(findingsOf(RULE, hotEvent(30, 20000, { acknowledgements: [{ rule: RULE, reason }] })))
        .toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });
  });
});
