/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Stranger 33b: a documents container (/tenantId → /folderId → /documentId, 25,000 RU/s autoscale, 400 GB: 8 partitions
// of 3,125 RU/s) declares its whale: 30% of the traffic, 90 GB, so 2 partitions with 2,250 RU/s planned on each. A
// tenant on one of them is throttled at what the whale leaves it (~744 RU/s beside the whale's plan), far under the
// 1,450 RU/s prefix lines drawn for a tenant on a partition of its own: "hot key growing for days" was paged only by
// the range alert, 292 minutes after its first sustained 429s. Now the throttledHotValue page's line is what a tenant
// beside the whale can reach (the hotPrefix ticket keeps its line), and every line stays 10% above a planned load,
// which real traffic crosses minute by minute (docs/pulumi.md, "Skew alerts").
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import {
  cosmosIncident,
  healthyCosmosWeek,
  replayProgram,
  skewguardQueries,
  type ContainerReplay,
  type CosmosContainerProfile,
  type RegisteredResource,
  type Scenario,
  type ContainerModel,
} from '../../lib/testing/replay';
import { PLANNED_PEAK } from '../../lib/testing/replay/scenarios/dynamodb-scenarios';
import { installMocks, registeredAll } from '../pulumi/support/mocks';
import { spanningLineOf } from './support/cosmos-replay';
import { weekWithPlannedTenant } from './support/planned-tenant';
import { accountIds, alertThreshold, customResources } from './support/pulumi-program';

const engine = installMocks();
const { account: ACCOUNT_ID, oncall: ONCALL } = accountIds('rg', 'acct');

/** The stranger's design, as written in their documents.json. */
const documents: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 12_000, hotKeyShare: 0.3, largestGb: 90 },
      { path: '/folderId', cardinality: 3_000_000, largestGb: 2 },
      { path: '/documentId', cardinality: 'unique' },
    ],
  },
  storage: { totalGb: 400 },
  workload: { peakReadUnits: 12_000, peakWriteUnits: 3_000 },
  accessPatterns: [
    { name: 'open-document', keyAttributes: ['/tenantId', '/folderId', '/documentId'], share: 0.6 },
    { name: 'list-folder', keyAttributes: ['/tenantId', '/folderId'], share: 0.35 },
    { name: 'tenant-search', keyAttributes: ['/tenantId'], share: 0.05 },
  ],
};
/** Stranger 32d's orders container (12 partitions of 3,333 RU/s) with its 120 GB B2B customer at 18% of 24,000 RU/s:
 *  1,440 RU/s on each of its 3 partitions, under the 1,693 a customer on one partition can use beside the others. */
const orders: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/customerId', cardinality: 8_000_000, hotKeyShare: 0.18, largestGb: 120 },
      { path: '/orderId', cardinality: 'unique' },
    ],
  },
  storage: { totalGb: 600 },
  workload: { peakReadUnits: 16_000, peakWriteUnits: 8_000 },
};
const CONTAINERS = { documents: { design: documents, autoscaleMax: 25_000 }, orders: { design: orders, autoscaleMax: 40_000 } } as const;
type Name = keyof typeof CONTAINERS;

let resources: RegisteredResource[];
let designs: Record<Name, GuardedContainer['design']>;
let warnings: { message: string; on: Name }[];
beforeAll(async () => {
  const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('acct', { resourceGroupName: 'rg', account: { name: 'acct', id: ACCOUNT_ID }, actionGroupIds: [ONCALL] });
  const names = Object.keys(CONTAINERS) as Name[];
  const components = names.map(
    (name) =>
      new GuardedContainer(name, { monitoring, database: 'app', throughput: { autoscaleMax: CONTAINERS[name].autoscaleMax }, design: CONTAINERS[name].design }),
  );
  await registeredAll(components.flatMap((c) => [c, c.container, ...Object.values(c.alerts)]));
  resources = customResources(engine.registered);
  designs = Object.fromEntries(names.map((name, i) => [name, components[i].design])) as Record<Name, GuardedContainer['design']>;
  warnings = warn.mock.calls.map(([message, on]) => ({ message: String(message), on: names[components.findIndex((c) => c === on)] }));
});
afterAll(() => jest.restoreAllMocks());

