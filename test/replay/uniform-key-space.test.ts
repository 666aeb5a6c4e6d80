/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The uniform load's partition keys in CDBPartitionKeyRUConsumption are a real key space, not a few synthetic
// groups: on a large container, 50 groups each carried 1/50 of the container's RU, far above any real key of a
// uniform design and above its hotKey line, so the replay paged a design that is healthy. A day at the planned peak
// of a uniform design over 60 physical partitions does not fire its hotKey alert; a truly hot key on it does.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import {
  healthyCosmosWeek,
  Random,
  replayProgram,
  simulateContainer,
  skewguardQueries,
  Telemetry,
  type ContainerModel,
  type QuerySemantics,
  type RegisteredResource,
  type Scenario,
} from '../../lib/testing/replay';
import { installMocks, registeredAll, SUBSCRIPTION } from '../pulumi/support/mocks';
import { firedAt } from './support/cosmos-replay';

const engine = installMocks();
const ACCOUNT_ID = `${SUBSCRIPTION}/resourceGroups/data/providers/Microsoft.DocumentDB/databaseAccounts/iot`;

/** 1,000,000 devices, none hotter than another, at 240,000 RU/s planned on 360,000 RU/s manual: 60 physical
 *  partitions of 6,000 RU/s, each planned at 4,000. */
const fleet: ContainerDesign = {
  partitionKey: { paths: [{ path: '/deviceId', cardinality: 1_000_000 }] },
  workload: { peakReadUnits: 200_000, peakWriteUnits: 40_000 },
  storage: { totalGb: 200 },
};
const PEAK = 240_000;

let resources: RegisteredResource[];
let container: GuardedContainer;
beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('iot', { resourceGroupName: 'data', account: { name: 'iot', id: ACCOUNT_ID } });
  container = new GuardedContainer('fleet', { monitoring, database: 'app', throughput: { manual: 360_000 }, design: fleet });
  await registeredAll([container, container.container, ...Object.values(container.alerts)]);
  resources = engine.registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
});
afterAll(() => jest.restoreAllMocks());

/** A day of the uniform load at the planned peak, with `hot` RU/s on one key of range 7 from 12:00. */
function day(hot = 0): Scenario<ContainerModel> {
  const model: ContainerModel = {
    throughput: { kind: 'manual', ru: 360_000 },
    storageGb: 200,
    ru: () => PEAK - hot,
    hotKeys: hot > 0 ? [{ key: 'device-42', range: 7, ru: (m) => (m >= 720 ? hot : 0) }] : [],
    design: container.design,
  };
  return { name: 'planned peak all day', kind: 'healthy', days: 1, seed: 7, assumptions: [], models: { fleet: model } };
}
const replay = (scenario: Scenario<ContainerModel>) =>
  replayProgram(resources, scenario, { queries: skewguardQueries([{ databaseName: 'app', containerName: 'fleet' }]) });
const threshold = () => (resources.find((r) => r.name === 'fleet-hot-key')?.inputs.criteria as { allOf: { threshold: number }[] }).allOf[0].threshold;

it('the container has 60 ranges and a hotKey line of 80% of the 2,000 RU/s a partition leaves one key beside its neighbours', () => {
  expect(replay(day()).containers.fleet.truth.ranges).toBe(60);
  expect(threshold()).toBe(1_600);
});

it('a uniform design at its planned peak all day does not fire its hotKey alert', () => {
  expect(firedAt(replay(day()), 'fleet-hot-key')).toEqual([]);
});

it('a key at 1,800 RU/s (above the 1,600 line) fires it once, 15 minutes after it starts: 5 sustained minutes judged 10 minutes late', () => {
  expect(firedAt(replay(day(1_800)), 'fleet-hot-key', 720)).toEqual([15]);
});

it('the hottest uniform key the log holds sustains what a real one of 1,000,000 does (0.24 RU/s on average), not 1/50 of the container (4,800 RU/s)', () => {
  const telemetry = new Telemetry(60);
  simulateContainer(day().models.fleet, { accountId: ACCOUNT_ID, databaseName: 'app', containerName: 'fleet' }, telemetry, new Random(7));
  const hotKey = skewguardQueries([{ databaseName: 'app', containerName: 'fleet' }])(
    (resources.find((r) => r.name === 'fleet-hot-key')?.inputs.criteria as { allOf: { query: string }[] }).allOf[0].query,
    'fleet-hot-key',
  ) as QuerySemantics;
  // Checked at minute 30 with every row ingested: the judged minutes are 15 to 19.
  const [hottest] = hotKey((table) => telemetry.rows(table, 0, 60, 60), { now: 30, from: 0, to: 30 });
  expect(Number(hottest.SustainedRUPerSecond)).toBeGreaterThan(0);
  expect(Number(hottest.SustainedRUPerSecond)).toBeLessThan(1);
});

it("a key space of at most 50 keys is logged whole: each key every minute, the rows adding up to the container's RU", () => {
  const profile = { throughput: { kind: 'manual' as const, ru: 6_000 }, storageGb: 10, peakRu: 4_000, uniformKeys: 10 };
  const model = { ...healthyCosmosWeek({ small: profile }, 3, 4).models.small, ru: () => 3_000 };
  expect(model.uniformKeys).toBe(10);
  const telemetry = new Telemetry(10);
  simulateContainer(model, { accountId: ACCOUNT_ID, databaseName: 'app', containerName: 'small' }, telemetry, new Random(7));
  const rows = telemetry.rows('CDBPartitionKeyRUConsumption', 0, 10, Infinity);
  expect(new Set(rows.map((r) => r.columns.PartitionKey)).size).toBe(10);
  expect(rows).toHaveLength(100);
  // 30,000 requests a minute: Poisson noise of about 0.6% over the 10 minutes.
  expect(rows.reduce((sum, r) => sum + Number(r.columns.RequestCharge), 0) / (10 * 60)).toBeCloseTo(3_000, -2);
});
