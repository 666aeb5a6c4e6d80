/** Reads design files and lints each one, attaching the line and column of every finding and input error. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DesignError } from '../design/errors';
import type { DesignInput } from '../design/input';
import { lint, type Finding } from '../lint/engine';
import { JsonSyntaxError, parseJsonWithLocations, type Position } from './json-locations';

export interface LocatedFinding extends Finding, Position {}

export interface InputError extends Position {
  /** Field path, `''` for the whole file. */
  readonly path: string;
  readonly message: string;
}

export interface FileResult {
  readonly file: string;
  readonly findings: readonly LocatedFinding[];
  /** Why the file could not be linted; non-empty means exit code 2. */
  readonly errors: readonly InputError[];
}

/** Files as given, and the `*.json` files directly inside any directory given. */
export function expandInputs(inputs: readonly string[]): string[] {
  return inputs.flatMap((input) => {
    let isDirectory = false;
    try {
      isDirectory = statSync(input).isDirectory();
    } catch {
      return [input]; // reported as unreadable by lintFile
    }
    if (!isDirectory) return [input];
    return readdirSync(input).filter((name) => name.endsWith('.json')).sort().map((name) => join(input, name));
  });
}

const START: Position = { line: 1, column: 1 };

export function lintFile(file: string): FileResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { file, findings: [], errors: [{ path: '', message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`, ...START }] };
  }
  let located;
  try {
    located = parseJsonWithLocations(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { file, findings: [], errors: [{ path: '', message: `invalid JSON: ${error.message}`, ...error.position }] };
    throw error;
  }
  try {
    const findings = lint(located.value as DesignInput).map((f) => ({ ...f, ...located.positionOf(f.path) }));
    return { file, findings, errors: [] };
  } catch (error) {
    if (error instanceof DesignError) {
      return { file, findings: [], errors: error.issues.map((issue) => ({ ...issue, ...located.positionOf(issue.path) })) };
    }
    throw error;
  }
}
