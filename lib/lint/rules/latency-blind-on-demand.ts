import { defineRule } from '../rule';
import { SOURCES } from '../sources';

export const latencyBlindOnDemand = defineRule({
  id: 'SG011',
  title: 'latency-blind-on-demand',
  severity: 'error',
  engines: ['dynamodb'],
  thresholds: [],
  fires: 'An on-demand (pay-per-request) table has its p99 latency alarms turned off.',
  rationale:
    'On-demand tables have the same per-partition ceilings, and the KeyRange throttle metrics (Read/WriteKeyRangeThroughputThrottleEvents) count hot-partition throttles in both capacity modes. The blind spot is elsewhere: the AWS SDKs retry throttled requests automatically, so the application sees success while p99 SuccessfulRequestLatency climbs (5 ms → 50 ms) — with no capacity planning to notice, latency is often the first visible symptom. GuardedTable alarms on the KeyRange throttle events and on p99 SuccessfulRequestLatency per operation (GetItem, PutItem, Query, UpdateItem).',
  fix: 'Keep the p99 latency alarms the guarded construct wires, beside its KeyRange throttle alarms.',
  sources: [SOURCES.dynamoMetrics, SOURCES.dynamoRetries, SOURCES.dynamoKeyRangeThrottling],
  messages: {
    blind:
      'the table is on-demand and has no p99 latency alarm: the SDKs retry throttled requests, so a hot partition shows as rising p99 SuccessfulRequestLatency before anyone sees an error',
    fix: 'set monitoring.latencyAlarms to true (the default): GuardedTable then alarms on p99 SuccessfulRequestLatency per operation, beside its KeyRange throttle alarms',
  },
  check(design) {
    if (design.billing !== 'on-demand' || design.latencyAlarms) return [];
    return [
      {
        path: 'monitoring.latencyAlarms',
        messageId: 'blind' as const,
        fixId: 'fix' as const,
        data: {},
        edits: [{ op: 'set' as const, path: 'monitoring.latencyAlarms', value: true }],
      },
    ];
  },
});
