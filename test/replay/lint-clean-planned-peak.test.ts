// stranger34a (margin34): budget pacing on demand, 60,000 WCU / 12,000 RCU at the peak over 40,000 campaigns, the
// hottest at 8% (4,800 WCU) split into 16 random shards of 300 WCU. SG003 is quiet: 120 partitions (twice the peak),
// 300 + 59,700 ÷ 120 = 797.5 ≤ 800 WCU usable (at 15 shards, 817.33: a warning). The replay put each shard on a
// partition of its own beside 55,200 ÷ 120 = 460 WCU, 760 WCU/s (76% of the ceiling), and still paged the planned peak:
// it added the rate's 8% spread and the Poisson spread of arrivals as deviations (88 WCU/s) where a mixed Poisson's
// variances add (67 WCU/s), so each partition throttled ~5 writes a minute and 16 of them ~100, over the page's 60.
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { lint } from '../../lib';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { healthyWeek, PLANNED_PEAK, Random, replayStack, simulateTable, Telemetry, type CfnTemplate, type DynamoTableProfile } from '../../lib/testing/replay';
import { appWithStack, templateOf } from '../cdk/support';

process.env.CDK_VALIDATION = 'false';

function campaignSpend(shards: number): GuardedTableProps {
  return {
    partitionKey: { name: 'campaignId', type: AttributeType.STRING, cardinality: 40_000 },
    workload: { peakReadUnits: 12_000, peakWriteUnits: 60_000, hotKeyShare: 0.08 },
    invariants: [{ kind: 'running-total', description: 'spend counter ADD per won bid', splitPerShard: true }],
    sharding: { strategy: 'random', shards, hotValues: 1 },
    accessPatterns: [{ name: 'pacing-read-spend', keyAttributes: ['campaignId'], share: 1, fanOut: true }],
    acknowledgements: [{ rule: 'SG017', reason: 'Table-level write quota raised to 100,000 WCU, case 123456' }],
  };
}

function synth(shards: number): CfnTemplate {
  const { stack } = appWithStack();
  new GuardedTable(stack, 'CampaignSpend', { ...campaignSpend(shards), pageTopic: new Topic(stack, 'Page'), ticketTopic: new Topic(stack, 'Ticket') });
  return templateOf(stack).toJSON() as CfnTemplate;
}

const profile = (shards: number): Record<string, DynamoTableProfile> => ({
  CampaignSpend: { capacity: { mode: 'on-demand' }, peakRead: 12_000, peakWrite: 60_000, cardinality: 40_000, hotKey: { share: 0.08, shards } },
});

/** SG003's findings on the same design as a design file gives it (try34a's v2/bp-fix2.json, the GSI left out). */
const sg003 = (shards: number) =>
  lint({
    engine: 'dynamodb',
    name: 'campaign-spend',
    partitionKey: { name: 'campaignId', type: 'S', cardinality: 40_000 },
    billing: 'on-demand',
    workload: { peakReadUnits: 12_000, peakWriteUnits: 60_000, hotKeyShare: 0.08 },
    invariants: [{ kind: 'running-total', description: 'spend counter ADD per won bid', splitPerShard: true }],
    sharding: { strategy: 'random', shards, hotValues: 1 },
    accessPatterns: [{ name: 'pacing-read-spend', keyAttributes: ['campaignId'], share: 1, fanOut: true }],
  }).filter((f) => f.ruleId === 'SG003');

/** Every alarm that notified in a healthy 4 days (page and ticket topics), with its minute. */
const notified = (shards: number, seed: number) =>
  replayStack(synth(shards), healthyWeek(profile(shards), seed, 4)).tables.CampaignSpend.pages.map((p) => [p.minute, p.alarm]);

const atPlannedPeak = ([minute]: (string | number)[]) => Number(minute) >= PLANNED_PEAK.start && Number(minute) < PLANNED_PEAK.start + PLANNED_PEAK.minutes;

describe('a design within its usable line stays quiet at its planned peak (docs/replay.md)', () => {
  it('16 shards: within the usable line (797.5 of 800 WCU), and a healthy 4 days notify nobody (was a page at minute 5472 and a ticket)', () => {
    // The replay puts each shard on a partition of its own. The lint also asks that two of them hashed onto one partition
    // fit its 1,000 WCU maximum: at 16, 600 + 59,400 ÷ 120 = 1,095 (a warning, hashedPairOver); at 19, 1,001.05; at 20,
    // 480 + 59,520 ÷ 120 = 976, quiet.
    expect(sg003(16).map((f) => [f.severity, f.messageId])).toEqual([['warning', 'hashedPairOver']]);
    expect(sg003(19).map((f) => f.messageId)).toEqual(['hashedPairOver']);
    expect(sg003(20)).toEqual([]);
    for (const seed of [1, 2]) expect(notified(16, seed)).toEqual([]);
  });

  it('14 shards: SG003 warns (342.86 + 497.14 WCU) and the planned peak pages, 6 minutes after it reaches its full load (minute 5469)', () => {
    expect(sg003(14).map((f) => f.severity)).toEqual(['warning']);
    expect(notified(14, 1).filter(atPlannedPeak)[0]).toEqual([5475, 'skewguard page Test/CampaignSpend hot partition (key-range throttles)']);
  });
});

describe("a partition's per-second spread: the rate's 8% and Poisson arrivals, variances added", () => {
  /** Write key-range throttles a minute, on average over an hour, of one partition at a steady `load` WCU/s. */
  function throttlesPerMinute(load: number): number {
    const telemetry = new Telemetry(60);
    simulateTable(
      { capacity: { mode: 'on-demand', quota: 100_000 }, keySpaces: [{ partitions: 1, cardinality: 1_000, read: () => 0, write: () => load }] },
      { tableName: 'T', rules: {} },
      telemetry,
      new Random(1),
    );
    const series = telemetry.series({ namespace: 'AWS/DynamoDB', metricName: 'WriteKeyRangeThroughputThrottleEvents', dimensions: { TableName: 'T' } });
    return series.reduce((sum, point) => sum + (point?.sum ?? 0), 0) / 60;
  }

  it("at the 80% usable line (800 WCU/s) a partition throttles about 5 writes a minute (its rate's spread, its arrivals' and the 3% between partitions): the headroom absorbs them (was 37)", () => {
    const atLine = throttlesPerMinute(800);
    expect(atLine).toBeGreaterThan(2);
    expect(atLine).toBeLessThan(6);
  });

  it('at 90% (900 WCU/s) it throttles over 200 a minute, past the key-range page on one partition', () => {
    expect(throttlesPerMinute(900)).toBeGreaterThan(200);
  });
});
