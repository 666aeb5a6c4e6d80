// The accessed-mode hot-key ticket of a key hot in both directions, replayed on the synthesized alarm (review 17 item 2).
// Contributor Insights' most accessed keys rule counts 3 × consumed WCU + consumed RCU per key ("CloudWatch contributor
// insights for DynamoDB: How it works"): reads and writes together. The design: 1,000 keys, 6,400 RCU and 1,200 WCU at
// the peak, the hottest key 25% of both (1,600 RCU/s + 300 WCU/s: 96,000 + 54,000 = 150,000 units a minute). On demand,
// pre-warmed to 21,000 RCU/s, counted on 7 partitions (its warm throughput: twice the peak needs only 5, max(⌈12,800 ÷
// 3,000⌉, ⌈2,400 ÷ 1,000⌉), on which the key's 1,600 RCU beside 4,800 ÷ 5 = 2,560 would be over the usable 2,400, an SG003
// error), its neighbours leave its reads 2,314 RCU/s (138,857 a minute) and its writes
// 871 WCU/s (156,857). Drawn in its reads' terms, the line was 0.8 × 138,857 = 111,085: the key at its planned peak
// (150,000) opened the ticket on a healthy day. In the rule's unit, each direction's line with the other at its plan:
// the less of 0.8 × 138,857 + 54,000 and 0.8 × 156,857 + 96,000 = 111,085 + 54,000 = 165,085.
import { AttributeType, ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import type { CfnTemplate } from '../../lib/testing/replay';
import { appWithStack, hotKeyTicketStates, templateOf, type Units } from './support';

process.env.CDK_VALIDATION = 'false';

const { stack } = appWithStack();
new GuardedTable(stack, 'Jobs', {
  partitionKey: { name: 'jobId', type: AttributeType.STRING, cardinality: 1000 },
  workload: { peakReadUnits: 6_400, peakWriteUnits: 1_200, hotKeyShare: 0.25 },
  warmThroughput: { readUnitsPerSecond: 21_000, writeUnitsPerSecond: 4_000 },
  contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
});
const template = templateOf(stack).toJSON() as CfnTemplate;
const hotKeyAlarm = () => Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('hot key approaching'))!;

/** Ten minutes of the hot key at `key` RCU/s and WCU/s, the table at its planned peak otherwise (the key included). */
const states = (key: Units): string[] =>
  hotKeyTicketStates(template, { peak: { rcu: 6_400, wcu: 1_200 }, planned: { rcu: 1_600, wcu: 300 }, keyValue: 'job#1', key });

describe('the hot-key ticket of a key hot in both directions', () => {
  // Review 35: the threshold is the floor a key of one direction reaches (0.8 × the reads' 138,857), and the 165,085 is
  // held only against the traffic the planned key would have (165,085 at the planned peak; was the threshold itself).
  it('draws its line in the rule unit, reads and writes together: 165,085 a minute at the planned peak, scaled to the traffic, never under 111,085', () => {
    expect(hotKeyAlarm().Properties?.Threshold).toBe(111_085);
    expect(JSON.stringify(hotKeyAlarm().Properties?.Metrics)).toContain('IF(together >= 165085 OR together >= ');
    expect(String(hotKeyAlarm().Properties?.AlarmDescription)).toContain(
      'may use 111,085+ units a minute (3 x WCU + RCU) of the 138,857 its partition leaves reads or writes alone; the planned key (150,000 at the planned peak) only at 165,085, scaled to the minute',
    );
  });

  // At 30% of the planned peak (an ordinary day) the scaled line is 0.3 × 165,085 = 49,526, under the floor: a key of one
  // direction opens the ticket at the headroom of its reach, before it throttles (reads 2,314, writes 871 left).
  it('fires on an ordinary day for a key of writes alone at 730 WCU/s (131,400) and of reads alone at 1,900 RCU/s (114,000), each under 165,085', () => {
    const ordinaryDay = (key: Units) =>
      hotKeyTicketStates(template, { peak: { rcu: 1_920, wcu: 360 }, planned: { rcu: 480, wcu: 90 }, keyValue: 'job#2', key });
    expect(ordinaryDay({ rcu: 0, wcu: 730 })).toEqual(['ALARM']);
    expect(ordinaryDay({ rcu: 1_900, wcu: 0 })).toEqual(['ALARM']);
    // The planned key at 30% of its plan (480 RCU/s + 90 WCU/s: 45,000), and a key of writes alone under the floor.
    expect(ordinaryDay({ rcu: 480, wcu: 90 })).toEqual(['OK']);
    expect(ordinaryDay({ rcu: 0, wcu: 600 })).toEqual(['OK']);
  });

  // What one figure per key cannot tell: at the planned peak a key of writes alone at 730 WCU/s looks like the planned
  // key (150,000 of reads and writes) and the line there is 165,085; the key-range page says it when it throttles.
  it('at the planned peak takes a key of writes alone at 730 WCU/s (131,400) for the planned key: quiet', () => {
    expect(states({ rcu: 0, wcu: 730 })).toEqual(['OK']);
  });

  it('stays quiet with the key at its planned peak (1,600 RCU/s + 300 WCU/s: 150,000)', () => {
    expect(states({ rcu: 1_600, wcu: 300 })).toEqual(['OK']);
  });

  it('fires for the key past the reach of its reads (2,500 RCU/s, its writes at plan: 204,000) and of its writes (900 WCU/s: 258,000)', () => {
    expect(states({ rcu: 2_500, wcu: 300 })).toEqual(['ALARM']);
    expect(states({ rcu: 1_600, wcu: 900 })).toEqual(['ALARM']);
  });
});
