/**
 * The core's public entry is the library's API, and only that: each of its runtime exports is named in the README's
 * "Library API" section (a review counted some 80 undocumented helpers there — field-path arithmetic, the alerts' KQL,
 * the template metadata's constants — that the adapters share with the core and users should not build on). Those live
 * in lib/internal.ts, which the package's `exports` do not reach.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '../../lib';
import * as internal from '../../lib/internal';

const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('\n## Library API'), readme.indexOf('\n## ', readme.indexOf('\n## Library API') + 1));

describe('the public entry', () => {
  it('names every runtime export in the README\'s "Library API"', () => {
    const undocumented = Object.keys(api).filter((name) => !new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(section));
    expect(undocumented).toEqual([]);
  });

  it('shares no export with the internal entry, which the package does not export', () => {
    expect(Object.keys(api).filter((name) => name in internal)).toEqual([]);
    const exportsMap = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;
    expect(Object.keys(exportsMap).filter((subpath) => subpath.includes('internal') || subpath.includes('*'))).toEqual([]);
  });
});
