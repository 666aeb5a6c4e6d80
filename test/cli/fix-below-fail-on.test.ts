/**
 * `--fix` writes no fix that recreates a table or container (a new partition or sort key, and a copy of every item) for
 * a finding below `--fail-on`: a warning's premise may be a guess (SG002 judging `/period` a time bucket by its name).
 * Its other fixes (sharding, monitoring, capacity) are written at every severity, as before (fix.test.ts: SG007's removal).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { cli, tempTree } from './helpers';

/**
 * A container whose first level `/period` SG002 guesses a time bucket by its name: a warning at this load. Its edit keys
 * the container by the unique `/deviceId` alone (whale22: a unique first level leaves `/period` nothing to divide).
 */
const periodFirst: DesignInput = {
  containers: [
    {
      name: 'events',
      throughput: { autoscaleMax: 10000 },
      partitionKey: {
        paths: [
          { path: '/period', cardinality: 365 },
          { path: '/deviceId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 1000, peakWriteUnits: 1000 },
    },
  ],
};
const text = `${JSON.stringify(periodFirst, null, 2)}\n`;
const paths = (fixed: string) => (JSON.parse(fixed) as { containers: { partitionKey: { paths: { path: string }[] } }[] }).containers[0].partitionKey.paths;

describe('--fix below --fail-on', () => {
  it('the design has one finding, a warning whose edit reorders the partition key', () => {
    const [finding, ...rest] = lint(periodFirst);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ ruleId: 'SG002', severity: 'warning', edits: [{ op: 'set', path: 'containers[0].partitionKey.paths' }] });
  });

  it('leaves a warning that recreates the container unwritten at the default --fail-on error, and says why', () => {
    const result = fixDesignText(text, {});
    expect(result.text).toBe(text);
    expect(result.fixes).toEqual([]);
    expect(result.skipped).toEqual([
      {
        ruleId: 'SG002',
        path: 'containers[0].partitionKey.paths[0]',
        message: expect.stringMatching(
          /^it is a warning, below --fail-on error, and its fix changes the key \(the partition key changes: .*\): .*run --fix with --fail-on warning$/,
        ),
      },
    ]);
  });

  it('writes it under --fail-on warning, where the finding fails the run', () => {
    const result = fixDesignText(text, {}, 'warning');
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG002']);
    expect(paths(result.text).map((p) => p.path)).toEqual(['/deviceId']);
  });

  it('through the command: exit 0 and the file as it was by default; rewritten and exit 1 with --fail-on warning', async () => {
    const file = join(tempTree({ 'events.json': text }), 'events.json');
    const kept = await cli(['lint', file, '--fix']);
    expect(kept.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(kept.stdout).toContain('SG002 not fixed: it is a warning, below --fail-on error, and its fix changes the key');
    writeFileSync(file, text);
    const written = await cli(['lint', file, '--fix', '--fail-on', 'warning']);
    expect(written.code).toBe(1);
    expect(paths(readFileSync(file, 'utf8')).map((p) => p.path)).toEqual(['/deviceId']);
    expect(written.stdout).toContain('application change needed: the partition key changes');
  });
});
