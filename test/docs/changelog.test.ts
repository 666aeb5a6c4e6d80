/**
 * CHANGELOG.md is what an adopter reads before upgrading: it must reach them in the package (npm does not ship a
 * changelog by itself when package.json lists `files`), state the JSON report version the CLI writes, and the user
 * docs must not send readers to internal review rounds they cannot look up (test files named after them are fine).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_VERSION } from '../../lib/cli/report-json';

const root = join(__dirname, '../..');
const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');

describe('CHANGELOG.md', () => {
  it('ships in the package', () => {
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    expect((pack.files as { path: string }[]).map((f) => f.path)).toContain('CHANGELOG.md');
  }, 30_000);

  it("states the report version the CLI writes, and the package's version", () => {
    expect(changelog).toContain(`"reportVersion": ${REPORT_VERSION}`);
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(changelog).toContain(`## ${version} `);
  });
});

describe('user docs', () => {
  const docs = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join('docs', name)),
  ];

  it.each(docs)('%s names no internal review round', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8').replace(/test\/replay\/review\d+-[\w-]+\.test\.ts/g, '');
    expect(text.match(/.{0,40}\breview ?\d+.{0,40}/gi) ?? []).toEqual([]);
  });
});
