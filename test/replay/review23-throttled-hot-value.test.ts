/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 23: a reviewer replayed a key of events growing for days (above the hot-key line for ~15 hours before and
// during its throttling, 429s coming and going): the throttled-hot-value page fired 7 times, on any 429 of the container
// while the key was above its line, single 429s at night included. Now it pages once the container's throttling is
// sustained (3 of the last hour's 5-minute intervals with 5+ 429s each, throttleRate's intervals and hour) and stays one
// fired alert while a quarter of the hour throttles; the hot-key ticket still comes hours before the first 429.
import { cosmosIncident, replayProgram, type ContainerModel, type ProgramReplay, type Scenario } from '../../lib/testing/replay';
import { firedAt } from './support/cosmos-replay';
import { registerExampleProgram } from './support/example-program';

const example = registerExampleProgram();
const HOUR = 60;

describe('the throttled-hot-value page (events: 4 ranges of 10,000 RU/s, hot-key line 1,612 RU/s)', () => {
  let growing: ProgramReplay;
  beforeAll(() => {
    growing = replayProgram(example.resources, cosmosIncident('hot key growing for days', example.profiles, 'events'), { queries: example.queries });
  });

  it('the reviewer-like incident pages once in the 15 hours after its first 429 (before: 7 times), 31 minutes after its throttling is sustained (alerts35: 14 while the replay added its per-second spreads as deviations)', () => {
    const truth = growing.containers.events.truth;
    expect([truth.first429, truth.firstSustained429]).toEqual([936, 979]);
    const pages = firedAt(growing, 'events-throttled-hot-value');
    expect(pages.filter((m) => m >= 936 && m < 936 + 15 * HOUR)).toEqual([1010]);
    expect(pages[0] - (truth.firstSustained429 as number)).toBe(31);
    // The next evening's throttling, after 7 hours with at most 3 429s an interval, is a new episode: a second page.
    expect(pages).toEqual([1010, 2095]);
  });

  it('the ticket comes early: the hot-key ticket 446 minutes before the first 429 (402 before alerts35); the page only once the throttling is sustained', () => {
    const [ticket] = firedAt(growing, 'events-hot-key');
    expect(growing.containers.events.truth.first429! - ticket).toBe(446);
  });

  it('a hot-but-healthy value (1,700 RU/s on a range far from its budget) beside stray 429 bursts of another range does not page (before: 144 pages in 4 days, one per burst, replayed with the old "any 429" meaning)', () => {
    const base = cosmosIncident('hot key growing for days', example.profiles, 'events');
    const events = base.models.events;
    // A one-second burst on range 2 every 40 minutes, the size of that range's budget: a stray interval of 429s, at most 2 an hour.
    const bursts = Array.from({ length: (base.days * 1440) / 40 }, (_, i) => ({ minute: i * 40 + 7, range: 2, ru: 10_000 }));
    const scenario: Scenario<ContainerModel> = {
      ...base,
      // The uniform load halved, so the hot value's range stays far from its budget even at the evening peak.
      models: {
        ...base.models,
        events: { ...events, ru: (m) => events.ru(m) / 2, bursts, hotKeys: [{ key: '["hot-but-healthy"]', range: 0, ru: () => 1_700 }] },
      },
    };
    const replay = replayProgram(example.resources, scenario, { queries: example.queries });
    // Only the bursts throttle: the hot value's range never does.
    expect([bursts.length, replay.containers.events.truth.throttledMinutes]).toEqual([144, 144]);
    expect(firedAt(replay, 'events-hot-key')).toEqual([15]);
    expect(firedAt(replay, 'events-throttled-hot-value')).toEqual([]);
  });
});
