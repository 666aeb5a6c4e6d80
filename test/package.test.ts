import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { BUNDLE, bundleRun, START_BUNDLE } from './cli/bundle-run';

/** These tests load the built package (dist/), as a user would: `npm test` builds it first. */
const root = join(__dirname, '..');
const CLOUD_SDKS = /node_modules[\\/](aws-cdk-lib|constructs|@pulumi)[\\/]/;

function loadedModules(script: string): string[] {
  const out = execFileSync(process.execPath, ['-e', `${script}; console.log(JSON.stringify(Object.keys(require.cache)))`], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out) as string[];
}

/** The paths `npm pack` puts in the tarball. */
function packedFiles(): Set<string> {
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  return new Set((pack.files as { path: string }[]).map((f) => f.path));
}

/** The repository's own URL for a file or directory, as the shipped docs link what the package leaves out. */
const REPOSITORY_PATH = /https:\/\/github\.com\/skewguard\/skewguard\/(?:tree|blob)\/main\/([^\s)#`]+)/g;

beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
});

describe('the built package', () => {
  it('loads no cloud SDK when the core is required and used', () => {
    const modules = loadedModules(`
      const sg = require('skewguard');
      sg.lint({ tables: [{ name: 'orders', partitionKey: { name: 'id', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 1, peakWriteUnits: 1 } }] });`);
    expect(modules.some((m) => m.endsWith(join('dist', 'index.js')))).toBe(true);
    expect(modules.filter((m) => CLOUD_SDKS.test(m))).toEqual([]);
    // The SDKs are installed (dev dependencies), so the check above could fail: prove it can.
    expect(loadedModules("require('constructs')").filter((m) => CLOUD_SDKS.test(m)).length).toBeGreaterThan(0);
  });

  it('runs a CLI lint without loading a cloud SDK, from one bundled file (and the bin that loads it)', () => {
    const { code, required, ran } = bundleRun(['lint', 'examples/designs/good']);
    expect(code).toBe(0);
    expect(ran).toContain('lib/cli/lint-files.ts');
    expect(required.filter((m) => m.startsWith(join(root, 'dist')))).toEqual([BUNDLE, START_BUNDLE]);
    expect(required.filter((m) => CLOUD_SDKS.test(m))).toEqual([]);
  });

  it('ships the bundled command with a source map back to lib/', () => {
    const map = JSON.parse(readFileSync(`${START_BUNDLE}.map`, 'utf8')) as { sources: string[]; sourcesContent: string[] };
    expect(map.sources).toContain('../../lib/cli/main.ts');
    expect(map.sourcesContent.length).toBe(map.sources.length);
    expect(readFileSync(BUNDLE, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('ships every source file its source maps name, so a stack trace (jest, --enable-source-maps) points at a file that is there', () => {
    const shipped = packedFiles();
    const maps = [...shipped].filter((path) => path.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(100);
    const missing = maps.flatMap((map) =>
      (JSON.parse(readFileSync(join(root, map), 'utf8')) as { sources: string[] }).sources
        .filter((source) => source.endsWith('.ts')) // not the bundler's own entries (`other-bundle:…`, the entry stub)
        .map((source) => posix.join(posix.dirname(map), source))
        .filter((source) => !shipped.has(source))
        .map((source) => `${map} → ${source}`),
    );
    expect(missing).toEqual([]);
    // The sources are shipped once, as files: tsc's maps do not repeat them (inlineSources).
    expect((JSON.parse(readFileSync(join(root, 'dist/cdk/index.js.map'), 'utf8')) as { sourcesContent?: unknown }).sourcesContent).toBeUndefined();
  }, 30_000);

  it('exposes the adapters and the testing helpers as subpaths', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './cdk', './pulumi', './testing', './testing/cdk', './testing/pulumi']));
    for (const optional of ['aws-cdk-lib', 'constructs', '@pulumi/pulumi', '@pulumi/azure-native']) {
      expect(pkg.peerDependenciesMeta[optional]).toEqual({ optional: true });
      expect(pkg.dependencies?.[optional]).toBeUndefined();
    }
    expect(pkg.bin).toEqual({ skewguard: './dist/bin/skewguard.js' });
    const resolved = execFileSync(
      process.execPath,
      ['-e', "for (const p of ['skewguard/testing', 'skewguard/testing/cdk', 'skewguard/testing/pulumi']) console.log(require.resolve(p))"],
      { cwd: root, encoding: 'utf8' },
    );
    expect(
      resolved
        .trim()
        .split('\n')
        .map((p) => p.slice(root.length + 1).replace(/\\/g, '/')),
    ).toEqual(['dist/testing/index.js', 'dist/testing/cdk/index.js', 'dist/testing/pulumi/index.js']);
  });
});

describe('the shipped docs', () => {
  // Of examples/ the package ships designs/ only: the programs import lib/'s sources, and policy-pack/ is a package of
  // its own that a user's tsc or bundler must not pick up. The docs link the others by their repository URL, which
  // works from node_modules and npm's page alike. (Fenced blocks are commands and output for a checkout of the repository.)
  it('name no examples/ path the package leaves out, except by a repository URL that exists', () => {
    const shipped = packedFiles();
    const isShipped = (path: string) => shipped.has(path) || [...shipped].some((file) => file.startsWith(`${path}/`));
    const docs = [...shipped].filter((path) => path.endsWith('.md') && !path.startsWith('examples/'));
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/pulumi.md', 'docs/testing.md']));
    const dead = docs.flatMap((doc) => {
      const text = readFileSync(join(root, doc), 'utf8').replace(/^\s*```[\s\S]*?^\s*```/gm, '');
      const linked = [...text.matchAll(REPOSITORY_PATH)].map((m) => m[1]).filter((path) => !existsSync(join(root, path)));
      const named = [...text.replace(/(?:\[[^\]]*\]\()?https?:\/\/[^\s)]+\)?/g, '').matchAll(/\bexamples\/[\w./-]*\w/g)]
        .map((m) => m[0])
        .filter((path) => !isShipped(path));
      return [...linked.map((path) => `${doc}: ${path} (not in the repository)`), ...named.map((path) => `${doc}: ${path} (not shipped)`)];
    });
    expect(dead).toEqual([]);
  }, 30_000);

  it('link the repository package.json names, as npm shows it', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository?: { url?: string }; homepage?: string; bugs?: { url?: string } };
    const repository = 'https://github.com/skewguard/skewguard';
    expect(pkg.repository?.url).toBe(`git+${repository}.git`);
    expect(pkg.homepage).toBe(`${repository}#readme`);
    expect(pkg.bugs?.url).toBe(`${repository}/issues`);
    // The docs' links (checked above) are to this repository.
    expect([...`${repository}/tree/main/examples`.matchAll(REPOSITORY_PATH)].map((m) => m[1])).toEqual(['examples']);
  });
});

