/**
 * `--fix` refuses an edit that undoes an earlier fix of the same run, and names every fixable finding it leaves
 * (review 7 items 1 and 8). lintDocument's result is replaced (lint-spy) by a scripted sequence of findings on a real design — the
 * loop stripped of the rules' numbers: a fix adds copies, a second raises the throughput, a third removes the copies
 * again (as SG003, SG017 and SG007 did on the stranger's repl2.json before SG003 ranked its fixes by cost), and one
 * finding asks for more after its fix. The rules' own edits are tested in fix-loop.test.ts.
 */
import type { Finding, LintResult } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { rewriteEveryLint } from './lint-spy';

interface Container {
  readonly throughput: { readonly autoscaleMax: number };
  readonly sharding?: { readonly strategy: string; readonly shards: number };
  readonly storage?: { readonly totalGb?: number };
}

/** What the third finding does to the copies: remove them (an undo), or set another layout (a change of its own). */
let third: 'remove' | 'reshard' = 'remove';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a jest.mock factory is hoisted above the imports
jest.mock('../../lib/index', () => require('./lint-spy').spiedCore());

/** The scripted findings for `design`: each fix's result brings the next finding, as the rules did on repl2.json. */
function scripted(result: LintResult, document: unknown): LintResult {
  const design = (document as { containers: Container[] }).containers[0];
  const finding = (ruleId: string, path: string, edits: Finding['edits']): Finding => ({
    ruleId,
    title: ruleId,
    messageId: 'scripted',
    severity: 'error',
    engine: 'cosmosdb',
    resource: 'messages',
    path,
    message: '',
    fix: '',
    acknowledged: false,
    edits,
  });
  const findings: Finding[] = [];
  if (!design.sharding && design.throughput.autoscaleMax === 40000)
    findings.push(
      finding('SG003', 'containers[0].partitionKey.paths', [{ op: 'set', path: 'containers[0].sharding', value: { strategy: 'replicated', shards: 2 } }]),
    );
  if (design.sharding?.strategy === 'replicated' && design.throughput.autoscaleMax === 40000)
    findings.push(finding('SG017', 'containers[0].throughput.autoscaleMax', [{ op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 50000 }]));
  if (design.sharding?.strategy === 'replicated' && design.throughput.autoscaleMax === 50000)
    findings.push(
      finding(
        'SG007',
        'containers[0].sharding',
        third === 'remove'
          ? [{ op: 'remove', path: 'containers[0].sharding' }]
          : [{ op: 'set', path: 'containers[0].sharding', value: { strategy: 'random', shards: 4 } }],
      ),
    );
  // A finding that asks for one GB more after each fix.
  findings.push(
    finding('SG010', 'containers[0].storage.totalGb', [{ op: 'set', path: 'containers[0].storage.totalGb', value: (design.storage?.totalGb ?? 0) + 1 }]),
  );
  return { ...result, findings };
}

beforeEach(() => rewriteEveryLint(scripted));

const DESIGN = `{ "containers": [ { "name": "messages",
  "partitionKey": { "paths": [ { "path": "/tenantId", "cardinality": 300 }, { "path": "/roomId", "cardinality": 60000 } ] },
  "throughput": { "autoscaleMax": 40000 },
  "workload": { "peakReadUnits": 2000, "peakWriteUnits": 1000 } } ] }
`;

describe('--fix and an edit that undoes an earlier fix', () => {
  it('skips an edit removing what an earlier fix of the run added, and names the fix it would undo', () => {
    third = 'remove';
    const result = fixDesignText(DESIGN, {});
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG003', 'SG017', 'SG010']);
    expect(result.skipped).toContainEqual({ ruleId: 'SG007', path: 'containers[0].sharding', message: "it would undo SG003's fix of this run" });
    expect(JSON.parse(result.text).containers[0].sharding).toEqual({ strategy: 'replicated', shards: 2 });
  });

  it('applies an edit that changes the same field to something new', () => {
    third = 'reshard';
    const result = fixDesignText(DESIGN, {});
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG003', 'SG017', 'SG007', 'SG010']);
    expect(result.skipped.filter((s) => s.ruleId === 'SG007')).toEqual([]);
    expect(JSON.parse(result.text).containers[0].sharding).toEqual({ strategy: 'random', shards: 4 });
  });

  it('names a finding that still asks for edits after its fix, rather than leave it in silence', () => {
    third = 'remove';
    const result = fixDesignText(DESIGN, {});
    expect(result.skipped).toContainEqual({
      ruleId: 'SG010',
      path: 'containers[0].storage.totalGb',
      message: 'it still fires after its fix in this run, and each finding is fixed once a run: run --fix again, or fix it by hand',
    });
  });
});
