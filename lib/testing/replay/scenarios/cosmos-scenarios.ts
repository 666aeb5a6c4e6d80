/**
 * Cosmos DB scenarios built from a container's profile: a healthy week, and the incidents the alerts must page on
 * (a whale prefix under a hierarchical key, a hot key growing for days, a logical partition
 * growing towards 20 GB).
 */
import { shapes, UsageError } from '../../../index';
import { Random } from '../random';
import { MINUTES_PER_DAY } from '../time';
import type { ContainerModel, CosmosHotKey } from './cosmos-model';
import { checkThroughput, rangesOf } from './cosmos-model';
import { checkHealthyDays, PLANNED_PEAK, plannedPeakAssumption } from './dynamodb-scenarios';
import { diurnal } from './load';
import { keyLevels, loggedKey, oneItemPerKey } from './logged-keys';
import { checkCosmosProfiles, type CosmosContainerProfile } from './profile-shapes';
import type { Scenario } from './scenario';

export type { CosmosContainerProfile };

const HOUR = 60;
const DAY = MINUTES_PER_DAY;

/** Each profile, named at the field the caller wrote: the throughput first, whose message says how GuardedContainer's
 *  forms translate (`profiles["chat"].throughput`), then every field (`profiles.chat.peakRu`). */
function checkProfiles(profiles: Readonly<Record<string, CosmosContainerProfile>>, fn: string): void {
  if (shapes.isPlainObject(profiles))
    for (const [name, profile] of Object.entries(profiles)) checkThroughput(profile?.throughput, `profiles[${JSON.stringify(name)}].throughput`);
  checkCosmosProfiles(profiles, fn);
}

/**
 * The share of the database's RU/s a shared profile's bulk import may fill: its planned peak's share of all the shared
 * profiles' of the same database RU/s (taken as one database), so that together they run the ranges at the bulk
 * import's level, not one such import per container on the same ranges. 1 for a dedicated profile.
 */
function bulkImportShare(profile: CosmosContainerProfile, profiles: Readonly<Record<string, CosmosContainerProfile>>): number {
  if (profile.throughput.kind !== 'shared') return 1;
  const sameDatabase = Object.values(profiles).filter((p) => p.throughput.kind === 'shared' && p.throughput.ru === profile.throughput.ru);
  return profile.peakRu / sameDatabase.reduce((sum, p) => sum + p.peakRu, 0);
}

function uniformLoad(
  profile: CosmosContainerProfile,
  days: number,
  rng: Random,
  options: { plannedPeak: boolean; bulkImport: boolean; bulkImportShare?: number },
): Float64Array {
  const ru = new Float64Array(days * DAY);
  const ranges = rangesOf(profile);
  const budget = profile.throughput.ru / ranges;
  const bulkImportRu = 0.985 * budget * ranges * (options.bulkImportShare ?? 1);
  for (let m = 0; m < ru.length; m++) {
    let share = (profile.dailyPeakShare ?? 0.6) * diurnal(m) * (1 + 0.05 * rng.normal());
    if (options.plannedPeak && m >= PLANNED_PEAK.start && m < PLANNED_PEAK.start + PLANNED_PEAK.minutes)
      share = Math.max(share, Math.min(1, (m - PLANNED_PEAK.start + 1) / 10));
    ru[m] = profile.peakRu * share;
    // Nightly bulk import 01:00–01:30 at the budget: the 1–5% of 429s Microsoft calls healthy.
    if (options.bulkImport && m % DAY >= HOUR && m % DAY < HOUR + 30) ru[m] = Math.max(ru[m], bulkImportRu);
  }
  return ru;
}

