import { RULES } from '../../../lib';
import { table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

testRule('SG011', {
  valid: [
    { name: 'latency alarms on by default', design: table() },
    {
      name: 'a provisioned table without latency alarms (its throttle alarms see the partitions)',
      design: table({ billing: 'provisioned', monitoring: { latencyAlarms: false } }),
    },
  ],
  invalid: [
    {
      name: 'an on-demand table without latency alarms',
      design: table({ monitoring: { latencyAlarms: false } }),
      findings: [{ messageId: 'blind', path: 'monitoring.latencyAlarms', edits: [{ op: 'set', path: 'monitoring.latencyAlarms', value: true }] }],
    },
  ],
});

describe('SG011 rationale', () => {
  it('says that KeyRange throttle metrics exist in both modes and that SDK retries hide throttles, and names the alarms that cover it', () => {
    const rule = RULES.find((r) => r.id === 'SG011');
    expect(rule?.rationale).toMatch(/KeyRange throttle metrics .* in both capacity modes/);
    expect(rule?.rationale).toMatch(/SDKs retry throttled requests/);
    expect(rule?.rationale).toMatch(/p99 SuccessfulRequestLatency per operation/);
  });
});
