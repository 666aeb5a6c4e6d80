/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// An IoT readings container keyed /customerId → /farmId → /stationId (5,000 customers, one of them 40% and 2,420 GB;
// 200,000 stations; 144,000 RU/s manual over 6,050 GB: 121 partitions of 1,190 RU/s). Its lines: a station (a full key)
// 191.74 RU/s, a customer on one partition 495.86. The throttledHotValue page judged each customer's total against the
// station line, so its biggest ordinary customer (600 stations, 350 RU/s at the planned peak: under its own line, and
// every station under theirs) was named whenever its partition throttled. Each row is now judged against the line drawn
// for what it sums: a customer's total against the customer line, a station against the station line.
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
import { accountIds, alertThreshold, customResources } from './support/pulumi-program';

const engine = installMocks();
const { account: ACCOUNT_ID, oncall: ONCALL } = accountIds('agri', 'agri');

const readings: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/customerId', cardinality: 5_000, hotKeyShare: 0.4, largestGb: 2_420 },
      { path: '/farmId', cardinality: 40_000 },
      { path: '/stationId', cardinality: 200_000 },
    ],
  },
  workload: { peakReadUnits: 5_000, peakWriteUnits: 110_000, hotKeyShare: 0.00001 },
  storage: { largestPartitionGb: 0.03, totalGb: 6_050 },
  accessPatterns: [
    { name: 'station-recent', keyAttributes: ['/customerId', '/farmId', '/stationId'], share: 0.7 },
    { name: 'farm-live', keyAttributes: ['/customerId', '/farmId'], share: 0.3 },
  ],
};

let resources: RegisteredResource[];
let design: GuardedContainer['design'];
beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('agri', { resourceGroupName: 'agri', account: { name: 'agri', id: ACCOUNT_ID }, actionGroupIds: [ONCALL] });
  const component = new GuardedContainer('readings', { monitoring, database: 'agri', throughput: { manual: 144_000 }, design: readings });
  await registeredAll([component, component.container, ...Object.values(component.alerts)]);
  resources = customResources(engine.registered);
  design = component.design;
});
afterAll(() => jest.restoreAllMocks());

const queryOf = (name: string) => (resources.find((r) => r.name === name)?.inputs.criteria as { allOf: { query: string }[] }).allOf[0].query;

it('the page judges a customer against the customer line (495.86 RU/s; 195.45 beside the 40% customer) and a station against the station line (191.74)', () => {
  expect(['readings-hot-key', 'readings-hot-prefix', 'readings-throttled-hot-value'].map((name) => alertThreshold(resources, name))).toEqual([
    191.74, 495.86, 191.74,
  ]);
  const query = queryOf('readings-throttled-hot-value');
  expect(query).toContain('| where SustainedRUPerSecond > 191.74;');
  // A customer on one of the 40% customer's partitions gets what its planned load leaves there (195.45); before, that
  // line, capped at the station's, judged every customer.
  expect(query).toContain('| where SustainedRUPerSecond > iff(PartitionKeyRangeId in (besideSpanning), 195.45, 495.86)\n| extend PartitionKey = ""');
});

describe('replayed', () => {
  const queries = skewguardQueries([{ databaseName: 'agri', containerName: 'readings' }]);
  /** The customers but the 40% one (spread over its own ~49 partitions, not the subject here): 60% of the 115,000 RU/s peak. */
  const profile = (): Record<string, CosmosContainerProfile> => ({
    readings: { throughput: { kind: 'manual', ru: 144_000 }, storageGb: 6_050, peakRu: 69_000, design },
  });
  const replay = (scenario: Scenario<ContainerModel>): ContainerReplay => replayProgram(resources, scenario, { queries }).containers.readings;
  const PAGES = /-(throttled-hot-value|hot-partition-range|throttle-rate)$/;
  const pagesOf = (c: ContainerReplay) => c.pages.filter((p) => PAGES.test(p.alert)).map((p) => `${p.alert}@${p.minute}`);

  /**
   * A normal week (4 days: the planned peak on day 3, the nightly import) with the biggest ordinary customer in it: 60
   * stations on partition 60, 350 RU/s at the planned peak (5.8 RU/s a station) and 60% of it at 19:00 on ordinary days,
   * as the other customers move. Under its line (495.86), and each station under theirs (191.74). The customer's value is
   * its stations' sum, so it is judged alike on 60 or 600 (600 wrote ten times the log rows, and took most of this file).
   */
  function withBiggestCustomer(seed: number): Scenario<ContainerModel> {
    const week = healthyCosmosWeek(profile(), seed, 4);
    const { start, minutes } = PLANNED_PEAK;
    const share = (m: number) => (m >= start && m < start + minutes ? 1 : 0.6 * diurnal(m));
    const hotKeys = Array.from({ length: 60 }, (_, i) => ({ key: `["coop","f-${i % 40}","s-${i}"]`, range: 60, ru: (m: number) => (350 * share(m)) / 60 }));
    return { ...week, models: { readings: { ...week.models.readings, hotKeys } } };
  }

  // Before: the page at minute 5,495 (day 3, 19:35, in the planned peak), naming the customer at 350 RU/s.
  it('a normal week with the biggest ordinary customer pages no one', () => {
    expect(pagesOf(replay(withBiggestCustomer(3)))).toEqual([]);
  });

  /** Each alert's first notification, minutes after the first of 3 consecutive minutes with 429s. */
  function firstAfterSustained429(c: ContainerReplay): Record<string, number> {
    const first: Record<string, number> = {};
    for (const p of c.pages) first[p.alert] ??= p.minute - (c.truth.firstSustained429 as number);
    return first;
  }

  it('a station growing for days past its line pages while its partition throttles', () => {
    const growing = firstAfterSustained429(replay(cosmosIncident('hot key growing for days', profile(), 'readings')));
    // As before: judged as a station (191.74), not as its customer.
    expect(growing).toEqual({
      'readings-hot-key': -1_017,
      'readings-throttled-hot-value': 58,
      'readings-hot-partition-range': 1_078,
      'readings-throttle-rate': 3_643,
    });
  });

  it('a customer of 100 small stations growing past its partition’s budget pages as a customer', () => {
    const whale = firstAfterSustained429(replay(cosmosIncident('whale prefix under a hierarchical key', profile(), 'readings')));
    // As before: the customer's 1,428 RU/s on partition 0 cross its line (195.45 there: a partition of the 40% customer).
    expect(whale).toEqual({ 'readings-hot-prefix': 5, 'readings-throttled-hot-value': 25, 'readings-hot-partition-range': 55 });
  });
});
