import type { AccessPatternDesign, DynamoDbTableDesign, ShardingDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG009';

const random13: ShardingDesign = { strategy: 'random', shards: 13 };
const calculated13: ShardingDesign = { strategy: 'calculated', shards: 13, sourceAttribute: 'userId' };

/** The ticketing table: 10,000 WCU on the hot event, sharded into the 13 keys it needs. */
function tickets(sharding: ShardingDesign, accessPatterns: AccessPatternDesign[], overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
    workload: { peakReadUnits: 1000, peakWriteUnits: 20000, hotKeyShare: 0.5 },
    sharding,
    accessPatterns,
    ...overrides,
  });
}

describe('SG009 unsharded-read', () => {
  describe('fires', () => {
    it('on a random-sharded key read without fan-out', () => {
      const [finding, ...rest] = findingsOf(RULE, tickets(random13, [{ name: 'tickets-of-event', keyAttributes: ['eventId'], share: 0.5 }]));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', path: 'accessPatterns[0]', acknowledged: false, data: { shards: 13 } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('access pattern `tickets-of-event` reads `eventId`, which is random-sharded over 13 keys, without fan-out: it sees about 1/13 of the data');
      expect(finding.fix).toBe('set fanOut: true and query all 13 keys (shardedKey(sharding).readKeys(key)), or read a projection or index');
    });

    it('on a random-sharded key read with another attribute too (random shards cannot be found from it)', () => {
      const findings = findingsOf(RULE, tickets(random13, [{ name: 'ticket-of-user', keyAttributes: ['eventId', 'userId'], share: 0.5 }]));
      expect(findings.map((f) => f.path)).toEqual(['accessPatterns[0]']);
    });

    it('on a calculated-sharded key read without its source attribute', () => {
      const [finding] = findingsOf(RULE, tickets(calculated13, [{ name: 'tickets-of-event', keyAttributes: ['eventId'], share: 0.2 }]));
      expect(finding).toMatchObject({ path: 'accessPatterns[0]', data: { shards: 13 } });
      expect(finding.message).toBe('access pattern `tickets-of-event` reads `eventId`, calculated-sharded on `userId`, without that attribute and without fan-out: it sees one of 13 shards');
      expect(finding.fix).toBe('set fanOut: true and query all 13 keys (shardedKey(sharding).readKeys(key), or supply `userId` to read one shard), or read a projection or index');
    });

    it('on each offending pattern only, at its own path', () => {
      const findings = findingsOf(RULE, tickets(calculated13, [
        { name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 0.5 },
        { name: 'sales-report', keyAttributes: ['eventId'], share: 0.1, fanOut: true },
        { name: 'event-page', keyAttributes: ['eventId'], share: 0.4 },
      ]));
      expect(findings.map((f) => f.path)).toEqual(['accessPatterns[2]']);
      expect(findings[0].message).toContain('`event-page`');
    });

    it('on a read of a sharded GSI, naming the index', () => {
      const [finding, ...rest] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byEvent',
          partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
          workload: { peakWriteUnits: 20000, hotKeyShare: 0.5 },
          sharding: random13,
        }],
        accessPatterns: [
          { name: 'order', keyAttributes: ['orderId'], share: 0.5 },
          { name: 'orders-of-event', index: 'byEvent', keyAttributes: ['eventId'], share: 0.5 },
        ],
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ path: 'accessPatterns[1]', index: 'byEvent', data: { shards: 13 } });
      expect(finding.message).toContain('reads `eventId` on index `byEvent`, which is random-sharded over 13 keys');
    });

    it('on a read through an LSI, which shares the table\'s sharded partition key', () => {
      const [finding] = findingsOf(RULE, tickets(random13, [{ name: 'by-price', index: 'byPrice', keyAttributes: ['eventId'], share: 1 }], {
        sortKey: { name: 'ticketId', type: 'S' },
        localSecondaryIndexes: [{ indexName: 'byPrice', sortKey: { name: 'price', type: 'N' } }],
      }));
      expect(finding.path).toBe('accessPatterns[0]');
    });

    it('on a Cosmos DB sharded key read by its path without the slash', () => {
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        workload: { peakReadUnits: 20000, peakWriteUnits: 10000, hotKeyShare: 0.4 },
        sharding: { strategy: 'random', shards: 2 },
        accessPatterns: [{ name: 'tenant-dashboard', keyAttributes: ['tenantId'], share: 1 }],
      }));
      expect(finding).toMatchObject({ path: 'accessPatterns[0]', data: { shards: 2 } });
      expect(finding.message).toContain('reads `/tenantId`, which is random-sharded over 2 keys, without fan-out: it sees about 1/2 of the data');
    });
  });

  describe('does not fire', () => {
    it('on a random-sharded key read with fan-out', () => {
      expect(findingsOf(RULE, tickets(random13, [{ name: 'tickets-of-event', keyAttributes: ['eventId'], share: 1, fanOut: true }]))).toEqual([]);
    });

    it('on a calculated-sharded key read by its source attribute', () => {
      expect(findingsOf(RULE, tickets(calculated13, [{ name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 1 }]))).toEqual([]);
    });

    it('on a calculated-sharded key read with fan-out', () => {
      expect(findingsOf(RULE, tickets(calculated13, [{ name: 'sales-report', keyAttributes: ['eventId'], share: 1, fanOut: true }]))).toEqual([]);
    });

    it('on a query that does not use the sharded key (SG012\'s concern, not a shard read)', () => {
      expect(findingsOf(RULE, tickets(random13, [{ name: 'tickets-by-user', keyAttributes: ['userId'], share: 0.01 }]))).toEqual([]);
    });

    it('on table reads when only a GSI is sharded', () => {
      expect(findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byEvent',
          partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
          workload: { peakWriteUnits: 20000, hotKeyShare: 0.5 },
          sharding: random13,
        }],
        accessPatterns: [{ name: 'event-lookup', keyAttributes: ['eventId', 'orderId'], share: 1 }],
      }))).toEqual([]);
    });

    it('on an unsharded key', () => {
      expect(findingsOf(RULE, table({ accessPatterns: [{ name: 'order', keyAttributes: ['orderId'], share: 1 }] }))).toEqual([]);
    });

    it('on a Cosmos DB calculated-sharded key read by its source path, with or without slashes', () => {
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
        workload: { peakReadUnits: 20000, peakWriteUnits: 10000, hotKeyShare: 0.4 },
        sharding: { strategy: 'calculated', shards: 2, sourceAttribute: '/userId' },
        accessPatterns: [{ name: 'user-profile', keyAttributes: ['/tenantId', 'userId'], share: 1 }],
      }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'The export tolerates partial pages and retries.';
      const findings = findingsOf(RULE, tickets(random13, [{ name: 'export', keyAttributes: ['eventId'], share: 1 }], { acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });
  });
});
