/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Stranger 32d: an orders container keyed /customerId → /orderId (40,000 RU/s autoscale, 600 GB: 12 partitions of
// 3,333 RU/s) whose B2B customer places 20% of orders and holds 120 GB. Both prefix lines (the hotPrefix ticket and
// the throttledHotValue page) were drawn from that customer's reach over its 3 partitions (80% of 9,040 = 7,232 RU/s,
// summed over them) and applied to every customer: a customer under 50 GB stays on one partition ("Hierarchical
// partition keys") and is throttled near its 3,333 RU/s, so the "whale prefix" replay never paged it (the range page
// came at 58 minutes). Now each customer's RU is summed per physical partition (PartitionKeyRangeId) against a line
// for a customer on one (3,333 − 1,600 of neighbours = 1,733), kept above the B2B customer's plan on each of its
// partitions where that fits (4,800 ÷ 3 = 1,600), judged against a line of its own on each since alerts35 (docs/pulumi.md, "Skew alerts").
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import {
  cosmosIncident,
  healthyCosmosWeek,
  replayProgram,
  skewguardQueries,
  type ContainerModel,
  type ContainerReplay,
  type CosmosContainerProfile,
  type RegisteredResource,
  type Scenario,
} from '../../lib/testing/replay';
import { PLANNED_PEAK } from '../../lib/testing/replay/scenarios/dynamodb-scenarios';
import { diurnal } from '../../lib/testing/replay/scenarios/load';
import { installMocks, registeredAll } from '../pulumi/support/mocks';
import { spanningLineOf } from './support/cosmos-replay';
import { accountIds, alertThreshold, customResources } from './support/pulumi-program';

const engine = installMocks();
const { account: ACCOUNT_ID, oncall: ONCALL } = accountIds('shop', 'shop');
const WHALE = 'whale prefix under a hierarchical key';

/** The stranger's design, as written in their program. */
const orders: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/customerId', cardinality: 8_000_000, hotKeyShare: 0.2, largestGb: 120 },
      { path: '/orderId', cardinality: 'unique' },
    ],
  },
  storage: { totalGb: 600 },
  workload: { peakReadUnits: 16_000, peakWriteUnits: 8_000 },
};
/** The same customers with a given hotPrefix line: 1,800 RU/s is under the B2B customer's 9,040 but not under the
 *  1,733 one on one partition can use; 1,500 is. */
const given = (threshold: number) => ({ design: orders, alerts: { hotPrefix: { threshold } } });
/** A B2B customer of 25% (6,000 RU/s, 2,000 on each of its 3 partitions): above the 1,833 a customer on one partition
 *  can use beside the others' 18,000 ÷ 12, so no line both catches such a customer and stays under this one's plan. */
const heavier: ContainerDesign = {
  ...orders,
  partitionKey: { paths: [{ ...orders.partitionKey.paths[0], hotKeyShare: 0.25 }, orders.partitionKey.paths[1]] },
};
const CONTAINERS = {
  orders: { design: orders, alerts: undefined },
  given1800: given(1_800),
  given1500: given(1_500),
  heavier: { design: heavier, alerts: undefined },
  heaviergiven: { design: heavier, alerts: { hotPrefix: { threshold: 1_400 } } },
} as const;

let resources: RegisteredResource[];
let warnings: { message: string; on: string }[];
let design: GuardedContainer['design'];
beforeAll(async () => {
  const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('shop', { resourceGroupName: 'shop', account: { name: 'shop', id: ACCOUNT_ID }, actionGroupIds: [ONCALL] });
  const components = Object.entries(CONTAINERS).map(
    ([name, { design, alerts }]) => new GuardedContainer(name, { monitoring, database: 'shop', throughput: { autoscaleMax: 40_000 }, design, alerts }),
  );
  await registeredAll(components.flatMap((c) => [c, c.container, ...Object.values(c.alerts)]));
  resources = customResources(engine.registered);
  const nameOf = (on: unknown) => Object.keys(CONTAINERS)[components.findIndex((c) => c === on)];
  warnings = warn.mock.calls.map(([message, on]) => ({ message: String(message), on: nameOf(on) }));
  design = components[0].design;
});
afterAll(() => jest.restoreAllMocks());

