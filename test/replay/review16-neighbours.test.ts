// Review 16 (a CDK platform engineer): on demand, 16,000 RCU reads and 5,000 WCU writes at the peak, the hottest event at
// 30%. SG003 judged the hottest key against its partition alone and wrote N = 2 calculated shards (2,400 RCU each, the
// usable 80% of 3,000); the replay throttled for 113 minutes and paged at the planned peak, since the other keys on each
// shard's partition take their share too. SG003 now counts those neighbours, on the fewest partitions that serve twice the
// peak, reads and writes at once: 11 (max(⌈2 × 16,000 ÷ 3,000⌉, ⌈2 × 5,000 ÷ 1,000⌉, 4), on demand counted for twice the
// peak), (16,000 − 2,400) ÷ 11 ≈ 1,236 RCU beside a shard at N = 2. N = 5: 960 + (16,000 − 960) ÷ 11 ≈ 2,327 ≤ 2,400 RCU
// and 300 + (5,000 − 300) ÷ 11 ≈ 727 ≤ 800 WCU (at 4, 1,200 + 1,345 = 2,545 RCU). Two of 5 hashed onto one partition
// take 1,920 + 14,080 ÷ 11 = 3,200 RCU, past its 3,000 maximum; at 6, 1,600 + 14,400 ÷ 11 = 2,909.09: the lint asks for 6,
// and the replay at that N neither throttles for long nor pages. (The retired sum count, 21 partitions, gave N = 3, which
// the replay also passed.)
import { AttributeType, ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { lint, type DesignInput } from '../../lib';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { fixDesignText } from '../../lib/cli/fix';
import { healthyWeek, replayStack, type CfnTemplate, type DynamoTableProfile, type TableReplay } from '../../lib/testing/replay';
import { appWithStack, templateOf } from '../cdk/support';

process.env.CDK_VALIDATION = 'false';

const WORKLOAD = { peakReadUnits: 16_000, peakWriteUnits: 5_000, hotKeyShare: 0.3 };

function ticketsProps(shards: number, overrides: Partial<GuardedTableProps> = {}): GuardedTableProps {
  return {
    partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 5000 },
    sortKey: { name: 'userId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: WORKLOAD,
    sharding: { strategy: 'calculated', shards, sourceAttribute: 'userId' },
    accessPatterns: [{ name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 1 }],
    ...overrides,
  };
}

function synth(shards: number, overrides: Partial<GuardedTableProps> = {}): CfnTemplate {
  const { stack } = appWithStack();
  const pageTopic = new Topic(stack, 'Page');
  const ticketTopic = new Topic(stack, 'Ticket');
  new GuardedTable(stack, 'Tickets', ticketsProps(shards, { pageTopic, ticketTopic, ...overrides }));
  return templateOf(stack).toJSON() as CfnTemplate;
}

const profile = (shards: number): Record<string, DynamoTableProfile> => ({
  Tickets: { capacity: { mode: 'on-demand' }, peakRead: 16_000, peakWrite: 5_000, cardinality: 5000, hotKey: { share: 0.3, shards } },
});

const alarmMinutes = (table: TableReplay, name: string) =>
  table.alarms.filter((a) => a.name.includes(name)).flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute));

/** The reviewer's table as a design (the lint's input), unsharded. */
const design = {
  engine: 'dynamodb' as const,
  name: 'tickets',
  partitionKey: { name: 'eventId', type: 'S' as const, cardinality: 5000 },
  sortKey: { name: 'userId', type: 'S' as const, cardinality: 'unique' as const },
  workload: WORKLOAD,
  accessPatterns: [{ name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 1 }],
};

