/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 16 on Cosmos DB: the example program's alerts on events (40,000 RU/s autoscale, 4 ranges), replayed on failures
// in bursts for 5.5 hours from an ordinary evening (day 1, 19:00): throttling in every other minute, or in 3 minutes of
// 5; and on noise: one minute in 10. Minutes from the first burst; [] is never.
// - The whole container at 1.2 × its throughput in the burst minutes: the 429 page sees it (13–14% of requests
//   throttled), unchanged; the range page (an hour's average above 99%) cannot, as no static metric alert can count
//   breaching minutes (docs/pulumi.md, "Sustained, not spikes").
// - One key at 6,000 RU/s in the burst minutes (its partition leaves it about 2,000) and 400 between: only the key's
//   range throttles, 1.6–1.9% of the container's requests. Before, no alert fired in 5.5 hours (the hot-key query took
//   the lowest of 5 minutes); now the hot-key ticket, 15 minutes after the first burst, as for a steady one.
import { cosmosIncident, replayProgram, type ContainerModel, type Scenario } from '../../lib/testing/replay';
import { SHAPES } from './support/bursts';
import { firedAt, throttledShare } from './support/cosmos-replay';
import { registerExampleProgram } from './support/example-program';

const example = registerExampleProgram();
const START = 1440 + 19 * 60;
const MINUTES = 330;
const ALERTS = { range: 'events-hot-partition-range', throttleRate: 'events-throttle-rate', hotKey: 'events-hot-key' } as const;

/** events on an ordinary day with the failure `on` in the shape's minutes: the container at `load` × its throughput, or one key at `load` RU/s. */
function bursts(what: 'container' | 'key', shape: (minute: number) => boolean, load: number): Scenario<ContainerModel> {
  const base = cosmosIncident('hot key growing for days', example.profiles, 'events');
  const events = base.models.events;
  const on = (m: number) => m >= START && m < START + MINUTES && shape(m - START);
  const model: ContainerModel =
    what === 'container'
      ? { ...events, hotKeys: [], ru: (m) => (on(m) ? Math.max(events.ru(m), load * example.profiles.events.throughput.ru) : events.ru(m)) }
      : { ...events, hotKeys: [{ key: '["t-42"]', range: 0, ru: (m) => (on(m) ? load : 400) }] };
  return { ...base, name: `${what} at ${load} in bursts`, models: { events: model } };
}

/** When each alert first fired, and the percent of events' requests throttled over the 5.5 hours. */
function replay(scenario: Scenario<ContainerModel>) {
  const replayed = replayProgram(example.resources, scenario, { queries: example.queries });
  const fired = Object.fromEntries(Object.entries(ALERTS).map(([key, alert]) => [key, firedAt(replayed, alert, START)]));
  return { ...fired, percentThrottled: Math.round(throttledShare(scenario, 'events', START, MINUTES) * 1000) / 10 };
}

describe('the whole container in bursts at 1.2 × its throughput', () => {
  it('every other minute, or 3 minutes in 5: the 429 page at 35 minutes, once; no range page', () => {
    expect(replay(bursts('container', SHAPES.everyOtherMinute, 1.2))).toEqual({ range: [], throttleRate: [35], hotKey: [], percentThrottled: 12.7 });
    expect(replay(bursts('container', SHAPES.threeInFive, 1.2))).toEqual({ range: [], throttleRate: [35], hotKey: [], percentThrottled: 13.8 });
  });

  it('noise, 1.5 × in one minute of 10: nothing', () => {
    expect(replay(bursts('container', SHAPES.oneInTen, 1.5))).toMatchObject({ range: [], throttleRate: [], hotKey: [] });
  });
});

describe('one key in bursts at 6,000 RU/s, three times what its partition leaves it', () => {
  it("every other minute, or 3 minutes in 5: the hot-key ticket at 15 minutes (before: nothing fired in 5.5 h); every other minute, a second ticket at 315 (once before alerts35: the model's other draws moved its log rows' ingestion delays)", () => {
    expect(replay(bursts('key', SHAPES.everyOtherMinute, 6_000))).toEqual({ range: [], throttleRate: [], hotKey: [15, 315], percentThrottled: 1.4 });
    expect(replay(bursts('key', SHAPES.threeInFive, 6_000))).toEqual({ range: [], throttleRate: [], hotKey: [15], percentThrottled: 1.7 });
  });

  it('steadily: the hot-key ticket at 15 minutes and the range page at 60, as before', () => {
    expect(replay(bursts('key', SHAPES.steady, 6_000))).toMatchObject({ range: [60], throttleRate: [], hotKey: [15] });
  });

  it('noise, the key at its 10,000 RU/s ceiling in one minute of 10: nothing', () => {
    expect(replay(bursts('key', SHAPES.oneInTen, 10_000))).toMatchObject({ range: [], throttleRate: [], hotKey: [] });
  });
});
