// Review 35 (stranger35a), item 1: the accessed-mode hot-key ticket of a payments app's Velocity table, replayed on its
// synthesized alarms. The hot merchant (12%) is sharded 10 ways and read by fan-out, so each shard plans 1,440 RCU/s +
// 300 WCU/s, 140,400 units a minute (3 × WCU + RCU) at the peak: the combined line is 159,264. The most accessed keys rule
// reports one figure per key, reads and writes together ("CloudWatch contributor insights for DynamoDB: How it works",
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html), so a key hot by
// writes alone reached that line only at ~885 WCU/s, where its partition (about 500 WCU/s of neighbours at the peak)
// throttles it from ~690 WCU/s on an ordinary day: the ticket came 882 minutes after the first throttle, then flapped.
// The line is now scaled to the minute's traffic (159,264 at the planned peak) and never under 72,864, the headroom of
// what the partition leaves writes alone (91,080 a minute).
import { AttributeType, ContributorInsightsMode, ProjectionType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { dynamoIncident, healthyWeek, replayStack, type CfnTemplate, type DynamoTableProfile, type TableReplay } from '../../lib/testing/replay';
import { appWithStack, templateOf } from '../cdk/support';

process.env.CDK_VALIDATION = 'false';

const { stack } = appWithStack();
new GuardedTable(stack, 'Velocity', {
  partitionKey: { name: 'merchantId', type: AttributeType.STRING, cardinality: 200_000 },
  sortKey: { name: 'window', type: AttributeType.STRING, cardinality: 1440 },
  workload: { peakReadUnits: 12_500, peakWriteUnits: 25_000, hotKeyShare: 0.12 },
  sharding: { strategy: 'random', shards: 10, hotValues: 1 },
  invariants: [{ kind: 'running-total', description: 'count and sum per merchant per minute', splitPerShard: true }],
  globalSecondaryIndexes: [
    {
      indexName: 'merchant-day-v2',
      partitionKey: {
        name: 'merchantDay',
        type: AttributeType.STRING,
        cardinality: 200_000,
        components: [
          { name: 'merchantId', cardinality: 200_000 },
          { name: 'yyyyMMdd', cardinality: 365, kind: 'time-bucket' },
        ],
      },
      sortKey: { name: 'window', type: AttributeType.STRING, cardinality: 1440 },
      projectionType: ProjectionType.KEYS_ONLY,
      workload: { peakWriteUnits: 22_000 },
    },
  ],
  accessPatterns: [
    { name: 'velocity-check', keyAttributes: ['merchantId', 'window'], share: 0.96, fanOut: true },
    { name: 'risk-dashboard', index: 'merchant-day-v2', keyAttributes: ['merchantDay'], share: 0.04 },
  ],
  contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
  timeToLiveAttribute: 'expiresAt',
});
const template = templateOf(stack).toJSON() as CfnTemplate;

const PROFILES: Record<string, DynamoTableProfile> = {
  Velocity: {
    capacity: { mode: 'on-demand' },
    peakRead: 12_500,
    peakWrite: 25_000,
    cardinality: 200_000,
    hotKey: { share: 0.12, shards: 10 },
    indexes: [{ name: 'merchant-day-v2', peakRead: 500, writeShare: 0.05, cardinality: 200_000 }],
  },
};

const alarmMinutes = (table: TableReplay, name: string) =>
  table.alarms.filter((a) => a.name.includes(name)).flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute));

const hotKeyTickets = (table: TableReplay) => alarmMinutes(table, 'hot key approaching');
const throttleOf = (table: TableReplay) => table.truths.find((t) => t.index === undefined)!.firstKeyRangeThrottle!;

describe('review 35 item 1: the hot-key ticket of a table whose planned hot key mixes reads and writes', () => {
  it("is 72,864 units a minute, the line at this minute's traffic (159,264 at the planned peak) above it", () => {
    const alarm = Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('hot key approaching'))!;
    expect(alarm.Properties?.Threshold).toBe(72_864);
    expect(JSON.stringify(alarm.Properties?.Metrics)).toContain('IF(together >= 159264 OR together >= 0.136123 * reads + 0.0408369 * writes, together, 0)');
    expect(String(alarm.Properties?.AlarmDescription).length).toBeLessThanOrEqual(1024);
  });

  it('a key hot by writes alone, growing for days: one ticket, 892 minutes before its first key-range throttle (was 882 after, then 5 more)', () => {
    const table = replayStack(template, dynamoIncident('write-hot key growing for days', PROFILES, { table: 'Velocity' })).tables.Velocity;
    const tickets = hotKeyTickets(table);
    expect({ before: throttleOf(table) - tickets[0], tickets: tickets.length }).toEqual({ before: 892, tickets: 1 });
  });

  it('a viral read-hot key: one ticket, 3 minutes before its first key-range throttle (was 7 after)', () => {
    const table = replayStack(template, dynamoIncident('viral read-hot key', PROFILES, { table: 'Velocity' })).tables.Velocity;
    const tickets = hotKeyTickets(table);
    expect({ before: throttleOf(table) - tickets[0], tickets: tickets.length }).toEqual({ before: 3, tickets: 1 });
  });

  it.each([1, 2, 3])('a healthy week (seed %i: the planned peak, bursts, batch, deploys) opens no hot-key ticket', (seed) => {
    expect(hotKeyTickets(replayStack(template, healthyWeek(PROFILES, seed)).tables.Velocity)).toEqual([]);
  });
});
