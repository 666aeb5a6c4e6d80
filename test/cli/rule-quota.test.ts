/**
 * The Contributor Insights rule quota is a verdict wherever a CDK app is judged (review stranger17a): 40 GuardedTables,
 * each with a sort key and a GSI, make 120 rules against the default quota of 100 per account and Region. The synth
 * warns on T26 (80 rules) and refuses T33 (the 101st rule); the testing helpers and `skewguard lint cdk.out/` must say
 * the same. One synth of the 40 tables (CDK_VALIDATION off: the validation engine is not under test), reused by every
 * test here; the quiet case is a synth of 26 tables (78 rules, under 80%).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { assertStackFails, assertStackPasses, DesignAssertionError } from '../../lib/testing/cdk';
import { healthy } from '../cdk/support';
import { cli, tempTree } from './helpers';
process.env.CDK_VALIDATION = 'false';

// CDK prints the validation report of a synth with warnings.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

/** A stack of `tables` GuardedTables with a sort key and one GSI: 3 rules each (PKT, SKT for the table, PKT for the GSI). */
function appOf(tables: number, env?: { account: string; region: string }) {
  const app = new App({ outdir: join(tempTree(), 'cdk.out') });
  const stack = new Stack(app, 'Shop', env ? { env } : {});
  for (let i = 0; i < tables; i++)
    new GuardedTable(
      stack,
      `T${i}`,
      healthy({
        sortKey: { name: 'createdAt', type: AttributeType.STRING, cardinality: 'unique' },
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' } }],
      }),
    );
  return { app, stack };
}

const over = appOf(40, { account: '111111111111', region: 'eu-west-1' });
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
};

interface JsonFinding {
  ruleId: string;
  severity: string;
  resource: string;
  path: string;
  message: string;
  fix: string;
}
async function lintJson(dirs: string[], cwd: string, extra: string[] = []) {
  const { code, stdout } = await cli(['lint', ...dirs, '--format', 'json', ...extra], { cwd });
  const files = JSON.parse(stdout).files as { file: string; findings: JsonFinding[] }[];
  return { code, quota: files.flatMap((f) => f.findings.filter((x) => x.ruleId === 'contributor-insights-rule-quota')) };
}

describe('the testing helpers give the verdict cdk synth gives on the rule quota', () => {
  it('assertStackPasses fails, naming the table and the quota', () => {
    const error = thrown(() => assertStackPasses(over.stack));
    expect(error).toBeInstanceOf(DesignAssertionError);
    expect(error.message).toContain('fails with contributor-insights-rule-quota');
    expect(error.message).toMatch(
      /Shop\/T33[\s\S]*create 101 Contributor Insights rules in account 111111111111, eu-west-1, against a quota of 100 per account and Region/,
    );
  });

  it('assertStackFails can expect it, on the table that passes the quota', () => {
    const failed = assertStackFails(over.stack, { rule: 'contributor-insights-rule-quota', resource: 'T33' });
    expect(failed.filter((v) => v.ruleId === 'contributor-insights-rule-quota').map((v) => v.constructPath)).toEqual(['Shop/T33']);
  });

  it('passes a stack under the quota', () => {
    expect(assertStackPasses(appOf(26).stack).filter((v) => v.ruleId === 'contributor-insights-rule-quota')).toEqual([]);
  });
});

