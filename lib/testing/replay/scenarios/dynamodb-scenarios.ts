/**
 * DynamoDB scenarios built from a table's profile (its planned peak, hot key, indexes and capacity):
 * a healthy week, and the incidents the alarms must page on, each hitting one key space.
 */
import { shapes, UsageError } from '../../../index';
import { dynamoPartitionsFor } from '../../../internal';
import { Random } from '../random';
import { MINUTES_PER_DAY } from '../time';
import type { Burst, CapacityModel, HotKey, KeySpaceModel, TableModel } from './dynamodb-model';
import { diurnal } from './load';
import { checkDynamoProfiles, type DynamoIndexProfile, type DynamoTableProfile } from './profile-shapes';
import type { Scenario } from './scenario';

export type { DynamoIndexProfile, DynamoTableProfile };

const HOUR = 60;
const DAY = MINUTES_PER_DAY;
/** The planned peak: day 3, 19:00 to 19:45. */
export const PLANNED_PEAK = { start: 3 * DAY + 19 * HOUR, minutes: 45 };

/**
 * A healthy scenario's `days`, or a UsageError naming `fn`. No alert needs days of history (the longest look-back a
 * GuardedContainer or GuardedTable alert takes is a day), so any whole number of days from 1 runs; the planned peak
 * (day 3, 19:00) is in a run of 4 days or more, and a shorter smoke run says in its assumptions that it has none.
 */
export function checkHealthyDays(fn: string, days: unknown): void {
  if (!Number.isInteger(days) || (days as number) < 1)
    throw new UsageError(
      [{ path: 'days', message: `must be a whole number of days, at least 1 (4 or more to include the planned peak on day 3), got ${shapes.describe(days)}` }],
      `${fn} arguments`,
    );
}

/** The assumption a healthy run of `days` states about the planned peak: where it is, or that the run ends before it. */
export function plannedPeakAssumption(days: number, where: string): string {
  return days * DAY >= PLANNED_PEAK.start + PLANNED_PEAK.minutes
    ? `the planned peak on day 3, 19:00–19:45, ${where}`
    : `no planned peak: it is on day 3, 19:00–19:45, after the end of this ${days}-day run (give 4 days or more to replay it)`;
}

/** Partitions a key space has: an on-demand one enough for twice its planned peak (AWS: on-demand
 *  accommodates up to double the previous peak), a provisioned one enough for its capacity, or its
 *  auto scaling maximum (partitions split as capacity rises and never merge: a table that reached
 *  its maximum once keeps them); at least one. */
export function partitionsFor(read: number, write: number, capacity: CapacityModel): number {
  const [r, w] =
    capacity.mode === 'provisioned'
      ? [capacity.autoScaling?.read?.max ?? capacity.read, capacity.autoScaling?.write?.max ?? capacity.write]
      : [2 * read, 2 * write];
  // The core's count, which the accessed-mode hot-key ticket draws its line on (`dynamoHotKeyReach`).
  return dynamoPartitionsFor(r, w);
}

interface Shape {
  /** Share of the planned peak at a minute (diurnal, noise, the planned peak, the nightly batch on writes). */
  readonly read: Float64Array;
  readonly write: Float64Array;
}

function shape(days: number, rng: Random, dailyPeakShare: number, options: { plannedPeak: boolean; batch: boolean }): Shape {
  const minutes = days * DAY;
  const read = new Float64Array(minutes);
  const write = new Float64Array(minutes);
  for (let m = 0; m < minutes; m++) {
    const noise = 1 + 0.05 * rng.normal();
    let share = dailyPeakShare * diurnal(m) * noise;
    const inPeak = options.plannedPeak && m >= PLANNED_PEAK.start && m < PLANNED_PEAK.start + PLANNED_PEAK.minutes;
    if (inPeak) share = Math.max(share, Math.min(1, (m - PLANNED_PEAK.start + 1) / 10));
    read[m] = share;
    // Nightly batch 02:00–02:40: 20% of the planned write peak, spread over every key.
    const inBatch = options.batch && m % DAY >= 2 * HOUR && m % DAY < 2 * HOUR + 40;
    write[m] = share + (inBatch ? 0.2 : 0);
  }
  return { read, write };
}