const thresholdOf = (name: string) => alertThreshold(resources, name);
/** The warnings logged on one GuardedContainer that contain `text`. */
const warningsOf = (name: string, text: string) => warnings.filter((w) => w.on === name && w.message.includes(text)).map((w) => w.message);

describe('the lines', () => {
  // Before: 7,232 RU/s, 80% of the B2B customer's 9,040 over its 3 partitions, summed over them. Whale34: [1,600, 1,600] →
  // [1,647, 1,130]: the ticket 10% above the plan where that fits (1,760 does not: 95% of 1,733, said), the page drawn
  // for a customer on one of the B2B customer's partitions (9,040 ÷ 3 − 1,600 = 1,413, 80% of it). Crm34: the page 1,130 →
  // 1,066, the hotKey line (80% of the 1,333 an order can use): a tenant logs at least its hottest key's RU.
  it('the prefix lines are per physical partition: the ticket at 1,647 RU/s (95% of the 1,733 a customer on one can use), the page at the hotKey line, 1,066', () => {
    expect([thresholdOf('orders-hot-prefix'), thresholdOf('orders-throttled-hot-value'), thresholdOf('orders-hot-key')]).toEqual([1_647, 1_066, 1_066]);
    // Alerts35: the B2B customer, on 3 partitions, is judged against its own line on each (80% of what it can use there,
    // above its plan and 10%); before, the log said its plan was above the one-partition lines.
    expect([spanningLineOf(resources, 'orders-hot-prefix'), spanningLineOf(resources, 'orders-throttled-hot-value')]).toEqual([2_410, 2_410]);
    expect(warningsOf('orders', 'drawn on each physical partition')).toEqual([]);
  });

  // Whale34: the throttledHotValue line 1,466 → 826.66 (80% of what the B2B customer's plan leaves a customer beside it).
  it('a B2B customer planned above what one partition leaves a customer is judged against its own line (said before alerts35)', () => {
    expect([thresholdOf('heavier-hot-prefix'), thresholdOf('heavier-throttled-hot-value')]).toEqual([1_466, 826.66]);
    // Alerts35: judged against its own line on each of its 3 partitions (80% of what it can use there, above its plan and
    // 10%), the customer fires neither
    // one-partition line at its plan, and nothing is said; before, the log named the alerts it would fire.
    expect([
      spanningLineOf(resources, 'heavier-hot-prefix'),
      spanningLineOf(resources, 'heavier-throttled-hot-value'),
      spanningLineOf(resources, 'heaviergiven-hot-prefix'),
    ]).toEqual([2_426, 2_426, 2_426]);
    expect(['heavier', 'heaviergiven'].flatMap((name) => warningsOf(name, 'drawn on each physical partition'))).toEqual([]);
  });

  it('a given hotPrefix threshold a customer on one partition cannot reach is said; one it can reach is not', () => {
    expect(warningsOf('given1800', 'alerts.hotPrefix.threshold')).toEqual([
      expect.stringContaining('alerts.hotPrefix.threshold is 1,800 RU/s, at or above the 1,733.333 RU/s a first-level value on one physical partition can use'),
    ]);
    expect(warningsOf('given1500', 'alerts.hotPrefix.threshold')).toEqual([]);
  });
});

