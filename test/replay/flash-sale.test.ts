/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// A stranger asked whether the range page (NormalizedRUConsumption averaged over an hour) leaves a blind spot: a flash
// sale that runs one partition-key range of events (4 ranges) past its budget for 15–45 minutes, while the container's
// 429 share stays under the 5% the throttle-rate page needs. Replayed on the example program's default alerts: it does,
// and no shorter window closes it without paging normal nights (docs/pulumi.md, `normalizedRu`).
import { cosmosIncident, replayProgram, type ContainerModel, type ProgramReplay, type Scenario } from '../../lib/testing/replay';
import { firedAt as firedSince, throttledShare } from './support/cosmos-replay';
import { registerExampleProgram } from './support/example-program';

const example = registerExampleProgram();

/** Day 1, 19:00: the evening peak of an ordinary day (no planned peak, import or bursts around it). */
const START = 1440 + 19 * 60;
/** events: a 40,000 RU/s autoscale maximum over 4 ranges. */
const RANGE_BUDGET = 10_000;
const RANGES = 4;

/** One product on range 0 of events takes that range to `load` × its budget for `minutes`. */
function flashSale(minutes: number, load = 1.1): Scenario<ContainerModel> {
  const base = cosmosIncident('hot key growing for days', example.profiles, 'events');
  const events = base.models.events;
  const product = (m: number) => (m >= START && m < START + minutes ? Math.max(0, load * RANGE_BUDGET - events.ru(m) / RANGES) : 0);
  return {
    ...base,
    name: `flash sale, ${minutes} min`,
    models: { ...base.models, events: { ...events, hotKeys: [{ key: '["sale-product"]', range: 0, ru: product }] } },
  };
}

const firedAt = (replay: ProgramReplay, alert: string) => firedSince(replay, alert, START);

describe('a flash sale on one range of events at 1.1 × its budget (the 10% above it: about 9% of that range’s requests throttled)', () => {
  it('for 45 minutes, throttles every minute, 4.3% of the container’s requests (4.6% before alerts35): the range page needs an hour, the 429 page 5%; the hot-key ticket comes at 15 minutes, the throttled-hot-value page at 25 (review 20; before, no page; review 23: 15 while any 429 counted)', () => {
    const scenario = flashSale(45);
    expect(Math.round(throttledShare(scenario, 'events', START, 45) * 1000) / 10).toBe(4.3);
    const replay = replayProgram(example.resources, scenario, { queries: example.queries });
    expect(replay.containers.events.truth.throttledMinutes).toBe(45);
    expect([firedAt(replay, 'events-hot-partition-range'), firedAt(replay, 'events-throttle-rate'), firedAt(replay, 'events-hot-key')]).toEqual([[], [], [15]]);
    // 3 intervals of 5+ 429s each (review 23): the page 10 minutes after the ticket.
    expect(firedAt(replay, 'events-throttled-hot-value')).toEqual([25]);
  });

  it('for an hour, pages through the range alert at its 60th minute', () => {
    const replay = replayProgram(example.resources, flashSale(60), { queries: example.queries });
    expect(firedAt(replay, 'events-hot-partition-range')).toEqual([60]);
  });

  it('a 45-minute window (quiet on the nightly imports, which a 30-minute one pages) would catch a 45-minute sale only at its end, and a 30-minute sale not at all', () => {
    const window45 = example.resources.map((r) => (r.name === 'events-hot-partition-range' ? { ...r, inputs: { ...r.inputs, windowSize: 'PT45M' } } : r));
    expect([30, 45].map((minutes) => firedAt(replayProgram(window45, flashSale(minutes), { queries: example.queries }), 'events-hot-partition-range'))).toEqual(
      [[], [45]],
    );
  });
});
