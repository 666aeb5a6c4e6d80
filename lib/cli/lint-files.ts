/**
 * Lints the text of one input — a design file or a synthesized CloudFormation template — and
 * places every finding, input error and stale acknowledgement at its line and column.
 */
import { declaresNothing, DesignError, lintDocument, type DesignInput, type Engine, type LintOptions } from '../index';
import { closest, DOCUMENT_COLLECTIONS, DYNAMODB_TEMPLATE_TYPES, isObject } from '../internal';
import { designLoosens } from './design-loosens';
import type { FileResult, SourceKind } from './file-result';
import { JsonSyntaxError, parseJsonWithLocations, type LocatedJson } from './json-locations';
import type { Place } from './place';
import { lintTemplate } from './template';

export type { AppliedFix, FileResult, InputError, InputKind, InputNote, LocatedFinding, LocatedUnusedAcknowledgement, SourceKind } from './file-result';

/** An input that could not be linted, for `message`: at `position`, or at the whole file when it has none. */
export function failedInput(file: string, message: string, position: Place = {}, kind: SourceKind = 'design'): FileResult {
  return { file, kind, findings: [], errors: [{ path: '', message, ...position }], unusedAcknowledgements: [], notes: [] };
}

/** A file a search found and did not lint, with the note that says why: no design, so of kind `skipped`. */
export function skippedInput(file: string, message: string, position: Place = {}): FileResult {
  return { file, kind: 'skipped', findings: [], errors: [], unusedAcknowledgements: [], notes: [{ path: '', message, ...position }], skipped: true };
}
/** Own properties only: a polluted Object.prototype cannot make any JSON a design or a template. */
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const TOP_LEVEL_KEYS = [...DOCUMENT_COLLECTIONS, 'Resources'];

/**
 * What a JSON value is, by its top level: an object with a `Resources` object is a CloudFormation
 * template; one with `tables`, `containers` or `external` (or a single design with `engine`, or a
 * `$schema` naming skewguard's design schema) is a design file; anything else is neither.
 */
export function sourceKind(value: unknown): SourceKind | undefined {
  if (!isObject(value)) return undefined;
  if (has(value, 'Resources') && isObject(value.Resources)) return 'template';
  if (DOCUMENT_COLLECTIONS.some((key) => has(value, key))) return 'design';
  if (has(value, 'engine') && (value.engine === 'dynamodb' || value.engine === 'cosmosdb') && has(value, 'partitionKey')) return 'design';
  if (has(value, '$schema') && typeof value.$schema === 'string' && value.$schema.includes('design.schema')) return 'design';
  return undefined;
}

/** A file with both a template's `Resources` and a design's keys: read as either, half of it would go unchecked. */
function hybridError(file: string, located: LocatedJson): FileResult | undefined {
  const value = located.value;
  if (!isObject(value) || !has(value, 'Resources')) return undefined;
  const design = DOCUMENT_COLLECTIONS.find((key) => has(value, key));
  if (!design) return undefined;
  return failedInput(
    file,
    `has both a CloudFormation template's "Resources" and a design's "${design}": put the design and the template in separate files, so that both are linted`,
    located.positionOf('Resources'),
  );
}

/** An object that declares a key the way a table, GSI, container or external resource does. */
const declaresKey = (value: unknown) => isObject(value) && (has(value, 'partitionKey') || has(value, 'partitionKeys'));

/** A list (or a map) holding at least one object that declares a partition key: designs, wherever they sit. */
function holdsDesigns(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(declaresKey);
  return isObject(value) && (declaresKey(value) || Object.values(value).some(declaresKey));
}

/**
 * JSON a search found whose top level is no design or template but nearly is one: undefined when nothing in it looks
 * like either (it is then passed over, counted in the search's note).
 * - An error (exit 2) for a design file with a typo, whose designs would otherwise go unchecked while the run passes:
 *   a top-level key that is a design key but for its case (`"Tables"`, `"CONTAINERS"`), a near miss of one
 *   (`"tabels"`) that holds what a design holds (objects with a `partitionKey`), or any other key that holds designs
 *   (`"designs": [ { "name": …, "partitionKey": … } ]`). A near miss holding nothing of a design (`"titles"` and
 *   `"tabs"`, in a translation file, are two letters from `"tables"`) is no evidence of one: it stays a note.
 * - A note for a near miss of a template's `Resources` (`"resources"`, `"sources"`): an Azure Resource Manager
 *   template's top level is a lowercase `"resources"` (a list, or an object under languageVersion 2.0:
 *   https://learn.microsoft.com/en-us/azure/azure-resource-manager/templates/syntax), and a Cosmos DB project may well
 *   hold ARM templates; the CloudFormation templates skewguard reads are written by `cdk synth`, not typed.
 */
