/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The default alerts of the example program (examples/pulumi), registered under the mock engine as
// test/pulumi does, replayed over modelled traffic against issue 18's targets. The page tier is the
// on-call action group (normalizedRu, throttleRate and partitionSizeLimit on both containers, devices' hotKey).
// Healthy runs are 4 days (the planned peak is on day 3); bench/replay.js replays weeks.
import {
  cosmosIncident,
  healthyCosmosWeek,
  replayProgram,
  type AlertReplay,
  type ContainerReplay,
  type ProgramReplay,
  type RegisteredResource,
} from '../../lib/testing/replay';
import { registerExampleProgram } from './support/example-program';
import { pagesByAlarm } from './support/summary';

const example = registerExampleProgram();
const isPageTier = (a: AlertReplay) => JSON.stringify(a.inputs.actions).includes('actionGroups/oncall');
const byAlert = (pages: readonly { alert: string }[]) => pagesByAlarm(pages.map((p) => ({ alarm: p.alert })));
const firstOf = (c: ContainerReplay, alert: string, after = 0) =>
  c.pages
    .filter((p) => p.alert === alert && p.minute >= after)
    .map((p) => p.minute)
    .sort((a, b) => a - b)[0];
const rules = () => example.resources.filter((r) => /monitor:(MetricAlert|ScheduledQueryRule)$/.test(r.type));
const thresholdOf = (r: RegisteredResource) => (r.inputs.criteria as { allOf: { threshold: number }[] }).allOf[0].threshold;

describe('the alerts the example program registers', () => {
  // Review 24: 12 rules, was 14: events' key ends in a unique /sessionId (one item, at most 2 MB, per logical partition),
  // so its partition-size and partition-size-limit rules, which could never fire, are no longer created.
  it("12 rules, 7 for devices and 5 for events (its key ends in a unique /sessionId: no size alerts); the page tier is hot-partition-range, throttle-rate and throttled-hot-value on both, partition-size-limit (19 GB) on devices, and devices' hot-key, which the program asks to page (hot-key, hot-prefix and partition-size at 16 GB are tickets by default)", () => {
    expect(
      rules()
        .map((r) => r.name)
        .sort(),
    ).toEqual([
      'devices-hot-key',
      'devices-hot-partition-range',
      'devices-hot-prefix',
      'devices-partition-size',
      'devices-partition-size-limit',
      'devices-throttle-rate',
      'devices-throttled-hot-value',
      'events-hot-key',
      'events-hot-partition-range',
      'events-hot-prefix',
      'events-throttle-rate',
      'events-throttled-hot-value',
    ]);
    expect(
      rules()
        .filter((r) => JSON.stringify(r.inputs.actions).includes('actionGroups/oncall'))
        .map((r) => r.name)
        .sort(),
    ).toEqual([
      'devices-hot-key',
      'devices-hot-partition-range',
      'devices-partition-size-limit',
      'devices-throttle-rate',
      'devices-throttled-hot-value',
      'events-hot-partition-range',
      'events-throttle-rate',
      'events-throttled-hot-value',
    ]);
  });

  it("no rule that cannot fire: NormalizedRUConsumption only on containers with their own throughput, and each per-key threshold below what one key of that container can use beside its neighbours' planned load, as SG003 judges it (devices: 80% of 1,000 − 800 RU/s = 160; events: 80% of 10,000 − 8,000 = 1,600; each prefix a little more, its own share of the peak added back)", () => {
    const containers = example.resources.filter((r) => r.type === 'azure-native:cosmosdb:SqlResourceSqlContainer');
    for (const name of ['events', 'devices']) {
      const options = containers.find((c) => c.inputs.containerName === name || c.name === name)?.inputs.options as Record<string, unknown> | undefined;
      expect(options?.throughput ?? options?.autoscaleSettings).toBeDefined();
    }
    const byName = Object.fromEntries(rules().map((r) => [r.name, thresholdOf(r)]));
    expect([byName['devices-hot-key'], byName['devices-hot-prefix'], byName['events-hot-key'], byName['events-hot-prefix']]).toEqual([
      160, 160.32, 1_600, 1_612,
    ]);
  });
});

type Incident = Parameters<typeof cosmosIncident>[0];
/** Which alerts' pages a replay lists: the on-call tier's, or those of every alert with an action group (the default). */
type Tier = 'page' | 'every';

/** The healthy 4 days (seed 3), replayed once, when a test first reads it: a replay costs seconds. */
let healthy: ProgramReplay | undefined;
const healthyReplay = () =>
  (healthy ??= replayProgram(example.resources, healthyCosmosWeek(example.profiles, 3, 4), { queries: example.queries, pages: isPageTier }));

