import { applyDesignEdits, lint, type DesignEdit, type DynamoDbTableDesign } from '../../lib';

/**
 * fixconv35 (seed 77009): SG008 lowered 183 calculated shards to 26 replicated copies of every item, each write 26×:
 * 2,401 → 62,426 WCU at peak, above DynamoDB's default table-level write quota of 40,000 units a second ("Service
 * quotas", throughput default quotas), and --fix wrote them, so the re-lint's SG017 refused the copies with an error
 * no edit lifts. Copies past a quota the declared writes are within are now said, with the quota raise, not written.
 */
const events = (peakWriteUnits: number): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'events',
  partitionKey: { name: 'status', type: 'S', cardinality: 200_000 },
  sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
  billing: 'provisioned',
  workload: { peakReadUnits: 94_329, peakWriteUnits },
  sharding: { strategy: 'calculated', shards: 183, sourceAttribute: 'createdAt' },
  accessPatterns: [
    { name: 'by-status', keyAttributes: ['status'], share: 0.194, fanOut: true },
    { name: 'hot-item', keyAttributes: ['status', 'createdAt', 'customerId'], share: 0.436, fanOut: true, keyValue: 'hot-item' },
  ],
});

const sg008 = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG008');

describe('replicated copies whose writes pass the default write quota are said, not written', () => {
  // The hot item's 41,127 RCU over N copies, each copy's writes counted: two copies on one partition within the 3,000 RCU
  // maximum from 34 (81,634 WCU, 164 partitions: 2 × 1,209.63 + (94,329 − 1,209.63) ÷ 164 − 1,209.63 ÷ 164 = 2,979.7);
  // 33 on 159 partitions take 3,070.
  it('34 copies of 2,401 WCU (81,634 WCU): no edit, and the quota raise named (main: written, then SG017 refused them)', () => {
    const finding = sg008(events(2401));
    expect(finding?.data).toMatchObject({ shards: 34, quota: 40_000, quotaName: 'table-level' });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toContain(
      'but its 81,634 WCU of writes at peak are above the default table-level write throughput quota of 40,000 (SG017 would refuse them), so no edit is offered for the copies',
    );
  });

  // 1,000 WCU now need 43 copies (43,000 WCU, past the quota); at 850, 46 (79 partitions: 2 × 894.07 + 1,182.7 − 11.32 =
  // 2,959.56 RCU; 45 on 77 take 3,029).
  it('46 copies of 850 WCU (39,100 WCU) keep their edits, and the re-lint has no write-quota error', () => {
    const design = events(850);
    const finding = sg008(design);
    expect(finding?.edits?.[0]).toMatchObject({ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 46 } });
    const after = lint(applyDesignEdits(design, finding?.edits as DesignEdit[]));
    expect(after.filter((f) => f.ruleId === 'SG017' && f.path === 'workload.peakWriteUnits')).toEqual([]);
  });
});
