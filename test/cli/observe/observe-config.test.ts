/**
 * `observe` judges a design file with the project config, as `lint` does: its raised quotas, its rules turned off and
 * its fail-on, so a nightly observe agrees with the CI lint (a config that turned a rule off no longer saw it come back
 * in observe, and a raised quota was named as the 40,000 default). `--no-config` and `--config` work as for lint.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { insightRuleReport } from './recorded';
import { findingsOf, QUOTA_BUSY_WEEK, quotaThrottledWeek } from './support';

const ORDERS = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 1_000_000 },
      workload: { peakReadUnits: 1500, peakWriteUnits: 30_000, hotKeyShare: 0.0001 },
      monitoring: { contributorInsights: false },
    },
  ],
};

function observedTree(config?: unknown): string {
  const root = tempTree({
    'design.json': JSON.stringify(ORDERS, null, 2),
    'pkc.json': JSON.stringify(insightRuleReport(QUOTA_BUSY_WEEK)),
    'metrics.json': JSON.stringify(quotaThrottledWeek()),
    'manifest.json': JSON.stringify({ observations: [{ table: 'orders', contributorInsights: 'pkc.json', metrics: 'metrics.json' }] }),
  });
  if (config !== undefined) writeFileSync(join(root, 'skewguard.config.json'), JSON.stringify(config));
  return root;
}

async function observe(root: string, ...args: string[]) {
  const { code, stdout } = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--format', 'json', '--no-color', ...args], { cwd: root });
  const findings = findingsOf(stdout);
  const config = (JSON.parse(stdout) as { config?: { file?: string } }).config;
  return { code, findings, config, saturated: findings.find((f) => f.messageId === 'saturated')?.message ?? '' };
}

describe('observe judges a design file with the project config', () => {
  it("names the config's raised quota, and what the config turns off stays off", async () => {
    const root = observedTree({ quotas: { tableWriteUnits: 60_000 }, rules: { SG010: 'off' } });
    const withConfig = await observe(root);
    expect(withConfig.saturated).toContain('the quota is 60,000 write request units per table as declared raised (quotas.tableWriteUnits)');
    expect(withConfig.saturated).not.toContain('40,000');
    expect(withConfig.findings.map((f) => f.ruleId)).not.toContain('SG010');
    expect(withConfig.config?.file).toBe('skewguard.config.json');

    // The same tree without the config: the default quota, and the rule the config turned off reports again.
    const without = await observe(root, '--no-config');
    expect(without.saturated).toContain('the quota is 40,000 write request units per table by default');
    expect(without.findings.map((f) => f.ruleId)).toContain('SG010');
    expect(without.config?.file ?? undefined).toBeUndefined();
  });

  it('takes --config for a named file, and refuses --config beside --no-config', async () => {
    const root = observedTree();
    writeFileSync(join(root, 'ci.json'), JSON.stringify({ failOn: 'warning' }));
    const named = await observe(root, '--config', 'ci.json');
    expect(named.config?.file).toBe('ci.json');
    // The config's rules judge the run: SG010 (Contributor Insights off) turned off by the named file only.
    writeFileSync(join(root, 'quiet.json'), JSON.stringify({ rules: { SG010: 'off' } }));
    expect(named.findings.map((f) => f.ruleId)).toContain('SG010');
    expect((await observe(root, '--config', 'quiet.json')).findings.map((f) => f.ruleId)).not.toContain('SG010');
    const both = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--config', 'ci.json', '--no-config'], { cwd: root });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--config and --no-config contradict each other');
  });
});
