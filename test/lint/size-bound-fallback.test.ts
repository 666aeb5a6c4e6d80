/**
 * Where the hottest value's count is set by its SIZE past maxShards, batching its writes upstream shrinks their rate,
 * never what the value stores: the fallback says what serves size instead (a finer key, a time to live, and on DynamoDB
 * the local secondary index that alone sets the 10 GB item-collection limit, "Item collection size limit"). Where the
 * count was set by the rate, batching stays.
 */
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';

const BATCH = "batch the hottest value's writes";
const fixOf = (design: DesignInput, ruleId: string) => lint(design).find((f) => f.ruleId === ruleId)?.fix ?? '';

// A chat service: the largest conversation holds 8,760 GB over a logical partition's usable 16 GB (80% of 20 GB).
const chat = (largestPartitionGb: number): DesignInput => ({
  containers: [
    {
      name: 'messages',
      partitionKey: { paths: [{ path: '/conversationId', cardinality: 50_000_000 }] },
      throughput: { autoscaleMax: 60_000 },
      workload: { peakReadUnits: 15_000, peakWriteUnits: 40_000, hotKeyShare: 0.1, hotKeyOperations: 'writes' },
      storage: { totalGb: 88_000, largestPartitionGb },
      accessPatterns: [
        { name: 'last-50-messages', keyAttributes: ['/conversationId'], share: 0.8, limit: 50 },
        { name: 'unread-counts-of-user', keyAttributes: [], share: 0.2 },
      ],
    },
  ],
});

// A multi-tenant audit log with an LSI no access pattern reads: the largest tenant's 65,318 GB item collection.
const audit = (over: { largestPartitionGb?: number; readsLsi?: boolean; lsi?: boolean; hotKeyShare?: number; peakWriteUnits?: number } = {}): DesignInput => ({
  tables: [
    {
      name: 'audit-log',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 3000 },
      sortKey: { name: 'eventTime', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      workload: { peakReadUnits: 10_000, peakWriteUnits: over.peakWriteUnits ?? 24_000, hotKeyShare: over.hotKeyShare ?? 0.35 },
      globalSecondaryIndexes: [{ indexName: 'by-actor', partitionKey: { name: 'actorId', type: 'S', cardinality: 500_000 } }],
      ...(over.lsi === false ? {} : { localSecondaryIndexes: [{ indexName: 'by-event-type', sortKey: { name: 'eventType', type: 'S', cardinality: 200 } }] }),
      accessPatterns: [
        { name: 'tenant-last-100', keyAttributes: ['tenantId'], share: over.readsLsi ? 0.5 : 0.6, limit: 100 },
        { name: 'actor-events', index: 'by-actor', keyAttributes: ['actorId'], share: 0.4 },
        ...(over.readsLsi ? [{ name: 'events-by-type', index: 'by-event-type', keyAttributes: ['tenantId', 'eventType'], share: 0.1 }] : []),
      ],
      storage: { largestPartitionGb: over.largestPartitionGb ?? 65_318 },
    },
  ],
});

describe('Cosmos DB: a logical partition past maxShards by size', () => {
  it('SG003 and SG006 say what serves size (548 = ⌈8,760 ÷ 16⌉), not batching', () => {
    for (const rule of ['SG003', 'SG006']) {
      const fix = fixOf(chat(8760), rule);
      // The clause before names the count its size sets (8,760 GB ÷ 16 GB usable), so this one does not say it again.
      expect(fix).toContain("the count the largest value's size asks for, N = 548 (8,760 GB ÷ 16 GB usable, 80% of the 20 GB one value may hold)");
      expect(fix).toContain('batching its writes would not shrink its size: fewer writes store the same data');
      expect(fix).not.toContain('its size sets the count');
      expect(fix).toContain('a finer key spreads it, or a time to live expires it where its data can expire');
      expect(fix).not.toContain(BATCH);
      expect(fix).not.toContain('{{');
    }
  });
});

describe('DynamoDB: an item collection past maxShards by size under an LSI', () => {
  it('SG003 names the unread LSI as what sets the limit, and no batching (⌈65,318 ÷ 8⌉ = 8,165)', () => {
    const fix = fixOf(audit(), 'SG003');
    expect(fix).toContain('its size sets the count, 65,318 GB over the 8 GB usable of one item collection (N = 8,165)');
    expect(fix).toContain(
      'the 8 GB are set by the local secondary index `by-event-type` alone (without one an item collection has no size limit), and no access pattern reads it: remove it',
    );
    expect(fix).not.toContain(BATCH);
  });

  it('SG006 leads with removing the LSI no pattern reads, and says it once', () => {
    const fix = fixOf(audit(), 'SG006');
    expect(fix.startsWith('remove the local secondary index `by-event-type`, which no access pattern reads')).toBe(true);
    expect(fix).not.toContain(BATCH);
    expect(fix.match(/no access pattern reads/g)).toHaveLength(1);
  });

  it('an LSI a pattern reads: a global index in its place, said once in SG006', () => {
    expect(fixOf(audit({ readsLsi: true }), 'SG003')).toContain('a global secondary index in its place has no item-collection limit');
    const sg006 = fixOf(audit({ readsLsi: true }), 'SG006');
    expect(sg006.startsWith('replace the local secondary index with a global one')).toBe(true);
    expect(sg006).not.toContain('a global secondary index in its place');
  });

  it('no access patterns declared: nothing says the LSI is unread, so SG006 replaces it', () => {
    const [table] = (audit() as { tables: DynamoDbTableDesign[] }).tables;
    const design: DesignInput = { tables: [{ ...table, accessPatterns: undefined }] };
    expect(fixOf(design, 'SG006').startsWith('replace the local secondary index with a global one')).toBe(true);
  });

  it('without the LSI there is no size limit: no size clause, no SG006', () => {
    expect(fixOf(audit({ lsi: false }), 'SG003')).not.toContain('its size sets the count');
    expect(fixOf(audit({ lsi: false }), 'SG006')).toBe('');
  });
});

describe('a count set by the rate keeps batching', () => {
  it('DynamoDB: a 5 GB collection, the hottest tenant 90% of 200,000 WCU', () => {
    const fix = fixOf(audit({ largestPartitionGb: 5, hotKeyShare: 0.9, peakWriteUnits: 200_000 }), 'SG003');
    expect(fix).toContain(BATCH);
    expect(fix).not.toContain('its size sets the count');
  });
});
