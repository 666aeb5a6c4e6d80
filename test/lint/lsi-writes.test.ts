import { lint, type DynamoDbTableDesign, type LocalSecondaryIndexDesign } from '../../lib';
import { table } from '../fixtures';

/**
 * A table's local secondary indexes write into its own write capacity and into the written item's partition (AWS,
 * "Local secondary indexes", Provisioned throughput considerations, Write capacity units): under ALL, each item write
 * writes an index entry the size of the item, so the table takes twice its declared writes.
 */
const events = (peakWriteUnits: number, lsi: Partial<LocalSecondaryIndexDesign> = {}, workload = {}): DynamoDbTableDesign =>
  table({
    name: 'events',
    partitionKey: { name: 'accountId', type: 'S', cardinality: 1_000_000 },
    sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits, ...workload },
    storage: { largestPartitionGb: 1 },
    localSecondaryIndexes: [{ indexName: 'by-type', sortKey: { name: 'eventType', type: 'S', cardinality: 50 }, ...lsi }],
  });

const findings = (design: DynamoDbTableDesign, ruleId: string) => lint(design).filter((f) => f.ruleId === ruleId);

describe("an LSI's writes counted on the table", () => {
  it('30,000 WCU of writes with an ALL LSI (the default, as CDK deploys) take 60,000 WCU, over the 40,000 quota', () => {
    const [quota] = findings(events(30_000), 'SG017');
    expect(quota).toMatchObject({ severity: 'error', path: 'workload.peakWriteUnits' });
    // 30,000 WCU of the table's own writes + 30,000 WCU of index entries, each the item's size: 60,000 > 40,000.
    expect(quota.message).toContain('the derived write peak of the table, 60,000 WCU, is above the default table-level quota of 40,000');
    expect(quota.message).toContain('30,000 WCU of writes to its local secondary index `by-type`, projected `ALL`, beside its own 30,000 WCU');
    // 60,000 ÷ 0.8 headroom.
    expect(quota.fix).toContain('at least 75,000 WCU');
  });

  it('the same table with a KEYS_ONLY LSI at a rate that fits stays clean', () => {
    // 1 KB items: each entry costs 1 WCU at most, as the item does; 18,000 + 18,000 = 36,000 would fit even counted.
    expect(lint(events(18_000, { projectionType: 'KEYS_ONLY' }))).toEqual([]);
    // The lower bound: entries smaller than the item and updates that touch no indexed attribute are unknown, so nothing is added.
    expect(findings(events(30_000, { projectionType: 'KEYS_ONLY' }), 'SG017')).toEqual([]);
    expect(findings(events(30_000, { projectionType: 'INCLUDE', nonKeyAttributes: ['title'] }), 'SG017')).toEqual([]);
  });

  it('an ALL LSI at a rate that fits twice stays clean: 15,000 × 2 = 30,000, within 80% of 40,000', () => {
    expect(lint(events(15_000))).toEqual([]);
    // 18,000 × 2 = 36,000: under the quota, past the 32,000 its headroom plans for: a warning, not an error.
    expect(findings(events(18_000), 'SG017').map((f) => [f.severity, f.data?.peak])).toEqual([['warning', 36_000]]);
  });

  it("a hot tenant's partition takes its LSI writes too: SG003's N grows", () => {
    const hot = { hotKeyShare: 0.28 };
    const shardsOf = (design: DynamoDbTableDesign) => {
      const [finding] = findings(design, 'SG003');
      return { message: finding.message, shards: Number(/N = (\d+)/.exec(finding.fix ?? '')?.[1]) };
    };
    const keysOnly = shardsOf(events(30_000, { projectionType: 'KEYS_ONLY' }, hot));
    const all = shardsOf(events(30_000, {}, hot));
    // 0.28 × 30,000 = 8,400 WCU of the tenant's writes, and 8,400 of its index entries: 16,800 WCU on its partition.
    expect(keysOnly.message).toContain('8,400 WCU writes');
    expect(all.message).toContain('16,800 WCU writes');
    expect(all.message).toContain('local secondary index `by-type`');
    expect(keysOnly.shards).toBe(34);
    expect(all.shards).toBe(67);
  });

  it('nonKeyAttributes is read only with INCLUDE, and INCLUDE needs it', () => {
    expect(() => lint(events(100, { projectionType: 'INCLUDE' }))).toThrow(/localSecondaryIndexes\[0\]\.nonKeyAttributes/);
    expect(() => lint(events(100, { nonKeyAttributes: ['title'] }))).toThrow(/localSecondaryIndexes\[0\]\.nonKeyAttributes/);
  });
});