function bursts(days: number, partitions: number, rng: Random, perDay: number): Burst[] {
  return Array.from(
    { length: days * perDay },
    () =>
      ({
        minute: rng.int(days * DAY),
        partition: rng.int(partitions),
        direction: rng.next() < 0.5 ? 'read' : 'write',
        units: 0,
      }) as Burst,
  ).map((b) => ({ ...b, units: (b.direction === 'read' ? 3000 : 1000) * (0.6 + 0.8 * rng.next()) }));
}

/** Shards of the planned hot key, one per partition, spread evenly (the best case for the plan). */
function plannedShards(profile: DynamoTableProfile, partitions: number, s: Shape): HotKey[] {
  const hot = profile.hotKey;
  if (!hot) return [];
  return Array.from({ length: hot.shards }, (_, j) => ({
    key: `hot#${j}`,
    partition: Math.floor((j * partitions) / hot.shards),
    read: (m: number) => (profile.peakRead * s.read[m] * hot.share) / hot.shards,
    write: (m: number) => (profile.peakWrite * s.write[m] * hot.share) / hot.shards,
  }));
}

/** The table's model under a shape, with extra hot keys per key space (`''` = the table). */
function tableModel(
  profile: DynamoTableProfile,
  s: Shape,
  rng: Random,
  extra: Readonly<Record<string, readonly HotKey[]>> = {},
  deploys: number[] = [],
): TableModel {
  const hotShare = profile.hotKey?.share ?? 0;
  const partitions = partitionsFor(profile.peakRead, profile.peakWrite, profile.capacity);
  const table: KeySpaceModel = {
    partitions,
    cardinality: profile.cardinality,
    read: (m) => profile.peakRead * s.read[m] * (1 - hotShare),
    write: (m) => profile.peakWrite * s.write[m] * (1 - hotShare),
    hotKeys: [...plannedShards(profile, partitions, s), ...(extra[''] ?? [])],
    bursts: bursts(s.read.length / DAY, partitions, rng, 20),
  };
  const indexes = (profile.indexes ?? []).map((index): KeySpaceModel => {
    const p = partitionsFor(index.peakRead, profile.peakWrite * index.writeShare, { mode: 'on-demand' });
    return {
      index: index.name,
      partitions: p,
      cardinality: index.cardinality,
      read: (m) => index.peakRead * s.read[m],
      write: (m) => profile.peakWrite * s.write[m] * index.writeShare,
      hotKeys: extra[index.name] ?? [],
      bursts: bursts(s.read.length / DAY, p, rng, 10),
    };
  });
  return { capacity: profile.capacity, keySpaces: [table, ...indexes], deploys };
}

/** Weekday deploys at 14:00. */
function weekdayDeploys(days: number): number[] {
  return Array.from({ length: days }, (_, d) => d)
    .filter((d) => d % 7 < 5)
    .map((d) => d * DAY + 14 * HOUR);
}

const healthyAssumptions = (days: number) => [
  'ordinary days peak at 30% of the planned peak at 19:00 and fall to 15% of that at 04:00, with 5% noise per minute',
  plannedPeakAssumption(days, 'ramping to 100% in 10 minutes; each shard of the hot key takes its planned share and sits on its own partition'),
  'a nightly batch writes 20% of the planned write peak from 02:00 to 02:40, spread over every key',
  'weekday deploys at 14:00; the new version warms its cache with large Queries for 5 minutes',
  '20 one-second bursts a day per table (10 per index) of 60–140% of a partition ceiling on one partition',
  'on-demand partitions sized for twice the planned peak; the per-table quota raised above the planned peak',
  'an auto-scaled table starts where its target tracking holds the load of minute 0 (that load ÷ target, within its minimum and maximum), as one that has run this workload before; its partitions those of its maximum',
];

