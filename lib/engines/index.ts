/**
 * The engines skewguard knows, one profile each. `Engine` is derived from this list, and every
 * normalized design type (`KeyDesign`) must have its profile here: the compiler says which is missing.
 */
import type { KeyDesign, KeySpace } from '../design/key-design';
import { cosmosDbProfile } from './cosmosdb';
import { dynamoDbProfile } from './dynamodb';
import type { DesignOf, EngineProfile } from './profile';

export const PROFILES = {
  dynamodb: dynamoDbProfile,
  cosmosdb: cosmosDbProfile,
} as const satisfies { readonly [E in KeyDesign['engine']]: EngineProfile<DesignOf<E>> };

/** An engine skewguard checks: `dynamodb`, `cosmosdb`. */
export type Engine = keyof typeof PROFILES;

/** Every engine, in catalogue order. */
export const ENGINES = Object.keys(PROFILES) as readonly Engine[];

/** `"dynamodb" or "cosmosdb"`, for error messages that list the engines. */
export const ENGINE_LIST = ENGINES.map((e) => `"${e}"`).join(' or ');

/** The profile of an engine, typed for any design: each profile is only ever given its own engine's designs. */
export function profileOf(engine: Engine): EngineProfile {
  return PROFILES[engine] as EngineProfile;
}

/** Every key space of a design: the primary key first, then each GSI. */
export function keySpacesOf(design: KeyDesign): readonly KeySpace[] {
  return profileOf(design.engine).keySpaces(design);
}

export {
  amongCarried,
  COSMOS_LIMITS,
  countPhysicalPartitions,
  creationRequestUnits,
  evenInPlaceThroughput,
  raisedAtCreation,
  raiseSplitsFrom,
  raiseForPeak,
  keySpaceSlicesOf,
  largestShareSlices,
  minimumRequestUnitsPerGb,
  partitionedRequestUnits,
  physicalPartitionCount,
  sharedContainers,
  storageMinimumRequestUnits,
  usableBesideNeighbours,
} from './cosmosdb';
export { judgedNeighbourLoad, neighbourLoad, UNIFORM_KEY_TOLERANCE, type ValueAmongValues } from './neighbours';
export { LOGGED_FIRST_LEVEL_KQL, loggedFirstLevel } from './cosmos-logged-key';
export { dynamoNeighbourModel, dynamoPartitionsFor } from './dynamodb';
export { launchCapacity, launchFits, launchFractions, warmAtDefaults, warmThroughputFor, type LaunchCapacity, type ReadsAndWrites } from './dynamodb-launch';
export { DYNAMODB_AUTO_SCALING_DEFAULT_MINIMUM, DYNAMODB_AUTO_SCALING_TARGET, DYNAMODB_LIMITS } from './dynamodb-limits';
export {
  DEFAULT_QUOTAS,
  QUOTA_FIELDS,
  quotaFieldData,
  quotaInForce,
  raisedQuotasNotice,
  raisedQuotasText,
  tableQuota,
  type DynamoDbQuotas,
  type QuotaInForce,
  type QuotaLevel,
} from './dynamodb-quotas';
export { allFit, fits, LOAD_TOLERANCE, withHeadroom } from './fit';
export type {
  CacheTerms,
  DirectionNeighbours,
  DesignOf,
  EngineNouns,
  EngineProfile,
  KeyValueSizeLimit,
  LoadDimension,
  Loads,
  PartitionCount,
  NeighbourModel,
  PartitionNeighbours,
  PhysicalPartitions,
  PhysicalShare,
  QuotaPassed,
  SplitForHeat,
} from './profile';