describe('the published tarball', () => {
  it('installs alone (no runtime dependency, optional peers left out) and works as library and command', () => {
    const project = mkdtempSync(join(tmpdir(), 'skewguard-consumer-'));
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', project], { cwd: root, stdio: 'pipe' });
    const tarball = readdirSync(project).find((f) => f.endsWith('.tgz')) as string;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `./${tarball}`], { cwd: project, stdio: 'pipe' });
    expect(readdirSync(join(project, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['skewguard']);
    const n = execFileSync(process.execPath, ['-e', "console.log(require('skewguard').shardsFor({ engine: 'dynamodb', peakWriteUnits: 20000 }))"], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(n.trim()).toBe('65'); // 307.69 WCU a shard + 19,692.31 ÷ 40 partitions ≤ 800 (README, "Library API")
    // Both JSON Schemas the docs point editors and validators at resolve through the exports map.
    for (const [name, title] of [
      ['design', 'skewguard design file'],
      ['config', 'skewguard config'],
    ]) {
      const schema = execFileSync(process.execPath, ['-e', `console.log(require('skewguard/schema/${name}.schema.json').title)`], {
        cwd: project,
        encoding: 'utf8',
      });
      expect(schema.trim()).toBe(title);
    }
    // The bin and the start bundle beside it; no V8 code cache (lib/cli/bin.ts says why), and no copy of
    // the bin in dist/cli, where it would not find the start bundle.
    expect(readdirSync(join(project, 'node_modules/skewguard/dist/bin'))).toEqual(expect.arrayContaining(['skewguard.js', 'skewguard-start.js']));
    expect(readdirSync(join(project, 'node_modules/skewguard/dist/bin')).filter((file) => file.endsWith('.cache'))).toEqual([]);
    expect(readdirSync(join(project, 'node_modules/skewguard/dist/cli')).filter((file) => file.startsWith('bin.'))).toEqual([]);
    const bin = join(project, 'node_modules', '.bin', 'skewguard');
    const out = execFileSync(bin, ['lint', 'node_modules/skewguard/examples/designs/good'], { cwd: project, encoding: 'utf8' });
    const goodExamples = readdirSync(join(__dirname, '../examples/designs/good')).filter((f) => f.endsWith('.json')).length;
    expect(out).toContain(`0 errors, 0 warnings (5 acknowledged) in ${goodExamples} files`);
    // TypeScript finds every entry point's types under both resolutions projects use: node10 (the default
    // of `module: commonjs`, as `cdk init` writes it) through typesVersions, node16 through exports.
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import { lint } from 'skewguard';",
        "import type { GuardedTable } from 'skewguard/cdk';",
        "import type { GuardedContainer } from 'skewguard/pulumi';",
        "import type { skewguardPolicies } from 'skewguard/pulumi/policy';",
        "import type { assertDesignPasses } from 'skewguard/testing';",
        "import type { stackSnapshot } from 'skewguard/testing/cdk';",
        "import type { pulumiSnapshot } from 'skewguard/testing/pulumi';",
        'export type Used = [typeof lint, GuardedTable, GuardedContainer, typeof skewguardPolicies, typeof assertDesignPasses, typeof stackSnapshot, typeof pulumiSnapshot];',
      ].join('\n'),
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    for (const [module, resolution] of [
      ['commonjs', 'node10'],
      ['node16', 'node16'],
    ]) {
      const result = spawnSync(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--types',
          'node',
          '--typeRoots',
          join(root, 'node_modules', '@types'),
          '--module',
          module,
          '--moduleResolution',
          resolution,
          'consumer.ts',
        ],
        { cwd: project, encoding: 'utf8' },
      );
      expect(`${resolution}: ${result.stdout}`).toBe(`${resolution}: `);
    }
  }, 120_000);
});
