/**
 * SG017's raise never passes a default quota the same rule checks (review 7 item 7): a capacity edit past DynamoDB's
 * table-level quota (40,000 per table or GSI) or account-level quota (80,000 for a table and its GSIs together), or
 * past Cosmos DB's 1,000,000 RU/s per container, would be refused as it deploys and fire SG017 again. Such a raise is
 * said, with the quota, and written as no edit; one within the quotas keeps its edit. ("Quotas in Amazon DynamoDB",
 * "Azure Cosmos DB service quotas".)
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../../lib';
import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** A provisioned table with unique keys whose write auto scaling stops at 20,000 WCU, and `indexes` GSIs that take its capacity. */
const writes = (peakWriteUnits: number, indexes = 0, extra: Partial<DynamoDbTableDesign> = {}) =>
  table({
    capacity: { read: { fixed: 2_000 }, write: { min: 5, max: 20_000 } },
    workload: { peakReadUnits: 1_000, peakWriteUnits },
    globalSecondaryIndexes: Array.from({ length: indexes }, (_, i) => ({
      indexName: `byRef${i}`,
      partitionKey: { name: `ref${i}`, type: 'S' as const, cardinality: 'unique' as const, mutable: false },
    })),
    ...extra,
  });

/** Unique keys, 600,000 RU/s of reads and `peakWriteUnits` of writes, at a manual `ru`. */
const cosmos = (ru: number, peakWriteUnits: number): CosmosContainerDesign =>
  container({
    name: 'events',
    partitionKey: { paths: [{ path: '/eventId', cardinality: 'unique' }] },
    workload: { peakReadUnits: 600_000, peakWriteUnits },
    throughput: { manual: ru },
  });

testRule('SG017', {
  valid: [
    {
      name: 'a table and its inheriting GSI at 40,000 WCU each: the peak served with headroom, at both quotas',
      design: writes(32_000, 1, { capacity: { read: { fixed: 2_000 }, write: { min: 5, max: 40_000 } } }),
    },
  ],
  invalid: [
    {
      name: 'a raise to 37,500 WCU, within the table-level quota: the edit',
      design: writes(30_000),
      findings: [{ messageId: 'autoscaledBelowPeak', data: { suggested: 37_500 }, edits: [{ op: 'set', path: 'capacity.write.max', value: 37_500 }] }],
    },
    {
      name: 'a raise to 43,750 WCU, past the table-level quota of 40,000: said, and no edit',
      design: writes(35_000),
      findings: [
        {
          messageId: 'autoscaledBelowPeak',
          data: { suggested: 43_750, quota: 40_000, quotaName: 'table-level', provisioned: 43_750 },
          fix: 'set `capacity.write.max` to at least 43,750 (35,000 WCU at 80% utilization) once the table-level write throughput quota is raised: the table would then provision 43,750 WCU, above the default quota of 40,000, which DynamoDB refuses (LimitExceededException), so --fix writes no edit; request the increase first (Service Quotas, DynamoDB)',
          edits: false,
        },
      ],
    },
    {
      // 37,500 for the table and for the index that takes its capacity: 75,000, within the account's 80,000.
      name: 'a table raise its one inheriting GSI follows, within the account-level quota: the edit',
      design: writes(30_000, 1),
      findings: [
        { messageId: 'autoscaledBelowPeak', index: undefined, edits: [{ op: 'set', path: 'capacity.write.max', value: 37_500 }] },
        // The index gets capacity of its own, both dimensions as the table declares them (its minimum kept).
        {
          messageId: 'autoscaledBelowPeak',
          index: 'byRef0',
          edits: [
            { op: 'set', path: 'globalSecondaryIndexes[0].capacity.write', value: { min: 5, max: 37_500 } },
            { op: 'set', path: 'globalSecondaryIndexes[0].capacity.read', value: { fixed: 1250 } },
          ],
        },
      ],
    },
    {
      // Raising the table raises both indexes that take its capacity: 3 × 37,500 = 112,500. An index given capacity of
      // its own leaves the others at 20,000: 77,500, so each index keeps its edit.
      name: 'a table raise its two inheriting GSIs follow, past the account-level quota of 80,000: said, and no edit',
      design: writes(30_000, 2),
      findings: [
        {
          messageId: 'autoscaledBelowPeak',
          data: { quota: 80_000, quotaName: 'account-level', provisioned: 112_500 },
          fix: /once the account-level write throughput quota is raised: the table and its GSIs would then provision 112,500 WCU, above the default quota of 80,000/,
          edits: false,
        },
        { messageId: 'autoscaledBelowPeak', index: 'byRef0', edits: true },
        { messageId: 'autoscaledBelowPeak', index: 'byRef1', edits: true },
      ],
    },
    {
      name: 'Cosmos DB: a raise to 937,500 RU/s, within the 1,000,000 per container: the edit',
      design: cosmos(700_000, 150_000),
      // fix27a: the raise in place keeps the 117 partitions 700,000 manual RU/s were created with (937,500 ÷ 10,000 needs
      // only 94), where a container created at 937,500 gets 157: the edit declares them, so the re-lint judges that layout.
      findings: [
        {
          messageId: 'cosmosManualBelowPeak',
          data: { needed: 937_500 },
          edits: [
            { op: 'set', path: 'throughput.manual', value: 937_500 },
            { op: 'set', path: 'physicalPartitions', value: 117 },
          ],
        },
      ],
    },
    {
      name: "Cosmos DB: a raise to 1,000,100 RU/s, past Azure's default maximum: said, and no edit",
      design: cosmos(700_000, 200_080),
      findings: [
        {
          messageId: 'cosmosManualBelowPeak',
          data: { needed: 1_000_100, quota: 1_000_000 },
          fix: "raise throughput.manual to at least 1,000,100 RU/s (800,080 RU/s at 80% utilization); that is above Azure's default maximum of 1,000,000 RU/s per container, which Azure refuses until a support ticket raises it, so --fix writes no edit: file the ticket first",
          edits: false,
        },
      ],
    },
  ],
});

// Issue 13 §5: who would provision past the quota is the fix's wording (a fix of its own for the account-level quota),
// and the key space its index's name: neither is a phrase in data.
it('SG017 past a quota: data holds the quota figures and ids, no phrase naming who provisions', () => {
  const sg017 = (design: DynamoDbTableDesign) => lint(design).filter((f) => f.ruleId === 'SG017' && f.index === undefined);
  for (const design of [writes(35_000), writes(30_000, 2)]) {
    const [finding] = sg017(design);
    expect(finding.data).not.toHaveProperty('provisioner');
    expect(finding.data).not.toHaveProperty('space');
  }
  expect(sg017(writes(30_000, 2))[0].fix).toContain(': the table and its GSIs would then provision 112,500 WCU');
});
