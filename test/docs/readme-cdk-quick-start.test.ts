/**
 * The README's CDK quick start, run as written: what its `cdk synth` comment and the text after it promise is what
 * the app does. The app prints nothing of its own (no design report unless it calls `designReport`), its design
 * has no finding, and its only warnings are the alarm tiers with no topic the text names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import ts from 'typescript';
import { GuardedTable } from '../../lib/cdk';

process.env.CDK_VALIDATION = 'false';

const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
const quickStart = /## Quick start\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
const app = /\*\*A CDK app\*\*[\s\S]*?```ts\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? '';
const synthLine = /^npx cdk synth .*$/m.exec(quickStart)?.[0] ?? '';

function runQuickStart(): { app: App; printed: string[] } {
  const body = ts.transpileModule(`${app.replace(/^import .*$/gm, '')}\nreturn app;`, {
    compilerOptions: { target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const printed: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  try {
    return { app: new Function('App', 'Stack', 'AttributeType', 'GuardedTable', body)(App, Stack, AttributeType, GuardedTable) as App, printed };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

it("says what the quick start's `cdk synth` prints: the design report only where the app prints it", () => {
  expect(app).toContain('new GuardedTable(');
  expect(synthLine).not.toBe('');
  const { app: cdkApp, printed } = runQuickStart();
  expect(printed).toEqual([]);
  if (!app.includes('designReport(')) expect(synthLine).not.toMatch(/design report/);
  expect(synthLine).toMatch(/the template; each finding as WARNING or ERROR/);
  expect(quickStart).toContain('add `console.error(designReport(app));` to the app');
  expect(quickStart).toContain('`cdk.out/validation-report.json`');

  const warnings = cdkApp
    .synth()
    .getStackByName('Shop')
    .messages.filter((m) => m.level !== 'info')
    .map((m) => `${m.level} ${String(m.entry.data)}`);
  // No finding: the only warnings are the two alarm tiers without a topic, as the text after the command says.
  expect(warnings.map((w) => /notif(y|ies) no one/.test(w))).toEqual([true, true]);
  expect(quickStart).toContain('a warning per alarm tier with no\ntopic to notify');
});

it('names everything `npx cdk synth` needs to run the quick start app: the CLI, ts-node on TypeScript 5.9, cdk.json and tsconfig.json', () => {
  const setup = /\*\*A CDK app\*\* \(([\s\S]*?)\): declare the table in `([^`]+)`/.exec(quickStart);
  expect(setup).not.toBeNull();
  const [, requirements, appFile] = setup!;
  const install = /`npm install --save-dev ([^`]+)`/.exec(requirements)?.[1].split(' ') ?? [];
  expect(install).toEqual(expect.arrayContaining(['aws-cdk', 'aws-cdk-lib', 'constructs', 'typescript@~5.9', 'ts-node']));
  // cdk.json runs the file the text names; without a tsconfig.json setting CommonJS, ts-node 10 on Node 20 hands the
  // .ts file to Node's ESM loader ("Unknown file extension .ts").
  const cdkJson = JSON.parse(/a `cdk\.json` of `([^`]+)`/.exec(requirements.replace(/\n/g, ' '))?.[1] ?? 'null') as { app: string };
  expect(cdkJson.app).toBe(`npx ts-node ${appFile}`);
  const tsconfig = JSON.parse(/a\s+`tsconfig\.json` of `([^`]+)`/.exec(requirements.replace(/\n/g, ' '))?.[1] ?? 'null') as {
    compilerOptions: { module: string };
  };
  expect(tsconfig.compilerOptions.module).toBe('commonjs');
});