/** The incidents the tests below replay (seed 4), each at most once in this file, whichever tests run. */
const INCIDENTS: readonly (readonly [Incident, string, Tier])[] = [
  ['whale prefix under a hierarchical key', 'events', 'every'],
  ['hot key growing for days', 'devices', 'page'],
  ['hot key growing for days', 'events', 'every'],
  ['logical partition growing towards 20 GB', 'devices', 'every'],
  ['logical partition growing towards 20 GB', 'devices', 'page'],
];
const incidentReplays = new Map<string, ProgramReplay>();
function incidentReplay(incident: Incident, target: string, tier: Tier): ProgramReplay {
  const key = JSON.stringify([incident, target, tier]);
  if (!INCIDENTS.some((listed) => JSON.stringify(listed) === key)) {
    throw new Error(`list ${key} in INCIDENTS: the last test counts the alerts each incident fires`);
  }
  let replay = incidentReplays.get(key);
  if (!replay) {
    const pages = tier === 'page' ? isPageTier : undefined;
    replay = replayProgram(example.resources, cosmosIncident(incident, example.profiles, target), { queries: example.queries, pages });
    incidentReplays.set(key, replay);
  }
  return replay;
}

/** The alerts that fired in a replay. */
const firedIn = (replay: ProgramReplay) => replay.alerts.filter((a) => a.events.some((e) => e.kind === 'fired')).map((a) => a.name);

const firedAt = (replay: ProgramReplay, alert: string) =>
  replay.alerts
    .find((a) => a.name === alert)!
    .events.filter((e) => e.kind === 'fired')
    .map((e) => e.minute);

describe('healthy traffic (4 days with the planned peak, nightly import, bursts; seed 3): at most 1 false page per container per week', () => {
  it('replays all 12 rules (every log query has registered semantics)', () => {
    expect(healthyReplay().alerts).toHaveLength(12);
  });

  it('events: 0 pages in 4 days (target: at most 1 a week)', () => {
    expect(healthyReplay().containers.events.pages).toEqual([]);
  });

  it("devices: 0 pages in 4 days (target: at most 1 a week), though the nightly import saturates its one range for 30 minutes every night and throttles about 6% of its requests: the range page needs an hour at 100%, the throttle-rate page the last hour's average above 5%", () => {
    const replay = healthyReplay();
    expect(replay.containers.devices.pages).toEqual([]);
    expect(firedAt(replay, 'devices-hot-partition-range')).toEqual([]);
    // The import did throttle: 197 minutes with 429s in 4 days (200 while the replay added its spreads as deviations), at least the 4 × 30 of the imports.
    expect(replay.containers.devices.truth.throttledMinutes).toBe(197);
  });

  it('no hot-key alert fires, ticket (events) or page (devices): each key at its planned share stays under its line (80% of what its partition leaves it), the planned peak included, so the events ticket on the growing key below is that key', () => {
    const replay = healthyReplay();
    expect([firedAt(replay, 'events-hot-key'), firedAt(replay, 'devices-hot-key')]).toEqual([[], []]);
  });
});

