/** What `skewguard lint` of a design file runs before its first finding: the modules of other
 *  commands, report formats and --fix stay unloaded. Runs the built command (the bundle), in a fresh
 *  process each. */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, bundleRun, root } from './bundle-run';
import { designWithFindings, tempTree } from './helpers';

const NOT_FOR_A_LINT = [
  'report-json.ts',
  'report-sarif.ts',
  'report-github.ts',
  'fix.ts',
  'json-edit.ts',
  'safe-write.ts',
  'commands/rules.ts',
  'commands/init.ts',
  'observe/command.ts',
].map((file) => `lib/cli/${file}`);

describe('what a lint loads at start', () => {
  it('lint of a clean design file loads only the text report, no --fix code and no other command', () => {
    const { code, ran } = bundleRun(['lint', 'examples/designs/good/uuid-orders.json']);
    expect(code).toBe(0);
    expect(ran).toContain('lib/cli/report-text.ts');
    expect(NOT_FOR_A_LINT.filter((module) => ran.includes(module))).toEqual([]);
  });

  it('the checks can fail: --format json loads its report module', () => {
    const { code, ran } = bundleRun(['lint', 'examples/designs/bad', '--format', 'json']);
    expect(code).toBe(1);
    expect(ran).toContain('lib/cli/report-json.ts');
  });
});

describe('what the binary makes at start', () => {
  // A preload counts the reads of process.stderr or process.stdout: the first one creates the stream.
  const counter = (stream: 'stdout' | 'stderr') =>
    join(
      tempTree({
        'count.js': [
          `const own = Object.getOwnPropertyDescriptor(process, '${stream}');`,
          'let reads = 0;',
          `Object.defineProperty(process, '${stream}', { configurable: true, get() { reads++; return own.get.call(process); } });`,
          `process.on('exit', () => require('node:fs').writeSync(${stream === 'stderr' ? 1 : 2}, \`\\n${stream} reads: \${reads}\\n\`));`,
        ].join('\n'),
      }),
      'count.js',
    );
  const stderrRun = (args: readonly string[]) => {
    const run = spawnSync(process.execPath, ['--require', counter('stderr'), BUNDLE, ...args], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { reads: Number(/stderr reads: (\d+)\n$/.exec(run.stdout)?.[1]), stderr: run.stderr };
  };
  const stderrReads = (args: readonly string[]) => stderrRun(args).reads;
  const stdoutReads = (stdout: 'pipe' | number) => {
    const args = ['--require', counter('stdout'), BUNDLE, 'lint', 'examples/designs/good/uuid-orders.json'];
    const { stderr } = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', stdout, 'pipe'] });
    return Number(/stdout reads: (\d+)\n$/.exec(stderr)?.[1]);
  };

  it('a clean lint never creates the stderr stream; a usage error to a pipe or file is written without it, as stdout is', () => {
    expect(stderrReads(['lint', 'examples/designs/good/uuid-orders.json'])).toBe(0);
    // fs.writeSync, not process.stderr (which writes a pipe asynchronously: what is said before a signal's exit was cut).
    const usage = stderrRun(['lint', 'examples/designs/good/uuid-orders.json', '--bogus']);
    expect(usage.stderr).toMatch(/^skewguard: .*--bogus/);
    expect(usage.reads).toBe(0);
  });

  it('a report to a pipe, a socket or a file is written without creating the stdout stream; to a device (a terminal, /dev/null) with it', () => {
    expect(stdoutReads('pipe')).toBe(0); // node's 'pipe' is a socket pair
    const fifo = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" --require "${counter('stdout')}" "${BUNDLE}" lint examples/designs/good/uuid-orders.json | cat`],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(fifo.stdout).toMatch(/0 errors, 0 warnings in 1 file\n$/);
    expect(fifo.stderr).toMatch(/stdout reads: 0\n$/);
    const file = join(tempTree(), 'report.txt');
    const fd = openSync(file, 'w');
    try {
      expect(stdoutReads(fd)).toBe(0);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toMatch(/0 errors, 0 warnings in 1 file\n$/);
    const devNull = openSync('/dev/null', 'w');
    try {
      expect(stdoutReads(devNull)).toBeGreaterThan(0);
    } finally {
      closeSync(devNull);
    }
  });

  it('a pipe made non-blocking (EAGAIN while its reader waits) gets the whole report, in order', async () => {
    const dir = tempTree({ 'many.json': designWithFindings(600) });
    const expected = spawnSync(process.execPath, [BUNDLE, 'lint', 'many.json'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(expected.stdout.length).toBeGreaterThan(256 * 1024); // beyond a pipe's buffer
    // The preload makes the stdout stream, which sets the pipe non-blocking, as another process sharing it could.
    const child = spawn(
      process.execPath,
      ['--require', join(tempTree({ 'nonblocking.js': 'process.stdout;' }), 'nonblocking.js'), BUNDLE, 'lint', 'many.json'],
      {
        cwd: dir,
      },
    );
    child.stdout.pause(); // the reader waits: the pipe fills
    await new Promise((resolve) => setTimeout(resolve, 300));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk)).resume();
    const code = await new Promise<number | null>((done) => child.on('close', (status) => done(status)));
    expect(code).toBe(expected.status);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected.stdout);
  });
});
