// The accessed-mode hot-key ticket's line (GuardedTable, `hotKeyLine`) is drawn on the partitions the table is deployed
// with (`dynamoHotKeyReach`), not those of the capacity SG017 raises it to. A provisioned table of 9,000 WCU of writes
// on a fixed 10,000 WCU (above its usable 0.8 × 10,000 = 8,000: SG017, a warning) is deployed on ⌈10,000 ÷ 1,000⌉ = 10
// partitions: a key of its 1,000,000 alike values meets 9,000 ÷ 10 = 900 WCU there and can use 100 before it throttles.
// Drawn on SG017's 9,000 ÷ 0.8 = 11,250 WCU (12 partitions, 750 beside it, 250 of reach), the line sat at 80% of 250 = 200
// WCU/s (36,001 a minute in the rule's 3 × WCU), which a key throttled at 100 never crosses.
import { lint, normalize, type DesignInput, type DynamoDbKeyDesign, type DynamoDbTableDesign } from '../../lib';
import { hotKeyLine } from '../../lib/cdk/alarm-thresholds';
import { dynamoHotKeyReach } from '../../lib/internal';

const events: DynamoDbTableDesign = {
  name: 'events',
  billing: 'provisioned',
  partitionKey: { name: 'deviceId', type: 'S', cardinality: 1_000_000 },
  workload: { peakReadUnits: 300, peakWriteUnits: 9_000 },
  capacity: { write: { fixed: 10_000 }, read: { fixed: 1_000 } },
};
const design = normalize({ tables: [events] } as DesignInput).designs[0].design as DynamoDbKeyDesign;

it('SG017 warns and asks for 11,250 WCU: the table is deployed at 10,000', () => {
  expect(
    lint({ tables: [events] } as DesignInput)
      .filter((f) => f.ruleId === 'SG017')
      .map((f) => f.severity),
  ).toEqual(['warning']);
});

it('the key is judged on the 10 partitions its 10,000 WCU give (100 WCU of reach beside 900), not the 12 of the raise (250)', () => {
  const reach = dynamoHotKeyReach(design, undefined);
  expect([reach.partitions, reach.countedBy]).toEqual([10, 'provisioned-capacity']);
  expect(reach.write.neighbours).toBeCloseTo(900, 1);
  expect(reach.write.reach).toBeCloseTo(100, 1);
});

it('its line is 80% of those 100.009 WCU/s in 3 × WCU a minute: 0.8 × 18,001.62 = 14,401 (before: 36,001), under what the key logs before it throttles', () => {
  const line = hotKeyLine(dynamoHotKeyReach(design, undefined), design.thresholds.headroom, undefined);
  expect(line.reference).toBe('Write');
  expect(line.threshold).toBe(14_401);
  expect(line.threshold).toBeLessThan(3 * 100 * 60);
});
