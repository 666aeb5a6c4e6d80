/**
 * skewguard core: the partition-key design model, the rule engine and the shard helpers.
 * Loads no cloud SDK: aws-cdk-lib and @pulumi/* live behind `skewguard/cdk` and `skewguard/pulumi`.
 * Every export here is the library's API, named in the README's "Library API"; the plumbing the
 * adapters share with the core is in lib/internal.ts, which the package does not export.
 */
import type { RuleDescription } from './lint/rule';
import { RULES as RULE_LIST } from './lint/rules';

export type * from './design/input';
export type * from './design/key-design';
export { PROFILES, physicalPartitionCount, profileOf } from './engines';
/** A hierarchical key's first level in Cosmos DB's resource logs: the hotPrefix alert's grouping, as KQL and as a function. */
export { LOGGED_FIRST_LEVEL_KQL, loggedFirstLevel } from './engines';
export type {
  CacheTerms,
  DesignOf,
  EngineNouns,
  EngineProfile,
  KeyValueSizeLimit,
  PhysicalPartitions,
  PhysicalShare,
  QuotaPassed,
  SplitForHeat,
} from './engines';
export { DesignError, UsageError, type DesignIssue } from './design/errors';
/** The validation toolkit the core's own input is checked with, for the adapters and users' helpers. */
export * as shapes from './design/shape';
export { printable } from './design/printable';
export * from './cfn';
export { defineDesign, designFromJson } from './lint/define';
/** Whether a design document declares nothing to check (every rule would pass it). */
export { declaresNothing } from './design/normalize';
export { DEFAULT_THRESHOLDS, type Thresholds } from './design/limits';
export { shardsFor, replicasFor, type ShardsForOptions } from './design/sharding';
export {
  calculatedShardKey,
  fanOutKeys,
  randomShardKey,
  shardHash,
  shardOf,
  shardedKey,
  type ShardedKey,
  type ShardedKeyOptions,
  type ShardingSpec,
} from './design/shard-keys';
export { designSchema } from './lint/schema';
export {
  lint,
  lintDocument,
  lintNormalized,
  normalize,
  blockingFindings,
  describeFinding,
  restateFinding,
  type BroadAcknowledgement,
  type ExpiredAcknowledgement,
  type Finding,
  type LintOptions,
  type LintResult,
  type NotJudged,
  type PartialAcknowledgement,
  type RuleSetting,
  type UnusedAcknowledgement,
} from './lint/engine';
/** The most RU/s a Cosmos DB container's hottest key and first-level value can use (the skew alerts' ceilings). */
export { hotValueReach, type HotValueReach } from './lint/reachable';
export { lintExternal, type ExternalLintOptions, type ExternalLocations } from './lint/external';
export { validateAcknowledgements, validateLintOptions, type AcknowledgementCheckOptions } from './lint/validate';
export type { DesignEdit } from './lint/edits';
export { RULE_IDS } from './lint/rules';
/** Each rule as the catalogue, `skewguard rules` and SARIF describe it: what it checks, not how. */
export const RULES: readonly RuleDescription[] = RULE_LIST;
export type { RuleDescription, RuleMeta, RuleSource, Severity } from './lint/rule';
export type { DeclarationData, MessageData } from './lint/messages';
export type { DynamoDbQuotas, LoadDimension, Loads } from './engines';
export type { CosmosThroughputMode } from './engines/cosmosdb';
export type { ConstructMetadataEntry, RecordedAcknowledgement } from './cfn/cdk-acknowledgements';
export { applyDesignEdits } from './lint/edits';
