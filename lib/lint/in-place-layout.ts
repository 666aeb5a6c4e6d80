/**
 * A Cosmos DB design whose declared `physicalPartitions` only a raise in place reaches, where the hot key depends on it.
 * A container raised in place keeps its P physical partitions up to P × 10,000 RU/s, but one created at the same RU/s
 * starts with one per 6,000 RU/s of manual throughput ("Best practices for scaling provisioned throughput": scale-up,
 * and large data ingestion), and "the throughput provisioned for a container is evenly distributed among its physical
 * partitions": a logical partition that "consumes more than the throughput that was allocated to the underlying
 * physical partition" is rate-limited ("Introduction to provisioned throughput"; "Partitioning and horizontal scaling"). A design
 * file is also what new containers are built from (another environment, region or stack): declaring the raised count,
 * it describes the existing container right and a new one wrong. Said only where the hottest value fits the declared
 * partitions and would not fit the ones a container created at the declared RU/s gets: elsewhere the count changes no
 * verdict, and a container raised in place that declares its measured count is what `physicalPartitions` is for;
 * nor for a key with no value above the average one, whose values load every partition alike on any count.
 */
import { fits } from '../design/sharding';
import type { SpaceAnalysis } from './analysis';
import { newContainerPath, physicalBound } from './physical-partition';
import type { MessageData } from './rule';

export const IN_PLACE_LAYOUT_MESSAGES = {
  hotKeyInPlaceOnly:
    "the hottest {{key|key}} value's {{hotKeyLoad}} RU/s fit the {{declaredPartitions|partitions}} declared ({{partitionRu}} RU/s each of the container's {{containerRu}}), a layout only a raise in place reaches: a container created at {{containerRu}} RU/s gets {{createdPartitions|partitions}} of {{createdEach}} RU/s, where {{createdUsable}} RU/s are left for this value ({{headroom|percent}} of {{createdEach}}, less the {{createdNeighbours}} RU/s the other logical partitions there are expected to take), and it throttles",
  newContainerCreateThenRaise:
    'the existing container, on the partitions declared, serves it as it is; a new container built from this design (another environment, region or stack) gets its {{declaredPartitions|partitions}} only if created at {{createAt}} RU/s and then raised in place to {{containerRu}} RU/s (instant: up to {{declaredPartitions}} × 10,000 RU/s it keeps them); created at {{containerRu}} RU/s it needs this key sharded or more RU/s',
} as const;

export type InPlaceLayoutId = keyof typeof IN_PLACE_LAYOUT_MESSAGES;

/**
 * The figures of `a`'s hottest value on the partitions a container created at the declared RU/s gets, where it fits the
 * declared `physicalPartitions` and not those: the primary key of a provisioned container whose peak fits its usable
 * RU/s (above them SG017 speaks, and the key is judged at its raise), unsharded (shards and copies are judged on their
 * own stored keys). Undefined elsewhere.
 */
export function inPlaceOnlyLayout(a: SpaceAnalysis): MessageData | undefined {
  const { profile } = a.owner;
  const design = profile.containerOf?.(a.design);
  if (design === undefined) return undefined;
  const declared = design.physicalPartitions;
  if (a.space !== design.primaryKey || declared === undefined || a.space.sharding || a.over.length > 0 || a.physical?.raisedFrom) return undefined;
  // A key with no value above the average one loads every partition alike, on any count: the container's RU/s decide (SG017).
  const hot = a.hot.reads + a.hot.writes;
  if (Number.isFinite(a.trafficValues) && hot * a.trafficValues <= (a.total.reads + a.total.writes) * (1 + 1e-9)) return undefined;
  const now = profile.physicalPartitions?.(design);
  const path = now && !now.throughputFromStorage ? newContainerPath(design, now.requestUnits, declared) : undefined;
  if (!now || !path) return undefined;
  const created = profile.physicalShare?.(Object.assign({}, design, { physicalPartitions: undefined }), a.total, a.hot, a.trafficValues);
  const bites = created && !created.raisedFrom ? physicalBound(profile.loadDimensions(a.hot, design.thresholds.headroom, created)) : undefined;
  if (!created || !bites || fits(bites.load, bites.usable)) return undefined;
  return {
    key: a.space.partitionKey.map((level) => level.name),
    hotKeyLoad: bites.load,
    headroom: design.thresholds.headroom,
    declaredPartitions: declared,
    containerRu: now.requestUnits,
    partitionRu: now.requestUnitsEach,
    createdPartitions: created.count,
    createdEach: created.requestUnitsEach,
    createdUsable: bites.usable,
    createdNeighbours: created.neighbours,
    createAt: path.createAt,
  };
}