export function nearMissInput(file: string, located: LocatedJson): FileResult | undefined {
  const value = located.value;
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  const keyError = (key: string, message: string): FileResult => ({
    file,
    kind: 'design',
    findings: [],
    errors: [{ path: key, message, ...located.positionOf(key) }],
    unusedAcknowledgements: [],
    notes: [],
  });
  for (const key of keys) {
    const guess = closest(key, DOCUMENT_COLLECTIONS);
    if (guess && guess !== key && (guess.toLowerCase() === key.toLowerCase() || holdsDesigns(value[key])))
      return keyError(
        key,
        `is not a key skewguard reads (did you mean "${guess}"?): a design file with a mistyped key, whose designs are not linted; rename it "${guess}"`,
      );
  }
  const misplaced = keys.find((key) => holdsDesigns(value[key]));
  if (misplaced !== undefined)
    return keyError(
      misplaced,
      'holds what look like designs (objects with a "partitionKey"), which are not linted: skewguard reads designs under "tables" (DynamoDB), "containers" (Cosmos DB) or "external" only; move them there',
    );
  for (const key of keys) {
    const guess = closest(key, TOP_LEVEL_KEYS);
    if (guess && guess !== key) {
      return skippedInput(
        file,
        `not linted: its top-level "${key}" is not a key skewguard reads (did you mean "${guess}"?); a design file has "tables", "containers" or "external", a template "Resources"`,
        located.positionOf(key),
      );
    }
  }
  return undefined;
}

const YAML_NAME = /\.ya?ml$/i;
/** CloudFormation in YAML: a top-level `Resources:` or `AWSTemplateFormatVersion:` line. */
const YAML_TEMPLATE = /^(?:Resources|AWSTemplateFormatVersion|Transform)\s*:/m;
export const YAML_NOT_READ =
  'is YAML, which skewguard does not read: lint the JSON template `cdk synth` writes to cdk.out/, or convert it (`cfn-flip template.yaml > template.json`, or `rain fmt --json template.yaml`)';

/** A file named `*.yaml`/`*.yml`, or text that is a YAML CloudFormation template. */
export function isYaml(file: string, text: string): boolean {
  return YAML_NAME.test(file) || YAML_TEMPLATE.test(text);
}

export function looksLikeYamlTemplate(text: string): boolean {
  return YAML_TEMPLATE.test(text);
}

/** Text that failed to parse but names a design's or template's top-level fields is reported, not skipped. */
export function mentionsDesign(text: string): boolean {
  return /"(?:tables|containers|external|Resources)"\s*:|design\.schema\.json/.test(text);
}

/**
 * JSON with comments or trailing commas (tsconfig.json, a VS Code settings file): ordinary configuration, which a
 * search passes over as it does package.json, not text to flag as a broken design. Strings are matched first, so a
 * `//` or `,]` inside one is left alone; an unterminated comment stays, and the text then is not JSON at all.
 */
