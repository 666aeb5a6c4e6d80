import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** A comparison of an engine with a literal name: what an engine profile (lib/engines) answers instead. */
const ENGINE_BRANCH = /\bengine\s*[!=]==?\s*['"]|['"]\w+['"]\s*[!=]==?\s*[\w.?]*\bengine\b/;

describe('rules and the analysis ask the engine profile (issue 13: no engine branches in lint)', () => {
  const root = join(__dirname, '..', '..');
  const files = sources(join(root, 'lib', 'lint'));

  it('finds the files it checks', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('no file under lib/lint compares an engine with a literal name', () => {
    const branches = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (ENGINE_BRANCH.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(branches).toEqual([]);
  });

  it('the pattern catches the forms a branch takes', () => {
    for (const line of ["physical && design.engine === 'cosmosdb'", "if (engine !== 'dynamodb')", "'cosmosdb' === a.design.engine"])
      expect(line).toMatch(ENGINE_BRANCH);
    for (const line of ["engines: ['cosmosdb']", 'profileOf(design.engine)', "const engine = 'dynamodb' as const"]) expect(line).not.toMatch(ENGINE_BRANCH);
  });
});