const thresholdOf = (name: string) => alertThreshold(resources, name);
const queries = skewguardQueries(Object.keys(CONTAINERS).map((containerName) => ({ databaseName: 'app', containerName })));
/** The container's profile at its planned peak, less `tenantRu` when a planned tenant carries that much of it. */
const profiles = (name: Name, tenantRu = 0): Record<string, CosmosContainerProfile> => ({
  [name]: {
    throughput: { kind: 'autoscale', ru: CONTAINERS[name].autoscaleMax },
    storageGb: CONTAINERS[name].design.storage?.totalGb as number,
    peakRu: (name === 'documents' ? 15_000 : 24_000) - tenantRu,
    design: designs[name],
  },
});
/** One container's replay, with its own alerts only. */
const replay = (name: Name, scenario: Scenario<ContainerModel>): ContainerReplay =>
  replayProgram(
    resources.filter((r) => r.name.startsWith(`${name}-`) || r.name === name),
    scenario,
    { queries },
  ).containers[name];
/** Each alert's first notification, minutes after the first of 3 consecutive minutes with 429s. */
function firstAfterSustained429(c: ContainerReplay): Record<string, number> {
  const from = c.truth.firstSustained429 as number;
  const first: Record<string, number> = {};
  for (const p of c.pages) first[p.alert] ??= p.minute - from;
  return first;
}
const PAGE_ALERTS = /-(throttled-hot-value|hot-partition-range|throttle-rate)$/;
const pagesOf = (c: ContainerReplay) => c.pages.filter((p) => PAGE_ALERTS.test(p.alert)).map((p) => `${p.minute} ${p.alert}`);
const firedOf = (c: ContainerReplay, alert: string) => c.pages.filter((p) => p.alert === alert).map((p) => p.minute);

