/**
 * Every TypeScript snippet in the README compiles, under --strict and --noUncheckedIndexedAccess, against the package's public
 * entry points (`skewguard`, `skewguard/cdk`, `skewguard/pulumi`): a reader can paste them.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '../..');

function snippets(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/**
 * A compiler host that reads aws-cdk-lib's root index with only the service namespaces (`export * as
 * aws_sns from './aws-sns'`) that `texts` name: lib imports core names (Stack, Duration) from the root,
 * and the full index makes the compiler parse some 1,700 declaration files of services nothing here
 * uses, two thirds of this test's time. A namespace named anywhere in `texts` is kept.
 */
function hostWithoutUnnamedCdkServices(options: ts.CompilerOptions, texts: readonly string[]): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const cdkIndex = join(root, 'node_modules/aws-cdk-lib/index.d.ts');
  const words = new Set(texts.flatMap((text) => text.match(/\w+/g) ?? []));
  const named = (line: string) => {
    const namespace = /^export \* as (\w+) from /.exec(line)?.[1];
    return namespace === undefined || words.has(namespace);
  };
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    return file === cdkIndex && text !== undefined ? text.split('\n').filter(named).join('\n') : text;
  };
  return host;
}

/** The text of every .ts file below `dir`: the repository's own code, which snippets import by relative path. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

it('compiles every TypeScript snippet of the README', () => {
  const blocks = snippets(readFileSync(join(root, 'README.md'), 'utf8'));
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  const dir = mkdtempSync(join(tmpdir(), 'skewguard-readme-'));
  // Snippets import paths relative to the repository root, as a user's project would import its own files.
  const files = blocks.map((code, i) => {
    const file = join(dir, `snippet-${i}.ts`);
    writeFileSync(file, `${code.replace(/from '\.\/([^']+)'/g, (_, rest: string) => `from '${join(root, rest)}'`)}\nexport {};\n`);
    return file;
  });
  const options: ts.CompilerOptions = {
    strict: true,
    // Not part of --strict, but common in projects that would paste these (`findings[0]` is then possibly undefined).
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
    baseUrl: root,
    paths: {
      skewguard: ['lib/index.ts'],
      'skewguard/cdk': ['lib/cdk/index.ts'],
      'skewguard/pulumi': ['lib/pulumi/index.ts'],
      '*': ['node_modules/*', 'node_modules/@types/*'],
    },
  };
  const host = hostWithoutUnnamedCdkServices(options, [...blocks, ...sources(join(root, 'lib')), ...sources(join(root, 'examples'))]);
  const program = ts.createProgram(files, options, host);
  // The snippets' own diagnostics: lib is type-checked by `npm run typecheck`, and checking all of it
  // here again took a third of this test's time. What a snippet uses from lib is checked through it.
  const checked = files.map((file) => program.getSourceFile(file)!);
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  const errors = diagnostics.map((d) => {
    const where = d.file ? `${d.file.fileName.replace(dir, 'README')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  expect(errors).toEqual([]);
}, 120_000);

it('shows a design file that skewguard passes', async () => {
  const { lint } = await import('../../lib');
  // The first JSON block is the design-file example; later ones are fragments of a design.
  const [first] = readFileSync(join(root, 'README.md'), 'utf8').matchAll(/```json\n([\s\S]*?)```/g);
  const design = JSON.parse(first[1]);
  // Waived findings stay in the report (the example acknowledges its raised table-level quota): none may be unwaived.
  expect(lint(design).filter((f) => !f.acknowledged)).toEqual([]);
});
