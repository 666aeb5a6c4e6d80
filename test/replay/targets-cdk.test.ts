// The default alarms of the example app (examples/cdk) replayed over modelled traffic against issue
// 18's targets: no page on healthy traffic (at most 1 false page per table per week), every incident
// paged within the minutes in the test name (hot keys and capacity limits alike), and each page's recovery on the
// page topic, where it resolves the incident the page opened (decision 83). Healthy runs are 4 days (the planned peak is on day 3); bench/replay.js replays weeks.
import { dynamoIncident, healthyWeek, replayStack, type CfnTemplate, type DynamoIncident, type StackReplay, type TableReplay } from '../../lib/testing/replay';
import { EXAMPLE_TABLES, exampleTableDesigns, exampleTemplate } from './support/examples';
import { describeTable, firstPageAfter } from './support/summary';

const template = exampleTemplate();
const PAGE_TOPIC = 'Ref:OnCall';
const onPageTopic = (target: string) => target.includes(PAGE_TOPIC);
const alarmsOf = (t: CfnTemplate) =>
  Object.values(t.Resources ?? {}).filter((r) => r.Type === 'AWS::CloudWatch::Alarm' || r.Type === 'AWS::CloudWatch::CompositeAlarm');

/** The alarms that reach ALARM in a replay. */
const firedIn = (replay: StackReplay) => replay.alarms.filter((a) => a.changes.some((c) => c.to === 'ALARM')).map((a) => a.name);

/** The healthy 4 days (seed 1), replayed once: a replay costs seconds, and both describes below read the same one. */
let healthy: StackReplay;
beforeAll(() => {
  healthy = replayStack(template, healthyWeek(EXAMPLE_TABLES, 1, 4), { pages: onPageTopic });
});

type Target = { table: string; index?: string };
/** The incidents the tests below replay (seed 2), each at most once in this file, whichever tests run. */
const INCIDENTS: readonly (readonly [DynamoIncident, Target])[] = [
  ['viral read-hot key', { table: 'Documents' }],
  ['warm keys on one partition', { table: 'Tickets' }],
  ['write-hot key growing for days', { table: 'Documents', index: 'by-folder' }],
  ['surge beyond the per-table quota', { table: 'Tickets' }],
  ['surge beyond the on-demand maximum', { table: 'Documents' }],
  ['GSI read surge beyond the per-table quota', { table: 'Documents', index: 'by-folder' }],
];
const incidentReplays = new Map<string, StackReplay>();
function incidentReplay(incident: DynamoIncident, target: Target): StackReplay {
  const key = JSON.stringify([incident, target]);
  if (!INCIDENTS.some((listed) => JSON.stringify(listed) === key)) {
    throw new Error(`list ${key} in INCIDENTS: the last test counts the alarms each incident fires`);
  }
  let replay = incidentReplays.get(key);
  if (!replay) {
    replay = replayStack(template, dynamoIncident(incident, EXAMPLE_TABLES, target), { pages: onPageTopic });
    incidentReplays.set(key, replay);
  }
  return replay;
}

describe('the alarms the example app creates', () => {
  // Decision 64: one key-range page per table over every key space (Documents: 3 → 1) and a sustained-throttles ticket per
  // table (Tickets 4 → 5, Documents 7 → 6).
  it('11 alarms, each replayed and attributed to its table: Tickets 5 (page: key-range, capacity limits, composite; ticket: sustained throttles), Documents 6 (page: key-range over its 3 key spaces, 2 capacity limits: by-folder, added later, has its own for its account-limit reads; ticket: sustained throttles)', () => {
    expect(alarmsOf(template)).toHaveLength(11);
    expect(healthy.alarms).toHaveLength(11);
    expect([healthy.tables.Tickets.alarms.length, healthy.tables.Documents.alarms.length]).toEqual([5, 6]);
  });

  // Decision 83 (before: every OK went to Backlog, so the page's incident on OnCall was never resolved).
  it('every alarm sends its OK (recovery) notification to the topic its ALARM notified: pages to OnCall, tickets to Backlog', () => {
    const topicOf = (actions: unknown) =>
      JSON.stringify(actions ?? [])
        .match(/OnCall|Backlog/g)
        ?.join() ?? '-';
    const routes = alarmsOf(template).map((r) => `${topicOf(r.Properties?.AlarmActions)} / OK ${topicOf(r.Properties?.OKActions)}`);
    expect(routes.filter((r) => r.startsWith('OnCall'))).toEqual(Array(4).fill('OnCall / OK OnCall'));
    expect(routes.filter((r) => r.startsWith('Backlog'))).toEqual(Array(5).fill('Backlog / OK Backlog'));
    // Tickets' two page alarms under its composite tell no one, either way.
    expect(routes.filter((r) => r.startsWith('-'))).toEqual(['- / OK -', '- / OK -']);
  });

  it('no alarm reads a throttle cause its table cannot have: Tickets (on-demand, no maximum) reads no MaxOnDemand or Provisioned metric; Documents (maximums set) reads MaxOnDemand', () => {
    const metricsOf = (table: string) =>
      JSON.stringify(
        alarmsOf(template)
          .filter((r) => String(r.Properties?.AlarmName).includes(`/${table} `))
          .map((r) => r.Properties?.Metrics),
      );
    expect(metricsOf('Tickets')).not.toMatch(/MaxOnDemand|Provisioned/);
    expect(metricsOf('Documents')).toMatch(/MaxOnDemandThroughputThrottleEvents/);
    expect(metricsOf('Documents')).not.toMatch(/ProvisionedThroughput/);
  });
});

