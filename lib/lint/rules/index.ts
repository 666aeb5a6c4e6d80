/** The rule catalogue, in id order. Ids are stable forever; a retired id is never reused. */
import type { RetiredRule, Rule } from '../rule';
import { capacityBelowPeak } from './capacity-below-peak';
import { crossPartitionQueries } from './cross-partition-queries';
import { dominantKeyShare } from './dominant-key-share';
import { excessiveFanOut } from './excessive-fan-out';
import { hierarchyOrder } from './hierarchy-order';
import { hotKeyExceedsPartition } from './hot-key-exceeds-partition';
import { keyStructure } from './key-structure';
import { latencyBlindOnDemand } from './latency-blind-on-demand';
import { logicalPartitionSize } from './logical-partition-size';
import { lowCardinalityKey } from './low-cardinality-key';
import { mismatchedJoinKeys } from './mismatched-join-keys';
import { monitoringOff } from './monitoring-off';
import { needlessSharding } from './needless-sharding';
import { suspiciousKeyName } from './suspicious-key-name';
import { templateDiffersFromDesign } from './template-differs-from-design';
import { timeBucketKey } from './time-bucket-key';
import { unshardedRead } from './unsharded-read';

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
  capacityBelowPeak,
];

export const RULE_IDS: readonly string[] = RULES.map((rule) => rule.id);

/** Rules no longer run; their ids stay reserved, and acknowledging one is reported as unused (never an error). None yet. */
export const RETIRED_RULES: readonly RetiredRule[] = [];
