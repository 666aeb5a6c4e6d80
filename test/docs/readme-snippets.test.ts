/**
 * Every TypeScript snippet in the README compiles, under --strict, against the package's public
 * entry points (`skewguard`, `skewguard/cdk`, `skewguard/pulumi`): a reader can paste them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '../..');

function snippets(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
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
  const program = ts.createProgram(files, {
    strict: true,
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
  });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
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
