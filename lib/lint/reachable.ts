/**
 * The most RU/s a Cosmos DB container's hottest values can use once deployed: what an alert on one value's RU/s can
 * ever see. A logical partition serves at most 10,000 RU/s, and only its physical partition's share of the
 * container's RU/s (divided evenly among the physical partitions), which the other key values there share
 * ("Partitioning and horizontal scaling"); a hierarchical key's first-level value stays on the physical partitions
 * its data spans, one per 50 GB ("Hierarchical partition keys"). Above these figures the value is rate-limited (429).
 */
import { cardinalityValue } from '../design/cardinality';
import { UsageError } from '../design/errors';
import type { DesignInput } from '../design/input';
import type { CosmosKeyDesign, DynamoDbKeyDesign, KeyDesign, NormalizedDocument } from '../design/key-design';
import { describe } from '../design/shape';
import { COSMOS_LIMITS, DYNAMODB_LIMITS, profileOf, type PartitionCount } from '../engines';
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import { normalize } from './engine';
import { firstLevelShare, hottestFirstLevelLoads, hottestPrefixReach } from './prefix-ingestion';

/** RU/s the hottest values of a container can use, with their neighbours at the load the design expects of them. */
export interface HotValueReach {
  /** The busiest stored key (the hottest logical partition, or one of its write shards): the lower of its 10,000
   *  RU/s and its physical partition's RU/s less its neighbours' expected load. */
  readonly key: number;
  /** The RU/s the design itself puts on that busiest stored key, as SG003 judges it: the hottest value's share of the
   *  directions that carry it (`workload.hotKeyOperations`), per stored key under the declared sharding. A replicated
   *  copy takes 1/N of the reads and every write (each write updates all copies); a write shard 1/N of the writes, and
   *  of the reads where they spread over the value's items. */
  readonly keyLoad: number;
  /** The hottest first-level value of a hierarchical key, over the physical partitions its data spans, less the
   *  other first-level values' expected load on each. Undefined for a key of one level. */
  readonly prefix: number | undefined;
  /** The share of the peak that hottest first-level value takes, as the rules judge it: the level's own `hotKeyShare`,
   *  else at least the full key's declared share and 1/cardinality, else 1/cardinality. Undefined for a key of one level. */
  readonly prefixShare: number | undefined;
  /** The RU/s the design itself puts on that hottest first-level value: `prefixShare` of the directions the design's
   *  hottest value is hot in (`workload.hotKeyOperations`), and the uniform 1/cardinality of the other, as SG003's
   *  first-level check counts them. Undefined for a key of one level. */
  readonly prefixLoad: number | undefined;
}

/**
 * What the container's busiest stored key and hottest first-level value can use, on the physical share of the container
 * as deployed (the engine's `physicalShare` of `asDeployed`: the declared `physicalPartitions`, else those the container
 * is created with at its declared throughput, held at its storage minimum, and size). For a container above its
 * capacity that is not the layout SG003 judges (SG017's raise, so that a value is not blamed for the capacity SG017
 * reports): SG017 is a warning, the container is deployed at its declared RU/s, and its values are throttled there
 * (60,000 RU/s autoscale at a 55,000 peak: 6 partitions of 10,000 beside 9,167 of neighbours leave a key 833 RU/s, where
 * the 7 partitions of the 69,000 raise would leave it 2,000). Without declared throughput only the key's own 10,000
 * RU/s and a first-level value's 10,000 RU/s per partition are known.
 * `input`: one container's design, as written (`engine: 'cosmosdb'`), as a file of that one container, or as
 * `normalize()` returns it (its document, or `designs[i].design`); anything else throws UsageError.
 */
export function hotValueReach(input: CosmosKeyDesign | NormalizedDocument | DesignInput): HotValueReach {
  return reachOf(asDeployed(containerOf(input)));
}

