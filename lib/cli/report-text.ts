/** The human report: grouped by file and by table/container, each finding with its fix. */
import type { FileResult, LocatedFinding } from './lint-files';
import { plural, summarize } from './summary';

export interface Palette {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
export const COLORS: Palette = { red: ansi(31, 39), yellow: ansi(33, 39), green: ansi(32, 39), dim: ansi(2, 22), bold: ansi(1, 22) };
const plain = (text: string) => text;
export const NO_COLORS: Palette = { red: plain, yellow: plain, green: plain, dim: plain, bold: plain };

/** Colors only on a terminal, and never when NO_COLOR is set (https://no-color.org); FORCE_COLOR forces them. */
export function paletteFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Palette {
  if (env.NO_COLOR) return NO_COLORS;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return COLORS;
  return stream.isTTY ? COLORS : NO_COLORS;
}

function finding(f: LocatedFinding, file: string, c: Palette): string[] {
  const label = f.severity === 'error' ? c.red('error  ') : c.yellow('warning');
  const head = `    ${f.acknowledged ? c.dim(`${f.severity.padEnd(7)} (acknowledged)`) : label} ${c.bold(f.ruleId)} ${f.title}  ${c.dim(`${f.path} (${file}:${f.line}:${f.column})`)}`;
  const lines = [head, `        ${f.message}`, `        ${c.green('fix:')} ${f.fix}`];
  if (f.acknowledged) lines.push(`        ${c.dim(`acknowledged: ${f.reason}`)}`);
  return lines;
}

export function textReport(results: readonly FileResult[], c: Palette): string {
  const out: string[] = [];
  for (const result of results) {
    out.push(c.bold(result.file));
    for (const error of result.errors) {
      out.push(`    ${c.red('invalid')} ${error.path || '(file)'} ${c.dim(`(${result.file}:${error.line}:${error.column})`)}: ${error.message}`);
    }
    if (result.errors.length === 0 && result.findings.length === 0) out.push(`    ${c.green('✔ no findings')}`);
    const resources = [...new Set(result.findings.map((f) => `${f.resource} (${f.engine})`))];
    for (const resource of resources) {
      out.push(`  ${resource}`);
      for (const f of result.findings.filter((g) => `${g.resource} (${g.engine})` === resource)) out.push(...finding(f, result.file, c));
    }
    out.push('');
  }
  const s = summarize(results);
  const counts = [
    s.errors ? c.red(plural(s.errors, 'error')) : plural(0, 'error'),
    s.warnings ? c.yellow(plural(s.warnings, 'warning')) : plural(0, 'warning'),
  ].join(', ');
  const extras = [
    s.acknowledged ? `${s.acknowledged} acknowledged` : '',
    s.invalidFiles ? c.red(`${plural(s.invalidFiles, 'invalid file')}`) : '',
  ].filter(Boolean);
  out.push(`${counts}${extras.length ? ` (${extras.join(', ')})` : ''} in ${plural(s.files, 'file')}`);
  return `${out.join('\n')}\n`;
}
