/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 20: a platform team replayed "whale prefix under a hierarchical key" on their container (12 ranges of 3,333
// RU/s): the hot-prefix ticket 8 minutes after the first sustained 429s, the range page at 58, the 429 page at 98.
// The range page judges an hour's average of each minute's highest one-second utilization, so it needs the range at
// its budget for (nearly) the whole hour; a shorter window pages every range of every nightly import (all ranges at
// their budget for 30 minutes: one metric alert judges each range alone). The throttledHotValue page (a hot value
// above hotPrefix's line while the container's throttling is sustained) pages the whale at 23 minutes (13 while any 429 counted) and no healthy week, and a
// tenant growing for days only once its range throttles (docs/pulumi.md, "How soon a hot partition pages").
import * as pulumi from '@pulumi/pulumi';
import {
  cosmosIncident,
  healthyCosmosWeek,
  replayProgram,
  skewguardQueries,
  type ContainerReplay,
  type CosmosContainerProfile,
} from '../../lib/testing/replay';
import { installMocks, registeredAll, type Json } from '../pulumi/support/mocks';
import { PAGE_GROUP, soundProgram } from './support/sound-program';

const engine = installMocks();
/** The defaults, and the range page over 15 minutes (the shortest window that still judges minutes, not seconds). */
const CONTAINERS = { orders: undefined, orders15: { normalizedRu: { windowSize: 'PT15M' } } };
const WHALE = 'whale prefix under a hierarchical key';
let program: { resources: { type: string; name: string; inputs: Record<string, unknown> }[]; profiles: Record<string, Record<string, CosmosContainerProfile>> };
const queries = skewguardQueries(Object.keys(CONTAINERS).map((containerName) => ({ databaseName: 'saas', containerName })));

beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  const containers = soundProgram(CONTAINERS);
  await registeredAll([...containers, ...containers.flatMap((c) => Object.values(c.alerts))]);
  program = {
    resources: engine.registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs })),
    profiles: Object.fromEntries(
      containers.map((c, i) => {
        const name = Object.keys(CONTAINERS)[i];
        return [name, { [name]: { throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 600, peakRu: 24_000, design: c.design } }];
      }),
    ),
  };
});
afterAll(() => jest.restoreAllMocks());

const pagesOf = (c: ContainerReplay) => c.pages.filter((p) => p.actionGroups.includes(PAGE_GROUP));
/** Each alert's first notification, minutes after the first of 3 consecutive minutes with 429s. */
function firstAfterSustained429(c: ContainerReplay): Record<string, number> {
  const from = c.truth.firstSustained429 as number;
  const first: Record<string, number> = {};
  for (const p of c.pages) first[p.alert] ??= p.minute - from;
  return first;
}
/** The program without the other container and its alerts: each replay models one container's traffic, which only its
 *  own alerts are read on (the other's would be replayed on it for nothing). */
const ownResources = (name: string) =>
  program.resources.filter((r) => Object.keys(CONTAINERS).every((other) => other === name || (r.name !== other && !r.name.startsWith(`${other}-`))));
const replay = (name: string, scenario: 'healthy' | typeof WHALE | 'hot key growing for days', seed?: number) =>
  replayProgram(
    ownResources(name),
    scenario === 'healthy' ? healthyCosmosWeek(program.profiles[name], seed) : cosmosIncident(scenario, program.profiles[name], name),
    { queries },
  ).containers[name];

// Review 23: 23 minutes, was 13: the page now waits for 3 of the last hour's 5-minute intervals with 5+ 429s each, not any 429.
it('by default: the whale pages 26 minutes after its first sustained 429s (before: 56, the range page; alerts35: 23 and 58 while the replay added its per-second spreads as deviations); healthy weeks 0 pages', () => {
  expect(firstAfterSustained429(replay('orders', WHALE))).toEqual({
    'orders-hot-prefix': 1,
    'orders-throttled-hot-value': 26,
    'orders-hot-partition-range': 56,
    'orders-throttle-rate': 91,
  });
  expect([3, 4, 5].map((seed) => pagesOf(replay('orders', 'healthy', seed)).length)).toEqual([0, 0, 0]);
});

it('a tenant growing for days: the throttled-hot-value page only once its range throttles, never in the 15 hours before', () => {
  const growing = replay('orders', 'hot key growing for days');
  const pages = growing.pages.filter((p) => p.alert === 'orders-throttled-hot-value').map((p) => p.minute);
  // The hot-prefix ticket fires before the first 429 (the early warning it is for); the page never does.
  expect(growing.truth.first429).toBe(999);
  expect(Math.min(...pages)).toBeGreaterThanOrEqual(999);
  expect(firstAfterSustained429(growing)['orders-hot-prefix']).toBe(-136);
});

it('the range page over PT15M: the whale at 16 minutes (18 before alerts35), but every range of every nightly import pages (84 pages a week)', () => {
  expect(firstAfterSustained429(replay('orders15', WHALE))['orders15-hot-partition-range']).toBe(16);
  const healthy = pagesOf(replay('orders15', 'healthy', 3));
  // 12 ranges × 7 nights, each at 01:15, 15 minutes into the import: none of them a hot partition.
  expect(healthy.length).toBe(84);
  expect(new Set(healthy.map((p) => p.minute % 1440))).toEqual(new Set([75]));
});

it('the registered defaults these numbers are of: the range page > 99% over PT1H, the hot-prefix alert a ticket', () => {
  const inputs = (name: string) => program.resources.find((r) => r.name === name)?.inputs as Json;
  const range = inputs('orders-hot-partition-range');
  expect([range.windowSize, range.evaluationFrequency, range.severity, range.criteria.allOf[0].threshold]).toEqual(['PT1H', 'PT5M', 1, 99]);
  expect([inputs('orders-hot-prefix').severity, inputs('orders-hot-prefix').windowSize]).toEqual([2, 'PT15M']);
  // The page on a hot value while the container throttles: its window, severity 1 to the on-call.
  const throttled = inputs('orders-throttled-hot-value');
  // PT2H (review 23; was PT15M): the 429s of the last hour and the ingestion lag.
  expect([throttled.severity, throttled.windowSize, throttled.evaluationFrequency, throttled.actions.actionGroups]).toEqual([1, 'PT2H', 'PT5M', [PAGE_GROUP]]);
  // Whale34: hotPrefix's 1,114 → 538.66, 80% of what the design's hottest tenant leaves a tenant on its partition.
  expect([throttled.criteria.allOf[0].threshold, inputs('orders-hot-prefix').criteria.allOf[0].threshold]).toEqual([538.66, 1_114]);
  expect(throttled.criteria.allOf[0].dimensions.map((d: Json) => d.name)).toEqual(['Prefix', 'RegionName']);
});
