/**
 * Review 25 item 1: a multi-tenant table keyed by `tenantId` (the whale at 30% of 4,000 WCU) and a `by-status` GSI keyed
 * by `tenantStatus` = `tenantId` + `status` (4 statuses, declared mutable) passed silently: the index's share was uniform
 * (1/8,000). The whale's writes land on at most 4 index values: at 2× (a changing key is a delete and a put) 8,000 WCU,
 * even split over 4 statuses 0.3 ÷ 4 = 7.5% = 600 WCU on the hottest, beside 7,400 ÷ 16 = 462.5 WCU of neighbours:
 * 1,062.5 against a usable 800.
 */
import { lint, type DynamoDbTableDesign, type GlobalSecondaryIndexDesign } from '../../lib';
import { normalizeInput } from '../../lib/design/normalize';

const byStatus: GlobalSecondaryIndexDesign = {
  indexName: 'by-status',
  partitionKey: {
    name: 'tenantStatus',
    type: 'S',
    cardinality: 8000,
    components: [
      { name: 'tenantId', cardinality: 2000 },
      { name: 'status', cardinality: 4 },
    ],
    mutable: true,
  },
  sortKey: { name: 'updatedAt', type: 'S' },
};

const saas = (gsi: Partial<GlobalSecondaryIndexDesign> = {}, table: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'saas-entities',
  partitionKey: { name: 'tenantId', type: 'S', cardinality: 2000 },
  sortKey: { name: 'entityId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 6000, peakWriteUnits: 4000, hotKeyShare: 0.3 },
  globalSecondaryIndexes: [{ ...byStatus, ...gsi }],
  ...table,
});

const indexFinding = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === 'by-status');

describe("an index key whose components carry an attribute with a declared hot share inherits it, split evenly over the others' values", () => {
  it('tenantId#status: 0.3 ÷ 4 = 7.5% of 8,000 WCU = 600 WCU on the hottest value, said to be inherited and a lower bound', () => {
    const finding = indexFinding(saas());
    expect(finding).toMatchObject({
      data: {
        share: 0.075,
        shareSource: 'inherited',
        inheritedFrom: 'tenantId',
        inheritedShare: 0.3,
        inheritedAt: 'workload.hotKeyShare',
        inheritedSplit: ['status'],
        inheritedValues: 4,
        hotKeyLoad: 600,
      },
    });
    expect(finding?.message).toContain(
      "takes 7.5% (inherited from `tenantId`'s declared 30%, split evenly over 4 `status` values: a lower bound, since the hottest value's items need not spread evenly) of the peak: 600 WCU writes",
    );
    expect(finding?.message).toContain('less the 462.5 WCU its neighbours are expected to take');
  });

  it('the normalized workload records the inheritance as data', () => {
    const [{ design }] = normalizeInput(saas(), { ruleIds: [] }).designs;
    const gsi = design.engine === 'dynamodb' ? design.globalSecondaryIndexes[0] : undefined;
    expect(gsi?.workload).toMatchObject({
      hotKeyShare: 0.075,
      hotKeyShareSource: 'derived',
      hotKeyShareAt: 'workload.hotKeyShare',
      hotKeyShareInherited: { attribute: 'tenantId', share: 0.3, splitOver: [{ name: 'status', cardinality: 4 }], values: 4 },
    });
  });

  it("a share the index declares itself wins: 25% → the index's own, not inherited", () => {
    const finding = indexFinding(saas({ workload: { hotKeyShare: 0.25 } }));
    expect(finding).toMatchObject({ severity: 'error', data: { share: 0.25, shareSource: 'declared' } });
    expect(finding?.data).not.toHaveProperty('inheritedFrom');
  });

  it('another GSI keyed by the attribute alone, with a declared share, is a source too', () => {
    const byTenant: GlobalSecondaryIndexDesign = {
      indexName: 'by-tenant',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 2000 },
      workload: { hotKeyShare: 0.3 },
    };
    const design = saas(
      {},
      {
        partitionKey: { name: 'entityId', type: 'S', cardinality: 'unique' },
        sortKey: undefined,
        workload: { peakReadUnits: 6000, peakWriteUnits: 4000 },
      },
    );
    const finding = indexFinding({ ...design, globalSecondaryIndexes: [...(design.globalSecondaryIndexes ?? []), byTenant] });
    expect(finding).toMatchObject({ data: { share: 0.075, shareSource: 'inherited', inheritedAt: 'globalSecondaryIndexes[1].workload.hotKeyShare' } });
  });

  it('no split is known when another component has no declared count: the share stays uniform (no finding)', () => {
    const unknown = saas({
      partitionKey: {
        ...byStatus.partitionKey!,
        components: [
          { name: 'tenantId', cardinality: 2000 },
          { name: 'entityId', cardinality: 'unique' },
        ],
      },
    });
    expect(indexFinding(unknown)).toBeUndefined();
  });

  it("a share of the table's reads only is not carried into the index's writes", () => {
    expect(indexFinding(saas({}, { workload: { peakReadUnits: 6000, peakWriteUnits: 4000, hotKeyShare: 0.3, hotKeyOperations: 'reads' } }))).toBeUndefined();
  });
});

