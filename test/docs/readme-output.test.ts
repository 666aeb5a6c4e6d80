/**
 * The README's sample lint output is what the CLI prints today: each of its lines is a line of the lint of
 * examples/designs. (A review found it quoting "N = 2 replicated copies" three model changes after the lint
 * said 6.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, root } from '../cli/helpers';

it("the README's sample output of `skewguard lint examples/designs` is the CLI's", async () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const sample = /```\n(examples\/designs\/[\s\S]*?)```/.exec(readme)?.[1];
  expect(sample).toBeDefined();
  const { stdout } = await cli(['lint', 'examples/designs', '--no-color']);
  const printed = new Set(stdout.split('\n'));
  const lines = sample!.split('\n').filter((line) => line.trim() !== '');
  expect(lines.length).toBeGreaterThanOrEqual(5);
  expect(lines.filter((line) => !printed.has(line))).toEqual([]);
});
