/**
 * What the rules leave unjudged for want of a declared figure is said (`notJudged`), never a finding: a chat container
 * keyed by conversation, 50,000,000 of them, that declares no hot share and no storage (the design a team writes first)
 * passes SG003 at the uniform 1/50,000,000 and SG006 and SG017's storage minimum unchecked; the same design with its
 * figures declared has nothing unsaid.
 */
import { lintDocument, type DesignInput } from '../../lib';

const firstDraft = {
  name: 'messages',
  partitionKey: { paths: [{ path: '/conversationId', cardinality: 50_000_000 }] },
  throughput: { autoscaleMax: 60_000 },
  workload: { peakReadUnits: 15_000, peakWriteUnits: 40_000 },
};
const declared = {
  ...firstDraft,
  workload: { ...firstDraft.workload, hotKeyShare: 0.001 },
  storage: { totalGb: 4_000, largestPartitionGb: 5 },
  throughput: { autoscaleMax: 80_000 },
};
const notJudged = (container: object, more: object = {}) => lintDocument({ containers: [container], ...more } as DesignInput).notJudged;

describe('notJudged', () => {
  it('names, for a design that declares no hot share and no storage, each figure a rule went without', () => {
    expect(notJudged(firstDraft)).toEqual([
      {
        ruleId: 'SG003',
        kind: 'hottestValue',
        engine: 'cosmosdb',
        resource: 'messages',
        path: 'containers[0]',
        declare: 'containers[0].workload.hotKeyShare',
        what: 'the hottest value, taken as uniform (1/50,000,000 of the load)',
      },
      expect.objectContaining({ ruleId: 'SG006', kind: 'partitionSize', declare: 'containers[0].storage.largestPartitionGb' }),
      expect.objectContaining({ ruleId: 'SG017', kind: 'storageMinimum', declare: 'containers[0].storage.totalGb' }),
    ]);
  });

  it('is empty for a design that declares every figure, and no finding is added or counted for it', () => {
    expect(notJudged(declared)).toEqual([]);
    const draft = lintDocument({ containers: [firstDraft] } as DesignInput);
    expect(draft.findings.map((f) => f.ruleId)).not.toContain('SG006');
  });

  it('says the size was judged only at the average where storage.totalGb alone gives it, within the cap', () => {
    // 4,000 GB ÷ 50,000,000 conversations = 0.00008 GB: a lower bound, far under the 16 GB usable of 20.
    const averaged = notJudged({ ...declared, storage: { totalGb: 4_000 } });
    expect(averaged).toEqual([
      expect.objectContaining({
        kind: 'partitionSize',
        what: "the largest logical partition's size against its 20 GB cap, judged only at the average (0.00008 GB: storage.totalGb ÷ the key's values)",
      }),
    ]);
  });

  it("names a GSI by its own workload field (its reads alone where its writes are the table's hottest item's), and is silent on a key of one value", () => {
    const table = {
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 100, peakWriteUnits: 100, hotKeyShare: 0.01 },
      globalSecondaryIndexes: [
        { indexName: 'byCustomer', partitionKey: { name: 'customerId', type: 'S', cardinality: 200_000 } },
        { indexName: 'all', partitionKey: { name: 'kind', type: 'S', cardinality: 1 } },
      ],
    };
    expect(lintDocument({ tables: [table] } as DesignInput).notJudged).toEqual([
      expect.objectContaining({
        kind: 'hottestValue',
        index: 'byCustomer',
        path: 'tables[0].globalSecondaryIndexes[0]',
        declare: 'tables[0].globalSecondaryIndexes[0].workload.hotKeyShare',
        // Every write of the table's hottest item (1% of them, above the index's 1/200,000) writes the index on one
        // value: its writes are judged at that item's share, only its reads at the uniform one.
        what: "the hottest value's reads, taken as uniform (1/200,000 of the load): its writes are the table's hottest item's",
      }),
    ]);
  });

  it('says nothing for a rule the run does not run', () => {
    expect(lintDocument({ containers: [firstDraft] } as DesignInput, { rules: { SG003: 'off', SG006: 'off', SG017: 'off' } }).notJudged).toEqual([]);
  });
});
