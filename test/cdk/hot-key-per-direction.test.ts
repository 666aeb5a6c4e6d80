// The "hot key approaching its ceiling" ticket, replayed on the synthesized alarm: AWS throttles a partition's reads
// and writes independently ("DynamoDB's partition-level throttling operates independently for reads and writes",
// Developer Guide, "Key range throughput exceeded"), so the ticket holds each against its own ceiling. A stranger's
// key at 700 WCU + 2,000 RCU, under both ceilings, fired the old 3 × WCU + RCU ≥ 162,000 line.
import { ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { replayAlarms, Telemetry, type CfnTemplate } from '../../lib/testing/replay';
import { accessedReplayIds, appWithStack, healthy, templateOf } from './support';

process.env.CDK_VALIDATION = 'false';

const { stack } = appWithStack();
new GuardedTable(stack, 'Jobs', healthy({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS }));
const template = templateOf(stack).toJSON() as CfnTemplate;
const { rule, consumed } = accessedReplayIds(template);

/** Ten minutes of one key at `key` RCU/s and WCU/s, in a key space at `space` RCU/s and WCU/s (the key included). */
function hotKeyStates(key: { rcu: number; wcu: number }, space: { rcu: number; wcu: number }): string[] {
  const telemetry = new Telemetry(10);
  for (let minute = 0; minute < 10; minute++) {
    telemetry.contribute(rule, minute, 'job#1', (3 * key.wcu + key.rcu) * 60);
    telemetry.put(consumed('Read'), minute, { sum: space.rcu * 60, count: 60, min: 0, max: space.rcu });
    telemetry.put(consumed('Write'), minute, { sum: space.wcu * 60, count: 60, min: 0, max: space.wcu });
  }
  const alarm = replayAlarms(template, telemetry).find((a) => a.name.includes('hot key approaching'))!;
  return [...new Set(alarm.states.slice(5))];
}

describe('the hot-key ticket holds reads and writes each against what its partition leaves it (5 of 5 minutes)', () => {
  // Review 15: the line is the headroom × what the key's partition leaves it beside its neighbours' planned load. This
  // design (1,000 RCU and 500 WCU, unique key) is counted on 2 partitions (twice its peak), 250 WCU and 500 RCU of
  // neighbours: 750 WCU (135,000 units) and 2,500 RCU (150,000) left, a line of 108,000 with reads counted × 0.9.
  it('stays quiet for a key at 500 WCU + 1,800 RCU, 67% and 72% of what its partition leaves each direction, in a key space whose reads and writes are each under the line (198,000 units a minute, above the combined 108,000)', () => {
    expect(hotKeyStates({ wcu: 500, rcu: 1_800 }, { wcu: 590, rcu: 1_950 })).toEqual(['OK']);
  });

  it('fires for a key at 950 WCU alone (127% of the 750 WCU its partition leaves it) and for one at 2,800 RCU alone (112% of 2,500)', () => {
    expect(hotKeyStates({ wcu: 950, rcu: 0 }, { wcu: 1_200, rcu: 6_000 })).toEqual(['ALARM']);
    expect(hotKeyStates({ wcu: 0, rcu: 2_800 }, { wcu: 2_000, rcu: 5_000 })).toEqual(['ALARM']);
  });

  it('fires for a key at 920 WCU + 1,000 RCU: its writes are above what its partition leaves them, whatever its reads', () => {
    expect(hotKeyStates({ wcu: 920, rcu: 1_000 }, { wcu: 920, rcu: 1_000 })).toEqual(['ALARM']);
  });

  it("what it cannot tell: the key's one ConsumedThroughputUnits figure mixes both, so the same 700 WCU + 2,000 RCU key in a key space busier than the line in either direction still fires", () => {
    expect(hotKeyStates({ wcu: 700, rcu: 2_000 }, { wcu: 800, rcu: 20_000 })).toEqual(['ALARM']);
  });
});