function containerModel(
  profile: CosmosContainerProfile,
  ru: Float64Array,
  rng: Random,
  extra: Partial<ContainerModel> = {},
  burstsPerDay = 30,
): ContainerModel {
  const ranges = rangesOf(profile);
  const budget = profile.throughput.ru / ranges;
  const days = ru.length / DAY;
  return {
    throughput: profile.throughput,
    storageGb: profile.storageGb,
    ru: (m) => ru[m],
    bursts: Array.from({ length: days * burstsPerDay }, () => ({ minute: rng.int(ru.length), range: rng.int(ranges), ru: budget * (0.4 + 0.6 * rng.next()) })),
    sizes:
      profile.largestPartitionGb === undefined
        ? []
        : [{ key: loggedKey(keyLevels(profile.design), ['largest']), gb: () => profile.largestPartitionGb as number }],
    design: profile.design,
    uniformKeys: profile.uniformKeys,
    ...extra,
  };
}

/** A healthy week for every profile. `days` shortens it (at least 1; 4 or more to include the planned peak on
 *  day 3), e.g. for a fast test or a smoke run. */
export function healthyCosmosWeek(profiles: Readonly<Record<string, CosmosContainerProfile>>, seed = 3, days = 7): Scenario<ContainerModel> {
  checkHealthyDays('healthyCosmosWeek()', days);
  checkProfiles(profiles, 'healthyCosmosWeek()');
  const rng = new Random(seed);
  const models = Object.fromEntries(
    Object.entries(profiles).map(([name, profile], i) => {
      const r = rng.fork(i + 1);
      return [
        name,
        containerModel(profile, uniformLoad(profile, days, r, { plannedPeak: true, bulkImport: true, bulkImportShare: bulkImportShare(profile, profiles) }), r),
      ];
    }),
  );
  return {
    name: days === 7 ? 'healthy week' : `healthy ${days} days`,
    kind: 'healthy',
    days,
    seed,
    models,
    assumptions: [
      'ordinary days peak at 60% of the planned peak at 19:00, 15% of that at 04:00, 5% noise per minute',
      plannedPeakAssumption(days, 'spread evenly over the ranges'),
      'a nightly bulk import 01:00–01:30 runs every range at 98.5% of its budget: 1–5% of requests get 429 (healthy per Microsoft); ' +
        'on a shared database (shared profiles of one RU/s) the containers split that level by their planned peaks',
      '30 one-second bursts a day of 40–100% of a range budget on one range',
    ],
  };
}

/** The incidents cosmosIncident() models, by name. */
export const COSMOS_INCIDENTS = ['whale prefix under a hierarchical key', 'hot key growing for days', 'logical partition growing towards 20 GB'] as const;

export type CosmosIncident = (typeof COSMOS_INCIDENTS)[number];

