/**
 * `accessPatterns[].consistentRead`: a strongly consistent read (DynamoDB ConsistentRead). A global secondary index serves
 * eventually consistent reads only, and a Query with ConsistentRead on one fails with a ValidationException ("Using Global
 * Secondary Indexes in DynamoDB"); a local secondary index, sharing its table's partitions, serves both.
 */
import { lint, normalize, type DynamoDbKeyDesign, type DynamoDbTableDesign } from '../../lib';
import { container, issuesOf, table } from '../fixtures';

const withIndexes = (consistentRead: boolean | undefined, index?: string): DynamoDbTableDesign =>
  table({
    sortKey: { name: 'placedAt', type: 'S' },
    globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 1000 } }],
    localSecondaryIndexes: [{ indexName: 'by-status', sortKey: { name: 'status', type: 'S' } }],
    accessPatterns: [
      { name: 'order-by-id', keyAttributes: ['orderId'], share: 0.5 },
      {
        name: 'orders-of-customer',
        ...(index === undefined ? {} : { index }),
        keyAttributes: [index === 'by-customer' ? 'customerId' : 'orderId'],
        share: 0.5,
        consistentRead,
      },
    ],
  });

describe('accessPatterns[].consistentRead', () => {
  it('refuses a strongly consistent read of a global secondary index, naming the pattern, the index and both ways out', () => {
    expect(issuesOf(withIndexes(true, 'by-customer'))).toEqual([
      'accessPatterns[1].consistentRead: is true on "orders-of-customer", which reads global secondary index "by-customer", but a global secondary index serves eventually consistent reads only (a Query with ConsistentRead on one fails with a ValidationException): read the base table (or a local secondary index) where the read must be strongly consistent, or remove consistentRead and accept eventual consistency on the index',
    ]);
  });

  it.each([
    ['an eventually consistent read of the global secondary index', false, 'by-customer'],
    ['a strongly consistent read of the table', true, undefined],
    ['a strongly consistent read of a local secondary index', true, 'by-status'],
  ])('accepts %s', (_, consistentRead, index) => {
    expect(() => lint(withIndexes(consistentRead, index))).not.toThrow();
  });

  it('defaults to eventually consistent, as the DynamoDB API does, and keeps what is declared', () => {
    const patterns = (normalize({ tables: [withIndexes(true, 'by-status')] }).designs[0].design as DynamoDbKeyDesign).accessPatterns;
    expect(patterns.map((p) => p.consistentRead)).toEqual([false, true]);
  });

  it('names the field of a value that is no boolean', () => {
    expect(issuesOf({ tables: [withIndexes('yes' as unknown as boolean)] })).toEqual([
      expect.stringMatching(/^tables\[0\]\.accessPatterns\[1\]\.consistentRead: /),
    ]);
  });

  it('refuses it on Cosmos DB, whose consistency is the account’s or the request’s', () => {
    expect(issuesOf(container({ accessPatterns: [{ name: 'profile', keyAttributes: ['/tenantId', '/userId'], share: 0.5, consistentRead: true }] }))).toEqual([
      "accessPatterns[0].consistentRead: applies to DynamoDB only (a read's ConsistentRead); Cosmos DB sets consistency on the account or on the request (its consistency level), which the design does not model: remove consistentRead",
    ]);
  });
});
