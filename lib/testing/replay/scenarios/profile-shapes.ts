/**
 * The profiles the scenario builders take, and their shapes (`healthyWeek`, `dynamoIncident`, `healthyCosmosWeek`,
 * `cosmosIncident`), read with the core's shape toolkit: a typo (`peak` for `peakRu`) or a missing peak would
 * otherwise replay a week of zero load, whose "pages nobody" proves nothing.
 */
import { shapes } from '../../../index';
import { checkWith } from '../../../internal';
import type { AutoScalingPolicy } from './auto-scaling';
import type { ContainerModel } from './cosmos-model';
import type { CapacityModel } from './dynamodb-model';

export interface DynamoIndexProfile {
  /** The GSI's name: the key space its model and incidents name. */
  readonly name: string;
  /** Planned peak reads of the index, units/s. */
  readonly peakRead: number;
  /** Share of the table's writes the index receives (projected items). */
  readonly writeShare: number;
  /** Distinct values of the index's partition key carrying its uniform traffic. */
  readonly cardinality: number;
}

export interface DynamoTableProfile {
  /** The table's capacity mode and limits, as its model takes them; provisioned capacity also sizes its partitions. */
  readonly capacity: CapacityModel;
  /** Planned peak, units/s (the design's workload). */
  readonly peakRead: number;
  /** Planned peak writes, units/s (the design's workload). */
  readonly peakWrite: number;
  /** Distinct partition-key values of the table carrying its uniform traffic. */
  readonly cardinality: number;
  /** The design's hottest key: its share of the table's traffic and its shard count.
   *  @default - none: all traffic is uniform */
  readonly hotKey?: {
    /** Share (0..1) of the table's reads and writes the hot key takes, split evenly over its shards. */
    readonly share: number;
    /** Shards of the hot key (1 when unsharded), spread evenly over the partitions. */
    readonly shards: number;
  };
  /** The table's GSIs to model, each a key space of its own.
   *  @default - none */
  readonly indexes?: readonly DynamoIndexProfile[];
  /** An ordinary day's peak as a share of the planned peak. @default 0.3 */
  readonly dailyPeakShare?: number;
}

export interface CosmosContainerProfile {
  /** The container's throughput, as its model takes it (`{ kind, ru }`). */
  readonly throughput: ContainerModel['throughput'];
  /** Total size of the container in GB, as its model takes it. */
  readonly storageGb: number;
  /** Planned peak RU/s. */
  readonly peakRu: number;
  /** An ordinary day's peak as a share of the planned peak. @default 0.6 */
  readonly dailyPeakShare?: number;
  /** Largest logical partition today, GB.
   *  @default - none reported (under the ~1 GB the statistics log omits) */
  readonly largestPartitionGb?: number;
  /** The container's normalized design (`GuardedContainer.design`), passed to its model: see `ContainerModel.design`.
   *  @default - none */
  readonly design?: ContainerModel['design'];
  /** Distinct partition-key values the container's load spreads over: see `ContainerModel.uniformKeys`.
   *  @default - the full key's cardinality in `design`, else 1,000 per physical partition */
  readonly uniformKeys?: number;
}

const { num, record, text, list, oneOf, mapOf } = shapes;

const units = (what: string) => ({ shape: num({ above: 0 }), doc: what });
const share = (what: string) => ({ shape: num({ above: 0, max: 1 }), doc: what });

/** An object passed through as it is (a normalized design, which its own producer checked). */
const anObject = <T>(what: string): shapes.Shape<T> => ({
  expected: what,
  is: shapes.isPlainObject,
  read(value, place, issues, key) {
    if (shapes.isPlainObject(value)) return value as T;
    issues.push({ path: shapes.pathOf(place, key), message: `expected ${what}, got ${shapes.describe(value)}` });
    return undefined;
  },
  schema: () => ({ type: 'object' }),
});

/** A count of at least 1, or Infinity (one key value per item, never recurring). Not `either(num, oneOf([Infinity]))`:
 *  for a number below 1 that names only the finite alternative. */
const keyCount: shapes.Shape<number> = {
  expected: 'a number ≥ 1, or Infinity for one key value per item',
  is: (value) => typeof value === 'number',
  read(value, place, issues, key) {
    if (typeof value === 'number' && value >= 1) return value;
    issues.push({ path: shapes.pathOf(place, key), message: `expected ${keyCount.expected}, got ${shapes.describe(value)}` });
    return undefined;
  },
  schema: () => ({ type: 'number', minimum: 1 }),
};

/** A union told apart by its `mode` (or `kind`) field: the record of the variant it names. */
function byTag<T>(tag: string, variants: Readonly<Record<string, shapes.Shape<unknown>>>): shapes.Shape<T> {
  const tagShape = oneOf(Object.keys(variants));
  const expected = `an object with ${tag}: ${tagShape.expected}`;
  return {
    expected,
    is: shapes.isPlainObject,
    read(value, place, issues, key) {
      if (!shapes.isPlainObject(value)) {
        issues.push({ path: shapes.pathOf(place, key), message: `expected ${expected}, got ${shapes.describe(value)}` });
        return undefined;
      }
      const here = key === undefined ? place : { parent: place, key };
      const named = tagShape.read(shapes.ownValue(value, tag), here, issues, tag);
      return named === undefined ? undefined : (variants[named].read(value, place, issues, key) as T | undefined);
    },
    schema: () => ({ anyOf: Object.values(variants).map((v) => v.schema()) }),
  };
}

