import { lint } from '../../../lib';
import type { CosmosContainerDesign, DynamoDbTableDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG006';

/** A container keyed by tenant only: one tenant's data is one logical partition. */
function tenants(largestPartitionGb: number, overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
    storage: { largestPartitionGb },
    ...overrides,
  });
}

/** A table with an LSI: each customer's items form one item collection, capped at 10 GB. */
function withLsi(largestPartitionGb: number, overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    partitionKey: { name: 'customerId', type: 'S', cardinality: 100000 },
    sortKey: { name: 'orderId', type: 'S' },
    localSecondaryIndexes: [{ indexName: 'byTotal', sortKey: { name: 'total', type: 'N' } }],
    storage: { largestPartitionGb },
    ...overrides,
  });
}

describe('SG006 logical-partition-size', () => {
  describe('fires', () => {
    it('on a 50 GB Cosmos DB whale tenant: 16 GB usable, at least ceil(50 / 16) = 4 values per key', () => {
      const [finding, ...rest] = findingsOf(RULE, tenants(50));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', path: 'storage.largestPartitionGb', acknowledged: false, data: { sizeGb: 50, usableGb: 16, parts: 4 } });
      expect(finding.message).toBe('the largest logical partition is expected at 50 GB; Cosmos DB caps one logical partition at 20 GB (hard), 16 GB usable at 80%');
      expect(finding.fix).toBe('add a deeper level under `/tenantId` (e.g. /userId, up to 3 levels) so no full key value holds more than 16 GB '
        + '— at least 4 values per largest key today — or move the whale tenant to its own container');
    });

    it('just above 16 GB', () => {
      const [finding] = findingsOf(RULE, tenants(16.5));
      expect(finding.data).toEqual({ sizeGb: 16.5, usableGb: 16, parts: 2 });
    });

    it('when sharding still leaves each shard above 16 GB, with the per-shard size', () => {
      // 50 GB over 2 shards = 25 GB each.
      const [finding] = findingsOf(RULE, tenants(50, { sharding: { strategy: 'random', shards: 2 } }));
      expect(finding.message).toContain('expected at 50 GB (25 GB per shard over 2 shards)');
      expect(finding.data).toEqual({ sizeGb: 50, usableGb: 16, parts: 4 });
    });

    it('on a DynamoDB item collection above 8 GB when the table has an LSI', () => {
      // 12 / 8 = 1.5 → 2 key values.
      const [finding, ...rest] = findingsOf(RULE, withLsi(12));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', path: 'storage.largestPartitionGb', data: { sizeGb: 12, usableGb: 8, parts: 2 } });
      expect(finding.message).toBe('the largest item collection is expected at 12 GB; with a local secondary index DynamoDB caps an item collection at 10 GB, 8 GB usable at 80%');
      expect(finding.fix).toBe('replace the local secondary index with a global one (no collection limit), or spread `customerId` over at least 2 key values (composite key or sharding)');
    });

    it('on a DynamoDB item collection that sharding leaves above 8 GB per shard', () => {
      // 20 GB / 2 shards = 10 GB each, above 8; ceil(20 / 8) = 3 key values.
      const [finding] = findingsOf(RULE, withLsi(20, { sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'orderId' } }));
      expect(finding.message).toContain('expected at 20 GB (10 GB per shard over 2 shards)');
      expect(finding.data).toEqual({ sizeGb: 20, usableGb: 8, parts: 3 });
    });

    it('against a lower headroom: 20 × 0.5 = 10 GB usable', () => {
      const [finding] = findingsOf(RULE, tenants(12, { thresholds: { headroom: 0.5 } }));
      expect(finding.data).toEqual({ sizeGb: 12, usableGb: 10, parts: 2 });
      expect(finding.message).toContain('10 GB usable at 50%');
    });

    it('in a design file, at the container\'s location', () => {
      const findings = lint({ containers: [{ ...tenants(50), engine: undefined }] }).filter((f) => f.ruleId === RULE);
      expect(findings.map((f) => f.path)).toEqual(['containers[0].storage.largestPartitionGb']);
    });
  });

  describe('does not fire', () => {
    it('at exactly the usable 16 GB, or with no size declared', () => {
      expect(findingsOf(RULE, tenants(16))).toEqual([]);
      expect(findingsOf(RULE, container())).toEqual([]);
    });

    it('when enough shards bring each under 16 GB', () => {
      // 50 GB / 4 shards = 12.5 GB.
      expect(findingsOf(RULE, tenants(50, { sharding: { strategy: 'random', shards: 4 } }))).toEqual([]);
    });

    it('on a big DynamoDB item collection when the table has no LSI', () => {
      expect(findingsOf(RULE, table({ sortKey: { name: 'createdAt', type: 'S' }, storage: { largestPartitionGb: 50 } }))).toEqual([]);
    });

    it('on a DynamoDB item collection of 8 GB with an LSI', () => {
      expect(findingsOf(RULE, withLsi(8))).toEqual([]);
    });

    it('when a higher headroom makes room: 17 GB under 20 × 0.9 = 18 GB', () => {
      expect(findingsOf(RULE, tenants(17))).toHaveLength(1);
      expect(findingsOf(RULE, tenants(17, { thresholds: { headroom: 0.9 } }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'The whale tenant moves to its own container in March.';
      const findings = findingsOf(RULE, tenants(50, { acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });
  });
});
