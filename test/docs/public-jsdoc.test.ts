/**
 * Every property of every type a public entry exports has JSDoc, down to the lib-declared types nested in it
 * (to depth 3): what an editor shows is the only reference most users read. Properties declared outside lib
 * (aws-cdk-lib's, Pulumi's) keep their own docs and are not checked.
 *
 * Input or output: an optional property of an INPUT type (what a user writes: props, args, options,
 * settings, designs, scenario models) also needs an `@default`, saying what an omitted value means. An
 * OUTPUT type (what the library returns: findings, normalized designs, replay results) has no default to
 * state: its docs say when an optional field is absent. Which exported types are outputs is the explicit
 * list `OUTPUT_TYPES` below; every other exported type is an input. A nested type that is itself exported
 * is judged as what it is (a normalized design inside an input `LintedDesign` is still an output);
 * one that is not takes the kind of the type it is nested in.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..');

const ENTRIES = [
  'lib/index.ts',
  'lib/cdk/index.ts',
  'lib/pulumi/index.ts',
  'lib/pulumi/policy/index.ts',
  'lib/testing/index.ts',
  'lib/testing/cdk/index.ts',
  'lib/testing/pulumi/index.ts',
  'lib/testing/replay/index.ts',
];

/** Exported types the library returns (or records and hands back) and users only read. */
const OUTPUT_TYPES = new Set([
  // What an engine profile describes and computes.
  'CacheTerms',
  'EngineNouns',
  'EngineProfile',
  'KeyValueSizeLimit',
  'LoadDimension',
  'Loads',
  'PhysicalPartitions',
  'PhysicalShare',
  'QuotaPassed',
  // Errors, lint results and the rule catalogue.
  'DeclarationData',
  'DesignIssue',
  'Finding',
  'HotValueReach',
  'LintResult',
  'MessageData',
  'RecordedAcknowledgement',
  'RuleDescription',
  'RuleMeta',
  'RuleSource',
  'ShardedKey',
  'TemplateFinding',
  'TemplateResourceResult',
  'TemplateUnusedAcknowledgement',
  'Thresholds',
  'UnusedAcknowledgement',
  'WaiverProblem',
  // The normalized design (`normalize()`, `lint()` findings' context).
  'AccessPattern',
  'Acknowledgement',
  'CapacityCeiling',
  'ContainerJoin',
  'CosmosKeyDesign',
  'CosmosThroughput',
  'DynamoDbKeyDesign',
  'ExternalResource',
  'IndexKeyChange',
  'Invariant',
  'KeyAttribute',
  'KeyDesignBase',
  'KeyPart',
  'KeySpace',
  'KeySpaceCapacity',
  'LocalSecondaryIndex',
  'NormalizedDocument',
  'Sharding',
  'Workload',
  // CDK: what the checks, the template reader and the constructs produce.
  'CheckedResource',
  'ExternalTable',
  'GuardedTableMetadata',
  'RawTableMetadata',
  'SkewAlarm',
  'UncheckedValue',
  // Pulumi: the alerts a GuardedContainer created.
  'SkewAlerts',
  // Testing helpers' results.
  'DesignViolation',
  'MockedResource',
  'MockedResourceOptions',
  'MockRun',
  'SynthDesignReport',
  // Replay results.
  'ActionRun',
  'AlarmReplay',
  'AlertEvent',
  'AlertReplay',
  'ContainerReplay',
  'ContainerTruth',
  'KeySpaceTruth',
  'ProgramReplay',
  'StackReplay',
  'StateChange',
  'TableReplay',
]);

type Kind = 'input' | 'output';

function publicProgram(): ts.Program {
  // aws-cdk-lib's, constructs' and Pulumi's declarations take most of a minute to load and are not read here
  // (their properties keep their own docs): a stub stands in for each.
  const stub = join(mkdtempSync(join(tmpdir(), 'public-jsdoc-')), 'stub.d.ts');
  writeFileSync(stub, 'declare const stub: any;\nexport = stub;\n');
  return ts.createProgram(
    ENTRIES.map((entry) => join(root, entry)),
    {
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      baseUrl: root,
      paths: { 'aws-cdk-lib': [stub], 'aws-cdk-lib/*': [stub], constructs: [stub], '@pulumi/*': [stub] },
    },
  );
}

const inLib = (node: ts.Node) => relative(root, node.getSourceFile().fileName).startsWith('lib');