export function isJsonWithComments(text: string): boolean {
  const stripped = text.replace(/"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\/|,(?=\s*[\]}])/g, (match) => (match.startsWith('"') ? match : ' '));
  try {
    JSON.parse(stripped);
    return true;
  } catch {
    return false;
  }
}

/** How a syntax error's message starts. */
export const INVALID_JSON = 'invalid JSON: ';

export type Parsed = { readonly located: LocatedJson; readonly error?: undefined } | { readonly error: FileResult; readonly located?: undefined };

/** Parses an input's text; `subject` names it in the error of an empty one (`the file`, `standard input`). */
export function parseInput(file: string, text: string, subject = 'the file'): Parsed {
  // Empty text has no line to point at: a problem of the whole file, not a syntax error at 1:1.
  if (text.trim() === '') return { error: failedInput(file, `${subject} is empty: there is no design or template in it to lint`) };
  try {
    return { located: parseJsonWithLocations(text) };
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      return { error: isYaml(file, text) ? failedInput(file, YAML_NOT_READ) : failedInput(file, `${INVALID_JSON}${error.message}`, error.position) };
    throw error;
  }
}

/** Lints parsed JSON as `kind` (a design file unless it is a template). */
export function lintParsed(file: string, located: LocatedJson, options: LintOptions, kind: SourceKind = sourceKind(located.value) ?? 'design'): FileResult {
  const hybrid = hybridError(file, located);
  if (hybrid) return hybrid;
  try {
    return kind === 'template' ? lintTemplate(file, located, options) : lintDesign(file, located, options);
  } catch (error) {
    // A bug, not bad input: say so plainly and keep linting the other files.
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return failedInput(file, `skewguard failed on this file (internal error: ${detail}); please report it with the file`, {}, kind);
  }
}

/**
 * Why a template named on its own (on the command line, or standard input) is not linted: it declares no DynamoDB
 * table, so nothing in it would be checked, and "no findings" would pass a run that checked nothing (a stack of the
 * app other than the one with the tables, say). An error, as a design file that declares nothing is. Undefined when it
 * declares a table. A template a search finds (the stacks of a cloud assembly) is linted whatever it holds.
 */
export function noTableError(file: string, located: LocatedJson): FileResult | undefined {
  if (hybridError(file, located)) return undefined; // a design beside the Resources: lintParsed says that
  const resources = (located.value as { Resources: Record<string, unknown> }).Resources;
  const types = Object.values(resources).map((r) => (isObject(r) && has(r, 'Type') && typeof r.Type === 'string' ? r.Type : '(no Type)'));
  if (types.some((type) => DYNAMODB_TEMPLATE_TYPES.includes(type))) return undefined;
  const distinct = [...new Set(types)];
  const shown = distinct.slice(0, 3).join(', ') + (distinct.length > 3 ? ` and ${distinct.length - 3} more types` : '');
  const holds =
    types.length === 0
      ? 'its "Resources" is empty'
      : `its "Resources" hold ${types.length} resource${types.length === 1 ? '' : 's'} (${shown}), none of type ${DYNAMODB_TEMPLATE_TYPES.join(' or ')}`;
  return failedInput(
    file,
    `holds no DynamoDB table to lint: ${holds}; name the template of the stack that declares the tables, or lint the whole cloud assembly (cdk.out/)`,
    located.positionOf('Resources'),
    'template',
  );
}

const NO_DESIGN = 'holds no design to lint: declare at least one entry in "tables", "containers" or "external" (or one design with "engine")';

function lintDesign(file: string, located: LocatedJson, options: LintOptions): FileResult {
  const at = (path: string) => located.positionOf(path);
  try {
    const { findings, unusedAcknowledgements, notJudged } = lintDocument(located.value as DesignInput, options);
    // A valid file that declares nothing would otherwise say "no findings" of a design never checked.
    if (declaresNothing(located.value)) return failedInput(file, NO_DESIGN);
    const loosens = designLoosens(located.value, at);
    return {
      file,
      kind: 'design',
      findings: findings.map((f) => ({ ...f, ...at(f.path) })),
      errors: [],
      unusedAcknowledgements: unusedAcknowledgements.map((u) => ({ ...u, engine: engineAt(located.value, u.path), ...at(u.path) })),
      notes: [],
      ...(notJudged.length > 0 ? { notJudged } : {}),
      ...(loosens.length > 0 ? { loosens } : {}),
    };
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    return { file, kind: 'design', findings: [], errors: error.issues.map((i) => ({ ...i, ...at(i.path) })), unusedAcknowledgements: [], notes: [] };
  }
}

/** The engine of the design an acknowledgement at `path` belongs to (`tables[…]`, `containers[…]`,
 *  `external[i]` with its `engine`, or a single design's own `engine`). */
export function engineAt(document: unknown, path: string): Engine {
  if (path.startsWith('containers[')) return 'cosmosdb';
  if (path.startsWith('tables[')) return 'dynamodb';
  const external = /^external\[(\d+)\]/.exec(path);
  const owner = external && isObject(document) && Array.isArray(document.external) ? document.external[Number(external[1])] : document;
  return isObject(owner) && owner.engine === 'cosmosdb' ? 'cosmosdb' : 'dynamodb';
}
