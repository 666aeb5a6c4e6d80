/** examples/observe: the Tickets design of examples/cdk held against a recorded week; and the
 *  nightly workflow of examples/ci holds the steps docs/observe.md promises. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRIC_IDS } from '../../../lib/cli/observe/manifest';
import { cli, root } from '../helpers';
import { findingsOf } from './support';

// js-yaml 4 (YAML 1.2, so `on:` stays a key) comes with eslint and jest; it has no types here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load(text: string): unknown };

describe('examples/observe', () => {
  it('judges the ticketing design against the recorded week: the hot event outgrew its shards', async () => {
    const run = await cli(['observe', 'examples/observe/tickets.json', '--observations', 'examples/observe/week-2026-11-17/manifest.json', '--format', 'json']);
    expect(run.code).toBe(1);
    const findings = findingsOf(run.stdout);
    // No belowDeclared for peakReadUnits: the hourly average (2,100) cannot show the 6,000 declared is too high.
    expect(findings.map((f) => `${f.messageId} ${f.path}`).sort()).toEqual([
      'exceedsDeclared tables[0].workload.hotKeyShare',
      'firesWithObserved tables[0].sharding.shards',
      'overQuota tables[0].workload.peakWriteUnits', // the design's own SG017 warning, as lint reports it
      'throttled tables[0]',
    ]);
    // 48,000 of 80,000 WCU on 160 partitions: past 160 shards one partition holds 3, 3 × 48,000 ÷ 180 + 200 = 1,000 (159: two
    // take 1,100).
    expect(findings.find((f) => f.messageId === 'firesWithObserved')?.data).toMatchObject({ rule: 'SG003', shards: 180 });
    expect(run.stdout).not.toContain('evt-8841');
    const notes = (JSON.parse(run.stdout) as { files: { notes: { path: string; message: string }[] }[] }).files[0].notes;
    expect(notes.find((n) => n.path === 'tables[0].workload.peakReadUnits')?.message).toContain('kept peakReadUnits 6,000: the 3,600 s average (2,100)');
  });

  it('the queries file asks for the metric ids observe reads', () => {
    const queries = JSON.parse(readFileSync(join(root, 'examples/observe/observe-queries.json'), 'utf8')) as {
      Id: string;
      MetricStat: { Metric: { MetricName: string }; Stat: string };
    }[];
    expect(Object.fromEntries(queries.map((q) => [q.Id, q.MetricStat.Metric.MetricName]))).toEqual(METRIC_IDS);
    expect(new Set(queries.map((q) => q.MetricStat.Stat))).toEqual(new Set(['Sum']));
  });
});

describe('examples/ci/skewguard-observe.yml', () => {
  interface Step {
    run?: string;
    uses?: string;
  }
  const workflow = yaml.load(readFileSync(join(root, 'examples/ci/skewguard-observe.yml'), 'utf8')) as {
    on: { schedule: { cron: string }[] };
    jobs: Record<string, { permissions: Record<string, string>; steps: Step[]; needs?: string }>;
  };

  it('exports with OIDC credentials nightly and judges without them', () => {
    expect(workflow.on.schedule[0].cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(workflow.jobs.export.permissions['id-token']).toBe('write');
    expect(workflow.jobs.judge.permissions['id-token']).toBeUndefined();
    expect(workflow.jobs.judge.needs).toBe('export');
    const run = workflow.jobs.export.steps.map((s) => s.run ?? '').join('\n');
    expect(run).toContain('--metrics UniqueContributors MaxContributorValue Sum');
    expect(run).toContain("starts_with(@, 'DynamoDBContributorInsights-PKC-')");
    const judge = workflow.jobs.judge.steps;
    expect(judge.find((s) => s.run?.includes('skewguard observe'))?.run).toContain('--format sarif --output-file observe.sarif');
    expect(judge.some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))).toBe(true);
  });
});
