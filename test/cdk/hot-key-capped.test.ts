// The accessed-mode hot-key ticket of a key planned past its partition's ceiling (stranger21a). A tenant takes 40% of
// 3,000 RCU and 8,000 WCU: 1,200 RCU/s + 3,200 WCU/s, 72,000 + 576,000 = 648,000 units a minute planned, on a partition
// that serves 1,000 WCU/s. SG003's error is acknowledged (the tenant moves out later). The line was drawn at the plan,
// 648,000, which a throttled key never logs (a throttled request consumes nothing): the ticket could not fire. Its
// neighbours (on demand, 16 partitions assumed) leave it 126,000 units a minute of writes (700 WCU/s): at its planned
// peak it logs its 72,000 of reads and those 126,000, 198,000; the line is 95% of that, 188,100.
import { Annotations as AssertAnnotations, Match } from 'aws-cdk-lib/assertions';
import { AttributeType, ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import type { CfnTemplate } from '../../lib/testing/replay';
import { appWithStack, hotKeyTicketStates, templateOf, type Units } from './support';

process.env.CDK_VALIDATION = 'false';

const { stack } = appWithStack();
new GuardedTable(stack, 'Events', {
  partitionKey: { name: 'tenantId', type: AttributeType.STRING, cardinality: 500 },
  sortKey: { name: 'eventTs', type: AttributeType.STRING, cardinality: 'unique' },
  workload: { peakReadUnits: 3_000, peakWriteUnits: 8_000, hotKeyShare: 0.4 },
  contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
  acknowledgements: [{ rule: 'SG003', reason: 'The whale tenant moves to a table of its own next quarter.' }],
});
const template = templateOf(stack).toJSON() as CfnTemplate;
const hotKeyAlarm = Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('hot key approaching'))!;

/** Ten minutes of the hot key consuming `key` RCU/s and WCU/s (what its partition serves it), the rest at plan. */
const states = (key: Units): string[] =>
  hotKeyTicketStates(template, { peak: { rcu: 3_000, wcu: 8_000 }, planned: { rcu: 1_200, wcu: 3_200 }, keyValue: 'tenant#whale', key });

describe('the hot-key ticket of a key planned past its ceiling (SG003 acknowledged)', () => {
  it('is drawn at 95% of what the key can log, not at its unreachable plan, and says why', () => {
    expect(hotKeyAlarm.Properties?.Threshold).toBe(188_100);
    expect(String(hotKeyAlarm.Properties?.AlarmDescription)).toContain(
      "of the 198,000 its partition leaves its reads and writes together; its plan, 648,000, passes its partition's ceiling, so it throttles at its planned peak",
    );
    AssertAnnotations.fromStack(stack).hasWarning(
      '/Test/Events',
      Match.stringLikeRegexp("hot-key ticket of the table is drawn at 188,100 units a minute, under the key's planned 648,000"),
    );
  });

  it('opens at the planned peak, where the key is throttled at what its partition serves it (1,200 RCU/s + 700 WCU/s)', () => {
    expect(states({ rcu: 1_200, wcu: 700 })).toEqual(['ALARM']);
  });

  it('stays quiet off the peak (the key at half its plan: 600 RCU/s + 350 WCU/s, 99,000 a minute)', () => {
    expect(states({ rcu: 600, wcu: 350 })).toEqual(['OK']);
  });
});