describe("the replay's profiles are the example's designs (a profile off its design replays other traffic than the one the lint passed)", () => {
  const designs = exampleTableDesigns();
  // Reads left out: Documents' profile replays its declared 9,000 RCU/s on the table's own key space, where the design puts
  // the 60% of its access patterns (5,400): more than the design, so a quiet replay is on the safe side.
  it.each(Object.keys(EXAMPLE_TABLES))('%s: peak writes, hot-key share and shards, GSI read peaks as declared', (name) => {
    const profile = EXAMPLE_TABLES[name];
    const { workload, sharding } = designs[name].primaryKey;
    expect([profile.peakWrite, profile.hotKey?.share ?? 0, profile.hotKey?.shards ?? 1]).toEqual([
      workload.peakWriteUnits,
      workload.hotKeyShare,
      sharding?.shards ?? 1,
    ]);
    expect((profile.indexes ?? []).map((i) => [i.name, i.peakRead])).toEqual(
      designs[name].globalSecondaryIndexes.map((g) => [g.index, g.workload.peakReadUnits]),
    );
  });
});

describe('healthy traffic (4 days with the planned peak, seed 1)', () => {
  it('Documents: 0 pages in 4 days (target: at most 1 false page a week; a key-range page over 3 key spaces and 1 capacity-limit page alarm, deploys, bursts, nightly batch)', () => {
    expect(describeTable(healthy.tables.Documents)).toBe('');
  });

  // Was 1 page at the planned peak (day 3 19:09, 'any hot partition'): the replay's profile sharded the hot event 25
  // ways while the example declared 67 (now 80), so each shard partition ran 800 WCU/s of its shard beside 375 of neighbours,
  // 1,175 of its 1,000 WCU/s: the page was right about that traffic, which was not the design's.
  it('Tickets: 0 pages in 4 days, its planned peak included (day 3 19:00–19:45, 80 shards of 250 WCU/s beside 375 of neighbours: 625 of 1,000 on their partitions)', () => {
    expect(describeTable(healthy.tables.Tickets)).toBe('');
  });

  it("by-folder's failed-requests page stays OK all along: its reads stay under their per-table quota, modelled on each GSI as on the table", () => {
    const page = healthy.alarms.find((a) => a.name === 'skewguard page SkewguardExample/Documents/by-folder failed requests (not a hot key)')!;
    expect(page.changes.filter((c) => c.to === 'ALARM')).toEqual([]);
  });

  // A recovery is the OK of a page (ALARM → OK): each page alarm's first evaluation (INSUFFICIENT_DATA → OK, minutes 5–9)
  // also runs its OK actions on the page topic, and recovers nothing.
  it('0 recoveries reach the page topic: no page to recover from', () => {
    expect([...healthy.tables.Tickets.recoveries, ...healthy.tables.Documents.recoveries]).toEqual([]);
  });
});

/** Each page of the table, with the minute its alarm's recovery reached the page topic (undefined while it stays in ALARM). */
const recovered = (table: TableReplay) =>
  table.pages.map((p) => [p.alarm, p.minute, table.recoveries.find((r) => r.alarm === p.alarm && r.minute > p.minute)?.minute]);

