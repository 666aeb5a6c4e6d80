/**
 * What an alarm is about, apart from how it is built: the dashboard and the props read these types
 * without depending on the alarm builders (which depend on the props).
 */
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { LatencyOperation } from './metrics';

/** Who is told: page (someone now) or ticket (someone this week). */
export type AlarmTier = 'page' | 'ticket';

/** What an alarm watches. */
export type SkewSignal = 'key-range-throttles' | 'sustained-throttles' | 'throttles-and-errors' | 'at-maximum' | 'latency' | 'hot-key' | 'replication-latency';

/** One alarm and what it is about, so tooling can pick alarms without parsing names. */
export interface SkewAlarm {
  /** The CloudWatch alarm. */
  readonly alarm: cloudwatch.Alarm;
  /** `page` (someone now) or `ticket` (someone this week): whether it notifies the page or the ticket topic and actions. */
  readonly tier: AlarmTier;
  /** What it watches. */
  readonly signal: SkewSignal;
  /** The GSI of a per-key-space alarm; undefined for the table (and for per-table alarms: `key-range-throttles` and
   *  `sustained-throttles`, which read every key space, and the table's `throttles-and-errors`). */
  readonly index?: string;
  /** The operation of a latency alarm. */
  readonly operation?: LatencyOperation;
  /** The replica Region a `replication-latency` alarm watches the writes to; undefined for the other alarms. */
  readonly region?: string;
}
