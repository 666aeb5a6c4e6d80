/**
 * When --fix cannot write a file (a symbolic link out of the searched tree, a file changed during the run), the report is
 * the file as it is on disk, and so are its notes: a fix held back because "no finding fails the run on this one" was
 * judged on the fixed design, which was never written.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
import { cli, tempTree } from './helpers';

// A container with partition-key diagnostics off (SG010, an error --fix fixes) and a peak over the planned 80% of its
// 30,000 RU/s (SG017's warning, a raise): once SG010's fix is written the container passes, and the raise is held back.
const design: DesignInput = {
  containers: [
    {
      name: 'leaderboards',
      partitionKey: {
        paths: [
          { path: '/region', cardinality: 20 },
          { path: '/playerId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 24_500, peakWriteUnits: 500 },
      throughput: { autoscaleMax: 30_000 },
      monitoring: { partitionKeyDiagnostics: false },
    },
  ],
};
const text = `${JSON.stringify(design, null, 2)}\n`;

it('the design has SG010’s error and SG017’s raise', () => {
  expect(lint(design).map((f) => [f.ruleId, f.severity])).toEqual([
    ['SG010', 'error'],
    ['SG017', 'warning'],
  ]);
});

it('where the fixes are written, holds the raise back on the design they leave passing', async () => {
  const dir = tempTree({ 'design.json': text });
  const { stdout } = await cli(['lint', dir, '--fix', '--no-color', '--no-config']);
  expect(stdout).toContain('and none does on this one');
});

it('where they are not written, says the container fails the run as it is on disk, not that none does', async () => {
  const outside = tempTree({ 'design.json': text });
  const dir = tempTree();
  symlinkSync(join(outside, 'design.json'), join(dir, 'linked.json'));
  const { code, stdout } = await cli(['lint', dir, '--fix', '--no-color', '--no-config']);
  expect(readFileSync(join(outside, 'design.json'), 'utf8')).toBe(text);
  expect(code).toBe(2);
  expect(stdout).toContain('the fix was not written, and the file is unchanged');
  expect(stdout).not.toContain('none does on this one');
  expect(stdout).toMatch(/SG017 not fixed: .*as the file is on disk, SG010 fails the run on this one/);
});
