/** The rule catalogue, in id order. Ids are stable forever; a retired id is never reused. */
import type { RetiredRule, Rule } from '../rule';
import { capacityBelowPeak } from './capacity-below-peak';
import { crossPartitionQueries } from './cross-partition-queries';
import { dominantKeyShare } from './dominant-key-share';
import { excessiveFanOut } from './excessive-fan-out';
import { hierarchyOrder } from './hierarchy-order';
import { hotKeyExceedsPartition } from './hot-key-exceeds-partition';
import { keyStructure } from './key-structure';
import { logicalPartitionSize } from './logical-partition-size';
import { lowCardinalityKey } from './low-cardinality-key';
import { mismatchedJoinKeys } from './mismatched-join-keys';
import { monitoringOff } from './monitoring-off';
import { needlessSharding } from './needless-sharding';
import { shardSourceCannotSpread } from './shard-source-cannot-spread';
import { shardingBreaksInvariant } from './sharding-breaks-invariant';
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
  crossPartitionQueries,
  mismatchedJoinKeys,
  dominantKeyShare,
  suspiciousKeyName,
  templateDiffersFromDesign,
  capacityBelowPeak,
  shardSourceCannotSpread,
  shardingBreaksInvariant,
];

export const RULE_IDS: readonly string[] = RULES.map((rule) => rule.id);

/** Rules no longer run; their ids stay reserved, and acknowledging one is reported as unused (never an error). */
export const RETIRED_RULES: readonly RetiredRule[] = [
  {
    id: 'SG011',
    title: 'latency-blind-on-demand',
    // SuccessfulRequestLatency is time inside DynamoDB only ("DynamoDB metrics and dimensions"), and the
    // design switch it checked creates no alarm: a rule that refused synths on that premise had to go.
    retired:
      'retired before the first release: it refused on-demand tables with `monitoring.latencyAlarms: false` because SDK retries would show as rising p99 SuccessfulRequestLatency, but that metric is time inside DynamoDB only (no network, no client-side time), so retries never show in it, and the switch created no alarm. The hot-partition signal in both capacity modes is the key-range throttle events GuardedTable always alarms on, with Contributor Insights for the key (SG010)',
    replacedBy: ['SG010'],
  },
];

/**
 * Why an acknowledgement of a retired rule waives nothing, for every report that says so: `SG011
 * (latency-blind-on-demand) is retired (before the first release) and reports nothing any more; SG010 checks what it
 * checked`; a rule retired in a release names it (`retired (in 1.2.0)`).
 * Undefined for a rule that is not retired (its waiver waives nothing because its finding is gone).
 */
export function retiredRuleNote(ruleId: string): string | undefined {
  const rule = RETIRED_RULES.find((r) => r.id === ruleId);
  if (!rule) return undefined;
  const since = /^retired (in [^:]+|before the first release):/.exec(rule.retired)?.[1];
  const replaced = rule.replacedBy.length > 0 ? `; ${rule.replacedBy.join(', ')} ${rule.replacedBy.length === 1 ? 'checks' : 'check'} what it checked` : '';
  return `${rule.id} (${rule.title}) is retired${since ? ` (${since})` : ''} and reports nothing any more${replaced} (\`skewguard explain ${rule.id}\` says why)`;
}
