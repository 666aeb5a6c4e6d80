/**
 * Exit codes are a contract, and nothing ends in a stack trace. These run the built binary in a
 * child process, so pipes, devices, permissions and exit codes are the real ones.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, bin, cli, designWithFindings, examples, root, Sink, tempTree, UNIQUE_TABLE, unprivilegedCli } from './helpers';

const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at |Error:|node:internal/);

describe('the skewguard binary', () => {
  it('starts with a shebang and exits 0 clean, 1 on findings, 2 on bad usage', () => {
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(bin(['lint', join(examples, 'good')]).code).toBe(0);
    expect(bin(['lint', join(examples, 'bad/status-key.json')]).code).toBe(1);
    const usage = bin(['lint']);
    expect(usage.code).toBe(2);
    noStackTrace(usage.stderr);
  });

  it('exits 2 when a search finds no design file: never a silent green', () => {
    const dir = tempTree({ 'package.json': '{ "name": "app", "version": "1.0.0" }', 'tsconfig.json': '{ "compilerOptions": {} }', 'sub/notes.json': '[]' });
    const { code, stdout } = bin(['lint', dir]);
    expect(code).toBe(2);
    expect(stdout).toContain('no design file or template found here');
    expect(stdout).toMatch(/0 errors, 0 warnings in 0 files; 1 input could not be linted\n$/);
    const glob = bin(['lint', `${dir}/**/*.design.json`]);
    expect(glob.code).toBe(2);
  });

  it('exits 2 on a design file that declares nothing ({} or empty lists): never a silent green', () => {
    const dir = tempTree({ 'empty.json': '{}', 'lists.json': '{ "tables": [], "containers": [] }' });
    for (const file of ['empty.json', 'lists.json']) {
      const { code, stdout } = bin(['lint', join(dir, file)]);
      expect(code).toBe(2);
      expect(stdout).toContain('holds no design to lint: declare at least one entry in "tables", "containers" or "external"');
    }
    expect(bin(['lint', join(examples, 'good/uuid-orders.json')]).code).toBe(0);
  });

  it('exits 2 on any file named on the command line that holds no design, whatever JSON it is', async () => {
    const named = {
      'array.json': ['[]', 'expected an object, got an array'],
      'null.json': ['null', 'expected an object, got null'],
      'other.json': ['{ "name": "app" }', 'name: is not a known field'],
      'typo.json': [JSON.stringify({ Tables: [UNIQUE_TABLE] }), 'Tables: is not a known field (did you mean "tables"?)'],
      'designs.json': [JSON.stringify({ designs: [UNIQUE_TABLE] }), 'designs: is not a known field'],
      'schema-only.json': ['{ "$schema": "./node_modules/skewguard/schema/design.schema.json" }', 'holds no design to lint'],
    };
    const dir = tempTree(Object.fromEntries(Object.entries(named).map(([file, [text]]) => [file, text])));
    for (const [file, [, message]] of Object.entries(named)) {
      const { code, stdout } = await cli(['lint', file, '--format', 'json'], { cwd: dir });
      expect([file, code]).toEqual([file, 2]);
      const errors = (JSON.parse(stdout).files[0].errors as { path: string; message: string }[]).map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
      expect(errors.join('\n')).toContain(message);
    }
  });

  it('exits 2 on a template named on the command line (or given on standard input) that holds no DynamoDB table', async () => {
    const stack = JSON.stringify({ Resources: { Bucket: { Type: 'AWS::S3::Bucket' }, Role: { Type: 'AWS::IAM::Role' } } });
    const dir = tempTree({ 'cdk.out/Stack.template.json': stack, 'Empty.template.json': '{ "Resources": {} }' });
    const named = bin(['lint', 'cdk.out/Stack.template.json'], { cwd: dir });
    expect(named.code).toBe(2);
    expect(named.stdout).toContain(
      'error   cdk.out/Stack.template.json:1:2: holds no DynamoDB table to lint: its "Resources" hold 2 resources (AWS::S3::Bucket, AWS::IAM::Role), none of type AWS::DynamoDB::Table or AWS::DynamoDB::GlobalTable; name the template of the stack that declares the tables, or lint the whole cloud assembly (cdk.out/)',
    );
    expect(named.stdout).toContain('1 input could not be linted');
    const empty = bin(['lint', 'Empty.template.json'], { cwd: dir });
    expect(empty.code).toBe(2);
    expect(empty.stdout).toContain('holds no DynamoDB table to lint: its "Resources" is empty; name the template');
    const piped = await cli(['lint', '-'], { stdin: stack });
    expect(piped.code).toBe(2);
    expect(piped.stdout).toContain('<stdin>:1:2: holds no DynamoDB table to lint');
    // A search that finds only templates without a table checked nothing: it fails as one that found nothing.
    const searched = bin(['lint', 'cdk.out'], { cwd: dir });
    expect(searched.code).toBe(2);
    expect(searched.stdout).toContain('cdk.out: no design file, and no template with a DynamoDB table (only templates without one), found here');
    // Beside a stack that declares a table, the stacks of an app without one are linted (for their waivers), not errors.
    const tables = readFileSync(join(__dirname, 'fixtures/templates/intrinsics.template.json'), 'utf8');
    const app = tempTree({ 'cdk.out/Stack.template.json': stack, 'cdk.out/Tables.template.json': tables });
    const both = bin(['lint', 'cdk.out', '--format', 'json'], { cwd: app });
    expect(both.code).not.toBe(2);
    expect((JSON.parse(both.stdout).files as { file: string; errors: unknown[] }[]).map((f) => [f.file, f.errors.length])).toEqual([
      ['cdk.out/Stack.template.json', 0],
      ['cdk.out/Tables.template.json', 0],
    ]);
  });

  it('exits 141 when the reader of a pipe goes away (| head -1), silently, as git does', () => {
    const dir = tempTree({ 'many.json': designWithFindings(600) });
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" lint many.json | head -1; echo "exit=\${PIPESTATUS[0]}" >&2`], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.stdout).toBe('many.json\n');
    expect(result.stderr).toBe('exit=141\n');
  });

  // The SARIF header is written before any file is linted: a reader that never reads closed the pipe before the search began.
  it.each(['text', 'json', 'sarif', 'github'])('exits 141 silently in %s when the reader closed the pipe before a search linted its files', (format) => {
    const dir = tempTree({ 'designs/a.json': designWithFindings(1), 'designs/b.json': designWithFindings(1, () => 'table-b') });
    const result = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${BIN}" lint designs --format ${format} | (exec <&-; sleep 1); echo "exit=\${PIPESTATUS[0]}" >&2`],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(result.stderr).toBe('exit=141\n');
  });

  it('with --fix, names the files written and their application changes on stderr when the reader went away (| head -1)', () => {
    const dir = tempTree({ 'many.json': designWithFindings(600) });
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" lint many.json --fix | head -1; echo "exit=\${PIPESTATUS[0]}" >&2`], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.stdout).toBe('many.json\n');
    const lines = result.stderr.split('\n');
    // The file was fixed before the report was cut short: the report that would have listed what the fixes need is gone.
    expect(lines[0]).toMatch(/^skewguard: only the report was lost, not the fixes: --fix wrote many\.json \(\d[\d,]* fixes\)/);
    expect(lines.filter((line) => line.startsWith('    SG001 table-')).length).toBe(600);
    expect(lines.at(-2)).toBe('exit=141');
  });

  it('stops linting once the reader of the report is gone: the files after it are never read', async () => {
    const total = 400; // about 1.5 KiB of report each: 600 KiB in all, far beyond a pipe's 64 KiB buffer and the 64 KiB chunks
    const designs = Object.fromEntries(Array.from({ length: total }, (_, i) => [`designs/d${i}.json`, designWithFindings(1, () => `table-${i}`)]));
    const dir = tempTree({
      ...designs,
      'count-reads.js': [
        "const fs = require('node:fs');",
        'let reads = 0;',
        'const openSync = fs.openSync;',
        'fs.openSync = (path, ...rest) => { if (/designs[\\\\/]d\\d+\\.json$/.test(String(path))) reads++; return openSync(path, ...rest); };',
        "process.on('exit', () => process.stderr.write(`design files read: ${reads}\\n`));",
      ].join('\n'),
    });
    const child = spawn(process.execPath, ['--require', join(dir, 'count-reads.js'), BIN, 'lint', 'designs'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdout.once('data', () => child.stdout.destroy()); // the reader takes one chunk and goes away
    const code = await new Promise<number | null>((done) => child.on('close', (status) => done(status)));
    expect(code).toBe(141);
    const read = Number(/^design files read: (\d+)\n$/.exec(stderr)?.[1]);
    expect(read).toBeGreaterThan(0);
    // It can have written no more than the chunk read, the pipe's buffer and one chunk besides (about 130 files).
    expect(read).toBeLessThan(total / 2);
    noStackTrace(stderr);
  });

  // A directory: node would give it a stream that drops the report without a word.
  it.each([
    ['a full disk', () => (existsSync('/dev/full') ? openSync('/dev/full', 'w') : undefined), 'no space left on the device (ENOSPC)'],
    ['a directory', () => openSync(tempTree(), 'r'), 'it is not open for writing (EBADF)'],
  ])('exits 2 with a sentence when the report cannot be written (standard output on %s)', (_what, open, reason) => {
    const output = open();
    if (output === undefined) return;
    try {
      const result = spawnSync(process.execPath, [BIN, 'lint', join(examples, 'good/uuid-orders.json')], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', output, 'pipe'],
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(`skewguard: cannot write the report to standard output: ${reason}\n`);
    } finally {
      closeSync(output);
    }
  });

  it('says which files --fix wrote when only the report was lost (lint --fix a.json >/dev/full)', () => {
    if (!existsSync('/dev/full')) return;
    const dir = tempTree({ 'a.json': designWithFindings(1), 'b.json': designWithFindings(2), 'clean.json': JSON.stringify({ tables: [UNIQUE_TABLE] }) });
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [BIN, 'lint', 'a.json', 'b.json', 'clean.json', '--fix'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', full, 'pipe'],
      });
      expect(result.status).toBe(2);
      expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')).tables[0].monitoring).toEqual({ contributorInsights: true }); // written
      // One file a line, then the application changes the lost report listed: a lint of the fixed files shows none of them.
      const shards =
        'the application must write keys as key#0…key#5 with a random suffix and read all 6 shards; existing items must be rewritten under the new keys';
      const check = 'check that the application matches the changed design';
      expect(result.stderr).toBe(
        [
          'skewguard: cannot write the report to standard output: no space left on the device (ENOSPC)',
          'skewguard: only the report was lost, not the fixes: --fix wrote these 2 files; lint them again (with the report where it can be written) to see what is left:',
          '  a.json (3 fixes)',
          '  b.json (6 fixes)',
          'skewguard: the fixes written need these application changes (the report listed them; a lint of the fixed files no longer shows them, and `git diff` shows the edits):',
          '  a.json:',
          `    SG001 table-0 (tables[0].partitionKey): ${shards}`,
          `    SG010 table-0 (tables[0].globalSecondaryIndexes[0].contributorInsights): ${check}`,
          '  b.json:',
          `    SG001 table-0 (tables[0].partitionKey): ${shards}`,
          `    SG010 table-0 (tables[0].globalSecondaryIndexes[0].contributorInsights): ${check}`,
          `    SG001 table-1 (tables[1].partitionKey): ${shards}`,
          `    SG010 table-1 (tables[1].globalSecondaryIndexes[0].contributorInsights): ${check}`,
          '',
        ].join('\n'),
      );
      const again = spawnSync(process.execPath, [BIN, 'lint', 'a.json', 'b.json'], { cwd: dir, encoding: 'utf8' });
      expect(again.stdout).not.toContain('application change'); // the re-lint the old sentence sent the user to is clean of them
    } finally {
      closeSync(full);
    }
  });

  it.each([
    ['standard error', '/dev/stderr', 2],
    ['standard output', '/dev/stdout', 1],
  ] as const)('writes -o naming %s’s file (redirected to a file) through that stream, never emptying the file', (_what, path, fd) => {
    const dir = tempTree({ 'bad.json': '{ "tables": [{ "name": "x" }] }' });
    const log = join(dir, 'log.txt');
    writeFileSync(log, 'a line written before the run\n');
    const file = openSync(log, 'a'); // as `2>>log.txt`: truncating it loses that line
    try {
      const stdio: ('ignore' | 'pipe' | number)[] = ['ignore', 'pipe', 'pipe'];
      stdio[fd] = file;
      const result = spawnSync(process.execPath, [BIN, 'lint', join(examples, 'good/uuid-orders.json'), 'bad.json', '-o', path], {
        cwd: dir,
        encoding: 'utf8',
        stdio,
      });
      expect(result.status).toBe(2);
      const text = readFileSync(log, 'utf8');
      expect(text.startsWith(`a line written before the run\n${join(examples, 'good/uuid-orders.json')}\n`)).toBe(true);
      expect(text).toContain('invalid tables[0].name (bad.json:1:16)');
      expect(text).toContain('1 input could not be linted\n');
      // The report is on stderr already: its input errors are not written there a second time.
      expect(text.split('invalid tables[0].name').length).toBe(2);
    } finally {
      closeSync(file);
    }
  });

  it('refuses a device (a symlink to /dev/zero) without reading it', () => {
    const dir = tempTree();
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    const { code, stdout, stderr } = bin(['lint', join(dir, 'zero.json')]);
    expect(code).toBe(2);
    expect(stdout).toContain('the file is a character device, not a regular file');
    noStackTrace(stderr);
    // A search names the link it does not read, once: not again "no design file or template found here" (review 32).
    const searched = bin(['lint', dir]).stdout;
    expect(searched).toContain('zero.json: is a symbolic link to a character device, not a regular file: not read');
    expect(searched).not.toContain('found here');
  });

  it('names a FIFO a directory search finds (exit 2) instead of reading it or passing it over unsaid', () => {
    const dir = tempTree({ 'good.json': JSON.stringify({ tables: [UNIQUE_TABLE] }) });
    if (spawnSync('mkfifo', [join(dir, 'stream.json')]).status !== 0) return; // no mkfifo on this system: nothing to test
    for (const args of [
      ['lint', dir],
      ['lint', dir, '--verbose'],
      ['lint', join(dir, '*.json')],
    ]) {
      const { code, stdout, stderr } = bin(args);
      expect(code).toBe(2);
      expect(stdout).toContain(`error   ${join(dir, 'stream.json')}: is a pipe or FIFO, not a regular file: not read`);
      expect(stdout).toContain('0 errors, 0 warnings in 1 file; 1 input could not be linted');
      noStackTrace(stderr);
    }
  });

  it('refuses a FIFO named on the command line without opening it (exit 2), where reading it would wait forever (cli29)', () => {
    const dir = tempTree();
    const fifo = join(dir, 'pipe.json');
    // Without mkfifo (Windows) there is no FIFO to name: the test says so rather than passing in silence.
    if (spawnSync('mkfifo', [fifo]).status !== 0) return console.warn('skipped: no mkfifo on this system');
    // Before: open() blocked waiting for a writer, and the run never ended (the timeout kills it: code null).
    const { status, stdout, stderr } = spawnSync(process.execPath, [BIN, 'lint', fifo], { encoding: 'utf8', timeout: 20_000 });
    expect(status).toBe(2);
    expect(stdout).toContain(
      `error   ${fifo}: the file is a pipe or FIFO, not a regular file: not read (reading it could wait forever); give a stream on standard input (\`-\`) instead`,
    );
    noStackTrace(stderr);
  });

  it('still reads a process substitution (<(…)), a pipe the shell has connected to its writer', () => {
    if (spawnSync('bash', ['-c', 'cat <(true)']).status !== 0) return console.warn('skipped: no bash with process substitution here');
    const design = join(tempTree({ 'good.json': JSON.stringify({ tables: [UNIQUE_TABLE] }) }), 'good.json');
    const { status, stdout } = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" lint <(cat "${design}")`], { encoding: 'utf8', timeout: 20_000 });
    expect(stdout).toMatch(/0 errors, 0 warnings in 1 file\n$/);
    expect(status).toBe(0);
  });

  it('refuses a file past the size cap by its size, before reading it', () => {
    const dir = tempTree({ 'huge.json': '' });
    truncateSync(join(dir, 'huge.json'), 17 * 1024 * 1024); // sparse: nothing to read, 17 MiB on paper
    const { code, stdout } = bin(['lint', join(dir, 'huge.json')]);
    expect(code).toBe(2);
    expect(stdout).toContain('the file is too large to be a design file or template (17.0 MiB; the limit is 16.0 MiB)');
  });

  it('refuses 17 million JSON values with a sentence (no out-of-memory crash)', () => {
    const dir = tempTree();
    writeFileSync(join(dir, 'values.json'), `[${'0,'.repeat(17_000_000)}0]`);
    const { code, stdout, stderr } = bin(['lint', join(dir, 'values.json')]);
    expect(code).toBe(2);
    expect(stdout).toContain('too large to be a design file or template');
    noStackTrace(stderr);
  });

  it('stops reading standard input at the cap: 120 million lines end with a sentence', () => {
    const result = spawnSync('bash', ['-c', `yes '' | head -n 120000000 | "${process.execPath}" "${BIN}" lint -`], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('standard input is too large to be a design file or template (more than 16.0 MiB');
    noStackTrace(result.stderr);
  });

  const unprivileged = unprivilegedCli();
  const nobodyTest = unprivileged ? it : it.skip;

  nobodyTest(
    `exits 2 naming a directory it cannot read${unprivileged ? '' : ' (skipped: running as root, and the user nobody cannot run node and a copy of the CLI in the temporary directory)'}`,
    () => {
      const run = unprivileged as { bin: string; options: object };
      const dir = tempTree({ 'ok/design.json': readFileSync(join(examples, 'good/uuid-orders.json')), 'locked/design.json': '{}' });
      chmodSync(dir, 0o755);
      chmodSync(join(dir, 'locked'), 0o000);
      try {
        const result = spawnSync(process.execPath, [run.bin, 'lint', dir], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH }, ...run.options });
        expect(result.status).toBe(2);
        expect(result.stdout).toMatch(/locked\n {4}error {3}\S*locked: the directory cannot be read: permission denied \(EACCES\)/);
        expect(result.stdout).toContain('0 errors, 0 warnings in 1 file; 1 input could not be linted');
        noStackTrace(result.stderr);
      } finally {
        chmodSync(join(dir, 'locked'), 0o755);
      }
    },
  );

  nobodyTest(
    `says once that a directory it searches cannot be read, not again that nothing was found there${unprivileged ? '' : ' (skipped: running as root, and the user nobody cannot run node and a copy of the CLI in the temporary directory)'}`,
    () => {
      const run = unprivileged as { bin: string; options: object };
      const dir = tempTree({ 'outer/locked/design.json': readFileSync(join(examples, 'good/uuid-orders.json')) });
      chmodSync(dir, 0o755);
      chmodSync(join(dir, 'outer'), 0o755);
      chmodSync(join(dir, 'outer/locked'), 0o000);
      try {
        // The locked directory named, and the directory that holds it searched: one problem each, said once.
        for (const named of ['outer/locked', 'outer']) {
          const result = spawnSync(process.execPath, [run.bin, 'lint', named], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH }, ...run.options });
          expect(result.status).toBe(2);
          expect(result.stdout).toContain('locked: the directory cannot be read: permission denied (EACCES)');
          expect(result.stdout).not.toContain('found here');
          expect(result.stdout).toContain('0 errors, 0 warnings in 0 files; 1 input could not be linted');
          noStackTrace(result.stderr);
        }
      } finally {
        chmodSync(join(dir, 'outer/locked'), 0o755);
      }
    },
  );
});

describe('a large report', () => {
  it('is streamed in bounded chunks, never built as one string', async () => {
    const dir = tempTree({ 'many.json': designWithFindings(700) });
    for (const format of ['text', 'json', 'sarif', 'github']) {
      const sink = new Sink();
      const { code } = await cli(['lint', join(dir, 'many.json'), '--format', format], { stdout: sink });
      expect(code).toBe(1);
      expect(sink.text.length).toBeGreaterThan(500_000);
      expect(sink.chunks).toBeGreaterThan(10);
      expect(sink.largestChunk).toBeLessThan(80 * 1024);
    }
  });
});