describe("incidents (seed 4): every incident pages, within a stated time of its first 429 or of its key crossing 80% of its ceiling (what its hotKey alert judges it against, the core's hotValueReach)", () => {
  const run = (incident: Incident, target: string) => incidentReplay(incident, target, 'page').containers[target];
  const everyAlert = (incident: Incident, target: string) => incidentReplay(incident, target, 'every').containers[target];

  it('a whale tenant under the hierarchical key of events (1.2 × a range budget over 2 hours) pages 64 minutes after the first 429 (its range an hour at its budget); the throttle-rate page follows at 74, when 7% of requests are throttled, and the hot-prefix ticket 6 minutes before it (alerts35: 66, 86 and 1 after while the replay added its per-second spreads as deviations)', () => {
    const c = everyAlert('whale prefix under a hierarchical key', 'events');
    const start = 1 * 1440 + 15 * 60;
    expect([
      firstOf(c, 'events-throttle-rate', start)! - c.truth.first429!,
      firstOf(c, 'events-hot-partition-range', start)! - c.truth.first429!,
      firstOf(c, 'events-hot-prefix', start)! - c.truth.first429!,
    ]).toEqual([74, 64, -6]);
    expect(Math.round(c.pages.find((p) => p.alert === 'events-throttle-rate')!.value! * 100)).toBe(5);
  });

  it("a key growing for days in devices pages 828 minutes before the first 429, through the hot-key page (the key above 160 RU/s: 80% of what its partition leaves it beside its neighbours' planned 800), 15 minutes after the key crosses that line (5 sustained minutes judged 10 minutes late, every 5), then 102 minutes after it (its one range an hour at its budget), the throttle-rate page at 1,432 (alerts35: 727, 163 and 388 while the replay added its per-second spreads as deviations)", () => {
    const c = run('hot key growing for days', 'devices');
    expect([
      firstOf(c, 'devices-hot-partition-range')! - c.truth.first429!,
      firstOf(c, 'devices-throttle-rate')! - c.truth.first429!,
      firstOf(c, 'devices-hot-key')! - c.truth.first429!,
      firstOf(c, 'devices-hot-key')! - c.truth.firstKeyOver80!,
    ]).toEqual([102, 1_432, -828, 15]);
    // Azure sends the resolved notification to the same action groups: one per fired alert, never more.
    expect(c.recoveries.length).toBeLessThanOrEqual(c.pages.length);
  });

  it("a key growing for days in events pages 169 minutes after its first 429 and 125 after its range's load reached 80% of its budget (the range an hour at its budget: 429s every minute there, while the container's share, one range of 4, stays under 5% until the throttle-rate page at 1,479), and the hot-key ticket 446 minutes before the first 429 (the key above 1,600 RU/s: 80% of the 2,000 its partition leaves it beside its neighbours' planned 8,000: a key approaching what it can reach, not users throttled now), 17 minutes after the key crosses that line (alerts35: 178, 73, 1,513 and 402 while the replay added its per-second spreads as deviations)", () => {
    const c = everyAlert('hot key growing for days', 'events');
    expect([
      firstOf(c, 'events-hot-partition-range')! - c.truth.first429!,
      firstOf(c, 'events-hot-partition-range')! - c.truth.firstOver80!,
      firstOf(c, 'events-throttle-rate')! - c.truth.first429!,
      firstOf(c, 'events-hot-key')! - c.truth.first429!,
      firstOf(c, 'events-hot-key')! - c.truth.firstKeyOver80!,
    ]).toEqual([169, 125, 1_479, -446, 17]);
    expect(c.recoveries.length).toBeLessThanOrEqual(c.pages.length);
  });

  it('a logical partition growing towards 20 GB in devices (2.5 GB a day) opens a ticket 96 minutes after it reaches 16 GB, about 37 hours before it would be full, and pages once, 108 minutes after it reaches 19 GB, about 8 hours before (hourly statistics, hourly checks)', () => {
    const c = everyAlert('logical partition growing towards 20 GB', 'devices');
    const ticket = firstOf(c, 'devices-partition-size')!;
    const page = firstOf(c, 'devices-partition-size-limit')!;
    expect([ticket - c.truth.firstSizeOver16Gb!, page - c.truth.firstSizeOver19Gb!]).toEqual([96, 108]);
    // The scenario's key grows from 12 to 19.5 GB over 3 days: 2.5 GB a day, so 20 GB would come at minute 4,608.
    const full = ((20 - 12) / 7.5) * 3 * 1440;
    expect([Math.round((full - ticket) / 60), Math.round((full - page) / 60)]).toEqual([37, 8]);
    const paged = run('logical partition growing towards 20 GB', 'devices').pages;
    expect(byAlert(paged)).toEqual({ 'devices-partition-size-limit': 1 });
  });
});

it('every rule fires in at least one of these replays (each replayed here if no test before did)', () => {
  const fired = new Set([...firedIn(healthyReplay()), ...INCIDENTS.flatMap(([incident, target, tier]) => firedIn(incidentReplay(incident, target, tier)))]);
  const kinds = (names: Iterable<string>) => [...new Set([...names].map((n) => n.replace(/^(events|devices)-/, '')))].sort();
  expect(kinds(fired)).toEqual(kinds(rules().map((r) => r.name)));
  expect([...fired].sort()).toEqual(
    rules()
      .map((r) => r.name)
      .sort(),
  );
});

it('lists each container’s pages and recoveries in time order, across rules (review 21: they came rule by rule)', () => {
  const replays = [healthyReplay(), ...INCIDENTS.map(([incident, target, tier]) => incidentReplay(incident, target, tier))];
  const unordered = replays.flatMap((replay) =>
    Object.entries(replay.containers).flatMap(([name, c]) =>
      [c.pages, c.recoveries]
        .filter((events) => events.some((e, i) => i > 0 && e.minute < events[i - 1].minute))
        .map((events) => `${replay.scenario} ${name}: ${events.map((e) => `${e.alert}@${e.minute}`).join(', ')}`),
    ),
  );
  expect(unordered).toEqual([]);
});
