/**
 * `skewguard lint cdk.out/` on a stack whose `Validations.acknowledge()` waives a finding with a reason skewguard refuses
 * (under 10 characters). CDK suppresses a violation by its id alone, so the synth's own report lists the finding as
 * acknowledged; skewguard does not honour the waiver (the template's metadata holds only the waivers it accepted). Each
 * report format says the waiver was refused and reports the finding unwaived: text and json name no acknowledgement,
 * SARIF gives the result no suppression, and the refusal is an error of the template (exit 2).
 */
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, statusKeyed, synthError } from '../cdk/support';
import { cli, tempTree } from './helpers';

const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
// SG001 and SG003 errors; SG001 waived with a two-character reason.
const table = new GuardedTable(stack, 'Orders', statusKeyed());
Validations.of(table).acknowledge({ id: 'skewguard::SG001', reason: 'ok' });
const refusal = synthError(app);
const cwd = join(app.outdir, '..');
const refused = "Validations.acknowledge({ id: 'skewguard::SG001' }) at Test/Orders is not a valid waiver: reason: expected a string of at least 10 characters";

it('is a waiver the synth refuses', () => {
  expect(refusal).toContain(refused);
});

it('text: the refusal is an error of the template, and SG001 an error, not "(acknowledged)"', async () => {
  const { code, stdout } = await cli(['lint', 'cdk.out', '--no-color'], { cwd });
  expect(code).toBe(2);
  expect(stdout).toContain(`error   ${join('cdk.out', 'Test.template.json')}: ${refused}`);
  expect(stdout).toMatch(/ {4}error {3}SG001 low-cardinality-key/);
  expect(stdout).not.toContain('acknowledged');
});

it('json: SG001 has acknowledged false and no reason, and the refusal is among the file’s errors', async () => {
  const { stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd });
  const report = JSON.parse(stdout) as {
    files: { findings: { ruleId: string; severity: string; acknowledged: boolean }[]; errors: { message: string }[] }[];
    summary: { acknowledged: number };
  };
  const [file] = report.files;
  const sg001 = file.findings.find((f) => f.ruleId === 'SG001');
  expect(sg001).toMatchObject({ severity: 'error', acknowledged: false });
  expect(sg001).not.toHaveProperty('reason');
  expect(file.errors.map((e) => e.message)).toEqual([expect.stringContaining(refused)]);
  expect(report.summary.acknowledged).toBe(0);
});

it('sarif: the SG001 result carries no suppression, and the refusal is an error notification of the run', async () => {
  const { stdout } = await cli(['lint', 'cdk.out', '--format', 'sarif'], { cwd });
  const [run] = JSON.parse(stdout).runs as {
    results: { ruleId: string; level: string; suppressions?: unknown }[];
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string } }[] }[];
  }[];
  const sg001 = run.results.find((r) => r.ruleId === 'SG001');
  expect(sg001).toMatchObject({ level: 'error' });
  expect(sg001?.suppressions).toBeUndefined();
  expect(run.invocations[0].executionSuccessful).toBe(false);
  expect(run.invocations[0].toolExecutionNotifications).toEqual([
    { level: 'error', message: { text: expect.stringContaining(refused) }, locations: expect.any(Array) },
  ]);
});