/** One incident on `target`, over ordinary days without the planned peak, bulk import or bursts. */
export function cosmosIncident(
  incident: CosmosIncident,
  profiles: Readonly<Record<string, CosmosContainerProfile>>,
  target: string,
  seed = 4,
): Scenario<ContainerModel> {
  if (!(COSMOS_INCIDENTS as readonly unknown[]).includes(incident))
    throw new UsageError(
      [{ path: 'incident', message: `${shapes.describe(incident)} is not a Cosmos DB incident; expected one of: ${COSMOS_INCIDENTS.join(', ')}` }],
      'cosmosIncident() arguments',
    );
  const names = shapes.isPlainObject(profiles) ? `: one of ${Object.keys(profiles).join(', ')}` : '';
  if (typeof target !== 'string')
    throw new UsageError(
      [{ path: 'target', message: `expected the container's name, a string${names}, got ${shapes.describe(target)}` }],
      'cosmosIncident() arguments',
    );
  if (shapes.isPlainObject(profiles) && !Object.hasOwn(profiles, target))
    throw new UsageError(
      [{ path: 'target', message: `no profile for container ${target}; expected one of ${Object.keys(profiles).join(', ')}` }],
      'cosmosIncident() arguments',
    );
  checkProfiles(profiles, 'cosmosIncident()');
  const profile = profiles[target];
  const levels = keyLevels(profile.design);
  if (incident === 'whale prefix under a hierarchical key' && levels.length === 1) {
    const path = profile.design?.primaryKey.partitionKey[0].name;
    throw new UsageError(
      [
        {
          path: 'target',
          message:
            `container ${target} has a one-level partition key (${path}): the incident "${incident}" is one first-level value (a tenant) ` +
            'spread over many full keys, which only a hierarchical key has. Replay it on a container with a key of two or three levels, ' +
            'or replay "hot key growing for days" here',
        },
      ],
      'cosmosIncident() arguments',
    );
  }
  if (incident === 'logical partition growing towards 20 GB' && oneItemPerKey(profile.design)) {
    const path = profile.design?.primaryKey.partitionKey.at(-1)?.name;
    throw new UsageError(
      [
        {
          path: 'target',
          message:
            `container ${target}'s partition key ends in ${path}, declared 'unique': each logical partition holds one item, at most 2 MB ` +
            `(Azure Cosmos DB service quotas), so the incident "${incident}" cannot happen there. Replay it on a container whose last ` +
            'level has repeating values, or replay "hot key growing for days" here',
        },
      ],
      'cosmosIncident() arguments',
    );
  }
  const rng = new Random(seed);
  const days = incident === 'whale prefix under a hierarchical key' ? 3 : 4;
  const ranges = rangesOf(profile);
  const budget = profile.throughput.ru / ranges;
  const start = incident === 'whale prefix under a hierarchical key' ? 1 * DAY + 15 * HOUR : 0;
  const ramp = (from: number, to: number, over: number) => (m: number) => (m < start ? 0 : m >= start + over ? to : from + ((to - from) * (m - start)) / over);
  let extra: Partial<ContainerModel> = {};
  let description: string;
  switch (incident) {
    case 'whale prefix under a hierarchical key': {
      // One tenant grows to 1.2 × a range budget over 2 hours, spread over 100 devices: no single
      // full key is large, and all of it lands on one range.
      const total = ramp(0.05 * budget, 1.2 * budget, 2 * HOUR);
      const hotKeys: CosmosHotKey[] = Array.from({ length: 100 }, (_, i) => ({
        key: loggedKey(levels, ['whale', i]),
        range: 0,
        ru: (m: number) => total(m) / 100,
      }));
      extra = { hotKeys };
      description = `one tenant grows to ${Math.round(1.2 * budget)} RU/s (1.2 × its range's budget) over 2 hours, spread over 100 full keys`;
      break;
    }
    case 'hot key growing for days':
      extra = {
        hotKeys: [{ key: loggedKey(levels, ['hot']), range: 0, ru: ramp(200, 1.3 * Math.min(budget, 10_000), 3 * DAY) }],
      };
      description = `one full key grows from 200 to ${Math.round(1.3 * Math.min(budget, 10_000))} RU/s over 3 days`;
      break;
    case 'logical partition growing towards 20 GB':
      extra = { sizes: [{ key: loggedKey(levels, ['big']), gb: ramp(12, 19.5, 3 * DAY) }] };
      description = 'one logical partition grows from 12 to 19.5 GB over 3 days';
      break;
  }
  const quiet = (p: CosmosContainerProfile, r: Random, more: Partial<ContainerModel> = {}) =>
    containerModel(p, uniformLoad(p, days, r, { plannedPeak: false, bulkImport: false }), r, more, 0);
  const models = Object.fromEntries(
    Object.entries(profiles).map(([name, p], i) => [name, name === target ? quiet(p, rng.fork(100), extra) : quiet(p, rng.fork(i + 1))]),
  );
  return {
    name: incident,
    kind: 'incident',
    days,
    seed,
    models,
    assumptions: [
      'ordinary days (no planned peak, bulk import or bursts) around the incident',
      `the incident starts at ${start === 0 ? 'day 0 00:00' : 'day 1 15:00'} on range 0`,
    ],
    incident: { target, description },
  };
}