/** A healthy week for every profile: nothing here is an incident. `days` shortens it (at least 1; 4 or more to
 *  include the planned peak on day 3), e.g. for a fast test or a smoke run. */
export function healthyWeek(profiles: Readonly<Record<string, DynamoTableProfile>>, seed = 1, days = 7): Scenario<TableModel> {
  checkHealthyDays('healthyWeek()', days);
  checkDynamoProfiles(profiles, 'healthyWeek()');
  const rng = new Random(seed);
  const models = Object.fromEntries(
    Object.entries(profiles).map(([name, profile], i) => {
      // Each GSI's reads meet the quota of their own on demand: raised above theirs too.
      const quota = Math.max(40_000, 2 * profile.peakRead, 2 * profile.peakWrite, ...(profile.indexes ?? []).map((index) => 2 * index.peakRead));
      const capacity = profile.capacity.mode === 'on-demand' ? { ...profile.capacity, quota } : profile.capacity;
      const r = rng.fork(i + 1);
      return [
        name,
        tableModel({ ...profile, capacity }, shape(days, r, profile.dailyPeakShare ?? 0.3, { plannedPeak: true, batch: true }), r, {}, weekdayDeploys(days)),
      ];
    }),
  );
  return { name: days === 7 ? 'healthy week' : `healthy ${days} days`, kind: 'healthy', days, seed, assumptions: healthyAssumptions(days), models };
}

/** RCU/s a GSI's reads surge to in 'GSI read surge beyond the per-table quota': 1.25 × the default quota of 40,000. */
const GSI_SURGE = 50_000;

/** The incidents dynamoIncident() models, by name. */
export const DYNAMO_INCIDENTS = [
  'write-hot key growing for days',
  'viral read-hot key',
  'warm keys on one partition',
  'surge beyond the on-demand maximum',
  'surge beyond the per-table quota',
  'surge beyond the auto-scaling maximum',
  'growth past the auto-scaling maximum',
  'read surge beyond the auto-scaling maximum',
  'surge beyond the provisioned capacity',
  'GSI read surge beyond the per-table quota',
] as const;

export type DynamoIncident = (typeof DYNAMO_INCIDENTS)[number];

/** A wrong argument of dynamoIncident(), at its path (`target.table`). */
function incidentError(path: string, message: string): UsageError {
  return new UsageError([{ path, message }], 'dynamoIncident() arguments');
}

/** `target` as dynamoIncident() takes it, `{ table, index? }` of strings, or a UsageError at the field that is not. */
function checkTarget(target: unknown, profiles: unknown): asserts target is { table: string; index?: string } {
  const tables = shapes.isPlainObject(profiles) ? `: one of ${Object.keys(profiles).join(', ')}` : '';
  if (!shapes.isPlainObject(target))
    throw incidentError('target', `expected { table, index? }, the table's construct id${tables} and a GSI's name, got ${shapes.describe(target)}`);
  const { table, index } = target as { table?: unknown; index?: unknown };
  if (typeof table !== 'string') throw incidentError('target.table', `expected the table's construct id, a string${tables}, got ${shapes.describe(table)}`);
  if (index !== undefined && typeof index !== 'string')
    throw incidentError('target.index', `expected a GSI's name, a string, or nothing, got ${shapes.describe(index)}`);
}

/**
 * One incident on `target` (and `index`), over ordinary traffic without the planned peak, bursts or
 * deploys, so that every page belongs to the incident.
 */
