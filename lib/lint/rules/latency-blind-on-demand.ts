import type { Rule } from '../rule';

export const latencyBlindOnDemand: Rule = {
  id: 'SG011',
  title: 'latency-blind-on-demand',
  severity: 'error',
  engines: ['dynamodb'],
  fires: 'An on-demand (pay-per-request) table or GSI has no p99 latency alarm.',
  rationale: 'On-demand mode has the same per-partition ceilings; a hot partition there shows up as p99 SuccessfulRequestLatency rising (5 ms → 50 ms) long before throttle counts do. Watching only ThrottledRequests misses it. Source: seed article 000; DynamoDB metric SuccessfulRequestLatency (per Operation).',
  fix: 'Keep the p99 latency alarms the guarded construct wires.',
  checkDesign(design) {
    if (design.engine !== 'dynamodb' || design.billing !== 'on-demand' || design.latencyAlarms) return [];
    return [{
      path: 'monitoring.latencyAlarms',
      message: 'the table is on-demand and has no p99 latency alarm: a hot partition there shows as rising p99 SuccessfulRequestLatency, not as throttle errors',
      fix: 'set monitoring.latencyAlarms to true (the default): GuardedTable alarms on p99 SuccessfulRequestLatency per operation',
    }];
  },
};
