/**
 * The example app (examples/cdk, run by `npx cdk synth`) against the real tools: a snapshot,
 * cdk-nag v3's AwsSolutionsChecks, and aws-cdk-lib's built-in CloudFormation validation.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { AwsSolutionsChecks } from 'cdk-nag';
import { SkewguardExampleStack } from '../../examples/cdk/stack';
import { GuardedTable, LOOKUP_NONCE_CONTEXT } from '../../lib/cdk';
import { synthError, templateOf } from './support';

const root = join(__dirname, '..', '..');

interface PluginReport {
  pluginName: string;
  conclusion: string;
  violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
}

function report(app: App): PluginReport[] {
  return (JSON.parse(readFileSync(join(app.outdir, 'validation-report.json'), 'utf8')) as { pluginReports: PluginReport[] }).pluginReports;
}

describe('the example stack', () => {
  it('matches its snapshot, its tables keeping the logical IDs of 0.1 (an upgrade never replaces a table)', () => {
    const stack = new SkewguardExampleStack(new App({ context: { [LOOKUP_NONCE_CONTEXT]: 'snapshot' } }), 'SkewguardExample');
    const template = templateOf(stack);
    expect(Object.keys(template.findResources('AWS::DynamoDB::GlobalTable')).sort()).toEqual(['Documents7E5B2978', 'Tickets83B11BB2']);
    // Tickets: ACCESSED_AND_THROTTLED_KEYS with its hot-key alarm; Documents: a dashboard section.
    template.resourceCountIs('Custom::SkewguardContributorInsightsRules', 2);
    // The figures the pair test moves, asserted beside the snapshot: 20,000 of 80,000 WCU on the hot event, 160 partitions,
    // 80 shards (two on one partition: 500 + 498.44 − 1.56 = 996.88 of 1,000 WCU). The hot-key alarm's line is 80% of what
    // its partition leaves a key's writes: 180,000 units a minute less 3 × 60 × (80,000 − 250) ÷ 160 = 89,718.75.
    const tickets = template.toJSON().Resources.Tickets83B11BB2;
    expect(tickets.Metadata.skewguard.design.sharding).toMatchObject({ shards: 80 });
    const hotKey = Object.values(template.findResources('AWS::CloudWatch::Alarm'))
      .map((r) => r.Properties)
      .find((p) => String(p.AlarmDescription).startsWith('[ticket] the most accessed key of the table'));
    expect(hotKey?.Threshold).toBe(Math.round(0.8 * (180_000 - 89_718.75)));
    expect(template.toJSON()).toMatchSnapshot();
  });

  it("has no skewguard finding left unwaived: the sale's write peak above the default table quota is acknowledged with its reason", () => {
    const stack = new SkewguardExampleStack(new App(), 'SkewguardExample');
    const tables = stack.node.findAll().filter((c): c is GuardedTable => c instanceof GuardedTable);
    const open = tables.flatMap((t) => t.findings.filter((f) => !f.acknowledged).map((f) => `${f.ruleId} ${f.resource}: ${f.message}`));
    expect(open).toEqual([]);
    const waived = tables.flatMap((t) => t.findings.filter((f) => f.acknowledged).map((f) => `${f.ruleId} ${f.messageId} ${f.resource}`));
    expect(waived).toEqual(['SG017 overQuota SkewguardExample.Tickets']);
  });

  it("shows the tiers: hot partitions and capacity limits page the on-call topic, everything else goes to the backlog, and each alarm's recovery to the topic it fired to", () => {
    const template = templateOf(new SkewguardExampleStack(new App(), 'SkewguardExample'));
    const topics = Object.keys(template.findResources('AWS::SNS::Topic'));
    const [onCall, backlog] = ['OnCall', 'Backlog'].map((prefix) => ({ Ref: topics.find((id) => id.startsWith(prefix)) }));
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties);
    for (const alarm of alarms) {
      if (alarm.AlarmName.startsWith('skewguard page')) {
        // Tickets pages through its composite alarm (its page alarms tell no one, on ALARM or OK); Documents' page directly.
        const expected = alarm.AlarmName.includes('/Tickets ') ? undefined : [onCall];
        expect([alarm.AlarmActions, alarm.OKActions]).toEqual([expected, expected]);
      } else {
        expect([alarm.AlarmActions, alarm.OKActions]).toEqual([[backlog], [backlog]]);
      }
    }
    const [composite] = Object.values(template.findResources('AWS::CloudWatch::CompositeAlarm')).map((r) => r.Properties);
    expect(composite).toMatchObject({ AlarmActions: [onCall], OKActions: [onCall] });
  });

  it('passes cdk-nag AwsSolutionsChecks with no acknowledgement, while the same check flags a bare table beside it', () => {
    const app = new App();
    new SkewguardExampleStack(app, 'SkewguardExample');
    // Control: proves the pack runs and can fail (AwsSolutions-DDB3: no point-in-time recovery).
    const control = new Stack(app, 'Control');
    new Table(control, 'Bare', { partitionKey: { name: 'id', type: AttributeType.STRING } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    synthError(app);
    const nag = report(app).find((r) => r.pluginName === 'AwsSolutions');
    const paths = (nag?.violations ?? []).flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} ${c.constructPath}`));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !p.includes(' Control/'))).toEqual([]);
    expect(paths).toContain('AwsSolutions-DDB3 Control/Bare/Resource');
  });

  it("passes aws-cdk-lib's built-in CloudFormation validation, its errors made fatal", () => {
    const previous = process.env.CDK_VALIDATION;
    process.env.CDK_VALIDATION = 'true';
    try {
      const app = new App({ context: { '@aws-cdk/core:validateAgainstDefaultRules': true } });
      new SkewguardExampleStack(app, 'SkewguardExample');
      expect(synthError(app)).toBe('');
      // No finding at all, not even a warning, from the built-in rules.
      expect(report(app).filter((r) => r.pluginName === 'CloudFormation Validate')).toEqual([]);
    } finally {
      process.env.CDK_VALIDATION = previous;
    }
  }, 60_000);

  it('refuses the synth with the seed failure case, as `npx cdk synth -c refuse=true` runs it', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'skewguard-example-'));
    const run = () =>
      execFileSync(process.execPath, [join(root, 'examples/cdk/run-ts.js'), join(root, 'examples/cdk/app.ts')], {
        cwd: root,
        env: { ...process.env, CDK_OUTDIR: outdir, CDK_CONTEXT_JSON: JSON.stringify({ refuse: true }), CDK_VALIDATION: 'false', NODE_ENV: 'production' },
        stdio: 'pipe',
        encoding: 'utf8',
      });
    let failure: { status: number; stderr: string } | undefined;
    try {
      run();
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).not.toBe(0);
    expect(failure?.stderr).toContain('skewguard::SG001');
    expect(failure?.stderr).toContain('SkewguardExample/OrdersByStatus');
    // The design report the app prints first.
    expect(failure?.stderr).toMatch(/skewguard: 3 GuardedTables[\s\S]*error SG001 low-cardinality-key/);
  }, 60_000);
});
