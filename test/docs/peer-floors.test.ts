/**
 * The docs state the peer dependency floors package.json declares: a reader who follows a doc's version must pass
 * npm's peer check (a review found README, cdk.md, pulumi.md and testing.md naming floors two to three releases old).
 * A floor is a package name followed closely by a version with a range operator (`^3.247.0`, `≥ 2.274`, `>= 10.5`,
 * `~1.21`) or by "to N.x" (`3.247 to 3.x`); a bare version after a name (`npm resolves @pulumi/pulumi 3.248`) says
 * what was installed, not a floor, and is not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const peers = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies;
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** `^3.247.0` → [3, 247, 0]; `^3` → [3, 0, 0]. */
const floorOf = (version: string) => [...version.split('.').map(Number), 0, 0].slice(0, 3);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface Stated {
  readonly doc: string;
  readonly line: number;
  readonly text: string;
  readonly floor: string;
}

/** Every floor the docs state for `name`: the name (in backticks or not), then within a few characters of punctuation
 *  or spaces (no other word), a version with an operator, or one followed by "to N.x". */
function statedFloors(name: string): Stated[] {
  const pattern = new RegExp(
    `(?<![\\w/@-])${escape(name)}(?![\\w/-])\`?[\\s(\`,:]{0,6}(?:(?:\\^|~|≥|>=)\\s*\`?(\\d+(?:\\.\\d+)*)|(?:is\\s+)?(\\d+(?:\\.\\d+)*)\\s+to\\s+\\d+\\.x)`,
    'g',
  );
  return docs.flatMap((doc) => {
    const text = readFileSync(join(root, doc), 'utf8');
    return [...text.matchAll(pattern)].map((m) => ({
      doc,
      line: text.slice(0, m.index).split('\n').length,
      text: m[0],
      floor: m[1] ?? m[2],
    }));
  });
}

describe('the peer dependency floors the docs state', () => {
  it.each(Object.entries(peers))('match package.json for %s (%s)', (name, range) => {
    const floor = floorOf(range.replace(/^[\^~]|^>=\s*/, ''));
    const wrong = statedFloors(name)
      .filter((stated) => floorOf(stated.floor).join('.') !== floor.join('.'))
      .map((stated) => `${stated.doc}:${stated.line}: "${stated.text}" states ${stated.floor}, package.json ${range}`);
    expect(wrong).toEqual([]);
  });

  it('finds the floors the docs state (so the scan itself cannot pass by matching nothing)', () => {
    const found = (name: string) => statedFloors(name).map((s) => `${s.doc} ${s.floor}`);
    expect(found('aws-cdk-lib')).toContain('docs/cdk.md 2.274.0');
    expect(found('constructs')).toContain('docs/cdk.md 10.5.0');
    expect(found('@pulumi/pulumi')).toEqual(expect.arrayContaining(['README.md 3.247.0', 'docs/pulumi.md 3.247.0', 'docs/testing.md 3.247']));
    expect(found('@pulumi/policy')).toContain('docs/pulumi.md 1.21.0');
    expect(found('@pulumi/azure-native')).toContain('docs/pulumi.md 3.2.0');
  });
});
