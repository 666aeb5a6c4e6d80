/**
 * skewguard core: the partition-key design model, the rule engine and the shard helpers.
 * Loads no cloud SDK: aws-cdk-lib and @pulumi/* live behind `skewguard/cdk` and `skewguard/pulumi`.
 */
export type * from './design/input';
export type * from './design/key-design';
export { sameAttribute } from './design/key-design';
export { COSMOS_LIMITS, DYNAMODB_LIMITS, ENGINES, keySpacesOf, physicalPartitionCount, PROFILES, profileOf } from './engines';
/** A hierarchical key's first level in Cosmos DB's resource logs: the hotPrefix alert's grouping, as KQL and as a function. */
export { LOGGED_FIRST_LEVEL_KQL, loggedFirstLevel } from './engines';
/** The KQL of a GuardedContainer's log-search alerts and the spans they judge: one text for the Pulumi
 *  adapter that creates the rules and for the replay's meaning of them (`skewguardQueries`). */
export {
  hotKeyQuery,
  hotPrefixQuery,
  largestPartitionQuery,
  throttleRateQuery,
  INGESTION_LAG_MINUTES,
  SUSTAINED_INTERVALS,
  SUSTAINED_MINUTES,
  THROTTLE_LONG_WINDOW_MINUTES,
} from './engines/cosmos-alert-queries';
export type { CacheTerms, DesignOf, EngineNouns, EngineProfile, KeyValueSizeLimit, PhysicalPartitions, PhysicalShare, SplitForHeat } from './engines';
export { THROUGHPUT_GRID, cosmosThroughputShape, requestUnitsShape, throughputFormOf, type ThroughputForm } from './design/cosmos-throughput';
/** A Cosmos DB database or container id as Azure takes it, with no control, bidi or zero-width character (for the Pulumi adapter's database names). */
export { cosmosNameShape } from './design/shapes';
export { causeOf, DesignError, UsageError, type DesignIssue } from './design/errors';
/** The validation toolkit the core's own input is checked with, for the adapters and users' helpers. */
export * as shapes from './design/shape';
export { checkWith, type CheckOptions } from './design/check';
export { printable } from './design/printable';
/** Field paths as findings and issues report them (`tables[0].partitionKey.name`), and "did you mean"
 *  suggestions, for the adapters' own messages. */
export { joinPath, parseFieldPath, prefixPath, rebasePath } from './design/field-path';
export { closest, didYouMean } from './design/suggest';
export * from './cfn';
export { defineDesign, designFromJson } from './lint/define';
/** Whether a design document declares nothing to check (every rule would pass it). */
export { declaresNothing } from './design/normalize';
export { DEFAULT_THRESHOLDS, MAX_SHARDS_ACCEPTED, type Thresholds } from './design/limits';
export { shardsFor, replicasFor, loadDimensions, type LoadDimension, type Loads, type ShardsForOptions } from './design/sharding';
export { calculatedShardKey, fanOutKeys, randomShardKey, shardHash, shardOf, shardedKey, type ShardedKey, type ShardingSpec } from './design/shard-keys';
export { looksLikeTimeBucket, looksLowCardinality } from './design/key-names';
/** Distinct values of a full key of several attributes, as the rules count them (`'unique'`: unbounded). */
export { fullKeyCardinality } from './design/cardinality';
export { designSchema } from './lint/schema';
export {
  lint,
  lintDocument,
  lintNormalized,
  normalize,
  blockingFindings,
  describeFinding,
  restateFinding,
  type Finding,
  type LintOptions,
  type LintResult,
  type RuleSetting,
  type UnusedAcknowledgement,
} from './lint/engine';
/** An index whose hottest value takes the table's hottest item's writes (SG003 judges it on that item's share): `observe`
 *  keeps a measured peak of such an index from being written as declared, which would say its projection leaves the
 *  item's updates out. */
export { inheritedWrites, type InheritedWrites } from './lint/analysis';
/** The most RU/s a Cosmos DB container's hottest key and first-level value can use (the skew alerts' ceilings). */
export { dynamoHotKeyReach, dynamoPartitionsFor, hotValueReach, type DirectionReach, type DynamoHotKeyReach, type HotValueReach } from './lint/reachable';
export { lintExternal, type ExternalLintOptions, type ExternalLocations } from './lint/external';
export { validateAcknowledgement, validateAcknowledgements, validateLintOptions, type AcknowledgementCheckOptions } from './lint/validate';
export type { DesignEdit } from './lint/edits';
export { RULES, RULE_IDS, RETIRED_RULES, retiredRuleNote } from './lint/rules';
/** The id of observe's SG020 observed-drift, which no design lint reports and no design can waive. */
export { OBSERVED_DRIFT_RULE_ID } from './design/normalize-context';
export type { Rule, RuleDescription, RuleHit, RuleSource, RetiredRule, Severity } from './lint/rule';
export { applyDesignEdits } from './lint/edits';
export { catalogueMarkdown, ruleAnchor } from './lint/catalogue';