describe('lint cdk.out/ counts the rules of the assembly as the synth does', () => {
  const cwd = join(over.app.outdir, '..');

  it('warns on the table that reaches 80% and fails on the one past the quota, in the synth’s words (exit 1)', async () => {
    over.app.synth();
    const { code, quota } = await lintJson(['cdk.out'], cwd);
    expect(code).toBe(1);
    expect(quota.map((f) => [f.severity, f.resource])).toEqual([
      ['warning', expect.stringMatching(/^T26/)],
      ['error', expect.stringMatching(/^T33/)],
    ]);
    expect(quota[1].message).toBe(
      'with this table the tables of the cloud assemblies linted create 101 Contributor Insights rules in account 111111111111, eu-west-1, against a quota of 100 per account and Region (shared with every other app there); past it the deployment fails (LimitExceededException) unless the quota was raised',
    );
    expect(quota[1].fix).toMatch(/--contributor-insights-rule-quota <new quota> \(or "contributorInsightsRuleQuota" in the config\); or spread the tables/);
    // T0–T32 make 99 rules: T33's table (PKT and SKT) takes the count to 101.
    expect(quota[1].path).toMatch(/^Resources\.T33\w+\.Properties\.Replicas\[0\]\.ContributorInsightsSpecification$/);
  });

  it('takes a raised quota from the flag or the config, and is quiet under 80% of it', async () => {
    const raised = await lintJson(['cdk.out'], cwd, ['--contributor-insights-rule-quota', '150']);
    // 120 rules: 80% of 150.
    expect(raised.quota.map((f) => [f.severity, f.resource.slice(0, 3)])).toEqual([['warning', 'T39']]);
    expect(raised.code).toBe(0);
    expect((await lintJson(['cdk.out'], cwd, ['--contributor-insights-rule-quota', '200'])).quota).toEqual([]);
    const configured = join(tempTree({ 'skewguard.config.json': JSON.stringify({ contributorInsightsRuleQuota: 200 }) }));
    expect((await lintJson([over.app.outdir], configured)).quota).toEqual([]);
    // A raised quota passes tables the default fails: every report names it, as it names a rule turned off.
    const text = await cli(['lint', over.app.outdir], { cwd: configured });
    expect(text.stdout).toContain('config: skewguard.config.json (counts Contributor Insights rules against a quota of 200 (default 100))');
    const badConfig = tempTree({ 'skewguard.config.json': JSON.stringify({ contributorInsightsRuleQuota: 0 }) });
    const refused = await cli(['lint', over.app.outdir], { cwd: badConfig });
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('contributorInsightsRuleQuota')]);
    const { code, stderr } = await cli(['lint', 'cdk.out', '--contributor-insights-rule-quota', '0'], { cwd });
    expect([code, stderr]).toEqual([2, expect.stringContaining('--contributor-insights-rule-quota must be a whole number ≥ 1')]);
  });

  it('counts several assemblies on one command line together, in their account and Region', async () => {
    const copy = join(cwd, 'other', 'cdk.out');
    cpSync(over.app.outdir, copy, { recursive: true });
    const { quota } = await lintJson(['cdk.out', join('other', 'cdk.out')], cwd, ['--contributor-insights-rule-quota', '300']);
    // 240 rules: 80% of 300 on the copy's T39.
    expect(quota.map((f) => [f.severity, f.resource.slice(0, 3)])).toEqual([['warning', 'T39']]);
  });

  it('counts the stacks whose account and Region are left to deploy time together, as the synth does', async () => {
    const copy = join(cwd, 'agnostic', 'cdk.out');
    cpSync(over.app.outdir, copy, { recursive: true });
    const manifest = join(copy, 'manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('aws://111111111111/eu-west-1', 'aws://unknown-account/unknown-region'));
    const { code, quota } = await lintJson([join('agnostic', 'cdk.out')], cwd);
    expect(code).toBe(1);
    expect(quota.map((f) => [f.severity, f.resource.slice(0, 3)])).toEqual([
      ['warning', 'T26'],
      ['error', 'T33'],
    ]);
    expect(quota[1].message).toContain('create 101 Contributor Insights rules in the account and Region of the environment-agnostic stacks');
  });

  it('says nothing of an environment-agnostic app under the quota', async () => {
    const quiet = appOf(26);
    quiet.app.synth();
    const { code, quota } = await lintJson(['cdk.out'], join(quiet.app.outdir, '..'));
    expect([code, quota]).toEqual([0, []]);
  });
});

describe('the rule quota in SARIF', () => {
  it('is a rule of tool.driver.rules, linking its documentation, and each result points at it', async () => {
    over.app.synth();
    const { stdout } = await cli(['lint', 'cdk.out', '--format', 'sarif'], { cwd: join(over.app.outdir, '..') });
    const run = JSON.parse(stdout).runs[0];
    const index = run.tool.driver.rules.findIndex((r: { id: string }) => r.id === 'contributor-insights-rule-quota');
    expect(run.tool.driver.rules[index]).toMatchObject({
      name: 'contributor-insights-rules-per-region',
      helpUri: expect.stringMatching(/docs\/cli\.md#the-contributor-insights-rule-quota$/),
      help: { markdown: expect.stringContaining('LimitExceededException') },
    });
    expect(
      run.results.filter((r: { ruleId: string }) => r.ruleId === 'contributor-insights-rule-quota').map((r: { ruleIndex: number }) => r.ruleIndex),
    ).toEqual([index, index]);
  });
});