/** `hotValueReach` of a normalized design on the layout it says: as deployed (`asDeployed`), else as SG003 judges it. */
export function reachOf(design: CosmosKeyDesign): HotValueReach {
  const { partitionKey } = design.primaryKey;
  const prefixShare = partitionKey.length > 1 ? firstLevelShare(design.primaryKey).share : undefined;
  const prefixLoads = prefixShare === undefined ? undefined : hottestFirstLevelLoads(design, prefixShare, cardinalityValue(partitionKey[0].cardinality));
  const key = new DesignAnalysis(design).of(design.primaryKey);
  const stored = key.storedLoads(key.space.sharding?.strategy ?? 'none', key.space.sharding?.shards ?? 1);
  return {
    key: storedKeyReach(key),
    keyLoad: stored.reads + stored.writes,
    prefix: hottestPrefixReach(design),
    prefixShare,
    prefixLoad: prefixLoads && prefixLoads.reads + prefixLoads.writes,
  };
}

/**
 * `design` judged on the partitions it is deployed with (`KeyDesignBase.asDeployed`), never on the raise SG017 asks
 * for: the layout its keys are throttled on until that raise is made.
 */
export function asDeployed<D extends KeyDesign>(design: D): D {
  return Object.assign({}, design, { asDeployed: true as const });
}

/** What `hotValueReach` is called with, if `engine` and `primaryKey` say it is a normalized design (the alerts pass one). */
function isNormalized(input: unknown): input is KeyDesign {
  return typeof input === 'object' && input !== null && 'primaryKey' in input && 'engine' in input;
}

/**
 * The one Cosmos DB container design `input` holds: a normalized design as it is, else `normalize`'s result (a design
 * as written, with `engine: 'cosmosdb'`, or a file of one container; `normalize` throws DesignError for one it cannot
 * read). A DynamoDB design, or a file of several designs, is a usage mistake: a UsageError naming what to pass.
 */
function containerOf(input: unknown): CosmosKeyDesign {
  const designs = isNormalized(input)
    ? [input]
    : typeof input === 'object' && input !== null && Array.isArray((input as Partial<NormalizedDocument>).designs)
      ? (input as NormalizedDocument).designs.map((d) => d.design)
      : normalize(input as DesignInput).designs.map((d) => d.design);
  // The reach is a physical partition's share: a design whose engine has that model (Cosmos DB's profile).
  const containers = designs.filter((d): d is CosmosKeyDesign => profileOf(d.engine).physicalShare !== undefined);
  if (containers.length === 1 && designs.length === 1) return containers[0];
  const got =
    designs.length === 1
      ? `a ${profileOf(designs[0].engine).nouns.resource}'s design`
      : designs.length === 0
        ? describe(input)
        : `a file of ${designs.length} designs`;
  throw new UsageError(
    [
      {
        path: 'design',
        message: `expected one Cosmos DB container's design, got ${got}: pass one container, as written ({ engine: 'cosmosdb', partitionKey, ... }) or as normalize() returns it (normalize(file).designs[i].design)`,
      },
    ],
    'hotValueReach() arguments',
  );
}

function storedKeyReach(a: SpaceAnalysis): number {
  const logical = COSMOS_LIMITS.logicalPartitionRequestUnits;
  const sharding = a.space.sharding;
  const share = a.storedKeyShare(sharding?.strategy ?? 'none', sharding?.shards ?? 1);
  if (share) return Math.min(logical, Math.max(0, share.requestUnitsEach - share.neighbours));
  // No share SG003 judges (a serverless container above its capacity has no raise): its partition's RU/s, if known.
  return Math.min(logical, a.owner.profile.physicalPartitions?.(a.design)?.requestUnitsEach ?? logical);
}

