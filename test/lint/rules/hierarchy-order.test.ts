import type { SortKeyAttributeDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG004';

const customerKey = { name: 'customerId', type: 'S', cardinality: 'unique' } as const;
const country: SortKeyAttributeDesign = { name: 'country', type: 'S', cardinality: 200 };
const state: SortKeyAttributeDesign = { name: 'state', type: 'S', cardinality: 4000 };
const city: SortKeyAttributeDesign = { name: 'city', type: 'S', cardinality: 100000 };
/** CITY#STATE#COUNTRY: the narrowest part first. */
const reversedLocation: SortKeyAttributeDesign = {
  name: 'location', type: 'S',
  components: [{ name: 'city', cardinality: 100000 }, { name: 'state', cardinality: 4000 }, { name: 'country', cardinality: 200 }],
};

describe('SG004 hierarchy-order', () => {
  describe('fires', () => {
    it('on a reversed Cosmos DB hierarchy (/userId/tenantId), with the order to use', () => {
      const [finding, ...rest] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/userId', cardinality: 'unique' }, { path: '/tenantId', cardinality: 500 }] },
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', path: 'partitionKey.paths', acknowledged: false, data: { order: '/tenantId,/userId' } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('the hierarchical partition key `/userId` (unique) → `/tenantId` (500) is not ordered from low to high cardinality: '
        + 'a query for one value of the first level (e.g. all users of a tenant) becomes cross-partition');
      expect(finding.fix).toBe('order it `/tenantId` → `/userId`');
    });

    it('on a three-level Cosmos DB key with the middle level out of place', () => {
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/deviceId', cardinality: 10000 }, { path: '/tenantId', cardinality: 50 }, { path: '/sessionId', cardinality: 'unique' }] },
      }));
      expect(finding.message).toContain('`/deviceId` (10,000) → `/tenantId` (50) → `/sessionId` (unique)');
      expect(finding.fix).toBe('order it `/tenantId` → `/deviceId` → `/sessionId`');
      expect(finding.data).toEqual({ order: '/tenantId,/deviceId,/sessionId' });
    });

    it('on a DynamoDB multi-attribute GSI sort key, naming the index', () => {
      const [finding, ...rest] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'byLocation', partitionKey: customerKey, sortKeys: [city, state, country] }],
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].sortKeys', index: 'byLocation', data: { order: 'country,state,city' } });
      expect(finding.message).toBe('the multi-attribute sort key of index `byLocation` `city` (100,000) → `state` (4,000) → `country` (200) is not ordered from low to high cardinality: '
        + 'it is queried left to right without skipping, so the narrowest attribute first makes broad queries impossible');
      expect(finding.fix).toBe('order it `country` → `state` → `city`');
    });

    it('on the second GSI only when the first is well ordered', () => {
      const findings = findingsOf(RULE, table({
        globalSecondaryIndexes: [
          { indexName: 'good', partitionKey: customerKey, sortKeys: [country, state, city] },
          { indexName: 'bad', partitionKey: customerKey, sortKeys: [state, country] },
        ],
      }));
      expect(findings.map((f) => [f.path, f.index, f.data?.order])).toEqual([['globalSecondaryIndexes[1].sortKeys', 'bad', 'country,state']]);
    });

    it('on a composite table sort key (CITY#STATE#COUNTRY)', () => {
      const [finding] = findingsOf(RULE, table({ sortKey: reversedLocation }));
      expect(finding).toMatchObject({ path: 'sortKey.components', data: { order: 'country,state,city' } });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('the composite sort key `location` `city` (100,000) → `state` (4,000) → `country` (200) is not ordered from low to high cardinality: '
        + 'begins_with queries on a prefix cannot narrow to one branch');
      expect(finding.fix).toBe('order it `country` → `state` → `city`');
    });

    it('on a composite sort key of a GSI', () => {
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'byCustomerLocation', partitionKey: customerKey, sortKey: reversedLocation }],
      }));
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].sortKey.components', index: 'byCustomerLocation', data: { order: 'country,state,city' } });
    });

    it('on a composite sort key of an LSI, naming the LSI', () => {
      const [finding] = findingsOf(RULE, table({
        sortKey: { name: 'createdAt', type: 'S' },
        localSecondaryIndexes: [{ indexName: 'byLocation', sortKey: reversedLocation }],
      }));
      expect(finding).toMatchObject({ path: 'localSecondaryIndexes[0].sortKey.components', index: 'byLocation', data: { order: 'country,state,city' } });
    });

    it('when the business levels are reversed around a time bucket, which goes last in the fix', () => {
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/userId', cardinality: 'unique' }, { path: '/yyyyMM', cardinality: 120 }, { path: '/tenantId', cardinality: 500 }] },
      }));
      expect(finding.message).toContain('`/userId` (unique) → `/yyyyMM` (120) → `/tenantId` (500)');
      expect(finding.fix).toBe('order it `/tenantId` → `/userId` → `/yyyyMM`');
      expect(finding.data).toEqual({ order: '/tenantId,/userId,/yyyyMM' });
    });

    it('on a Cosmos DB key with a time bucket before a business level, even when the rest ascends', () => {
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/yyyyMM', cardinality: 24 }, { path: '/tenantId', cardinality: 500 }] },
      }));
      expect(finding.path).toBe('partitionKey.paths');
      expect(finding.message).toBe('the hierarchical partition key `/yyyyMM` (24) → `/tenantId` (500) is not ordered from low to high cardinality with time buckets last: a query for one value of the first level (e.g. all users of a tenant) becomes cross-partition');
      expect(finding.fix).toBe('order it `/tenantId` → `/yyyyMM`');
    });

    it('on a level that is few-valued but not a time bucket (the exemption follows kind, not cardinality)', () => {
      const [finding] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }, { path: '/period', cardinality: 120 }] },
      }));
      expect(finding.data).toEqual({ order: '/period,/tenantId' });
    });
  });

  describe('does not fire', () => {
    it('on a well-ordered tenant → device → session key', () => {
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 50 }, { path: '/deviceId', cardinality: 10000 }, { path: '/sessionId', cardinality: 'unique' }] },
      }))).toEqual([]);
    });

    it('on levels of equal cardinality', () => {
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/storeId', cardinality: 300 }, { path: '/shelfId', cardinality: 300 }] },
      }))).toEqual([]);
    });

    it('on a single-path key', () => {
      expect(findingsOf(RULE, container({ partitionKey: { paths: [{ path: '/id', cardinality: 'unique' }] } }))).toEqual([]);
    });

    it('on a month level after a business level (time-bucket levels belong last)', () => {
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }, { path: '/yyyyMM', cardinality: 120 }] },
      }))).toEqual([]);
    });

    it('on a level declared kind: "time-bucket" after a business level', () => {
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }, { path: '/period', cardinality: 120, kind: 'time-bucket' }] },
      }))).toEqual([]);
    });

    it('on a well-ordered GSI multi-attribute sort key, and one ending in a day', () => {
      expect(findingsOf(RULE, table({
        globalSecondaryIndexes: [
          { indexName: 'byLocation', partitionKey: customerKey, sortKeys: [country, state, city] },
          { indexName: 'byAccountDay', partitionKey: customerKey, sortKeys: [{ name: 'accountId', type: 'S', cardinality: 50000 }, { name: 'day', type: 'S', cardinality: 365 }] },
        ],
      }))).toEqual([]);
    });

    it('on a well-ordered composite sort key (COUNTRY#STATE#CITY), and one ending in a month', () => {
      expect(findingsOf(RULE, table({
        sortKey: { name: 'location', type: 'S', components: [{ name: 'country', cardinality: 200 }, { name: 'state', cardinality: 4000 }, { name: 'city', cardinality: 100000 }] },
        globalSecondaryIndexes: [{
          indexName: 'byUserMonth', partitionKey: customerKey,
          sortKey: { name: 'userMonth', type: 'S', components: [{ name: 'userId', cardinality: 'unique' }, { name: 'yyyyMM', cardinality: 120 }] },
        }],
      }))).toEqual([]);
    });

    it('on a composite sort key that starts with a month (a time prefix serves range queries)', () => {
      expect(findingsOf(RULE, table({
        sortKey: { name: 'monthOrder', type: 'S', components: [{ name: 'yyyyMM', cardinality: 120 }, { name: 'orderId', cardinality: 'unique' }] },
      }))).toEqual([]);
    });

    it('on a multi-attribute GSI partition key in any order (only sort keys are matched left to right)', () => {
      expect(findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byUserTenant',
          partitionKeys: [{ name: 'userId', type: 'S', cardinality: 'unique' }, { name: 'tenantId', type: 'S', cardinality: 500 }],
        }],
      }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Legacy container; migration planned for Q3.';
      const findings = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/userId', cardinality: 'unique' }, { path: '/tenantId', cardinality: 500 }] },
        acknowledgements: [{ rule: RULE, reason }],
      }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });

    it('scoped to an index waive that index\'s finding only', () => {
      const findings = findingsOf(RULE, table({
        sortKey: reversedLocation,
        globalSecondaryIndexes: [{ indexName: 'byLocation', partitionKey: customerKey, sortKeys: [city, country] }],
        acknowledgements: [{ rule: RULE, reason: 'Only exact-match lookups run on this index.', index: 'byLocation' }],
      }));
      expect(findings.map((f) => [f.path, f.acknowledged])).toEqual([
        ['globalSecondaryIndexes[0].sortKeys', true],
        ['sortKey.components', false],
      ]);
    });
  });
});
