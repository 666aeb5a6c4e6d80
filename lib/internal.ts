/**
 * The core's second entry, for skewguard's own adapters (lib/cdk, lib/pulumi, lib/cli, lib/testing):
 * the plumbing they share with the core — field-path arithmetic, the alerts' KQL, the template
 * metadata's constants, the acknowledgement readers — that is not the library's API. It is not in
 * the package's `exports`, so users cannot import it and it may change in any release; what users
 * call is in lib/index.ts, and the README's "Library API" names each of its exports. Adapters still
 * reach no core module but these two entries (eslint's boundaries in eslint.config.js).
 */
export { sameAttribute } from './design/key-design';
/** How a report names a waiver whose `expires` day passed (every report says it alike). */
export {
  broadWaiverNote,
  lapsedWaiverNote,
  notWaivedNotes,
  partialWaiverNote,
  uncoveredIndexesNote,
  uncoveredWaiverNote,
  unusedWaiverNote,
} from './lint/engine';
export {
  COSMOS_LIMITS,
  DEFAULT_QUOTAS,
  raisedQuotasNotice,
  raisedQuotasText,
  DYNAMODB_AUTO_SCALING_TARGET,
  DYNAMODB_LIMITS,
  ENGINES,
  keySpacesOf,
  partitionedRequestUnits,
  quotaInForce,
  tableQuota,
} from './engines';
/** The KQL of a GuardedContainer's log-search alerts and the spans they judge: one text for the Pulumi
 *  adapter that creates the rules and for the replay's meaning of them (`skewguardQueries`). */
export {
  hotKeyQuery,
  hotPrefixQuery,
  throttledHotValueQuery,
  type ValueLines,
  largestPartitionQuery,
  throttleRateQuery,
  INGESTION_LAG_MINUTES,
  SUSTAINED_INTERVALS,
  SUSTAINED_MINUTES,
  HOT_MINUTES,
  THROTTLE_LONG_WINDOW_MINUTES,
  THROTTLED_PER_INTERVAL,
  THROTTLE_EPISODE_MINUTES,
} from './engines/cosmos-alert-queries';
export { THROUGHPUT_GRID, cosmosThroughputShape, requestUnitsShape, throughputFormOf, type ThroughputForm } from './design/cosmos-throughput';
/** A Cosmos DB database or container id as Azure takes it, with no control, bidi or zero-width character (for the Pulumi adapter's database names). */
export { cosmosNameShape } from './design/shapes';
export { causeOf } from './design/errors';
export { checkWith, type CheckOptions } from './design/check';
/** Field paths as findings and issues report them (`tables[0].partitionKey.name`), and "did you mean"
 *  suggestions, for the adapters' own messages. */
export { joinPath, parseFieldPath, prefixPath, rebasePath } from './design/field-path';
export { closest, didYouMean } from './design/suggest';
/** Distinct values of a full key of several attributes, as the rules count them (`'unique'`: unbounded). */
export { fullKeyCardinality } from './design/cardinality';
export { MAX_SHARDS_ACCEPTED } from './design/limits';
export { CAPACITY_MODE_ISSUES } from './design/normalize-capacity';
export { loadDimensions, type LoadDimension, type Loads } from './design/sharding';
export { looksLikeTimeBucket, looksLowCardinality } from './design/key-names';
/** An index whose hottest value takes the table's hottest item's writes (SG003 judges it on that item's share): `observe`
 *  keeps a measured peak of such an index from being written as declared, which would say its projection leaves the
 *  item's updates out, and holds its measured share against the loads the lint judges its hottest value at (`judgedLoads`). */
export { inheritedWrites, judgedLoads, type InheritedWrites } from './lint/analysis';
export { validateAcknowledgement } from './lint/validate';
export { interpolate } from './lint/messages';
export { fixesOnce } from './lint/fixes-once';
export { CATEGORICAL_BY_NAME } from './lint/categorical-key';
/** `20000` → `20,000`: the figures of every report and alarm description written alike, in any locale. */
export { fmt, listed } from './lint/format';
export { RETIRED_RULES, retiredRuleNote } from './lint/rules';
export type { RetiredRule } from './lint/rule';
/** The id of observe's SG020 observed-drift, which no design lint reports and no design can waive. */
/** What a DynamoDB key can use beside its neighbours' planned load (the hot-key ticket's line in accessed mode). */
export { asDeployed, dynamoHotKeyReach, reachOf, dynamoPartitionsFor, type DirectionReach, type DynamoHotKeyReach } from './lint/reachable';
/** What a first-level value on one physical partition can use (the hotPrefix and throttledHotValue lines' ceiling). */
export { onePartitionPrefix, type OnePartitionPrefix } from './lint/prefix-ingestion';
export { partitionCountText } from './lint/partition-count-words';
export { OBSERVED_DRIFT_RULE_ID } from './design/normalize-context';
export { catalogueMarkdown, ruleAnchor, withBullets } from './lint/catalogue';
export {
  DYNAMODB_TEMPLATE_TYPES,
  indexWaiverCopies,
  METADATA_PATH,
  TEMPLATE_METADATA_KEY,
  TEMPLATE_METADATA_VERSION,
  templateMetadataOf,
  type TemplateMetadata,
} from './cfn/metadata';
export { checkedQuotas, quotasOver } from './cfn/declared-quotas';
export { asPropPath } from './cfn/prop-paths';
export { guardedAlarmsOf, guardedMarkerOf, templateOnlyRules } from './cfn/template-coverage';
export { scopeWaiverCopyPath } from './cfn/scope-waiver-copy';
export { contributorInsightsSwitches, externalTableOf, type ExternalTable, type Switch, type UncheckedValue } from './cfn/template-table';
export { DEFAULT_RULE_QUOTA, quotaVerdict, RULE_QUOTA_CHECK, RuleCount, stackNameOf, type QuotaCrossing, type TemplateCrossing } from './cfn/rule-quota';
export { insightRuleSpacesOf, type InsightRuleSpace } from './cfn/template-insight-rules';
export { isStringToken, isNumberToken } from './cfn/tokens';
export {
  acknowledgementIssues,
  broadScopeWaiverNote,
  CDK_PLUGIN_NAME,
  kindsNaming,
  kindsWaived,
  recordedIn,
  ruleName,
  unusedScopeWaiverNote,
  waiverConcerns,
  waiverId,
  waiverOfId,
  waivesFinding,
  waivingIds,
  type WaivedKind,
} from './cfn/cdk-acknowledgements';
/** The rules themselves, with the checks the engine runs (the public entry's RULES describes them). */
export type { Rule, RuleHit } from './lint/rule';
/** Deploy-time checks of the Pulumi adapter, watched by its testing helper (`runWithMocks`). */
export { reportDeployTimeCheck, watchDeployTimeChecks } from './design/deploy-time-checks';
export { dayPinnedOn, pinDayOn } from './design/run-day';
export { grouped } from './design/grouped';
/** A config's figures that differ from their defaults (the quotas a report names raised, the thresholds it names changed). */
export { differingFrom } from './design/differing-from';
export { notJudgedClause, notJudgedNote } from './lint/not-judged-words';
export { DOCUMENT_COLLECTIONS } from './design/normalize';
/** The one guard for a JSON object (not null, not an array), and its type. */
export { isObject, type JsonObject } from './design/json-object';
/** Which thresholds loosen the lint, and the words every report (CLI, GuardedTable, GuardedContainer) says them in. */
export { loosenedPart, loosensNotice, loosensText, loosensThreshold, looserThresholds, thresholdText } from './design/loosened-thresholds';