/** A class's private or protected member (`SkewDashboard`'s counters): not part of what users read. */
const isPrivate = (node: ts.Declaration) =>
  (ts.getCombinedModifierFlags(node) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0 ||
  (ts.isPropertyDeclaration(node) && ts.isPrivateIdentifier(node.name));

/** The exported interfaces and object types of every public entry, each with its kind. */
function exportedTypes(program: ts.Program, checker: ts.TypeChecker): Map<ts.Symbol, { name: string; kind: Kind }> {
  const types = new Map<ts.Symbol, { name: string; kind: Kind }>();
  for (const entry of ENTRIES) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(root, entry)) as ts.SourceFile) as ts.Symbol;
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
      types.set(symbol, { name: exported.name, kind: OUTPUT_TYPES.has(exported.name) ? 'output' : 'input' });
    }
  }
  return types;
}

/** Whether `type` is yet to be walked as `kind` this deep: a type met first deep inside another is walked again,
 *  deeper, where it is itself exported, so its own nested types are reached too. */
function firstWalk(walked: Map<string, number>, type: string, kind: Kind, depth: number): boolean {
  const key = `${type} as ${kind}`;
  if ((walked.get(key) ?? -1) >= depth) return false;
  walked.set(key, depth);
  return true;
}

/** `path: problem` for each undocumented property of `type` and of the lib types nested in it, to `depth`. */
function undocumented(
  checker: ts.TypeChecker,
  exported: Map<ts.Symbol, { kind: Kind }>,
  type: ts.Type,
  kind: Kind,
  prefix: string,
  depth: number,
  walked: Map<string, number>,
): string[] {
  const problems: string[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    const declaration = prop.declarations?.[0];
    if (!declaration || !inLib(declaration) || isPrivate(declaration)) continue;
    const name = `${prefix}${prop.name}`;
    const from = relative(root, declaration.getSourceFile().fileName);
    const tags = prop.getJsDocTags(checker);
    if (ts.displayPartsToString(prop.getDocumentationComment(checker)).trim() === '' && tags.length === 0) problems.push(`${name}: no JSDoc (${from})`);
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
    if (kind === 'input' && optional && ts.isPropertySignature(declaration) && !tags.some((tag) => tag.name === 'default')) {
      problems.push(`${name}: optional input without @default (${from})`);
    }
    if (depth === 0) continue;
    let value = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(prop, declaration));
    if (checker.isArrayType(value)) value = checker.getTypeArguments(value as ts.TypeReference)[0];
    for (const member of value.isUnion() ? value.types : [value]) {
      if (!(member.flags & ts.TypeFlags.Object) || checker.getSignaturesOfType(member, ts.SignatureKind.Call).length > 0) continue;
      const symbol = member.aliasSymbol ?? member.getSymbol();
      const memberDeclaration = symbol?.declarations?.[0];
      if (!symbol || !memberDeclaration || !inLib(memberDeclaration)) continue;
      const memberKind = exported.get(symbol)?.kind ?? kind;
      if (!firstWalk(walked, checker.typeToString(member), memberKind, depth - 1)) continue;
      problems.push(...undocumented(checker, exported, member, memberKind, `${name}.`, depth - 1, walked));
    }
  }
  return problems;
}

describe('public types', () => {
  it('document every property, and every optional input property has an @default, down to nested types', () => {
    const program = publicProgram();
    const checker = program.getTypeChecker();
    const exported = exportedTypes(program, checker);
    const names = [...exported.values()].map((t) => t.name);
    // The stubs must not hide the entries' own types: each adapter's main input is among them.
    expect(names).toEqual(expect.arrayContaining(['DesignDocument', 'GuardedTableProps', 'GuardedContainerArgs', 'SkewguardPolicyOptions', 'Scenario']));
    // Every listed name is exported, so the list cannot go stale when a type is renamed or removed.
    expect([...OUTPUT_TYPES].filter((name) => !names.includes(name))).toEqual([]);
    const walked = new Map<string, number>();
    const problems = [...exported].flatMap(([symbol, { name, kind }]) => {
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return [];
      if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) return [];
      if (!firstWalk(walked, checker.typeToString(type), kind, 3)) return [];
      return undocumented(checker, exported, type, kind, `${name}.`, 3, walked);
    });
    expect([...new Set(problems)]).toEqual([]);
  });
});
