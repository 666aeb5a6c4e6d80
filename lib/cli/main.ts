#!/usr/bin/env node
/**
 * The `skewguard` command. Loads only the core (no cloud SDK), so a lint in CI starts in well
 * under a second. Exit codes: 0 clean, 1 findings at or above --fail-on, 2 invalid input or usage.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { designSchema } from '../design/schema';
import { catalogueMarkdown } from '../lint/catalogue';
import { blockingFindings } from '../lint/engine';
import type { Severity } from '../lint/rule';
import { RULES } from '../lint/rules';
import { expandInputs, lintFile } from './lint-files';
import { jsonReport } from './report-json';
import { sarifReport } from './report-sarif';
import { paletteFor, textReport } from './report-text';

export const EXIT = { clean: 0, findings: 1, invalid: 2 } as const;

const USAGE = `Usage:
  skewguard lint <design.json | directory>... [--format text|json|sarif] [--fail-on error|warning]
  skewguard rules [--format text|json|markdown]
  skewguard schema          print the JSON Schema of design files
  skewguard --version | --help

Exit codes: 0 clean, 1 findings at or above --fail-on (default error), 2 invalid input.`;

class UsageError extends Error {}

function version(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}

function choice<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, flag: string): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
}

interface Io {
  readonly stdout: { write(text: string): unknown; isTTY?: boolean };
  readonly stderr: { write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

export function run(argv: readonly string[], io: Io): number {
  try {
    return dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`skewguard: ${(error as Error).message}\n\n${USAGE}\n`);
      return EXIT.invalid;
    }
    throw error;
  }
}

function dispatch(argv: readonly string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f' },
      'fail-on': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  const [command, ...files] = positionals;
  if (values.version) {
    io.stdout.write(`${version()}\n`);
    return EXIT.clean;
  }
  if (values.help || command === undefined || command === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return EXIT.clean;
  }
  if (command === 'lint') {
    const format = choice(values.format, ['text', 'json', 'sarif'], 'text', '--format');
    const failOn = choice<Severity>(values['fail-on'], ['error', 'warning'], 'error', '--fail-on');
    if (files.length === 0) throw new UsageError('lint needs at least one design file or directory');
    const results = expandInputs(files).map(lintFile);
    if (format === 'json') io.stdout.write(jsonReport(results, version()));
    else if (format === 'sarif') io.stdout.write(sarifReport(results, RULES, version(), io.cwd));
    else io.stdout.write(textReport(results, paletteFor(io.stdout, io.env)));
    if (format !== 'text') {
      for (const r of results) for (const e of r.errors) io.stderr.write(`${r.file}:${e.line}:${e.column}: ${e.path || '(file)'}: ${e.message}\n`);
    }
    if (results.some((r) => r.errors.length > 0)) return EXIT.invalid;
    return blockingFindings(results.flatMap((r) => r.findings), failOn).length > 0 ? EXIT.findings : EXIT.clean;
  }
  if (files.length > 0) throw new UsageError(`${command} takes no file arguments`);
  if (values['fail-on'] !== undefined) throw new UsageError('--fail-on applies to lint only');
  if (command === 'rules') {
    const format = choice(values.format, ['text', 'json', 'markdown'], 'text', '--format');
    if (format === 'markdown') io.stdout.write(catalogueMarkdown());
    else if (format === 'json') io.stdout.write(`${JSON.stringify(RULES.map(({ id, title, severity, engines, fires, rationale, fix }) => ({ id, title, severity, engines, fires, rationale, fix })), null, 2)}\n`);
    else io.stdout.write(RULES.map((r) => `${r.id}  ${r.severity.padEnd(7)}  ${r.engines.join(', ').padEnd(18)}  ${r.title}\n        ${r.fires}\n`).join(''));
    return EXIT.clean;
  }
  if (command === 'schema') {
    if (values.format !== undefined) throw new UsageError('schema takes no --format');
    io.stdout.write(`${JSON.stringify(designSchema(), null, 2)}\n`);
    return EXIT.clean;
  }
  throw new UsageError(`unknown command "${command}"`);
}

if (require.main === module) {
  process.exitCode = run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
}
