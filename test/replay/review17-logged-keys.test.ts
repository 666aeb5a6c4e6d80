// Review 17: the Cosmos DB incidents log partition keys in the shape the container's key has (a one-level key's value
// as it is, a hierarchical key's as a JSON array of its levels), the whale-prefix incident is refused on a one-level key,
// and a serverless profile is refused with why.
import { normalize, type CosmosKeyDesign } from '../../lib';
import { COSMOS_INCIDENTS, cosmosIncident, healthyCosmosWeek, MINUTES_PER_DAY, Random, simulateContainer, Telemetry } from '../../lib/testing/replay';
import { usageIssues } from './support/usage-issues';

/** A normalized design of `paths` (each 1,000,000 values unless given), 1,000 RU/s read and write. */
function designOf(...paths: (string | { path: string; cardinality: number | 'unique' })[]): CosmosKeyDesign {
  return normalize({
    containers: [
      {
        name: 'c',
        partitionKey: { paths: paths.map((path) => (typeof path === 'string' ? { path, cardinality: 1_000_000 } : path)) },
        workload: { peakReadUnits: 1_000, peakWriteUnits: 1_000 },
        throughput: { manual: 12_000 },
      },
    ],
  }).designs[0].design as CosmosKeyDesign;
}

const profileOf = (design: CosmosKeyDesign) => ({
  throughput: { kind: 'manual' as const, ru: 12_000 },
  storageGb: 40,
  peakRu: 2_000,
  largestPartitionGb: 2,
  design,
});

/** Every PartitionKey the scenario's `c` logs in its first `minutes` (both partition-key tables). */
function loggedKeys(scenario: ReturnType<typeof cosmosIncident>, minutes: number): Set<string> {
  const t = new Telemetry(minutes);
  simulateContainer(scenario.models.c, { accountId: 'acc', databaseName: 'db', containerName: 'c' }, t, new Random(1));
  const keys = new Set<string>();
  for (const table of ['CDBPartitionKeyRUConsumption', 'CDBPartitionKeyStatistics'])
    for (const row of t.rows(table, 0, minutes, Infinity)) keys.add(String(row.columns.PartitionKey));
  return keys;
}

describe('logged partition keys take the shape of the container key', () => {
  const oneLevel = profileOf(designOf('/userId'));
  const twoLevels = profileOf(designOf('/tenantId', '/userId'));

  it('a one-level key logs plain values only, in every incident it can have and in a healthy week', () => {
    const runs = [
      ...COSMOS_INCIDENTS.filter((i) => i !== 'whale prefix under a hierarchical key').map((i) => cosmosIncident(i, { c: oneLevel }, 'c')),
      healthyCosmosWeek({ c: oneLevel }, 3, 4),
    ];
    for (const scenario of runs) {
      const keys = [...loggedKeys(scenario, 3 * MINUTES_PER_DAY)];
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.startsWith('['))).toEqual([]);
    }
    expect(loggedKeys(cosmosIncident('hot key growing for days', { c: oneLevel }, 'c'), 60).has('userId-hot')).toBe(true);
    expect(loggedKeys(cosmosIncident('logical partition growing towards 20 GB', { c: oneLevel }, 'c'), 61).has('userId-big')).toBe(true);
  });

  it('a two-level key logs JSON arrays of two levels, the whale tenant as its first', () => {
    for (const incident of COSMOS_INCIDENTS) {
      const scenario = cosmosIncident(incident, { c: twoLevels }, 'c');
      const keys = [...loggedKeys(scenario, scenario.days * MINUTES_PER_DAY)];
      expect(keys.map((key) => (JSON.parse(key) as string[]).length).every((levels) => levels === 2)).toBe(true);
    }
    const whale = cosmosIncident('whale prefix under a hierarchical key', { c: twoLevels }, 'c');
    expect(loggedKeys(whale, 2 * MINUTES_PER_DAY).has('["tenantId-whale","userId-7"]')).toBe(true);
    expect(loggedKeys(cosmosIncident('logical partition growing towards 20 GB', { c: twoLevels }, 'c'), 61).has('["tenantId-big","userId-big"]')).toBe(true);
  });

  // Review 24: values named after their level (before: "tenant-…", "device-…" and "key-…" whatever the key's paths), and
  // no more values of a level than it declares (before: 1,000 logged first levels on a 6-valued /region).
  it('each level logs values named after its path, and a level of few declared values logs no more than those', () => {
    const regions = profileOf(designOf({ path: '/region', cardinality: 6 }, '/orderId'));
    const keys = [...loggedKeys(healthyCosmosWeek({ c: { ...regions, largestPartitionGb: undefined } }, 3, 4), 60)].map((key) => JSON.parse(key) as string[]);
    expect(new Set(keys.map(([region]) => region))).toEqual(new Set(['region-0', 'region-1', 'region-2', 'region-3', 'region-4', 'region-5']));
    expect(keys.every(([region, order]) => region.startsWith('region-') && order.startsWith('orderId-'))).toBe(true);
    expect(new Set(keys.map(([, order]) => order)).size).toBe(keys.length);
  });

  it('refuses the growing-partition incident on a key whose last level is unique (one item, at most 2 MB, per logical partition)', () => {
    const items = profileOf(designOf('/tenantId', { path: '/id', cardinality: 'unique' }));
    expect(usageIssues(() => cosmosIncident('logical partition growing towards 20 GB', { c: items }, 'c'))).toEqual([
      [
        'target',
        "container c's partition key ends in /id, declared 'unique': each logical partition holds one item, at most 2 MB (Azure Cosmos DB " +
          'service quotas), so the incident "logical partition growing towards 20 GB" cannot happen there. Replay it on a container whose ' +
          'last level has repeating values, or replay "hot key growing for days" here',
      ],
    ]);
  });

  it('refuses the whale-prefix incident on a one-level key, naming the incident and why', () => {
    expect(usageIssues(() => cosmosIncident('whale prefix under a hierarchical key', { c: oneLevel }, 'c'))).toEqual([
      [
        'target',
        'container c has a one-level partition key (/userId): the incident "whale prefix under a hierarchical key" is one first-level ' +
          'value (a tenant) spread over many full keys, which only a hierarchical key has. Replay it on a container with a key of two or ' +
          'three levels, or replay "hot key growing for days" here',
      ],
    ]);
  });
});

describe('serverless profiles', () => {
  it('are refused at their throughput, saying the replay models provisioned RU/s and what serverless serves instead', () => {
    const design = designOf('/noteId');
    for (const throughput of ['serverless', { kind: 'serverless', ru: 5_000 }]) {
      const notes = { throughput: throughput as never, storageGb: 10, peakRu: 3_000, design };
      for (const run of [() => healthyCosmosWeek({ notes }, 3, 4), () => cosmosIncident('hot key growing for days', { notes }, 'notes')]) {
        const [[path, message]] = usageIssues(run);
        expect(path).toBe('profiles["notes"].throughput');
        expect(message).toMatch(/^is serverless, which the replay does not model: .* serves at most 5,000 RU\/s up to 250 GB/);
      }
    }
  });
});
