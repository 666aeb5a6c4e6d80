import { lint } from '../../../lib';
import type { AccessPatternDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG012';

function pattern(name: string, keyAttributes: string[], share: number, index?: string): AccessPatternDesign {
  return { name, keyAttributes, share, ...(index !== undefined ? { index } : {}) };
}

const byCustomer = { indexName: 'byCustomer', partitionKey: { name: 'customerId', type: 'S' as const, cardinality: 'unique' as const } };

describe('SG012 cross-partition-queries', () => {
  describe('fires', () => {
    it('when queries without the partition key exceed 5% of traffic', () => {
      const [finding, ...rest] = findingsOf(RULE, table({
        accessPatterns: [pattern('order', ['orderId'], 0.9), pattern('by-status', ['status'], 0.1)],
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'warning', path: 'accessPatterns', acknowledged: false, data: { crossPartitionShare: 0.1 } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('`by-status` (10%) does not carry the partition key: 10% of queries cross partitions, above the 5% limit');
      expect(finding.fix).toBe('carry the partition key, or add a GSI keyed on what these queries filter by');
    });

    it('summing several patterns that are each under the limit', () => {
      const [finding] = findingsOf(RULE, table({
        accessPatterns: [pattern('order', ['orderId'], 0.93), pattern('by-status', ['status'], 0.03), pattern('by-sku', ['sku'], 0.04)],
      }));
      expect(finding.message).toBe('`by-status` (3%), `by-sku` (4%) do not carry the partition key: 7% of queries cross partitions, above the 5% limit');
      expect(finding.data?.crossPartitionShare).toBeCloseTo(0.07, 10);
    });

    it('when a query on a GSI does not carry that index\'s key', () => {
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [byCustomer],
        accessPatterns: [pattern('order', ['orderId'], 0.9), pattern('customer-by-order', ['orderId'], 0.1, 'byCustomer')],
      }));
      expect(finding.message).toContain('`customer-by-order` (10%)');
    });

    it('when a query gives only part of a multi-attribute GSI partition key', () => {
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byTenantRegion',
          partitionKeys: [{ name: 'tenantId', type: 'S', cardinality: 500 }, { name: 'region', type: 'S', cardinality: 20 }],
        }],
        accessPatterns: [pattern('tenant-all-regions', ['tenantId'], 0.2, 'byTenantRegion'), pattern('tenant-region', ['tenantId', 'region'], 0.8, 'byTenantRegion')],
      }));
      expect(finding.message).toContain('`tenant-all-regions` (20%) does not carry the partition key: 20% of queries');
      expect(finding.data).toEqual({ crossPartitionShare: 0.2 });
    });

    it('on Cosmos DB when a query gives a later level but not the first', () => {
      const [finding] = findingsOf(RULE, container({
        accessPatterns: [pattern('tenant', ['tenantId'], 0.5), pattern('profile', ['/tenantId', '/userId'], 0.4), pattern('by-user', ['/userId'], 0.1)],
      }));
      expect(finding).toMatchObject({ path: 'accessPatterns', data: { crossPartitionShare: 0.1 } });
      expect(finding.message).toBe('`by-user` (10%) does not carry the partition key: 10% of queries cross partitions, above the 5% limit');
      expect(finding.fix).toBe('carry the partition key (or its first level), or maintain a change-feed projection keyed for these queries');
    });

    it('above a lower limit, per design or project-wide', () => {
      const design = table({ accessPatterns: [pattern('order', ['orderId'], 0.97), pattern('by-status', ['status'], 0.03)] });
      expect(findingsOf(RULE, design)).toEqual([]);
      const [finding] = findingsOf(RULE, { ...design, thresholds: { maxCrossPartitionShare: 0.01 } });
      expect(finding.message).toContain('3% of queries cross partitions, above the 1% limit');
      expect(lint(design, { thresholds: { maxCrossPartitionShare: 0.01 } }).filter((f) => f.ruleId === RULE)).toHaveLength(1);
    });
  });

  describe('does not fire', () => {
    it('at exactly 5%', () => {
      expect(findingsOf(RULE, table({ accessPatterns: [pattern('order', ['orderId'], 0.95), pattern('by-status', ['status'], 0.05)] }))).toEqual([]);
    });

    it('when every query carries the key of the index it reads', () => {
      expect(findingsOf(RULE, table({
        globalSecondaryIndexes: [byCustomer],
        accessPatterns: [pattern('order', ['orderId'], 0.6), pattern('orders-of-customer', ['customerId'], 0.4, 'byCustomer')],
      }))).toEqual([]);
    });

    it('on a query through an LSI that carries the table\'s partition key', () => {
      expect(findingsOf(RULE, table({
        sortKey: { name: 'createdAt', type: 'S' },
        localSecondaryIndexes: [{ indexName: 'byTotal', sortKey: { name: 'total', type: 'N' } }],
        accessPatterns: [pattern('order-by-total', ['orderId'], 1, 'byTotal')],
      }))).toEqual([]);
    });

    it('on Cosmos DB queries that carry only a hierarchical prefix', () => {
      expect(findingsOf(RULE, container({ accessPatterns: [pattern('users-of-tenant', ['/tenantId'], 0.95), pattern('profile', ['tenantId', 'userId'], 0.05)] }))).toEqual([]);
    });

    it('under a higher limit', () => {
      expect(findingsOf(RULE, table({
        accessPatterns: [pattern('order', ['orderId'], 0.9), pattern('by-status', ['status'], 0.1)],
        thresholds: { maxCrossPartitionShare: 0.2 },
      }))).toEqual([]);
    });

    it('with no declared access patterns', () => {
      expect(findingsOf(RULE, table())).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Admin search runs off-peak against a read replica.';
      const findings = findingsOf(RULE, table({
        accessPatterns: [pattern('order', ['orderId'], 0.9), pattern('admin-search', ['email'], 0.1)],
        acknowledgements: [{ rule: RULE, reason }],
      }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });
  });
});
