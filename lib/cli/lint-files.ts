/**
 * Lints the text of one input — a design file or a synthesized CloudFormation template — and
 * places every finding, input error and stale acknowledgement at its line and column.
 */
import { DesignError, lintDocument, type DesignInput, type Engine, type LintOptions } from '../index';
import type { FileResult, SourceKind } from './file-result';
import { JsonSyntaxError, parseJsonWithLocations, type LocatedJson, type Position } from './json-locations';
import { lintTemplate } from './template';

export type { AppliedFix, FileResult, InputError, InputNote, LocatedFinding, LocatedUnusedAcknowledgement, SourceKind } from './file-result';

export const START: Position = { line: 1, column: 1 };

export function failedInput(file: string, message: string, position: Position = START, kind: SourceKind = 'design'): FileResult {
  return { file, kind, findings: [], errors: [{ path: '', message, ...position }], unusedAcknowledgements: [], notes: [] };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a JSON value is, by its top level: an object with a `Resources` object is a CloudFormation
 * template; one with `tables`, `containers` or `external` (or a single design with `engine`, or a
 * `$schema` naming skewguard's design schema) is a design file; anything else is neither.
 */
export function sourceKind(value: unknown): SourceKind | undefined {
  if (!isObject(value)) return undefined;
  // Own fields only: a polluted Object.prototype.Resources must not make every design a template.
  const has = (key: string) => Object.prototype.hasOwnProperty.call(value, key);
  const field = (key: string) => (has(key) ? value[key] : undefined);
  if (isObject(field('Resources'))) return 'template';
  if (has('tables') || has('containers') || has('external')) return 'design';
  if ((field('engine') === 'dynamodb' || field('engine') === 'cosmosdb') && has('partitionKey')) return 'design';
  const schema = field('$schema');
  if (typeof schema === 'string' && schema.includes('design.schema')) return 'design';
  return undefined;
}

/** Text that failed to parse but names a design's or template's top-level fields is reported, not skipped. */
export function mentionsDesign(text: string): boolean {
  return /"(?:tables|containers|external|Resources)"\s*:|design\.schema\.json/.test(text);
}

export type Parsed = { readonly located: LocatedJson; readonly error?: undefined } | { readonly error: FileResult; readonly located?: undefined };

export function parseInput(file: string, text: string): Parsed {
  try {
    return { located: parseJsonWithLocations(text) };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { error: failedInput(file, `invalid JSON: ${error.message}`, error.position) };
    throw error;
  }
}

/** Lints parsed JSON as `kind` (a design file unless it is a template). */
export function lintParsed(file: string, located: LocatedJson, options: LintOptions, kind: SourceKind = sourceKind(located.value) ?? 'design'): FileResult {
  try {
    return kind === 'template' ? lintTemplate(file, located, options) : lintDesign(file, located, options);
  } catch (error) {
    // A bug, not bad input: say so plainly and keep linting the other files.
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return failedInput(file, `skewguard failed on this file (internal error: ${detail}); please report it with the file`, START, kind);
  }
}

function lintDesign(file: string, located: LocatedJson, options: LintOptions): FileResult {
  const at = (path: string) => located.positionOf(path);
  try {
    const { findings, unusedAcknowledgements } = lintDocument(located.value as DesignInput, options);
    return {
      file,
      kind: 'design',
      findings: findings.map((f) => ({ ...f, ...at(f.path) })),
      errors: [],
      unusedAcknowledgements: unusedAcknowledgements.map((u) => ({ ...u, engine: engineAt(located.value, u.path), ...at(u.path) })),
      notes: [],
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
