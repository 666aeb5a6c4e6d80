/**
 * The Contributor Insights rule quota is a verdict wherever a CDK app is judged (review stranger17a): 40 GuardedTables,
 * each with a sort key and a GSI, make 120 rules against the default quota of 100 per account and Region. The synth
 * warns on T26 (81 rules with it) and refuses T33 (102 with it: its first key space makes the 101st rule); the testing helpers and `skewguard lint cdk.out/` must say
 * the same. One synth of the 40 tables (CDK_VALIDATION off: the validation engine is not under test), reused by every
 * test here; the quiet case is a synth of 26 tables (78 rules, under 80%).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType, CfnTable, ContributorInsightsMode, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { assertStackFails, assertStackPasses, DesignAssertionError, synthDesignReport } from '../../lib/testing/cdk';
import { healthy } from '../cdk/support';
import { cli, tempTree } from './helpers';
process.env.CDK_VALIDATION = 'false';

// CDK prints the validation report of a synth with warnings.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

/** `tables` GuardedTables with a sort key and one GSI: 3 rules each (PKT, SKT for the table, PKT for the GSI). */
function guardedTables(stack: Stack, tables: number) {
  for (let i = 0; i < tables; i++)
    new GuardedTable(
      stack,
      `T${i}`,
      healthy({
        sortKey: { name: 'createdAt', type: AttributeType.STRING, cardinality: 'unique' },
        globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' } }],
      }),
    );
}

const newApp = () => new App({ outdir: join(tempTree(), 'cdk.out') });

/** A stack Shop of `tables` GuardedTables (`guardedTables`). */
function appOf(tables: number, env?: { account: string; region: string }) {
  const app = newApp();
  const stack = new Stack(app, 'Shop', env ? { env } : {});
  guardedTables(stack, tables);
  return { app, stack };
}

const over = appOf(40, { account: '111111111111', region: 'eu-west-1' });

/** Synthesizes `app` to its cdk.out: a synth the quota refuses still writes the assembly, and throws ValidationFailed. */
function synthesized(app: App): void {
  try {
    app.synth();
  } catch (error) {
    if ((error as Error).name !== 'ValidationFailed') throw error;
  }
}
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
      /Shop\/T33[\s\S]*create 102 Contributor Insights rules in account 111111111111, eu-west-1, against a quota of 100 per account and Region \(shared with every other app there\); in all they create 120 there/,
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
    synthesized(over.app);
    const { code, quota } = await lintJson(['cdk.out'], cwd);
    expect(code).toBe(1);
    expect(quota.map((f) => [f.severity, f.resource])).toEqual([
      ['warning', expect.stringMatching(/^T26/)],
      ['error', expect.stringMatching(/^T33/)],
    ]);
    expect(quota[1].message).toMatch(
      /^with this table, the tables of the cloud assemblies linted create 102 Contributor Insights rules in account 111111111111, eu-west-1, against a quota of 100 per account and Region \(shared with every other app there\); past it the deployment fails \(LimitExceededException\) unless the quota was raised; rules by stack and table: Shop 102 \(T0\w+ 3, T1\w+ 3, T2\w+ 3, T3\w+ 3, T4\w+ 3 and 29 more tables\)$/,
    );
    expect(quota[1].fix).toMatch(/--contributor-insights-rule-quota <new quota> \(or "contributorInsightsRuleQuota" in the config\); or spread the tables/);
    // T0–T32 make 99 rules: T33's table (PKT and SKT) takes the count to 101, its GSI to 102.
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
    expect(quota[1].message).toContain('create 102 Contributor Insights rules in the account and Region of the environment-agnostic stacks');
  });

  it('says nothing of an environment-agnostic app under the quota', async () => {
    const quiet = appOf(26);
    synthesized(quiet.app);
    const { code, quota } = await lintJson(['cdk.out'], join(quiet.app.outdir, '..'));
    expect([code, quota]).toEqual([0, []]);
  });
});

