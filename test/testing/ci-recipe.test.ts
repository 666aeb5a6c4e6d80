// examples/ci: the workflow parses and holds the steps it promises; its lint command, run as written
// on design files and a CDK cloud assembly, writes SARIF that validates against SARIF 2.1.0; and
// docs/testing.md quotes the workflow and the example tests exactly.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../cli/helpers';
import { sarifErrors } from './support/sarif';

// js-yaml 4 (YAML 1.2, so `on:` stays a key) is installed with eslint, jest and @pulumi/pulumi; it has no types here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load(text: string): unknown };

const root = join(__dirname, '../..');
const recipe = join(root, 'examples/ci');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflow = yaml.load(readFileSync(join(recipe, 'skewguard.yml'), 'utf8')) as Workflow;
const lintStep = (job: Job) => job.steps.find((s) => s.run?.includes('skewguard lint')) as Step;

describe('the CI workflow', () => {
  it('runs on pull requests and pushes, with read-only permissions by default', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(Object.keys(workflow.jobs)).toEqual(['designs', 'snapshots']);
  });

  it.each(['designs', 'snapshots'])('job %s checks out, installs Node.js 20 and the locked dependencies', (name) => {
    const steps = workflow.jobs[name].steps;
    expect(steps[0].uses).toMatch(/^actions\/checkout@v\d+$/);
    expect(steps[1]).toMatchObject({ uses: expect.stringMatching(/^actions\/setup-node@v\d+$/), with: { 'node-version': 20 } });
    expect(steps[2].run).toBe('npm ci');
  });

  it('lints to SARIF and uploads that file to code scanning even when the lint fails, with the permission to', () => {
    const job = workflow.jobs.designs;
    expect(job.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
    const lint = lintStep(job).run as string;
    expect(lint).toMatch(/^npx skewguard lint .* --format sarif --output-file skewguard\.sarif$/);
    const upload = job.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@')) as Step;
    expect(upload.with).toEqual({ sarif_file: 'skewguard.sarif', category: 'skewguard' });
    expect(upload.if).toMatch(/^always\(\)/);
    expect(job.steps.indexOf(upload)).toBeGreaterThan(job.steps.indexOf(lintStep(job)));
  });

  it('lints when the CDK synth failed too: a refused design is the one whose findings must reach code scanning (review 12)', () => {
    const job = workflow.jobs.designs;
    const synth = job.steps.find((s) => s.run?.startsWith('npx cdk synth')) as Step;
    expect(synth.id).toBe('synth');
    expect(lintStep(job).if).toBe(`success() || steps.${synth.id}.outcome == 'failure'`);
    // Every step between the synth and the upload runs after a failed synth, so the SARIF it uploads exists.
    const upload = job.steps.findIndex((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    for (const step of job.steps.slice(job.steps.indexOf(synth) + 1, upload))
      expect(step.if).toMatch(/^(always\(\)|success\(\) \|\| steps\.synth\.outcome == 'failure')/);
  });

  it('runs the snapshot tests without writing missing snapshots', () => {
    expect(workflow.jobs.snapshots.steps.map((s) => s.run)).toContain('npx jest --ci');
  });

  it('runs its lint command as written: designs and a CDK cloud assembly, into SARIF 2.1.0 located in the files', async () => {
    // A project as the workflow sees it: design files, and the cdk.out a synth left.
    const project = mkdtempSync(join(tmpdir(), 'skewguard-ci-'));
    cpSync(join(root, 'examples/designs'), join(project, 'designs'), { recursive: true });
    cpSync(join(root, 'test/cli/fixtures/cloud-assembly'), join(project, 'cdk.out'), { recursive: true });
    const args = (lintStep(workflow.jobs.designs).run as string).replace(/^npx skewguard /, '').split(' ');
    const { code } = await cli(args, { cwd: project });
    expect(code).toBe(1); // examples/designs/bad: the findings fail the step, and the upload still runs
    const log = JSON.parse(readFileSync(join(project, 'skewguard.sarif'), 'utf8'));
    expect(sarifErrors(log)).toEqual([]);
    // Control: the validator rejects a broken log.
    expect(sarifErrors({ ...log, version: '2.0.0' })).not.toEqual([]);
    const results = log.runs[0].results as {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number } } }[];
    }[];
    const files = new Set(results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri));
    expect([...files].some((uri) => uri.startsWith('designs/bad/'))).toBe(true);
    expect([...files].some((uri) => uri.startsWith('cdk.out/'))).toBe(true);
    for (const result of results) {
      const { artifactLocation, region } = result.locations[0].physicalLocation;
      expect(artifactLocation.uriBaseId).toBe('%SRCROOT%');
      expect(existsSync(join(project, artifactLocation.uri))).toBe(true);
      expect(region.startLine).toBeGreaterThan(0);
    }
  });
});

describe('docs/testing.md', () => {
  const docs = readFileSync(join(root, 'docs/testing.md'), 'utf8');
  const quoted = ['skewguard.yml', ...readdirSync(join(recipe, 'test')).map((f) => `test/${f}`)];

  // The examples import the sources (this repository type-checks them); the docs show the package's entry points.
  const asPublished = (text: string) => text.replace(/'(?:\.\.\/)+lib\/([\w/]+)'/g, "'skewguard/$1'");

  it.each(quoted)('quotes examples/ci/%s exactly, with the package imports a project writes', (file) => {
    const text = asPublished(readFileSync(join(recipe, file), 'utf8'));
    expect(text).not.toContain("from '../");
    expect(docs).toContain(`\`\`\`${file.endsWith('.yml') ? 'yaml' : 'ts'}\n${text}\`\`\``);
  });
});