describe("review 16: SG003 counts the hot key shards' neighbours", () => {
  it('asks for N = 6 where 2 filled the partition alone: at 2, 2,400 + 1,236.36 RCU of neighbours (13,600 ÷ 11) leave 1,163.64', () => {
    const [finding] = lint({ ...design, sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'userId' } }).filter((f) => f.ruleId === 'SG003');
    expect(finding.message).toContain(
      '4,800 RCU reads, 2,400 RCU per shard over 2, against a usable 2,400 RCU (80% of the 3,000 RCU ceiling), less the 1,236.36 RCU its neighbours are expected to take (the other 13,600 RCU of reads ÷ 11 partitions): 1,163.64 RCU left',
    );
    expect(finding.message).toContain('11 partitions assumed, for twice the declared peak');
    expect(finding.fix).toBe(
      "raise sharding.shards from 2 to N = 6 (calculated on `userId`); N = 6 assumes its shards hash onto different partitions of the 11: two share one 81.22% of the time, and that partition then takes 2,909.09 RCU, within the partition's 3,000 RCU maximum, over its usable 2,400, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 6 shards share one of the 11 partitions 13.33% of the time, and it then takes 1,136.36 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic",
    );
    expect(lint({ ...design, sharding: { strategy: 'calculated', shards: 4, sourceAttribute: 'userId' } }).filter((f) => f.ruleId === 'SG003')).toHaveLength(1);
    // At 5 each shard fits its usable line; the pair's 3,200 RCU draws the warning that raises it to 6.
    const atFive = lint({ ...design, sharding: { strategy: 'calculated', shards: 5, sourceAttribute: 'userId' } }).filter((f) => f.ruleId === 'SG003');
    expect(atFive.map((f) => [f.severity, f.messageId])).toEqual([['warning', 'hashedPairOver']]);
    expect(lint({ ...design, sharding: { strategy: 'calculated', shards: 6, sourceAttribute: 'userId' } }).filter((f) => f.ruleId === 'SG003')).toEqual([]);
  });

  it('the replay at the N the lint gives (6) does not page at the planned peak', () => {
    const table = replayStack(synth(6), healthyWeek(profile(6), 1, 4)).tables.Tickets;
    expect(alarmMinutes(table, 'key-range throttles')).toEqual([]);
    // 43 one-minute throttles over 4 days, the noise bursts (49 at N = 3, 40 at N = 4, 43 at N = 5; 113 at N = 2, which pages).
    expect(table.truths.find((t) => t.index === undefined)!.keyRangeThrottleMinutes).toBe(43);
  });

  it('the replay at the old N (2, acknowledged) throttles and pages at the planned peak', () => {
    const acknowledgements = [{ rule: 'SG003', reason: "The reviewer's design as the old lint wrote it." }];
    const table = replayStack(synth(2, { acknowledgements }), healthyWeek(profile(2), 1, 4)).tables.Tickets;
    const truth = table.truths.find((t) => t.index === undefined)!;
    expect(truth.firstSustainedThrottle).toBeDefined();
    expect(alarmMinutes(table, 'key-range throttles').length).toBeGreaterThan(0);
  });

  it("at N = 6 the accessed-mode hot-key ticket's line is above the key's planned load (the lint and the alarm agree)", () => {
    const template = synth(6, { contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS });
    const hotKey = Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('hot key approaching'))!;
    // Reads are left less: 3,000 − (16,000 − 800) ÷ 11 = 1,618.18 RCU/s, 97,091 a minute; the reads' line 0.8 × that =
    // 77,672. The shard is hot in both directions (800 RCU/s + 250 WCU/s: 48,000 + 45,000 = 93,000 units a minute in
    // Contributor Insights' 3 × WCU + RCU), so the line is in that unit: 77,672 + the planned 45,000 of writes = 122,672
    // (writes: 1,000 − 4,750 ÷ 11 = 568.18 WCU/s, 102,273 units; 0.8 × that + 48,000 = 129,818, the larger).
    // Since review 35 that line is held at the planned peak, scaled to each minute's traffic inside the metric, and the
    // threshold is the floor a key of one direction reaches first, the reads' 77,672 (was the threshold: 122,672).
    expect(JSON.stringify(hotKey.Properties?.Metrics)).toContain('IF(together >= 122672 OR ');
    expect(122_672).toBeGreaterThan(93_000);
    expect(hotKey.Properties?.Threshold).toBe(77_672);
  });

  it("at N = 2 (acknowledged) the line is above the key's own planned load: 279,001, its reads and writes together", () => {
    const acknowledgements = [{ rule: 'SG003', reason: "The reviewer's design as the old lint wrote it." }];
    const template = synth(2, { acknowledgements, contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS });
    const hotKey = Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('hot key approaching'))!;
    // Planned 2,400 RCU/s + 750 WCU/s: 144,000 + 135,000 = 279,000 units a minute; each direction's line is one above
    // its plan (reads 0.8 × 105,818 = 84,654 < 144,000; writes 0.8 × 110,455 = 88,364 < 135,000), so the line is 279,001
    // (the alarm compares with >=: at 279,000 the planned peak opened it). Within each direction's ceiling (2,400 of 3,000
    // RCU/s, 750 of 1,000 WCU/s), so not drawn under the plan: quieter neighbours let the key reach it.
    // Since review 35: the line at the planned peak, in the metric; the threshold the floor, 0.8 × the reads' 105,818.
    expect(JSON.stringify(hotKey.Properties?.Metrics)).toContain('IF(together >= 279001 OR ');
    expect(hotKey.Properties?.Threshold).toBe(84_654);
  });
});

describe('review 16: lint --fix converges on a neighbour-bound count', () => {
  it('writes N = 6 where the old count of 2 filled the partition alone, and a second lint offers no edit', () => {
    // Bound by the neighbours, not the key's own ceiling: 2,400 RCU a shard fit 80% of 3,000 alone, and do not beside the
    // other keys' 1,236.36 (13,600 ÷ 11 partitions). The fixed count must itself pass, or --fix would raise it again.
    const atTwo = { ...design, sharding: { strategy: 'calculated' as const, shards: 2, sourceAttribute: 'userId' }, monitoring: { contributorInsights: true } };
    const first = fixDesignText(JSON.stringify({ tables: [atTwo] }, null, 2), {});
    expect(first.fixes.map((f) => f.ruleId)).toEqual(['SG003']);
    const fixedTable = (JSON.parse(first.text) as { tables: { sharding: unknown }[] }).tables[0];
    expect(fixedTable.sharding).toEqual({ strategy: 'calculated', shards: 6, sourceAttribute: 'userId' });
    const second = fixDesignText(first.text, {});
    expect(second.fixes).toEqual([]);
    expect(second.text).toBe(first.text);
    expect(lint(JSON.parse(first.text) as DesignInput).filter((f) => f.edits)).toEqual([]);
  });
});