describe('the rule quota in SARIF', () => {
  it('is a rule of tool.driver.rules, linking its documentation, and each result points at it', async () => {
    synthesized(over.app);
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

describe('the synth and lint cdk.out/ count the same tables (review quota18)', () => {
  const ACCOUNT = '111111111111';
  /** A plain TableV2 with a sort key in ACCESSED_AND_THROTTLED_KEYS mode: 4 rules (PKC, PKT, SKC, SKT) in each Region it is in. */
  const accessedTable = (stack: Stack, id: string, replicaRegions: string[] = []) =>
    new TableV2(stack, id, {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      contributorInsightsSpecification: { enabled: true, mode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS },
      replicas: replicaRegions.map((region) => ({ region })),
    });

  /** Both verdicts on an app, as [severity, construct of the table, message] (the words for whose tables made alike; the
   *  synth's total for the whole app left out: `lint` reports each file before it has counted the next). */
  async function verdicts(app: App) {
    const synth = synthDesignReport(app)
      .violations.filter((v) => v.ruleId === 'contributor-insights-rule-quota')
      .map((v) => [v.severity, v.message.replace('the tables of this app', 'the tables').replace(/; in all they create \d+ there/, '')]);
    const linted = await lintJson(['cdk.out'], join(app.outdir, '..'));
    const cli = linted.quota.map((f) => [f.severity, f.message.replace('the tables of the cloud assemblies linted', 'the tables')]);
    return { synth, cli, code: linted.code };
  }

  it('counts GuardedTables, TableV2 and CfnTable alike, over the stacks of one account and Region: the verdicts are equal', async () => {
    const app = newApp();
    const env = { account: ACCOUNT, region: 'eu-west-1' };
    const mixed = new Stack(app, 'Mixed', { env });
    guardedTables(mixed, 10); // 30 rules
    for (let i = 0; i < 12; i++) accessedTable(mixed, `Plain${i}`); // 48: 78
    // An L1 table without Mode (counted as ACCESSED_AND_THROTTLED_KEYS: 2 rules) and a GSI with a sort key (4): 84.
    new CfnTable(mixed, 'Raw', {
      keySchema: [{ attributeName: 'pk', keyType: 'HASH' }],
      attributeDefinitions: ['pk', 'gpk', 'gsk'].map((attributeName) => ({ attributeName, attributeType: 'S' })),
      billingMode: 'PAY_PER_REQUEST',
      contributorInsightsSpecification: { enabled: true },
      globalSecondaryIndexes: [
        {
          indexName: 'byG',
          keySchema: [
            { attributeName: 'gpk', keyType: 'HASH' },
            { attributeName: 'gsk', keyType: 'RANGE' },
          ],
          projection: { projectionType: 'KEYS_ONLY' },
          contributorInsightsSpecification: { enabled: true },
        },
      ],
    });
    guardedTables(new Stack(app, 'Second', { env }), 6); // 18: 102
    const { synth, cli, code } = await verdicts(app);
    expect(synth).toEqual(cli);
    expect(code).toBe(1);
    expect(synth.map(([severity]) => severity)).toEqual(['warning', 'error']);
    // 78 before Raw: its own key space takes the count to 80, its GSI to 84, the count given (whole tables); Second's T5
    // table (PKT, SKT) from 99 to 101, its GSI to 102.
    expect(synth[0][1]).toMatch(/create 84 Contributor Insights rules in account 111111111111, eu-west-1, .*rules by stack and table: Mixed 84 \(/);
    expect(synth[1][1]).toMatch(
      /create 102 Contributor Insights rules .*rules by stack and table: Mixed 84 \(.* and 18 more tables\); Second 18 \(.* and 1 more table\)$/,
    );
    // Where the synth reports it: the construct behind the table, a GuardedTable or the raw table.
    const paths = synthDesignReport(app)
      .violations.filter((v) => v.ruleId === 'contributor-insights-rule-quota')
      .map((v) => v.constructPath);
    expect(paths).toEqual(['Mixed/Raw', 'Second/T5']);
  });

  it("counts a GlobalTable's replica in the replica's Region, in the synth and in lint cdk.out/", async () => {
    const app = newApp();
    // Europe.template.json is read before Global.template.json: 8 GuardedTables, 24 rules in eu-west-1.
    guardedTables(new Stack(app, 'Europe', { env: { account: ACCOUNT, region: 'eu-west-1' } }), 8);
    const global = new Stack(app, 'Global', { env: { account: ACCOUNT, region: 'us-east-1' } });
    // Each table: 4 rules in us-east-1 and 4 in its replica's eu-west-1.
    for (let i = 0; i < 20; i++) accessedTable(global, `G${i}`, ['eu-west-1']);
    const { synth, cli } = await verdicts(app);
    expect(synth).toEqual(cli);
    expect(synth.map(([severity, message]) => [severity, /create (\d+) .* rules in account 111111111111, ([\w-]+),/.exec(message)?.slice(1)])).toEqual([
      ['warning', ['80', 'eu-west-1']], // G13: 24 + 14 × 4
      ['error', ['104', 'eu-west-1']], // G19: 24 + 20 × 4 (its replicas in template order: eu-west-1 first)
      ['warning', ['80', 'us-east-1']], // G19: 20 × 4
    ]);
  });
});