// cap26: the table's sharding (its partition-key attribute holding `<tenant>#n`). An index whose key part is that
// attribute itself (a multi-attribute key) reads it as stored, so the whale's writes land on its shards × the statuses,
// as tableHotShare divides an index keyed by the attribute alone; a `components` entry is a part of a string the
// application joins, and the design does not say whether it joins the shard key: the undivided share stands.
const byTenantAndStatus: Partial<GlobalSecondaryIndexDesign> = {
  partitionKey: undefined,
  partitionKeys: [
    { name: 'tenantId', type: 'S', cardinality: 2000 },
    { name: 'status', type: 'S', cardinality: 4, mutable: true },
  ],
};

describe("an inherited share through the table's sharding (cap26)", () => {
  it('a multi-attribute key on the sharded attribute itself: 0.3 ÷ (4 shards × 4 statuses) = 1.875%, 150 WCU: no SG003 (was 7.5%, a warning)', () => {
    const design = saas(byTenantAndStatus, { sharding: { strategy: 'random', shards: 4 } });
    const [{ design: normalized }] = normalizeInput(design, { ruleIds: [] }).designs;
    const gsi = normalized.engine === 'dynamodb' ? normalized.globalSecondaryIndexes[0] : undefined;
    expect(gsi?.workload).toMatchObject({ hotKeyShare: 0.01875, hotKeyShareInherited: { attribute: 'tenantId', share: 0.3, values: 4, tableShards: 4 } });
    expect(indexFinding(design)).toBeUndefined();
    // Unsharded, the same index keeps its finding at 7.5%.
    expect(indexFinding(saas(byTenantAndStatus))?.data).toMatchObject({ share: 0.075, inheritedTableShards: 1 });
  });

  it('the message names the shards it divides by: a 60% whale over 2 shards and 4 statuses, 7.5%', () => {
    const design = saas(byTenantAndStatus, {
      workload: { peakReadUnits: 6000, peakWriteUnits: 4000, hotKeyShare: 0.6 },
      sharding: { strategy: 'random', shards: 2 },
    });
    const finding = indexFinding(design);
    expect(finding?.data).toMatchObject({ share: 0.075, inheritedTableShards: 2, hotKeyLoad: 600 });
    expect(finding?.message).toContain(
      "takes 7.5% (inherited from `tenantId`'s declared 60%, split evenly over the table's 2 shards of it and 4 `status` values",
    );
  });

  it('a composite’s `tenantId` component is not divided: 7.5% stands, the finding too', () => {
    const design = saas({}, { sharding: { strategy: 'random', shards: 4 } });
    expect(indexFinding(design)?.data).toMatchObject({ share: 0.075, inheritedTableShards: 1 });
  });

  it('nor an index with a sharding of its own (its key holds the logical value and its own shard)', () => {
    const own = saas({ ...byTenantAndStatus, sharding: { strategy: 'random', shards: 2 } }, { sharding: { strategy: 'random', shards: 4 } });
    const [{ design: normalized }] = normalizeInput(own, { ruleIds: [] }).designs;
    const gsi = normalized.engine === 'dynamodb' ? normalized.globalSecondaryIndexes[0] : undefined;
    expect(gsi?.workload.hotKeyShareInherited?.tableShards).toBeUndefined();
  });
});
