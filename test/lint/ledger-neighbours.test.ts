/**
 * try30a (misc30 items 2 and 3): a bank ledger whose payroll account takes 6.67% of 6,000 WCU, on the 12 partitions
 * counted for twice the peak. SG003 warned that "its neighbours' expected load throttles it", though 400.2 + 466.65 =
 * 866.85 WCU is within the 1,000 WCU a partition serves: over the 80% usable line only. And the same fix gave the next
 * hottest value "neighbours' expected 500 WCU" beside the hottest's 466.65 without saying why they differ: both are one
 * computation, the other values' load ÷ P (each lands on the partition with probability 1/P), and the next hottest's
 * others include the hottest, 6,000 ÷ 12 where the hottest's are 5,599.8 ÷ 12.
 */
import { lint, type DynamoDbTableDesign } from '../../lib';

/** try30a's designs/ledger.json. */
const ledger: DynamoDbTableDesign = {
  engine: 'dynamodb',
  name: 'ledger',
  partitionKey: { name: 'accountId', type: 'S', cardinality: 2000000 },
  sortKey: { name: 'txnKey', type: 'S', cardinality: 'unique' },
  billing: 'on-demand',
  workload: { peakReadUnits: 9000, peakWriteUnits: 6000, hotKeyShare: 0.0667, hotKeyOperations: 'writes' },
  invariants: [
    { kind: 'running-total', description: 'account balance item, never below zero (ConditionExpression)' },
    { kind: 'conditional-write', description: 'idempotency: put txn item with attribute_not_exists(txnKey)' },
    { kind: 'transaction', description: 'posting = TransactWriteItems(txn item put, balance update)' },
  ],
  globalSecondaryIndexes: [
    {
      indexName: 'by-merchant',
      partitionKey: { name: 'merchantId', type: 'S', cardinality: 500000 },
      sortKey: { name: 'txnDate', type: 'S', cardinality: 'unique' },
      projectionType: 'INCLUDE',
      nonKeyAttributes: ['amount', 'accountId'],
      workload: { peakReadUnits: 500, peakWriteUnits: 1500, hotKeyShare: 0.03 },
    },
  ],
  accessPatterns: [
    { name: 'statement', keyAttributes: ['accountId'], rangeAttribute: 'txnKey', share: 0.6, limit: 50 },
    { name: 'posting-lookup', keyAttributes: ['accountId', 'txnKey'], share: 0.35 },
    { name: 'merchant-txns', index: 'by-merchant', keyAttributes: ['merchantId'], share: 0.05, limit: 50 },
  ],
};

const [finding] = lint(ledger).filter((f) => f.ruleId === 'SG003' && f.index === undefined);

describe('the ledger`s payroll account: over the usable line, within the partition`s maximum', () => {
  it('says what its partition takes beside its neighbours, and that the peak is served, not that they throttle it', () => {
    expect(finding.severity).toBe('warning');
    expect(finding.notes).toContain('isolatedByAdaptiveCapacity');
    expect(finding.data).toMatchObject({ partitionLoad: 866.85, partitionCeiling: 1000, partitionUnit: 'WCU' });
    expect(finding.message).toContain(
      "it is over only beside its neighbours: alone it would fit one partition's usable ceiling, but with their expected 466.65 WCU its partition takes 866.85 WCU: over the usable line, within the 1,000 WCU one partition serves, so its peak is served on average",
    );
    expect(finding.message).not.toMatch(/neighbours' expected load throttles it/);
  });

  it("gives the next hottest value's neighbours by the hottest's computation, and says the hottest is among them", () => {
    // The hottest's: the other 5,599.8 WCU ÷ 12 = 466.65; the next hottest's: the other 6,000 (less its 0.0028) ÷ 12 = 500.
    expect(finding.message).toContain('less the 466.65 WCU its neighbours are expected to take (the other 5,599.8 WCU of writes ÷ 12 partitions)');
    expect(finding.fix).toContain(
      "less its neighbours' expected 500 WCU (the other 6,000 WCU ÷ 12 partitions, the hottest value's 400.2 WCU among them, in its shards, which the hottest value's own neighbours leave out): 300 WCU left",
    );
    expect(finding.data).toMatchObject({ restBeside: 499.999766675, restPartitions: 12, restHottest: 400.2 });
  });
});