export function dynamoIncident(
  incident: DynamoIncident,
  profiles: Readonly<Record<string, DynamoTableProfile>>,
  target: { table: string; index?: string },
  seed = 2,
): Scenario<TableModel> {
  checkTarget(target, profiles);
  if (shapes.isPlainObject(profiles) && !Object.hasOwn(profiles, target.table))
    throw incidentError('target.table', `no profile for table ${target.table}; expected one of ${Object.keys(profiles).join(', ')}`);
  checkDynamoProfiles(profiles, 'dynamoIncident()');
  const profile = profiles[target.table];
  const rng = new Random(seed);
  const days = incident === 'write-hot key growing for days' ? 4 : 3;
  const s = shape(days, rng, profile.dailyPeakShare ?? 0.3, { plannedPeak: false, batch: false });
  const space = target.index ?? '';
  const start = incident === 'write-hot key growing for days' ? 0 : 1 * DAY + 15 * HOUR;
  const ramp = (from: number, to: number, over: number) => (m: number) => (m < start ? 0 : m >= start + over ? to : from + ((to - from) * (m - start)) / over);
  const window = (minutes: number, f: (m: number) => number) => (m: number) => (m >= start && m < start + minutes ? f(m) : 0);
  let hot: HotKey[] = [];
  let capacity = profile.capacity;
  let description: string;
  let surge: ((m: number) => number) | undefined;
  let surgeDirection: 'read' | 'write' = 'write';
  switch (incident) {
    case 'write-hot key growing for days':
      description = "one key's writes grow from 50 to 1,400 WCU/s over 3 days";
      hot = [{ key: 'growing', partition: 0, write: ramp(50, 1400, 3 * DAY) }];
      break;
    case 'viral read-hot key':
      description = "one item's reads go from 100 to 4,500 RCU/s in 30 minutes and stay 3 hours";
      hot = [{ key: 'viral', partition: 0, read: window(180, ramp(100, 4500, 30)) }];
      break;
    case 'warm keys on one partition':
      description = 'three keys of 450 WCU/s each, harmless alone, share one partition for 2 hours';
      hot = [0, 1, 2].map((i) => ({ key: `warm-${i}`, partition: 0, write: window(120, () => 450) }));
      break;
    case 'surge beyond the on-demand maximum': {
      // The direction that has a maximum surges (writes when both do): a table may cap reads only.
      const max = capacity.mode === 'on-demand' ? (capacity.maxWrite ?? capacity.maxRead) : undefined;
      if (capacity.mode !== 'on-demand' || max === undefined)
        throw incidentError('target.table', `table ${target.table} has no on-demand maximum (maxWrite or maxRead) to surge beyond`);
      surgeDirection = capacity.maxWrite === undefined ? 'read' : 'write';
      const [noun, unit] = surgeDirection === 'read' ? ['reads', 'RCU/s'] : ['writes', 'WCU/s'];
      description = `${noun} surge to 1.4 × the on-demand maximum (${max} ${unit}) for 40 minutes`;
      surge = window(40, () => 1.4 * max);
      break;
    }
    case 'surge beyond the auto-scaling maximum':
    case 'growth past the auto-scaling maximum':
    case 'read surge beyond the auto-scaling maximum': {
      surgeDirection = incident.startsWith('read') ? 'read' : 'write';
      const max = capacity.mode === 'provisioned' ? capacity.autoScaling?.[surgeDirection]?.max : undefined;
      if (max === undefined) throw incidentError('target.table', `table ${target.table} has no auto-scaled ${surgeDirection} capacity`);
      const [noun, unit] = surgeDirection === 'read' ? ['reads', 'RCU/s'] : ['writes', 'WCU/s'];
      // A growth: auto scaling follows the rise up to its maximum, and every minute past it throttles from then on.
      const growth = incident === 'growth past the auto-scaling maximum';
      description = growth
        ? `${noun} rise by 1.4 × the auto scaling maximum (${max} ${unit}) over 60 minutes and stay`
        : `${noun} surge to 1.4 × the auto scaling maximum (${max} ${unit}) for 40 minutes`;
      surge = growth ? ramp(0, 1.4 * max, 60) : window(40, () => 1.4 * max);
      break;
    }
    case 'surge beyond the provisioned capacity': {
      if (capacity.mode !== 'provisioned' || capacity.autoScaling?.write !== undefined)
        throw incidentError('target.table', `table ${target.table} has no fixed provisioned write capacity`);
      const fixed = capacity.write;
      description = `writes surge to 1.4 × the fixed provisioned capacity (${fixed} WCU/s) for 40 minutes`;
      surge = window(40, () => 1.4 * fixed);
      break;
    }
    case 'surge beyond the per-table quota':
      capacity = { mode: 'on-demand', ...(capacity.mode === 'on-demand' ? capacity : {}), quota: 40_000 };
      description = 'writes surge to 50,000 WCU/s for 40 minutes against the default per-table quota of 40,000';
      surge = window(40, () => 50_000);
      break;
    case 'GSI read surge beyond the per-table quota': {
      const index = (profile.indexes ?? []).find((i) => i.name === target.index);
      if (index === undefined) {
        const indexes = (profile.indexes ?? []).map((i) => i.name).join(', ') || 'none';
        throw incidentError(
          'target.index',
          target.index === undefined
            ? `the incident "${incident}" needs the GSI to surge: give target.index, one of: ${indexes}`
            : `table ${target.table} has no GSI ${target.index} to surge; expected one of: ${indexes}`,
        );
      }
      if (capacity.mode !== 'on-demand') throw incidentError('target.table', `table ${target.table} is provisioned: a GSI meets the per-table quota on demand`);
      capacity = { ...capacity, quota: 40_000 };
      description = `GSI ${index.name}'s reads surge to ${GSI_SURGE.toLocaleString('en-US')} RCU/s for 40 minutes against the default per-table quota of 40,000, which each GSI meets on its own`;
      surge = window(40, () => GSI_SURGE);
      surgeDirection = 'read';
      break;
    }
    default:
      throw incidentError('incident', `${shapes.describe(incident)} is not a DynamoDB incident; expected one of: ${DYNAMO_INCIDENTS.join(', ')}`);
  }
  const model = tableModel({ ...profile, capacity }, s, rng, { [space]: hot });
  // A table-level surge lands on the table; a GSI's on its index, whose partitions serve it (it meets its quota, not them).
  const surged = incident === 'GSI read surge beyond the per-table quota' ? target.index : undefined;
  const withSurge: TableModel =
    surge === undefined
      ? model
      : {
          ...model,
          keySpaces: model.keySpaces.map((k) =>
            k.index === surged
              ? {
                  ...k,
                  ...(surged === undefined ? {} : { partitions: Math.max(k.partitions, partitionsFor(GSI_SURGE, 0, { mode: 'on-demand' })) }),
                  [surgeDirection]: (m: number) => k[surgeDirection](m) + (surge as (m: number) => number)(m),
                }
              : k,
          ),
        };
  const quiet: TableModel = { ...withSurge, keySpaces: withSurge.keySpaces.map((k) => ({ ...k, bursts: [] })) };
  const models = Object.fromEntries(
    Object.entries(profiles).map(([name, p], i) => [name, name === target.table ? quiet : quietModel(p, days, rng.fork(i + 11))]),
  );
  return {
    name: incident,
    kind: 'incident',
    days,
    seed,
    models,
    assumptions: [
      'ordinary days (no planned peak, bursts, batch or deploys) around the incident, so every page belongs to it',
      `the incident starts at ${start === 0 ? 'day 0 00:00' : 'day 1 15:00'}; its key lives on partition 0`,
      ...(surged === undefined
        ? []
        : [
            `GSI ${surged} has the partitions of an on-demand index that once served its surge (twice ${GSI_SURGE.toLocaleString('en-US')} RCU/s, as any on-demand key space here), so it meets its quota, not its partitions' ceilings`,
          ]),
    ],
    incident: { target: target.table, index: target.index, description },
  };
}

function quietModel(profile: DynamoTableProfile, days: number, rng: Random): TableModel {
  const model = tableModel(profile, shape(days, rng, profile.dailyPeakShare ?? 0.3, { plannedPeak: false, batch: false }), rng);
  return { ...model, keySpaces: model.keySpaces.map((k) => ({ ...k, bursts: [] })) };
}
