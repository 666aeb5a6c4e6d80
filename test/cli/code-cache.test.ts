/**
 * The bin (lib/cli/bin.ts) compiles the start bundle from the V8 code cache the build made beside it.
 * A cache that is missing, damaged, or older than the bundle changes nothing a user sees: the same
 * output and exit code. Runs copies of the built command (dist/bin), each with its cache changed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, root, tempTree } from './helpers';

const CACHE = `skewguard-start.${process.version}-${process.arch}.cache`;

// A preload reports whether V8 took the cache it was given (the bin compiles with node:vm's Script).
const probe = join(
  tempTree({
    'probe.js': [
      "const vm = require('node:vm');",
      'const Script = vm.Script;',
      'vm.Script = class extends Script {',
      '  constructor(source, options) {',
      '    super(source, options);',
      "    if (options && options.cachedData) process.on('exit', () => require('node:fs').writeSync(2, `code cache rejected: ${this.cachedDataRejected}\\n`));",
      '  }',
      '};',
    ].join('\n'),
  }),
  'probe.js',
);

/** A copy of the built command (and the package.json it reads its version from), `change` applied to its dist/bin. */
function copyOfBin(change: (bin: string) => void): string {
  const copy = tempTree({ 'package.json': readFileSync(join(root, 'package.json')) });
  cpSync(join(root, 'dist/bin'), join(copy, 'dist/bin'), { recursive: true, preserveTimestamps: true });
  change(join(copy, 'dist/bin'));
  return join(copy, 'dist/bin/skewguard.js');
}

function run(bin: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, ['--require', probe, bin, ...args], { cwd: root, encoding: 'utf8' });
  const verdict = /code cache rejected: (true|false)\n/.exec(result.stderr)?.[1];
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr.replace(/code cache rejected: (true|false)\n/, ''),
    cache: verdict === undefined ? 'none' : verdict === 'false' ? 'taken' : 'rejected',
  };
}

const RUNS: readonly (readonly string[])[] = [
  ['lint', 'examples/designs/good/uuid-orders.json'], // 0
  ['lint', 'test/cli/fixtures/cloud-assembly'], // 1: findings
  ['lint', 'examples/designs/bad', '--format', 'json'], // 1: a lazy bundle's report
  ['explain', 'SG999'], // 2: a UsageError thrown in a lazy bundle, known to the start bundle's instanceof
];

describe('the code cache of the start bundle', () => {
  let expected: ReturnType<typeof run>[];
  beforeAll(() => {
    expected = RUNS.map((args) => run(BIN, args));
  });

  it('is taken by V8 as the build made it', () => {
    expect(expected.map((result) => result.cache)).toEqual(RUNS.map(() => 'taken'));
    expect(expected.map((result) => result.code)).toEqual([0, 1, 1, 2]);
    expect(expected[3].stderr).toMatch(/unknown rule "SG999"/);
  });

  it.each([
    ['missing', 'none', (bin: string) => rmSync(join(bin, CACHE))],
    ['garbage', 'rejected', (bin: string) => writeFileSync(join(bin, CACHE), Buffer.alloc(4096, 0x5a))],
    ['truncated', 'rejected', (bin: string) => truncateSync(join(bin, CACHE), 1000)],
    // V8 checks a cache against its source's length only: an edited bundle must not run from it.
    ['older than the bundle', 'none', (bin: string) => utimesSync(join(bin, 'skewguard-start.js'), new Date(), new Date(Date.now() + 60_000))],
  ])('%s: ignored, the same output and exit codes', (_, cache, change) => {
    const bin = copyOfBin(change);
    for (const [i, args] of RUNS.entries()) expect(run(bin, args)).toEqual({ ...expected[i], cache });
  });

  const stackOf = (flags: readonly string[]) =>
    spawnSync(process.execPath, [...flags, '-e', `require(${JSON.stringify(BIN)}).bundledModule('dist/cli/json-locations.js').parseJsonWithLocations(null)`], {
      cwd: root,
      encoding: 'utf8',
    }).stderr;

  it('leaves stack traces naming the bundle at the right line and column', () => {
    const [, line, column] = /dist\/bin\/skewguard-start\.js:(\d+):(\d+)/.exec(stackOf([])) ?? [];
    const source = readFileSync(join(root, 'dist/bin/skewguard-start.js'), 'utf8').split('\n')[Number(line) - 1];
    expect(source.slice(Number(column) - 1)).toMatch(/^charCodeAt\(/);
  });

  it('leaves `--enable-source-maps` mapping the stack back to lib/', () => {
    expect(stackOf(['--enable-source-maps'])).toMatch(/lib\/cli\/json-locations\.ts:\d+:\d+/);
  });
});
