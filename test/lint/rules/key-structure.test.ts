import type { CosmosKeyPathDesign, PartitionKeyAttributeDesign, SortKeyAttributeDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG005';

const tenant: CosmosKeyPathDesign = { path: '/tenantId', cardinality: 500 };
const user: CosmosKeyPathDesign = { path: '/userId', cardinality: 'unique' };

function pk(name: string, cardinality: PartitionKeyAttributeDesign['cardinality'] = 'unique'): PartitionKeyAttributeDesign {
  return { name, type: 'S', cardinality };
}
function sk(name: string, cardinality: number): SortKeyAttributeDesign {
  return { name, type: 'S', cardinality };
}

describe('SG005 key-structure', () => {
  describe('Cosmos DB: fires', () => {
    it('on more than 3 paths, keeping the first 3', () => {
      const [finding, ...rest] = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 50 }, { path: '/deviceId', cardinality: 10000 }, { path: '/sessionId', cardinality: 'unique' }, { path: '/eventId', cardinality: 'unique' }] },
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', path: 'partitionKey.paths', acknowledged: false });
      expect(finding.message).toBe('the partition key has 4 paths; Cosmos DB allows at most 3 levels');
      expect(finding.fix).toBe('keep `/tenantId`, `/deviceId`, `/sessionId`, or fold the extra levels into a synthetic key');
    });

    it('on a path without the leading slash', () => {
      const [finding] = findingsOf(RULE, container({ partitionKey: { paths: [{ path: 'tenantId', cardinality: 500 }, user] } }));
      expect(finding.path).toBe('partitionKey.paths[0]');
      expect(finding.message).toBe('the partition-key path `tenantId` is not a valid path (it must start with "/", with no wildcard or trailing slash)');
      expect(finding.fix).toBe('use `/tenantId`');
    });

    it('on a wildcard path', () => {
      const [finding] = findingsOf(RULE, container({ partitionKey: { paths: [tenant, { path: '/tags/*', cardinality: 'unique' }] } }));
      expect(finding).toMatchObject({ path: 'partitionKey.paths[1]', fix: 'use `/tags`' });
      expect(finding.message).toContain('`/tags/*` is not a valid path');
    });

    it('on a trailing slash', () => {
      const [finding] = findingsOf(RULE, container({ partitionKey: { paths: [tenant, { path: '/userId/', cardinality: 'unique' }] } }));
      expect(finding).toMatchObject({ path: 'partitionKey.paths[1]', fix: 'use `/userId`' });
    });

    it('on a duplicate path, at its second occurrence', () => {
      const [finding] = findingsOf(RULE, container({ partitionKey: { paths: [tenant, tenant] } }));
      expect(finding).toMatchObject({ path: 'partitionKey.paths[1]', message: 'the partition-key path `/tenantId` appears twice', fix: 'list each path once' });
    });

    it('on MultiHash with version 1', () => {
      const [finding] = findingsOf(RULE, container({ partitionKey: { paths: [tenant, user], kind: 'MultiHash', version: 1 } }));
      expect(finding).toMatchObject({
        path: 'partitionKey.version',
        message: 'a MultiHash (hierarchical) key needs partition key version 2, got 1',
        fix: 'set partitionKey.version to 2',
      });
    });

    it('on kind Hash with several paths', () => {
      const [finding] = findingsOf(RULE, container({ partitionKey: { paths: [tenant, user], kind: 'Hash' } }));
      expect(finding).toMatchObject({ path: 'partitionKey.kind', message: 'kind "Hash" takes one path, but 2 are given' });
      expect(finding.fix).toContain('"MultiHash" (version 2)');
    });

    it('once per problem when a key has several', () => {
      const findings = findingsOf(RULE, container({ partitionKey: { paths: [{ path: 'tenantId', cardinality: 500 }, { path: '/userId/', cardinality: 'unique' }], kind: 'MultiHash', version: 1 } }));
      expect(findings.map((f) => f.path)).toEqual(['partitionKey.paths[0]', 'partitionKey.paths[1]', 'partitionKey.version']);
    });
  });

  describe('Cosmos DB: does not fire', () => {
    it('on a valid hierarchical key (MultiHash, version 2 by default) of up to 3 levels', () => {
      expect(findingsOf(RULE, container())).toEqual([]);
      expect(findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 50 }, { path: '/deviceId', cardinality: 10000 }, { path: '/sessionId', cardinality: 'unique' }], kind: 'MultiHash', version: 2 },
      }))).toEqual([]);
    });

    it('on a single nested path, or a version-1 Hash key', () => {
      expect(findingsOf(RULE, container({ partitionKey: { paths: [{ path: '/address/zipCode', cardinality: 40000 }] } }))).toEqual([]);
      expect(findingsOf(RULE, container({ partitionKey: { paths: [{ path: '/id', cardinality: 'unique' }], kind: 'Hash', version: 1 } }))).toEqual([]);
    });
  });

  describe('DynamoDB: fires', () => {
    it('on more than 4 attributes in a multi-attribute GSI partition key', () => {
      const [finding, ...rest] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'byAll', partitionKeys: ['a', 'b', 'c', 'd', 'e'].map((n) => pk(n)) }],
      }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({
        severity: 'error', path: 'globalSecondaryIndexes[0].partitionKeys', index: 'byAll',
        message: 'a multi-attribute partition key takes at most 4 attributes, got 5',
        fix: 'keep `a`, `b`, `c`, `d`, or combine attributes into a composite string',
      });
    });

    it('on more than 4 attributes in a multi-attribute GSI sort key', () => {
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'bySort', partitionKey: pk('customerId'), sortKeys: [sk('a', 1), sk('b', 2), sk('c', 3), sk('d', 4), sk('e', 5)] }],
      }));
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[0].sortKeys', index: 'bySort', message: 'a multi-attribute sort key takes at most 4 attributes, got 5' });
    });

    it('on an attribute repeated in a multi-attribute key', () => {
      const [finding] = findingsOf(RULE, table({
        globalSecondaryIndexes: [{ indexName: 'byTenant', partitionKeys: [pk('tenantId', 500), pk('tenantId', 500)] }],
      }));
      expect(finding).toMatchObject({
        path: 'globalSecondaryIndexes[0].partitionKeys[1]', index: 'byTenant',
        message: 'attribute `tenantId` appears twice in the same key', fix: 'use each attribute once per key',
      });
    });

    it('on the same attribute as partition and sort key', () => {
      const findings = findingsOf(RULE, table({
        sortKey: { name: 'orderId', type: 'S' },
        globalSecondaryIndexes: [{ indexName: 'byUser', partitionKey: pk('userId'), sortKey: { name: 'userId', type: 'S' } }],
      }));
      expect(findings.map((f) => [f.path, f.index])).toEqual([['globalSecondaryIndexes[0].sortKey', 'byUser'], ['sortKey', undefined]]);
    });

    it('on a table key attribute without a type', () => {
      const [finding] = findingsOf(RULE, table({ partitionKey: { name: 'orderId', cardinality: 'unique' } }));
      expect(finding).toMatchObject({
        path: 'partitionKey', message: 'key attribute `orderId` has no type', fix: 'declare type "S", "N" or "B" (e.g. type: "S" for `orderId`)',
      });
      expect(finding.index).toBeUndefined();
    });

    it('on GSI and LSI key attributes without a type, naming their index', () => {
      const findings = findingsOf(RULE, table({
        sortKey: { name: 'createdAt', type: 'S' },
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: pk('customerId'), sortKey: { name: 'placedAt' } }],
        localSecondaryIndexes: [{ indexName: 'byTotal', sortKey: { name: 'total' } }],
      }));
      expect(findings.map((f) => [f.path, f.index, f.message])).toEqual([
        ['globalSecondaryIndexes[0].sortKey', 'byCustomer', 'key attribute `placedAt` has no type'],
        ['localSecondaryIndexes[0].sortKey', 'byTotal', 'key attribute `total` has no type'],
      ]);
    });

    it('on an attribute typed differently in two keys, at the later one', () => {
      const [finding] = findingsOf(RULE, table({
        partitionKey: pk('customerId'),
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: 'N', cardinality: 'unique' } }],
      }));
      expect(finding).toMatchObject({
        path: 'globalSecondaryIndexes[0].partitionKey.type', index: 'byCustomer',
        message: 'attribute `customerId` is typed N here but S at partitionKey',
      });
    });

    it('on an LSI in a table without a sort key', () => {
      const [finding] = findingsOf(RULE, table({ localSecondaryIndexes: [{ indexName: 'byTotal', sortKey: { name: 'total', type: 'N' } }] }));
      expect(finding).toMatchObject({ path: 'localSecondaryIndexes', message: 'a local secondary index needs a table with a sort key' });
    });

    it('on more than 5 LSIs', () => {
      const [finding] = findingsOf(RULE, table({
        sortKey: { name: 'createdAt', type: 'S' },
        localSecondaryIndexes: [1, 2, 3, 4, 5, 6].map((i) => ({ indexName: `lsi${i}`, sortKey: { name: `attr${i}`, type: 'S' as const } })),
      }));
      expect(finding).toMatchObject({ path: 'localSecondaryIndexes', message: 'a table takes at most 5 local secondary indexes, got 6' });
    });
  });

  describe('DynamoDB: does not fire', () => {
    it('on exactly 4 partition-key and 4 sort-key attributes', () => {
      expect(findingsOf(RULE, table({
        globalSecondaryIndexes: [{
          indexName: 'byFour',
          partitionKeys: ['a', 'b', 'c', 'd'].map((n) => pk(n)),
          sortKeys: [sk('e', 1), sk('f', 2), sk('g', 3), sk('h', 4)],
        }],
      }))).toEqual([]);
    });

    it('on one attribute used in several key spaces with one type', () => {
      expect(findingsOf(RULE, table({
        partitionKey: pk('customerId'),
        sortKey: { name: 'orderId', type: 'S' },
        globalSecondaryIndexes: [{ indexName: 'byOrder', partitionKey: pk('orderId'), sortKey: { name: 'customerId', type: 'S' } }],
        localSecondaryIndexes: [{ indexName: 'byTotal', sortKey: { name: 'total', type: 'N' } }],
      }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Types come from the imported CloudFormation template.';
      const findings = findingsOf(RULE, table({ partitionKey: { name: 'orderId', cardinality: 'unique' }, acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason, path: 'partitionKey' })]);
    });

    it('scoped to an index waive that index\'s finding only', () => {
      const findings = findingsOf(RULE, table({
        partitionKey: { name: 'orderId', cardinality: 'unique' },
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', cardinality: 'unique' } }],
        acknowledgements: [{ rule: RULE, reason: 'The index is imported with its own definitions.', index: 'byCustomer' }],
      }));
      expect(findings.map((f) => [f.path, f.acknowledged])).toEqual([
        ['globalSecondaryIndexes[0].partitionKey', true],
        ['partitionKey', false],
      ]);
    });
  });
});
