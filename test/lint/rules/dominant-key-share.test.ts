import { lint } from '../../../lib';
import type { DynamoDbTableDesign, WorkloadDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG014';

/** Tenants with a declared top-tenant share of the peaks (default: 20% of 3,000 RCU / 2,000 WCU). */
function tenants(workload: Partial<WorkloadDesign> = {}, overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 1000 },
    workload: { peakReadUnits: 3000, peakWriteUnits: 2000, hotKeyShare: 0.2, ...workload },
    ...overrides,
  });
}

describe('SG014 dominant-key-share', () => {
  describe('fires', () => {
    it('on a declared 20% share under the ceiling, with its load and the growth left', () => {
      // Writes 2,000 × 0.2 = 400 of 800 WCU (50%); reads 600 of 2,400 RCU (25%): writes saturate first, at 800 / 400 = 2×.
      const [finding, ...rest] = findingsOf(RULE, tenants());
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'warning', path: 'workload.hotKeyShare', acknowledged: false, data: { share: 0.2, growthToCeiling: 2 } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('the hottest `tenantId` value takes 20% of traffic, above 10%: 400 of a usable 800 WCU today, saturated when traffic grows 2×');
      expect(finding.fix).toBe('plan sharding for this key before traffic grows (size N with shardsFor()), and watch it with the skew alarms');
    });

    it('naming reads when they are nearer their ceiling', () => {
      // Reads 9,000 × 0.2 = 1,800 of 2,400 RCU (75%); writes 100 of 800. Growth 2,400 / 1,800 = 1.33×.
      const [finding] = findingsOf(RULE, tenants({ peakReadUnits: 9000, peakWriteUnits: 500 }));
      expect(finding.message).toContain('1,800 of a usable 2,400 RCU today, saturated when traffic grows 1.33×');
      expect(finding.data?.share).toBe(0.2);
      expect(finding.data?.growthToCeiling).toBeCloseTo(4 / 3, 10);
    });

    it('per shard when the key is sharded too few ways', () => {
      // 30% over 2 shards = 15% each; writes 2,000 × 0.3 / 2 = 300 of 800 WCU → 800 / 300 = 2.67×.
      const [finding] = findingsOf(RULE, tenants({ hotKeyShare: 0.3 }, { sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'userId' } }));
      expect(finding.message).toBe('the hottest `tenantId` value takes 15% per shard of traffic, above 10%: 300 of a usable 800 WCU today, saturated when traffic grows 2.67×');
      expect(finding.data?.share).toBeCloseTo(0.15, 10);
      expect(finding.data?.growthToCeiling).toBeCloseTo(8 / 3, 10);
    });

    it('on a GSI\'s declared share, naming the index', () => {
      // The GSI inherits the table's 1,000 RCU / 500 WCU: 20% = 100 of 800 WCU → 8×.
      const [finding, ...rest] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'byTenant', partitionKey: { name: 'tenantId', type: 'S', cardinality: 1000 }, workload: { hotKeyShare: 0.2 } }],
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].workload.hotKeyShare', index: 'byTenant', data: { share: 0.2, growthToCeiling: 8 } });
      expect(finding.message).toBe('the hottest `tenantId` value on index `byTenant` takes 20% of traffic, above 10%: 100 of a usable 800 WCU today, saturated when traffic grows 8×');
    });

    it('on a Cosmos DB tenant in RU/s', () => {
      // 15% of (20,000 + 10,000) RU/s = 4,500 of 8,000 RU/s → 8,000 / 4,500 = 1.78×.
      const [finding] = findingsOf(RULE, container({ workload: { peakReadUnits: 20000, peakWriteUnits: 10000, hotKeyShare: 0.15 } }));
      expect(finding.path).toBe('workload.hotKeyShare');
      expect(finding.message).toBe('the hottest (`/tenantId`, `/userId`) value takes 15% of traffic, above 10%: 4,500 of a usable 8,000 RU/s today, saturated when traffic grows 1.78×');
      expect(finding.data?.growthToCeiling).toBeCloseTo(16 / 9, 10);
    });

    it('above a lower maxHotKeyShare, per design or project-wide', () => {
      const design = tenants({ hotKeyShare: 0.08 });
      expect(findingsOf(RULE, design)).toEqual([]);
      const [finding] = findingsOf(RULE, { ...design, thresholds: { maxHotKeyShare: 0.05 } });
      expect(finding.message).toContain('takes 8% of traffic, above 5%');
      expect(lint(design, { thresholds: { maxHotKeyShare: 0.05 } }).filter((f) => f.ruleId === RULE)).toHaveLength(1);
    });
  });

  describe('does not fire', () => {
    it('at exactly 10%', () => {
      expect(findingsOf(RULE, tenants({ hotKeyShare: 0.1 }))).toEqual([]);
    });

    it('on a uniform (undeclared) share, even a large one', () => {
      // 5 values: 20% each, but nobody declared a dominant value (SG001 covers the cardinality).
      expect(findingsOf(RULE, table({ partitionKey: { name: 'status', type: 'S', cardinality: 5 } }))).toEqual([]);
    });

    it('on a time-bucket key whose share of 1 is the default, not declared', () => {
      expect(findingsOf(RULE, table({ partitionKey: { name: 'day', type: 'S', cardinality: 365 } }))).toEqual([]);
    });

    it('above the ceiling, where SG003 reports the key as an error instead', () => {
      // 2,000 × 0.5 = 1,000 WCU > 800.
      const findings = lint(tenants({ hotKeyShare: 0.5 }));
      expect(findings.filter((f) => f.ruleId === RULE)).toEqual([]);
      expect(findings.filter((f) => f.ruleId === 'SG003')).toHaveLength(1);
    });

    it('when the declared peaks are zero: nothing to saturate, no growth factor to report', () => {
      expect(findingsOf(RULE, tenants({ peakReadUnits: 0, peakWriteUnits: 0, hotKeyShare: 0.5 }))).toEqual([]);
    });

    it('when enough shards bring each under 10%', () => {
      // 30% over 4 shards = 7.5%.
      expect(findingsOf(RULE, tenants({ hotKeyShare: 0.3 }, { sharding: { strategy: 'calculated', shards: 4, sourceAttribute: 'userId' } }))).toEqual([]);
    });

    it('under a higher maxHotKeyShare', () => {
      expect(findingsOf(RULE, tenants({}, { thresholds: { maxHotKeyShare: 0.25 } }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'The top tenant is contractually capped at 500 WCU.';
      expect(findingsOf(RULE, tenants({}, { acknowledgements: [{ rule: RULE, reason }] })))
        .toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });

    it('scoped to an index waive that index\'s finding only', () => {
      const findings = findingsOf(RULE, tenants({}, {
        globalSecondaryIndexes: [{ indexName: 'byTenant', partitionKey: { name: 'tenantId', type: 'S', cardinality: 1000 }, workload: { hotKeyShare: 0.2 } }],
        acknowledgements: [{ rule: RULE, reason: 'The index only serves the admin console.', index: 'byTenant' }],
      }));
      expect(findings.map((f) => [f.path, f.acknowledged])).toEqual([
        ['globalSecondaryIndexes[0].workload.hotKeyShare', true],
        ['workload.hotKeyShare', false],
      ]);
    });
  });
});