const autoScalingPolicy = record<AutoScalingPolicy>({
  max: units('The auto scaling maximum, units/s.'),
  targetUtilizationPercent: { shape: num({ min: 20, max: 90 }), optional: true, doc: 'Target utilization in percent.' },
});

const capacity = byTag<CapacityModel>('mode', {
  'on-demand': record<Extract<CapacityModel, { mode: 'on-demand' }>>({
    mode: { shape: oneOf(['on-demand']), doc: 'On-demand capacity.' },
    maxRead: { ...units('Maximum read units/s.'), optional: true },
    maxWrite: { ...units('Maximum write units/s.'), optional: true },
    quota: { ...units('The per-table quota, units/s.'), optional: true },
  }),
  provisioned: record<Extract<CapacityModel, { mode: 'provisioned' }>>({
    mode: { shape: oneOf(['provisioned']), doc: 'Provisioned capacity.' },
    read: units('Provisioned read units/s (with auto scaling, the minimum; the replay starts where target tracking holds minute 0).'),
    write: units('Provisioned write units/s (with auto scaling, the minimum; the replay starts where target tracking holds minute 0).'),
    autoScaling: {
      shape: record<{ read?: AutoScalingPolicy; write?: AutoScalingPolicy }>({
        read: { shape: autoScalingPolicy, optional: true, doc: 'Read target tracking.' },
        write: { shape: autoScalingPolicy, optional: true, doc: 'Write target tracking.' },
      }),
      optional: true,
      doc: 'Target tracking per direction.',
    },
    scalingDelayMinutes: { shape: num({ min: 0 }), optional: true, doc: 'Minutes from a trigger to the new capacity.' },
    attemptsPerThrottledRequest: {
      shape: num({ min: 1 }),
      optional: true,
      doc: 'Attempts a request refused for provisioned capacity makes, each a throttle event.',
    },
  }),
});

const dynamoIndexProfile = record<DynamoIndexProfile>({
  name: { shape: text(), doc: 'The index name.' },
  peakRead: units('Planned peak reads of the index, units/s.'),
  writeShare: { shape: num({ min: 0, max: 1 }), doc: "Share of the table's writes the index receives." },
  cardinality: units('Distinct partition-key values of the index.'),
});

const dynamoTableProfile = record<DynamoTableProfile>({
  capacity: { shape: capacity, doc: "The table's capacity." },
  peakRead: { shape: num({ min: 0 }), doc: 'Planned peak reads, units/s.' },
  peakWrite: { shape: num({ min: 0 }), doc: 'Planned peak writes, units/s.' },
  cardinality: units('Distinct partition-key values.'),
  hotKey: {
    shape: record<{ share: number; shards: number }>({
      share: share("The hottest key's share of the table's traffic."),
      shards: { shape: num({ integer: true, min: 1 }), doc: 'Its shard count.' },
    }),
    optional: true,
    doc: "The design's hottest key.",
  },
  indexes: { shape: list(dynamoIndexProfile), optional: true, doc: "The table's global secondary indexes." },
  dailyPeakShare: { ...share("An ordinary day's peak as a share of the planned peak."), optional: true },
});

const throughput = byTag<CosmosContainerProfile['throughput']>(
  'kind',
  Object.fromEntries(
    (['manual', 'autoscale', 'shared'] as const).map((kind) => [
      kind,
      record<CosmosContainerProfile['throughput']>({
        kind: { shape: oneOf([kind]), doc: 'Throughput kind.' },
        ru: units('RU/s: manual, the autoscale maximum, or the container’s part of its database’s.'),
      }),
    ]),
  ),
);

const cosmosContainerProfile = record<CosmosContainerProfile>({
  throughput: { shape: throughput, doc: "The container's throughput." },
  storageGb: { shape: num({ min: 0 }), doc: 'What the container stores, GB.' },
  peakRu: units('Planned peak RU/s.'),
  dailyPeakShare: { ...share("An ordinary day's peak as a share of the planned peak."), optional: true },
  largestPartitionGb: { shape: num({ min: 0, max: 20 }), optional: true, doc: 'Largest logical partition today, GB.' },
  design: { shape: anObject('the normalized design (GuardedContainer.design)'), optional: true, doc: "The container's normalized design." },
  uniformKeys: { shape: keyCount, optional: true, doc: "Distinct partition-key values the container's load spreads over." },
});

/** The DynamoDB profiles a scenario builder was given, or a UsageError naming each wrong field (`profiles.orders.peakWrite`). */
export function checkDynamoProfiles(profiles: unknown, fn: string): void {
  checkWith(mapOf(dynamoTableProfile), profiles, { path: 'profiles', subject: `${fn} arguments` });
}

/** The Cosmos DB profiles a scenario builder was given, or a UsageError naming each wrong field (`profiles.chat.peakRu`). */
export function checkCosmosProfiles(profiles: unknown, fn: string): void {
  checkWith(mapOf(cosmosContainerProfile), profiles, { path: 'profiles', subject: `${fn} arguments` });
}
