/**
 * try30a (misc30 item 4): the README listed "a broken symbolic link" among what a search passes over with a note, while
 * the CLI (and docs/cli.md) make it an error, exit 2, as for a file named on the command line: strict, so CI never
 * passes over a design it cannot read. The README says what the CLI does, and this holds the two together.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cli, root, tempTree } from '../cli/helpers';

const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');

it('a search that finds a broken symbolic link errs (exit 2), and the README says so, not that it is passed over with a note', async () => {
  const dir = tempTree({ 'loop/ok.json': readFileSync(join(root, 'examples/designs/good/aws-gsi-write-sharding-lab.json')) });
  symlinkSync(join(dir, 'loop/missing.json'), join(dir, 'loop/broken.json'));
  const { code, stdout } = await cli(['lint', join(dir, 'loop'), '--no-color']);
  expect(code).toBe(2);
  expect(stdout).toMatch(/error {3}.*broken\.json: is a symbolic link that cannot be followed/);
  expect(stdout).not.toMatch(/ok\.json: /);

  const passedOver = /What a search passes over is named: (.*?); ordinary JSON/.exec(readme)?.[1];
  expect(passedOver).toBeDefined();
  expect(passedOver).not.toMatch(/broken symbolic link/);
  expect(readme).toMatch(/a broken symbolic link a search finds \(one that leads nowhere, loops or reaches a device: exit 2/);
});
