/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 17 asked whether the hotPrefix alert (a whale tenant under a hierarchical key) should page by default: the
// replayed whale pages on its range 66 minutes after the prefix ticket. Replayed on the example program: quiet on a
// healthy week, first on the whale; but on a tenant growing towards its ceiling it fires hours before anything is
// throttled, which is what a ticket is for. So it stays a ticket by default (docs/pulumi.md, "Skew alerts").
import { cosmosIncident, healthyCosmosWeek, replayProgram, type ContainerReplay } from '../../lib/testing/replay';
import { registerExampleProgram } from './support/example-program';

const example = registerExampleProgram();
const fired = (c: ContainerReplay, alert: string) =>
  c.alerts
    .filter((a) => a.name === alert)
    .flatMap((a) => a.events.filter((e) => e.kind === 'fired').map((e) => e.minute))
    .sort((a, b) => a - b);

it('hotPrefix: quiet on a healthy week, first on the whale, but hours before any 429 on a tenant growing for days', () => {
  const healthy = replayProgram(example.resources, healthyCosmosWeek(example.profiles, 3, 7), { queries: example.queries });
  const whale = replayProgram(example.resources, cosmosIncident('whale prefix under a hierarchical key', example.profiles, 'events'), {
    queries: example.queries,
  });
  const growing = replayProgram(example.resources, cosmosIncident('hot key growing for days', example.profiles, 'events'), { queries: example.queries });
  const w = whale.containers.events;
  const g = growing.containers.events;
  // A healthy week (7 days, seed 3: the planned peak, nightly imports, bursts): it never fires, on either container.
  expect([fired(healthy.containers.events, 'events-hot-prefix'), fired(healthy.containers.devices, 'devices-hot-prefix')]).toEqual([[], []]);
  // The whale: a minute after its first 429, 65 minutes before the range page and 85 before the throttle-rate page.
  expect(
    [fired(w, 'events-hot-prefix')[0], fired(w, 'events-hot-partition-range')[0], fired(w, 'events-throttle-rate')[0]].map((m) => m - w.truth.first429!),
  ).toEqual([-6, 64, 74]);
  // One tenant's key growing for days: 402 minutes (6.7 hours) before its first 429, with the hotKey ticket. As a page,
  // it would wake someone while no request of that tenant is throttled: the line is the design's headroom below what
  // the tenant can reach, not the ceiling.
  expect([fired(g, 'events-hot-prefix')[0], fired(g, 'events-hot-key')[0]].map((m) => m - g.truth.first429!)).toEqual([-446, -446]);
  // And it stays a ticket by default in the example program.
  const rule = example.resources.find((r) => r.name === 'events-hot-prefix');
  expect(rule?.inputs.severity).toBe(2);
});
