/**
 * Every prop a GuardedTable user writes (skewguard's own, the core's design fields it takes, nested
 * ones included) has JSDoc, and every optional one an `@default`: what an editor shows is the only
 * reference most users read. Props picked from aws-cdk-lib keep CDK's own docs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..');
const file = join(root, 'lib', 'cdk', 'props.ts');

/** `path: problem` for each prop of `type` (and of its own nested types, to `depth`) that lacks docs. */
function undocumented(checker: ts.TypeChecker, type: ts.Type, prefix: string, depth: number, seen: Set<string>): string[] {
  const problems: string[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    const declaration = prop.declarations?.[0];
    if (!declaration) continue;
    const from = relative(root, declaration.getSourceFile().fileName);
    if (!from.startsWith('lib')) continue;
    const name = `${prefix}${prop.name}`;
    const documented = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim() !== '' || prop.getJsDocTags(checker).length > 0;
    if (!documented) problems.push(`${name}: no JSDoc (${from})`);
    if ((prop.flags & ts.SymbolFlags.Optional) !== 0 && !prop.getJsDocTags(checker).some((tag) => tag.name === 'default')) {
      problems.push(`${name}: optional without @default (${from})`);
    }
    if (depth === 0 || seen.has(name)) continue;
    seen.add(name);
    const value = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(prop, declaration));
    const element = checker.isArrayType(value) ? checker.getTypeArguments(value as ts.TypeReference)[0] : value;
    if ((element.flags & ts.TypeFlags.Object) !== 0) problems.push(...undocumented(checker, element, `${name}.`, depth - 1, seen));
  }
  return problems;
}

describe('GuardedTable props', () => {
  it('have JSDoc, and an @default where optional, down to nested fields', () => {
    // aws-cdk-lib's declarations take most of a minute to load and are not read here (its props keep CDK's docs): a stub stands in.
    const stub = join(mkdtempSync(join(tmpdir(), 'props-jsdoc-')), 'stub.d.ts');
    writeFileSync(stub, 'declare const stub: any;\nexport = stub;\n');
    const program = ts.createProgram([file], {
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      baseUrl: root,
      paths: { 'aws-cdk-lib': [stub], 'aws-cdk-lib/*': [stub], constructs: [stub] },
    });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(file) as ts.SourceFile;
    const problems = ['GuardedTableProps', 'GuardedGlobalSecondaryIndex', 'GuardedLocalSecondaryIndex'].flatMap((name) => {
      const declaration = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
      expect(declaration).toBeDefined();
      const type = checker.getTypeAtLocation((declaration as ts.InterfaceDeclaration).name);
      expect(type.getProperties().length).toBeGreaterThan(3);
      return undocumented(checker, type, `${name}.`, 3, new Set());
    });
    expect(problems).toEqual([]);
  });
});