/** One direction (reads or writes, units a second) of a DynamoDB key's partition, as `dynamoHotKeyReach` counts it. */
export interface DirectionReach {
  /** The partition's ceiling: 3,000 RCU/s or 1,000 WCU/s. */
  readonly ceiling: number;
  /** The other keys' expected load on the hottest stored key's partition: the rest of the key space's peak ÷ partitions. */
  readonly neighbours: number;
  /** What the key can use beside them: ceiling − neighbours. */
  readonly reach: number;
  /** The busiest stored key's own planned load (its share of the peak, per write shard), as SG003 judges it. */
  readonly planned: number;
  /** The key space's declared peak in this direction (every key, the hottest included): `planned` ÷ `peak` is the share
   *  of the key space's traffic the key is planned to take at any load. */
  readonly peak: number;
}

/** What the hottest stored key of one DynamoDB key space can use, with its neighbours at their planned peak. */
export interface DynamoHotKeyReach {
  /** Partitions the key space is assumed to have. */
  readonly partitions: number;
  /** How they were counted: from the provisioned capacity at the declared peak (`PartitionCount`), or, on demand, for twice the
   *  declared peak (AWS publishes no partition count; on-demand capacity "accommodates up to double the previous peak"), or
   *  for the warm throughput where that counts more (declared, else a new table's or GSI's 12,000 RCU / 4,000 WCU). */
  readonly countedBy: PartitionCount;
  /** The share the declared peak was divided by for the capacity they were counted for (`PartitionCountBasis`). */
  readonly peakDividedBy?: number;
  /** On demand, the reads as charged P was counted for where fan-out makes them more than declared (`PartitionCountBasis`). */
  readonly chargedReads?: number;
  readonly read: DirectionReach;
  readonly write: DirectionReach;
}

/**
 * The hottest stored key of a DynamoDB key space (`index`: a GSI's name; undefined for the table) against its partition,
 * neighbours included: the model SG003 sizes the key on and the accessed-mode hot-key ticket draws its line on, one
 * model (`dynamoNeighbourModel`): the other keys hash evenly over the key space's P partitions, so 1/P of the rest
 * of the peak shares the hot key's partition, sibling shards included; P = max(⌈R ÷ 3,000⌉, ⌈W ÷ 1,000⌉) of the
 * provisioned capacity at the declared peak (`provisionedAtPeak`) as deployed (`asDeployed`: never the capacity SG017
 * raises it to, which the table does not have until that fix is made), or, on demand, of twice the declared peak, at least the warm throughput (declared, else a new
 * table's 12,000 RCU / 4,000 WCU: 4 partitions). An assumption the alarm says.
 */
export function dynamoHotKeyReach(design: DynamoDbKeyDesign, index: string | undefined): DynamoHotKeyReach {
  const a = new DesignAnalysis(asDeployed(design)).spaces.find((s) => s.space.index === index);
  if (!a) throw new Error(`no key space ${index ?? '(table)'} in ${design.name}`);
  const layout = a.space.sharding?.strategy ?? 'none';
  const shards = a.space.sharding?.shards ?? 1;
  const stored = a.storedLoads(layout, shards);
  const model = a.neighboursAt(layout, shards);
  if (!model) throw new Error(`no partition model for ${design.name}`);
  const total = a.totalAt(layout, shards);
  const direction = (ceiling: number, neighbours: number, planned: number, peak: number): DirectionReach => ({
    ceiling,
    neighbours,
    reach: Math.max(0, ceiling - neighbours),
    planned,
    peak,
  });
  return {
    partitions: model.partitions,
    countedBy: model.countedBy,
    ...(model.peakDividedBy !== undefined ? { peakDividedBy: model.peakDividedBy } : {}),
    ...(model.chargedReads !== undefined ? { chargedReads: model.chargedReads } : {}),
    read: direction(DYNAMODB_LIMITS.partitionReadUnits, model.reads, stored.reads, total.reads),
    write: direction(DYNAMODB_LIMITS.partitionWriteUnits, model.writes, stored.writes, total.writes),
  };
}

export { dynamoPartitionsFor } from '../engines';
