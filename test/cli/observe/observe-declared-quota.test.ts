/**
 * `observe cdk.out/` names the per-table quota a GuardedTable declared raised (its `quotas` prop, written to the
 * template metadata), not the published default, where an on-demand table without a maximum was throttled at it
 * (Read/WriteAccountLimitThrottleEvents: "Account limits exceeded", throttling-account-limit-exceeded-mitigation).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../../lib/cdk';
import { appWithStack } from '../../cdk/support';
import { cli, tempTree } from '../helpers';
import { insightRuleReport } from './recorded';
import { findingsOf, QUOTA_BUSY_WEEK, quotaThrottledWeek } from './support';

async function observeAssembly(quotas?: { tableWriteUnits: number }): Promise<string> {
  const root = tempTree();
  const { app, stack } = appWithStack({ outdir: join(root, 'cdk.out') });
  new GuardedTable(stack, 'Orders', {
    tableName: 'orders',
    partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 },
    workload: { peakReadUnits: 1500, peakWriteUnits: 30_000, hotKeyShare: 0.0001 },
    ...(quotas ? { quotas } : {}),
  });
  app.synth();
  writeFileSync(join(root, 'pkc.json'), JSON.stringify(insightRuleReport(QUOTA_BUSY_WEEK)));
  writeFileSync(join(root, 'metrics.json'), JSON.stringify(quotaThrottledWeek()));
  writeFileSync(join(root, 'manifest.json'), JSON.stringify({ observations: [{ table: 'orders', contributorInsights: 'pkc.json', metrics: 'metrics.json' }] }));
  const { stdout } = await cli(['observe', 'cdk.out', '--observations', 'manifest.json', '--format', 'json', '--no-color'], { cwd: root });
  return findingsOf(stdout).find((f) => f.messageId === 'saturated')?.message ?? '';
}

describe('observe cdk.out/: the per-table quota in force where the quota throttled the peak', () => {
  it('names the default, adjustable, where the GuardedTable declared none', async () => {
    expect(await observeAssembly()).toContain('the quota is 40,000 write request units per table by default, and for each of its GSIs on its own, adjustable');
  });

  it("names the declared 60,000 and its field where the GuardedTable's quotas raised it", async () => {
    const message = await observeAssembly({ tableWriteUnits: 60_000 });
    expect(message).toContain('the quota is 60,000 write request units per table as declared raised (quotas.tableWriteUnits)');
    expect(message).not.toContain('40,000');
  });
});
