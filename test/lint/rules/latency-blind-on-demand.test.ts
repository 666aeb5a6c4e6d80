import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG011';

describe('SG011 latency-blind-on-demand', () => {
  describe('fires', () => {
    it('on an on-demand table (the default billing) without p99 latency alarms', () => {
      const [finding, ...rest] = findingsOf(RULE, table({ monitoring: { latencyAlarms: false } }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', engine: 'dynamodb', path: 'monitoring.latencyAlarms', acknowledged: false });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('the table is on-demand and has no p99 latency alarm: a hot partition there shows as rising p99 SuccessfulRequestLatency, not as throttle errors');
      expect(finding.fix).toBe('set monitoring.latencyAlarms to true (the default): GuardedTable alarms on p99 SuccessfulRequestLatency per operation');
    });

    it('on an explicitly on-demand table, once even with GSIs (they share the table\'s alarms)', () => {
      const findings = findingsOf(RULE, table({
        billing: 'on-demand',
        monitoring: { latencyAlarms: false, contributorInsights: true },
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' } }],
      }));
      expect(findings.map((f) => f.path)).toEqual(['monitoring.latencyAlarms']);
    });

    it('in a design file, at the table\'s location', () => {
      const findings = findingsOf(RULE, { tables: [table(), table({ name: 'sessions', monitoring: { latencyAlarms: false } })] });
      expect(findings.map((f) => [f.resource, f.path])).toEqual([['sessions', 'tables[1].monitoring.latencyAlarms']]);
    });
  });

  describe('does not fire', () => {
    it('with latency alarms on (the default)', () => {
      expect(findingsOf(RULE, table())).toEqual([]);
      expect(findingsOf(RULE, table({ monitoring: { latencyAlarms: true } }))).toEqual([]);
    });

    it('on a provisioned table without latency alarms (throttling shows as errors there)', () => {
      expect(findingsOf(RULE, table({ billing: 'provisioned', monitoring: { latencyAlarms: false } }))).toEqual([]);
    });

    it('on Cosmos DB containers', () => {
      expect(findingsOf(RULE, container({ monitoring: { partitionKeyDiagnostics: false } }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Latency is alarmed by the service mesh dashboards.';
      const findings = findingsOf(RULE, table({ monitoring: { latencyAlarms: false }, acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });
  });
});
