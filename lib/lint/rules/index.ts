/** The rule catalogue, in id order. Ids are stable forever; a retired id is never reused. */
import type { RetiredRule, Rule } from '../rule';
import { lowCardinalityKey } from './low-cardinality-key';
import { timeBucketKey } from './time-bucket-key';
import { hotKeyExceedsPartition } from './hot-key-exceeds-partition';
import { hierarchyOrder } from './hierarchy-order';
import { keyStructure } from './key-structure';
import { logicalPartitionSize } from './logical-partition-size';
import { needlessSharding } from './needless-sharding';
import { excessiveFanOut } from './excessive-fan-out';
import { unshardedRead } from './unsharded-read';
import { monitoringOff } from './monitoring-off';
import { latencyBlindOnDemand } from './latency-blind-on-demand';
import { crossPartitionQueries } from './cross-partition-queries';
import { mismatchedJoinKeys } from './mismatched-join-keys';
import { dominantKeyShare } from './dominant-key-share';
import { suspiciousKeyName } from './suspicious-key-name';
import { templateDiffersFromDesign } from './template-differs-from-design';

export const RULES: readonly Rule[] = [
  lowCardinalityKey,
  timeBucketKey,
  hotKeyExceedsPartition,
  hierarchyOrder,
  keyStructure,
  logicalPartitionSize,
  needlessSharding,
  excessiveFanOut,
  unshardedRead,
  monitoringOff,
  latencyBlindOnDemand,
  crossPartitionQueries,
  mismatchedJoinKeys,
  dominantKeyShare,
  suspiciousKeyName,
  templateDiffersFromDesign,
];

export const RULE_IDS: readonly string[] = RULES.map((rule) => rule.id);

/** Rules no longer run; their ids stay reserved, and acknowledging one is reported as unused (never an error). None yet. */
export const RETIRED_RULES: readonly RetiredRule[] = [];
