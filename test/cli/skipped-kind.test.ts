/**
 * The JSON report's `kind` says what an entry was: a file or directory a search found and did not lint is of kind
 * `skipped` (with `"skipped": true`), never `design`, which it was not.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree, UNIQUE_TABLE } from './helpers';

type Entry = { file: string; kind: string; skipped?: boolean };

it('json: entries a search skipped are of kind skipped; linted and invalid designs and templates keep theirs', async () => {
  const dir = tempTree({
    'services/good.json': JSON.stringify({ tables: [UNIQUE_TABLE] }),
    'services/bad.json': '{ "tables": [ { "name": 3 } ] }',
    'services/i18n.json': '{ "titles": { "en": "Orders" } }', // a near miss of "tables" holding no design
    'services/notes.json': 'just words',
    'services/empty.json': '',
    'services/stack.yaml': 'Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n',
    'services/package.json': '{ "name": "app" }', // counted in the search's note, a note of the directory
  });
  mkdirSync(join(dir, 'elsewhere'));
  symlinkSync(join(dir, 'elsewhere'), join(dir, 'services/linked'));
  const { stdout } = await cli(['lint', 'services', '--format', 'json'], { cwd: dir });
  const kinds = Object.fromEntries((JSON.parse(stdout).files as Entry[]).map((f) => [f.file, [f.kind, f.skipped ?? false]]));
  expect(kinds).toEqual({
    'services/good.json': ['design', false],
    'services/bad.json': ['design', false],
    'services/i18n.json': ['skipped', true],
    'services/notes.json': ['skipped', true],
    'services/empty.json': ['skipped', true],
    'services/stack.yaml': ['skipped', true],
    'services/linked': ['skipped', true],
    services: ['skipped', true],
  });
});