describe('a tenant on one of the declared whale’s partitions', () => {
  // Before: both 1,450 RU/s, out of reach of a tenant beside the whale.
  it('the throttledHotValue page’s line is what the whale leaves a tenant on its partitions (80% of 743.75 RU/s); the hotPrefix ticket keeps 1,450', () => {
    // (2 × 3,125 − 262.5 of the other tenants on the room its 90 GB leave − 4,500 planned) ÷ 2 partitions = 743.75.
    expect([thresholdOf('documents-hot-prefix'), thresholdOf('documents-throttled-hot-value')]).toEqual([1_450, 595]);
    // Alerts35: the whale, on 2 partitions, is judged against its own line on each: its planned 2,250 RU/s and 10%.
    // Before, nothing but those lines, and the log said the whale would fire both at its planned load.
    expect([spanningLineOf(resources, 'documents-hot-prefix'), spanningLineOf(resources, 'documents-throttled-hot-value')]).toEqual([2_475, 2_475]);
    expect(warnings.filter((w) => w.on === 'documents' && w.message.includes('drawn on each physical partition'))).toEqual([]);
  });

  // Before: { documents-hot-key: -63, documents-hot-partition-range: 292, documents-throttle-rate: 1717 }, the first page ~5 hours late.
  // Alerts35 (the replay's per-second spreads added as variances): sustained 429s from minute 1,139, not 973; the page
  // 52 → 9 minutes before them (3 of the hour's intervals count 5+ 429s before any 3 consecutive minutes do), the
  // range page 292 → 1,056, the 429 page 1,717 → 2,141, the hotKey ticket 63 → 229 minutes before.
  it('"hot key growing for days" is paged 9 minutes before its first 3 consecutive minutes of 429s (range page: 1,056 after)', () => {
    const growing = replay('documents', cosmosIncident('hot key growing for days', profiles('documents'), 'documents'));
    expect(growing.truth.firstSustained429).toBe(1_139);
    expect(firstAfterSustained429(growing)).toEqual({
      'documents-hot-key': -229,
      'documents-throttled-hot-value': -9,
      'documents-hot-partition-range': 1_056,
      'documents-throttle-rate': 2_141,
    });
  });

  // Alerts35: the range page 60 → 55.
  it('a whale prefix on one range still pages at 25 minutes', () => {
    const whale = replay('documents', cosmosIncident('whale prefix under a hierarchical key', profiles('documents'), 'documents'));
    expect(firstAfterSustained429(whale)).toMatchObject({ 'documents-throttled-hot-value': 25, 'documents-hot-partition-range': 55 });
  });

  it('healthy weeks page no one (seeds 3, 4 and 5)', () => {
    expect([3, 4, 5].map((seed) => pagesOf(replay('documents', healthyCosmosWeek(profiles('documents'), seed))))).toEqual([[], [], []]);
  });

  // Before alerts35 the whale, planned above both prefix lines (said in the Pulumi log), was named by the page whenever
  // bursts or the nightly import made the container's 429s sustained: 5, 7 and 5 pages a week (5, 6 and 5 once the
  // replay added its spreads' variances), and the hotPrefix ticket at its planned load. A value on several partitions
  // is now judged against a line above its own plan there (2,475 RU/s), so a whale running as planned names nothing.
  it('the whale at its planned load ±10% a minute: no page and no hotPrefix ticket (seeds 3, 4 and 5)', () => {
    const whale = { plannedRu: 4_500, ranges: 2, holds: 0.9 };
    const weeks = [3, 4, 5].map((seed) => replay('documents', weekWithPlannedTenant(profiles('documents', 4_500), 'documents', whale, seed)));
    expect(weeks.map((w) => [...pagesOf(w), ...firedOf(w, 'documents-hot-prefix')])).toEqual([[], [], []]);
  });

  // The failure the whale's own line names: the whale past its plan, here 30% (2,925 RU/s on each of its partitions at
  // the planned peak, 94% of their 3,125 with the other tenants' share), throttled at the peak.
  it('the whale 30% past its plan is paged at the planned peak, 30 minutes after it begins (its ramp reaches the plan at 10), the hotPrefix ticket at 25, once each in the week', () => {
    const whale = { plannedRu: 1.3 * 4_500, ranges: 2, holds: 0.9 };
    const week = replay('documents', weekWithPlannedTenant(profiles('documents', 4_500), 'documents', whale, 3));
    const fromPeak = (alert: string) => firedOf(week, alert).map((m) => m - PLANNED_PEAK.start);
    expect([fromPeak('documents-throttled-hot-value'), fromPeak('documents-hot-prefix')]).toEqual([[30], [25]]);
  });
});

describe('a line 10% above the plan', () => {
  // Before: 1,440 RU/s for both, the B2B customer's planned 4,320 ÷ 3 itself. Crm34: the page 1,252 → 1,066, the hotKey line.
  it('the B2B customer planned at 1,440 RU/s on each partition gets a 1,584 line (its plan + 10%); the page’s line is lower', () => {
    expect([thresholdOf('orders-hot-prefix'), thresholdOf('orders-throttled-hot-value')]).toEqual([1_584, 1_066]);
    // Alerts35: on its 3 partitions it is judged against its own line, 80% of the ~3,005 RU/s it can use on each (above its
    // plan and 10%), so nothing is said; before, the log said its plan was above the page's line.
    expect([spanningLineOf(resources, 'orders-hot-prefix'), spanningLineOf(resources, 'orders-throttled-hot-value')]).toEqual([2_404, 2_404]);
    expect(warnings.filter((w) => w.on === 'orders' && w.message.includes('drawn on each physical partition'))).toEqual([]);
  });

  it('the B2B customer at its planned load ±10% a minute fires nothing in healthy weeks (seeds 3, 4 and 5)', () => {
    const customer = { plannedRu: 4_320, ranges: 3, holds: 0.8 };
    const weeks = [3, 4, 5].map((seed) => replay('orders', weekWithPlannedTenant(profiles('orders', 4_320), 'orders', customer, seed)));
    expect(weeks.map((w) => [...firedOf(w, 'orders-hot-prefix'), ...pagesOf(w)])).toEqual([[], [], []]);
  });
});