describe('replayed', () => {
  const queries = skewguardQueries(Object.keys(CONTAINERS).map((containerName) => ({ databaseName: 'shop', containerName })));
  const ordersOnly = () => resources.filter((r) => !/^(given|heavier)/.test(r.name));
  const profile = (peakRu: number): Record<string, CosmosContainerProfile> => ({
    orders: { throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 600, peakRu, design },
  });
  const replay = (scenario: Scenario<ContainerModel>): ContainerReplay => replayProgram(ordersOnly(), scenario, { queries }).containers.orders;
  /** Each alert's first notification, minutes after the first of 3 consecutive minutes with 429s. */
  function firstAfterSustained429(c: ContainerReplay): Record<string, number> {
    const from = c.truth.firstSustained429 as number;
    const first: Record<string, number> = {};
    for (const p of c.pages) first[p.alert] ??= p.minute - from;
    return first;
  }
  const pagesOf = (c: ContainerReplay) =>
    c.pages.filter((p) => p.alert.endsWith('-throttled-hot-value') || p.alert.endsWith('-hot-partition-range') || p.alert.endsWith('-throttle-rate'));

  // Before: { hot-partition-range: 58, throttle-rate: 98 }, no prefix alert at all (the customer logs at most ~4,000 RU/s).
  it('a customer growing to 1.2 × its partition’s budget on one of the 12 is paged 26 minutes after its first sustained 429s (23 before alerts35, while the replay added its per-second spreads as deviations)', () => {
    expect(firstAfterSustained429(replay(cosmosIncident(WHALE, profile(24_000), 'orders')))).toEqual({
      'orders-hot-prefix': 16,
      'orders-throttled-hot-value': 26,
      'orders-hot-partition-range': 56,
      'orders-throttle-rate': 91,
    });
  });

  /** A healthy week with the B2B customer in it at its declared 20% of the planned 24,000 RU/s, as the other 80% move:
   *  0.6 of it at 19:00 on ordinary days (`diurnal`), all of it in the planned peak, on 30 orders over its 3 partitions (160 RU/s each at most, under the 1,066 key line).
   *  The nightly import stays the others' (the customer's orders are not imported). */
  function withB2bCustomer(seed: number): Scenario<ContainerModel> {
    const week = healthyCosmosWeek(profile(19_200), seed);
    const { start, minutes } = PLANNED_PEAK;
    const share = (m: number) => (m >= start && m < start + minutes ? Math.max(0.6 * diurnal(m), Math.min(1, (m - start + 1) / 10)) : 0.6 * diurnal(m));
    const hotKeys = Array.from({ length: 30 }, (_, i) => ({ key: `["b2b","o-${i}"]`, range: i % 3, ru: (m: number) => (4_800 * share(m)) / 30 }));
    return { ...week, models: { orders: { ...week.models.orders, hotKeys } } };
  }

  // Whale34: [0, 0, 0] → [1, 1, 1]. This week spreads the other customers' load evenly, so the B2B customer's ranges run at
  // 3,200 of 3,333 RU/s in the planned peak and throttle there, sustained: the page (now 1,130, beside it) names it.
  // Before, its line sat on its flat plan (1,600), which never crossed it; with its load ±10% a minute and the others'
  // load only on the room its data leaves, nothing fires (test/replay/whale-neighbour.test.ts).
  // Alerts35: [1, 1, 1] → [0, 0, 0]. The customer runs at its plan (1,600 on each partition, under its own 2,410 line);
  // what throttles its ranges is the other customers' load, which this week spreads evenly, above what the design plans
  // beside it on those ranges. The page named the customer for it; nothing pages those 45 minutes now (a range past its
  // budget for under an hour: the flash-sale gap, docs/replay.md).
  it('the B2B customer at its planned load (1,600 RU/s on each of its 3 partitions at the planned peak) on ranges this week overloads: not paged as a hot value, since it runs at its plan', () => {
    const pages = [3, 4, 5].map((seed) => replay(withB2bCustomer(seed)).pages);
    expect(pages.map((p) => p.map((page) => page.alert))).toEqual([[], [], []]);
  });

  it('healthy weeks page no one (seeds 3, 4 and 5)', () => {
    expect([3, 4, 5].map((seed) => pagesOf(replay(healthyCosmosWeek(profile(24_000), seed))).length)).toEqual([0, 0, 0]);
  });
});