describe('incidents (seed 2): the first page (or ticket) after the incident begins', () => {
  const run = (incident: DynamoIncident, target: Target): { table: TableReplay; truth: TableReplay['truths'][number] } => {
    const table = incidentReplay(incident, target).tables[target.table];
    return { table, truth: table.truths.find((t) => t.index === target.index) as TableReplay['truths'][number] };
  };

  // The replay's key spaces have the partitions the core counts (fewer since the count is max(⌈R ÷ 3,000⌉, ⌈W ÷ 1,000⌉), not
  // their sum): pages come a little sooner after the first throttle (was 5; 37 and 344 below).
  it('a viral read-hot key on Documents pages 4 minutes after its first key-range throttle', () => {
    const { table, truth } = run('viral read-hot key', { table: 'Documents' });
    expect(firstPageAfter(table.pages, 0)! - truth.firstKeyRangeThrottle!).toBe(4);
  });

  it('three warm keys on one Tickets partition page 3 minutes after the first throttle (through the composite alarm)', () => {
    const { table, truth } = run('warm keys on one partition', { table: 'Tickets' });
    expect([firstPageAfter(table.pages, 0)! - truth.firstKeyRangeThrottle!, table.pages[0].alarm]).toEqual([
      3,
      'skewguard page SkewguardExample/Tickets any hot partition',
    ]);
  });

  // Was 35 and 251 (the page at minute 2235, the first throttle at 1984) while the replay added the rate's spread and
  // Poisson arrivals as deviations, not variances (margin34): the first sparse throttle now comes at 2080, the page at
  // 2304 (the 80% line moved from 2200 to 2186 with the noise draws).
  it('a write-hot key growing for days on GSI by-folder pages 118 minutes after its partition averages 80% of its ceiling (224 minutes after its first, sparse, throttle)', () => {
    const { table, truth } = run('write-hot key growing for days', { table: 'Documents', index: 'by-folder' });
    const first = firstPageAfter(table.pages, 0)!;
    expect([first - truth.firstOver80!, first - truth.firstKeyRangeThrottle!]).toEqual([118, 224]);
    // Still growing at the end of the replay: the page stays in ALARM, its incident open.
    expect(recovered(table)).toEqual([['skewguard page SkewguardExample/Documents hot partition (key-range throttles)', 2304, undefined]]);
  });

  it('a surge beyond the per-table quota on Tickets pages once, 4 minutes after its first account-limit throttle (through the composite alarm: a limit refusing requests now, raised by the on-call)', () => {
    const { table, truth } = run('surge beyond the per-table quota', { table: 'Tickets' });
    expect(table.pages.map((p) => [p.minute - truth.firstCapacityThrottle!, p.alarm])).toEqual([
      [4, 'skewguard page SkewguardExample/Tickets any hot partition'],
    ]);
    // The surge over, the composite's recovery reaches the page topic (it went to Backlog), resolving the page's incident.
    expect(recovered(table)).toEqual([['skewguard page SkewguardExample/Tickets any hot partition', 2344, 2385]]);
  });

  it("a read surge on GSI by-folder beyond its per-table quota pages once, 4 minutes after its first account-limit throttle, through by-folder's own failed-requests page (its ReadAccountLimitThrottleEvents under GlobalSecondaryIndexName); no key-range page", () => {
    const { table, truth } = run('GSI read surge beyond the per-table quota', { table: 'Documents', index: 'by-folder' });
    expect(truth.firstCapacityThrottle).toBeDefined();
    expect(table.pages.map((p) => [p.minute - truth.firstCapacityThrottle!, p.alarm])).toEqual([
      [4, 'skewguard page SkewguardExample/Documents/by-folder failed requests (not a hot key)'],
    ]);
    expect(recovered(table)).toEqual([['skewguard page SkewguardExample/Documents/by-folder failed requests (not a hot key)', 2344, 2385]]);
  });

  it('a surge beyond the on-demand maximum of Documents pages once, 4 minutes after its first throttle', () => {
    const { table, truth } = run('surge beyond the on-demand maximum', { table: 'Documents' });
    expect(table.pages.map((p) => [p.minute - truth.firstCapacityThrottle!, p.alarm])).toEqual([
      [4, 'skewguard page SkewguardExample/Documents failed requests (not a hot key)'],
    ]);
    expect(recovered(table)).toEqual([['skewguard page SkewguardExample/Documents failed requests (not a hot key)', 2344, 2385]]);
  });
});

it('every alarm fires in at least one replay (a viral key on GSI by-tenant-owner and on Tickets added here), except the 2 opt-in latency tickets: no latency incident is modelled, and they stay quiet on the deploy warm-ups', () => {
  const fired = new Set([
    ...firedIn(healthy),
    ...INCIDENTS.flatMap(([incident, target]) => firedIn(incidentReplay(incident, target))),
    ...firedIn(replayStack(template, dynamoIncident('viral read-hot key', EXAMPLE_TABLES, { table: 'Documents', index: 'by-tenant-owner' }))),
    ...firedIn(replayStack(template, dynamoIncident('viral read-hot key', EXAMPLE_TABLES, { table: 'Tickets' }))),
  ]);
  const all = alarmsOf(template).map((r) => String(r.Properties?.AlarmName));
  expect(all.filter((name) => !fired.has(name))).toEqual([
    'skewguard ticket SkewguardExample/Documents GetItem p99 latency',
    'skewguard ticket SkewguardExample/Documents Query p99 latency',
  ]);
});
