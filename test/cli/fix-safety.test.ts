/**
 * `lint --fix` and `-o` never lose data (issue 15 §1): atomic writes under a file-size limit, an
 * edit saved during the run, symbolic links out of the searched tree, hard links, FIFOs, many fixes,
 * and one file's failure not dropping the others' reports.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, linkSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectStyle } from '../../lib/cli/json-edit';
import { interruptedLines } from '../../lib/cli/safe-write';
import { BIN, cli, designWithFindings, tempTree, unprivilegedCli } from './helpers';
import { onEveryLint } from './lint-spy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a jest.mock factory is hoisted above the imports
jest.mock('../../lib/index', () => require('./lint-spy').spiedCore());

/** One table with SG001 and SG010 (table and GSI), all fixable. */
const FIXABLE = designWithFindings(1);
const tempFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('lint --fix writes safely', () => {
  it('leaves the file whole when the fixed text cannot be written (a file-size limit), and says so', () => {
    const dir = tempTree({ 'design.json': designWithFindings(20) });
    const file = join(dir, 'design.json');
    const before = readFileSync(file, 'utf8');
    expect(before.length).toBeGreaterThan(4096);
    // `ulimit -f 4`: no file above 4 KiB may be written; writing in place used to leave the design cut off at 4,096 bytes.
    const result = spawnSync('bash', ['-c', `ulimit -f 4; exec "${process.execPath}" "${BIN}" lint design.json --fix`], { cwd: dir, encoding: 'utf8' });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('the 60 fixes were not written, and the file is unchanged: it cannot be written: the file is too large (EFBIG)');
    expect(result.stdout).toContain('the fixes of 1 file could not be written (it is unchanged)');
    expect(result.stdout).toContain('error   SG001'); // the findings of the file as it is
    expect(tempFiles(dir)).toEqual([]);
  });

  it('leaves a read-only file (mode 0444) as it is, even when run as root, and says how to let it be fixed', async () => {
    const dir = tempTree({ 'design.json': FIXABLE });
    const file = join(dir, 'design.json');
    chmodSync(file, 0o444);
    const { code, stdout } = await cli(['lint', file, '--fix']);
    expect(readFileSync(file, 'utf8')).toBe(FIXABLE);
    expect(code).toBe(2);
    expect(stdout).toContain('not written, and the file is unchanged: it is read-only (mode 0444): make it writable (chmod u+w) for --fix to change it');
    expect(tempFiles(dir)).toEqual([]);
  });

  const unprivileged = unprivilegedCli();
  (unprivileged ? it : it.skip)(
    `names the directory, not the file, when a writable file's directory is read-only${unprivileged ? '' : ' (skipped: running as root, and the user nobody cannot run a copy of the CLI)'}`,
    () => {
      const run = unprivileged as { bin: string; options: object };
      const dir = tempTree({ 'ro/design.json': FIXABLE });
      const file = join(dir, 'ro/design.json');
      chmodSync(dir, 0o755);
      chmodSync(file, 0o666); // anyone may write the file; only the directory stops the temporary file
      chmodSync(join(dir, 'ro'), 0o555);
      try {
        const result = spawnSync(process.execPath, [run.bin, 'lint', 'ro/design.json', '--fix'], {
          cwd: dir,
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
          ...run.options,
        });
        expect(result.status).toBe(2);
        expect(result.stdout).toContain(
          `not written, and the file is unchanged: its directory ${join(dir, 'ro')} cannot be written (permission denied (EACCES)), and --fix writes the fixed design to a temporary file there, then renames it over the file: make the directory writable, or fix a copy in a writable directory`,
        );
        expect(readFileSync(file, 'utf8')).toBe(FIXABLE);
        expect(tempFiles(join(dir, 'ro'))).toEqual([]);
      } finally {
        chmodSync(join(dir, 'ro'), 0o755);
      }
    },
  );

  it('refuses to overwrite an edit saved while it ran', async () => {
    const dir = tempTree({ 'design.json': FIXABLE });
    const file = join(dir, 'design.json');
    const edited = FIXABLE.replace('"table-0"', '"renamed-by-a-colleague"');
    onEveryLint(() => {
      if (readFileSync(file, 'utf8') === FIXABLE) writeFileSync(file, edited); // saved by an editor mid-run
    });
    const { code, stdout } = await cli(['lint', file, '--fix']);
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect(code).toBe(2);
    expect(stdout).toContain('not written, and the file is unchanged: it changed while skewguard was fixing it (that edit is kept): run --fix again');
    expect(tempFiles(dir)).toEqual([]);
  });

  it('notices a change of the same size made within the same clock tick (content, not only mtime and size)', async () => {
    const dir = tempTree({ 'design.json': FIXABLE });
    const file = join(dir, 'design.json');
    const { mtime } = statSync(file);
    const sameSize = FIXABLE.replace('"table-0"', '"table-9"');
    onEveryLint(() => {
      if (readFileSync(file, 'utf8') === FIXABLE) {
        writeFileSync(file, sameSize);
        utimesSync(file, mtime, mtime); // same size, same mtime
      }
    });
    const { code } = await cli(['lint', file, '--fix']);
    expect(readFileSync(file, 'utf8')).toBe(sameSize);
    expect(code).toBe(2);
  });

  it('keeps the file mode, and leaves no temporary file', async () => {
    const dir = tempTree({ 'design.json': FIXABLE });
    const file = join(dir, 'design.json');
    chmodSync(file, 0o640);
    const { code } = await cli(['lint', file, '--fix']);
    expect(code).toBe(1); // SG001's sharding needs an application change
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(JSON.parse(readFileSync(file, 'utf8')).tables[0].monitoring).toEqual({ contributorInsights: true });
    expect(tempFiles(dir)).toEqual([]);
  });

  it('refuses a file with other hard links rather than split them', async () => {
    const dir = tempTree({ 'design.json': FIXABLE });
    linkSync(join(dir, 'design.json'), join(dir, 'other-name.json'));
    const { code, stdout } = await cli(['lint', join(dir, 'design.json'), '--fix']);
    expect(code).toBe(2);
    expect(stdout).toContain('it has 2 hard links, which a safe write (a new file renamed over it) would split');
    expect(readFileSync(join(dir, 'design.json'), 'utf8')).toBe(FIXABLE);
    expect(statSync(join(dir, 'design.json')).ino).toBe(statSync(join(dir, 'other-name.json')).ino);
  });

  it('does not write through a symbolic link that leaves the searched directory, and names where it leads', async () => {
    const outside = tempTree({ 'design.json': FIXABLE });
    const dir = tempTree();
    symlinkSync(join(outside, 'design.json'), join(dir, 'linked.json'));
    const { code, stdout } = await cli(['lint', dir, '--fix']);
    expect(readFileSync(join(outside, 'design.json'), 'utf8')).toBe(FIXABLE);
    expect(code).toBe(2);
    expect(stdout).toContain(`it is a symbolic link to ${join(outside, 'design.json')}, outside the searched directory`);
    expect(stdout).toContain('error   SG001'); // still linted
  });

  it('fixes the target of a symbolic link named directly, keeping the link', async () => {
    const outside = tempTree({ 'design.json': FIXABLE });
    const dir = tempTree();
    symlinkSync(join(outside, 'design.json'), join(dir, 'linked.json'));
    await cli(['lint', join(dir, 'linked.json'), '--fix']);
    expect(lstatSync(join(dir, 'linked.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(outside, 'design.json'), 'utf8')).tables[0].monitoring.contributorInsights).toBe(true);
  });

  it('refuses to fix a FIFO instead of waiting on it', () => {
    const dir = tempTree();
    const fifo = join(dir, 'design.json');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return; // no mkfifo on this system: nothing to test
    const result = spawnSync(process.execPath, [BIN, 'lint', fifo, '--fix'], { encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(2);
    // cli29: a FIFO named is refused before it is opened, with or without --fix (before: the --fix refusal below).
    expect(result.stdout).toContain('the file is a pipe or FIFO, not a regular file: not read');
    // A process substitution is read by lint, and refused by --fix, which cannot write it back.
    const substituted = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" lint <(echo '{}') --fix`], { encoding: 'utf8', timeout: 20_000 });
    expect(substituted.status).toBe(2);
    expect(substituted.stdout).toContain('is a pipe or FIFO, not a regular file: --fix writes regular files only');
  });

  it('reports the other files when one fails inside skewguard', async () => {
    const dir = tempTree({ 'a.json': FIXABLE, 'b.json': designWithFindings(1, () => 'boom') });
    onEveryLint((document) => {
      if (JSON.stringify(document).includes('"boom"')) throw new RangeError('Maximum call stack size exceeded');
    });
    const { code, stdout } = await cli(['lint', dir, '--fix', '--format', 'json']);
    expect(code).toBe(2);
    const report = JSON.parse(stdout);
    expect(report.files.map((f: { file: string }) => f.file)).toEqual([join(dir, 'a.json'), join(dir, 'b.json')]);
    expect(report.files[0].fixes).toHaveLength(3);
    expect(report.files[1].errors[0].message).toContain('internal error: RangeError: Maximum call stack size exceeded');
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(designWithFindings(1, () => 'boom'));
  });
});

/**
 * A signal while --fix writes (a user's Ctrl-C as soon as `.big.json.skewguard-12012-mx95iz23.tmp` appeared left it, 9.3 MB,
 * in the tree). The test-only SKEWGUARD_TEST_PAUSE_BEFORE_RENAME_MS (lib/cli/safe-write.ts) holds the whole temporary file
 * before its rename, so the signal lands while it exists, every time.
 */
describe('lint --fix stopped by a signal', () => {
  const PAUSE_MS = 700;

  /** Runs `lint --fix` on `files` in `dir`, sends `signal` once a temporary file exists (polled), and waits for the end. */
  async function interrupted(dir: string, files: readonly string[], signal: NodeJS.Signals) {
    const child = spawn(process.execPath, [BIN, 'lint', ...files, '--fix'], {
      cwd: dir,
      env: { PATH: process.env.PATH, SKEWGUARD_TEST_PAUSE_BEFORE_RENAME_MS: String(PAUSE_MS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (code, by) => done({ code, signal: by })));
    let sent = false;
    while (!sent) {
      if (child.exitCode !== null) break; // ended before any temporary file was seen: the assertions below say so
      if (tempFiles(dir).length > 0) sent = child.kill(signal);
      else await new Promise((tick) => setTimeout(tick, 5));
    }
    return { ...(await ended), sent, stderr };
  }

  it('on SIGINT finishes the file it was writing, leaves no temporary file, names what it wrote and exits 130', async () => {
    const big = designWithFindings(40);
    const dir = tempTree({ 'a.json': big, 'b.json': big, 'fixed/a.json': big });
    const expected = spawnSync(process.execPath, [BIN, 'lint', 'fixed/a.json', '--fix'], { cwd: dir, env: { PATH: process.env.PATH } });
    expect(expected.status).toBe(1);
    const result = await interrupted(dir, ['a.json', 'b.json'], 'SIGINT');
    expect(result.sent).toBe(true);
    expect({ code: result.code, signal: result.signal }).toEqual({ code: 130, signal: null });
    expect(tempFiles(dir)).toEqual([]);
    // a.json is the old text or the new one, never part of either: the rename it was waiting for went through, whole.
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(readFileSync(join(dir, 'fixed/a.json'), 'utf8'));
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(big); // the run stopped before it
    // Then the application changes of a.json's fixes: the report that would have listed them is cut short, and a lint
    // of the fixed file no longer shows them.
    const lines = result.stderr.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'skewguard: stopped by SIGINT: it wrote a.json whole before it, and no other file; no temporary file is left; the report is incomplete: run the command again for the rest',
      'skewguard: the fixes written need these application changes (the report listed them; a lint of the fixed files no longer shows them, and `git diff` shows the edits):',
      '  a.json:',
    ]);
    expect(lines.filter((line) => line.startsWith('    SG001 table-')).length).toBe(40);
    expect(lines.at(-1)).toBe('');
  }, 60_000);

  it('names the files it wrote one a line, and their application changes under each', () => {
    const files = Array.from({ length: 300 }, (_, i) => `designs/service-${i}/tables.json`);
    const shard = { ruleId: 'SG001', resource: 'orders', path: 'tables[0].partitionKey', edits: [], applicationChanges: ['write keys as key#0…key#4'] };
    const lines = interruptedLines(
      'SIGTERM',
      files.map((file, i) => ({ file, fixes: i === 0 ? [shard] : [] })),
    );
    expect(lines[0]).toBe(
      'skewguard: stopped by SIGTERM: it wrote these 300 files whole before it, and no other file; no temporary file is left; the report is incomplete: run the command again for the rest:',
    );
    expect(lines.slice(1, 301)).toEqual(files.map((file) => `  ${file}`));
    expect(lines.slice(301)).toEqual([
      'skewguard: the fixes written need these application changes (the report listed them; a lint of the fixed files no longer shows them, and `git diff` shows the edits):',
      '  designs/service-0/tables.json:',
      '    SG001 orders (tables[0].partitionKey): write keys as key#0…key#4',
    ]);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(200);
    expect(interruptedLines('SIGINT', [])).toEqual([
      'skewguard: stopped by SIGINT: no file was changed; no temporary file is left; the report is incomplete: run the command again for the rest',
    ]);
  });

  it('exits with the run’s own code, silently, on a signal that comes once the run is over (report whole, every write done)', () => {
    const dir = tempTree({ 'a.json': '{}\n' });
    // The built module, in a process of its own: it holds the signals for good once it has written a file.
    const script = `
      const { readFileSync, statSync } = require('node:fs');
      const { replaceFile, settleSignals } = require(${JSON.stringify(join(__dirname, '../../dist/cli/safe-write.js'))});
      const file = ${JSON.stringify(join(dir, 'a.json'))};
      const bytes = readFileSync(file);
      const { dev, ino, size, mtimeMs } = statSync(file);
      replaceFile(file, '{ "tables": [] }\\n', { dev, ino, size, mtimeMs, bytes }, (lines) => process.stderr.write(lines.join('\\n') + '\\n'), 'a.json');
      settleSignals(1);
      process.exitCode = 1;
      process.kill(process.pid, 'SIGINT');
      setTimeout(() => {}, 200);
    `;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect({ code: result.status, signal: result.signal, stderr: result.stderr }).toEqual({ code: 1, signal: null, stderr: '' });
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{ "tables": [] }\n');
  });

  it('says every application change on a piped stderr before a signal ends the run (not cut at the pipe’s 64 KiB)', async () => {
    const dir = tempTree({ 'a.json': designWithFindings(1000) });
    const result = await interrupted(dir, ['a.json'], 'SIGINT');
    expect(result.sent).toBe(true);
    expect(result.code).toBe(130);
    // About 190 KB of lines: process.stderr wrote a pipe asynchronously, and process.exit cut it at 65,536 bytes.
    expect(result.stderr.length).toBeGreaterThan(65_536);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('    SG001 table-')).length).toBe(1000);
    expect(result.stderr.endsWith('\n')).toBe(true);
  }, 60_000);

  it('names every application change when a signal ends a run that wrote 150,000 of them (no stack overflow)', () => {
    const dir = tempTree({ 'a.json': '{}\n' });
    // 20,000 fixed tables make about this many lines: spread into a call's arguments, they overflowed the stack,
    // and the run ended with exit 1, a RangeError and the bundle's source on stderr instead of the list.
    const script = `
      const { readFileSync, statSync } = require('node:fs');
      const { replaceFile, noteFixes } = require(${JSON.stringify(join(__dirname, '../../dist/cli/safe-write.js'))});
      // As the bin's stderr does: written synchronously, so the exit that follows cuts nothing.
      const say = (lines) => { const b = Buffer.from(lines.join('\\n') + '\\n'); for (let at = 0; at < b.length;) at += require('node:fs').writeSync(2, b, at); };
      const file = ${JSON.stringify(join(dir, 'a.json'))};
      const bytes = readFileSync(file);
      const { dev, ino, size, mtimeMs } = statSync(file);
      replaceFile(file, '{ "tables": [] }\\n', { dev, ino, size, mtimeMs, bytes }, say, 'a.json');
      const fixes = Array.from({ length: 150000 }, (_, i) => ({ ruleId: 'SG001', resource: 'table' + i, path: 'tables[' + i + ']', applicationChanges: ['change ' + i] }));
      noteFixes('a.json', fixes);
      process.kill(process.pid, 'SIGINT');
      setTimeout(() => {}, 2000);
    `;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH }, maxBuffer: 64 * 1024 * 1024 });
    expect(result.status).toBe(130);
    expect(result.stderr).not.toContain('RangeError');
    expect(result.stderr).toContain('skewguard: stopped by SIGINT: it wrote a.json whole before it');
    expect(result.stderr).toContain('SG001 table149999 (tables[149999]): change 149999');
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)(
    'on %s exits %d the same way',
    async (signal, code) => {
      const dir = tempTree({ 'a.json': FIXABLE });
      copyFileSync(join(dir, 'a.json'), join(dir, 'before.json'));
      const result = await interrupted(dir, ['a.json'], signal);
      expect(result.sent).toBe(true);
      expect(result.code).toBe(code);
      expect(tempFiles(dir)).toEqual([]);
      expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')).tables[0].monitoring).toEqual({ contributorInsights: true });
      expect(result.stderr).toContain(`skewguard: stopped by ${signal}: it wrote a.json whole before it`);
    },
    60_000,
  );
});

describe('lint --fix with many fixes', () => {
  it('fixes every finding of every table (not the first 200), each table’s edits in one pass per round', async () => {
    const dir = tempTree({ 'many.json': designWithFindings(300) });
    const file = join(dir, 'many.json');
    let lints = 0;
    onEveryLint(() => lints++);
    const { code, stdout } = await cli(['lint', file, '--fix', '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(report.files[0].fixes).toHaveLength(900);
    expect(report.files[0].findings).toEqual([]);
    // One note for the file, not one per sharded table: each kept its cardinality (the values before sharding).
    expect(report.files[0].notes).toEqual([
      expect.objectContaining({ path: 'tables[0].sharding', message: expect.stringMatching(/\(this and 299 more shardings\)$/) }),
    ]);
    expect(lints).toBeLessThan(10); // rounds, not fixes: three per table, all tables at once
    expect(code).toBe(1);
    const tables = JSON.parse(readFileSync(file, 'utf8')).tables;
    expect(tables.every((t: { monitoring: object }) => JSON.stringify(t.monitoring) === '{"contributorInsights":true}')).toBe(true);
  });

  it('detects the style of a file with 200,000 indented lines without overflowing the stack', () => {
    const text = `{\n${'    "a": 1,\n'.repeat(200_000)}  "b": 2\n}\n`;
    expect(detectStyle(text)).toEqual({ unit: '  ', eol: '\n', oneLineObjects: false, widest: 11 });
  });
});

describe('lint -o', () => {
  it('refuses a report file that is a hard link of an input (the same inode under another name)', async () => {
    const dir = tempTree({ 'design.json': FIXABLE });
    linkSync(join(dir, 'design.json'), join(dir, 'report.txt'));
    const { code, stderr } = await cli(['lint', join(dir, 'design.json'), '-o', join(dir, 'report.txt')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`is the same file as the input ${join(dir, 'design.json')}: it would be overwritten`);
    expect(readFileSync(join(dir, 'design.json'), 'utf8')).toBe(FIXABLE);
  });
});
