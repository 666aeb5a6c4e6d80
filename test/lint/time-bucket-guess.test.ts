/**
 * Stranger20c problem 5: a key that SG002 calls a time bucket by a word that also names values holding no time
 * (`period`, `window`, `epoch`, a key named `bucket`) says it guessed, and where to declare otherwise; a name that can
 * only be time (`orderDate`, `createdAt`) and a declared kind say nothing more.
 */
import { lint, type DynamoDbTableDesign, type KeyPartDesign } from '../../lib';

const keyedBy = (name: string, kind?: KeyPartDesign['kind']): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'things',
  partitionKey: { name, type: 'S', cardinality: 365, ...(kind ? { kind } : {}) },
  sortKey: { name: 'id', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 3_000, peakWriteUnits: 3_000 },
});

const timeBucket = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG002');

describe("SG002 says when a time bucket is its name's guess", () => {
  it.each(['period', 'billingPeriod', 'window', 'epoch', 'bucket'])('%s: guessed, with the field to declare', (name) => {
    const finding = timeBucket(keyedBy(name));
    expect(finding?.data).toMatchObject({ kindAt: ['partitionKey.kind'] });
    expect(finding?.message).toContain('(a time bucket by its name: where it holds no time, declare `kind`: "value" at `partitionKey.kind`)');
  });

  it.each(['orderDate', 'createdAt', 'day'])('%s: time by its name alone, no note', (name) => {
    const finding = timeBucket(keyedBy(name));
    expect(finding).toBeDefined();
    expect(finding?.data?.kindAt).toBeUndefined();
  });

  it('a declared kind: no note when a time bucket, no finding when a value', () => {
    expect(timeBucket(keyedBy('period', 'time-bucket'))?.data?.kindAt).toBeUndefined();
    expect(timeBucket(keyedBy('period', 'value'))).toBeUndefined();
  });
});
