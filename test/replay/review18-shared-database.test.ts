/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 18 (a Cosmos DB + Pulumi engineer): 5 'shared' containers on a 50,000 RU/s database (5 ranges of 10,000 RU/s),
// a whale tenant in chat. The replay gave each container the database's ranges to itself, so chat's hot range throttled
// nothing in its neighbours: 0 throttled minutes for orders, carts, profiles and audit. Azure: "containers in the same
// database share partitions" (Provision standard (manual) throughput on a database): every container's keys hash onto
// the database's ranges, so the whale's range is also theirs, and its 429s fall on their requests there too.
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import { runWithMocks } from '../../lib/testing/pulumi';
import {
  cosmosIncident,
  healthyCosmosWeek,
  replayProgram,
  skewguardQueries,
  type CosmosContainerProfile,
  type RegisteredResource,
} from '../../lib/testing/replay';

const NAMES = ['orders', 'carts', 'chat', 'profiles', 'audit'];
const ACCOUNT_ID = '/subscriptions/s/resourceGroups/rg/providers/Microsoft.DocumentDB/databaseAccounts/shop-acct';

function program(): Record<string, GuardedContainer> {
  const database = new cosmosdb.SqlResourceSqlDatabase('shop', {
    resourceGroupName: 'rg',
    accountName: 'shop-acct',
    resource: { id: 'shop' },
    options: { throughput: 50_000 },
  });
  const monitoring = new CosmosAccountMonitoring('shop', {
    resourceGroupName: 'rg',
    account: { name: 'shop-acct', id: ACCOUNT_ID },
    location: 'westeurope',
    actionGroups: { page: ['/ag/page'], ticket: ['/ag/ticket'] },
  });
  const design: ContainerDesign = {
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 2000 },
        { path: '/userId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 4000, peakWriteUnits: 4000 },
    throughput: { sharedDatabase: 50_000, containers: 5 },
    storage: { totalGb: 40 },
  };
  return Object.fromEntries(NAMES.map((name) => [name, new GuardedContainer(name, { monitoring, database, throughput: 'shared', design })]));
}

let resources: RegisteredResource[] = [];
let profiles: Record<string, CosmosContainerProfile> = {};
const queries = skewguardQueries(NAMES.map((containerName) => ({ databaseName: 'shop', containerName })));

beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  const run = await runWithMocks(program);
  resources = run.resources.map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
  profiles = Object.fromEntries(
    NAMES.map((n) => [n, { throughput: { kind: 'shared', ru: 50_000 }, storageGb: 40, peakRu: 8000, design: run.result[n].design }]),
  );
}, 120_000);
afterAll(() => jest.restoreAllMocks());

describe('a shared-throughput database replays as one set of ranges carrying all its containers', () => {
  it("chat's whale tenant throttles its neighbours' keys on the same range (before: 0 throttled minutes in orders, carts, profiles, audit)", () => {
    const replay = replayProgram(resources, cosmosIncident('whale prefix under a hierarchical key', profiles, 'chat', 3), { queries });
    const chat = replay.containers.chat.truth;
    expect(chat.ranges).toBe(5); // 50,000 RU/s ÷ 10,000, 200 GB of the five ÷ 50 GB = 4: 5 ranges of 10,000 RU/s
    expect(chat.first429).toBeDefined();
    for (const name of NAMES.filter((n) => n !== 'chat')) {
      const truth = replay.containers[name].truth;
      expect({ name, ranges: truth.ranges }).toEqual({ name, ranges: 5 });
      // The whale's range runs over its budget: each neighbour's requests there are throttled in the same minutes.
      expect({ name, throttled: truth.throttledMinutes > 0 }).toEqual({ name, throttled: true });
      expect(truth.first429).toBeGreaterThanOrEqual(chat.first429 as number);
      // ... and, with no hot key of its own, no hot-key milestone.
      expect(truth.firstKeyOver80).toBeUndefined();
    }
  });

  it('a healthy 4 days on the shared database (planned peak, nightly import split among the five, bursts): 0 pages', () => {
    const replay = replayProgram(resources, healthyCosmosWeek(profiles, 3, 4), { queries });
    for (const name of NAMES) expect({ name, pages: replay.containers[name].pages.map((p) => `${p.alert}@${p.minute}`) }).toEqual({ name, pages: [] });
  });

  it('containers of one database stating different database RU/s: one clear error naming the field', () => {
    const scenario = healthyCosmosWeek({ ...profiles, carts: { ...profiles.carts, throughput: { kind: 'shared', ru: 40_000 } } }, 3, 4);
    expect(() => replayProgram(resources, scenario, { queries })).toThrow(/scenario\.models\["carts"\]\.throughput\.ru[\s\S]*database's RU\/s/);
  });
});
