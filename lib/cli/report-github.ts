/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff
 * (`::error file=…,line=…,col=…,title=…::message`). Values are escaped as @actions/core escapes
 * them (`%`, CR and LF in the message; also `:` and `,` in properties), after control characters
 * are made printable, so a design file cannot inject a workflow command. Acknowledged findings are
 * not annotated (they are waived); the summary line closes the log.
 */
import type { FileResult } from './lint-files';
import { pathInside } from './path-inside';
import { hasPosition, problemText, type Place } from './place';
import { reportedUnused, summaryLines, UNUSED_FIX, visibleFindings, type Outcome, type Reporter, type ReportSettings } from './report';
import { ruleDocsUrl } from './rule-docs';
import { printable } from './terminal';

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** At a line and column, or at the file alone (no `line`, `col`): GitHub annotates the whole file. */
interface Annotation extends Place {
  readonly level: 'error' | 'warning' | 'notice';
  readonly file: string;
  readonly title: string;
  /** Lines of the message (joined with an escaped newline). */
  readonly message: readonly string[];
}

export function workflowCommand(a: Annotation): string {
  const at = hasPosition(a) ? [`line=${a.line}`, `col=${a.column}`] : [];
  const properties = [`file=${escapeProperty(printable(a.file))}`, ...at, `title=${escapeProperty(printable(a.title))}`];
  return `::${a.level} ${properties.join(',')}::${escapeData(a.message.map(printable).join('\n'))}\n`;
}

export function githubReporter(settings: ReportSettings): Reporter {
  /** GitHub resolves annotation paths against the workspace, the job's working directory. */
  const workspacePath = (file: string) => {
    const rel = pathInside(settings.cwd, file);
    return rel === undefined ? file : rel.split('\\').join('/');
  };
  return {
    *header() {},
    *file(result: FileResult) {
      const file = workspacePath(result.file);
      for (const e of result.errors) {
        yield workflowCommand({
          level: 'error',
          file,
          line: e.line,
          column: e.column,
          title: 'skewguard: invalid input',
          message: [problemText(e)],
        });
      }
      for (const fix of result.fixes ?? []) {
        if (!fix.applicationChanges) continue;
        yield workflowCommand({
          level: 'warning',
          file,
          title: `skewguard --fix: application change needed (${fix.ruleId})`,
          message: [`${fix.resource}: ${fix.path}`, ...fix.applicationChanges],
        });
      }
      for (const n of result.notes) {
        yield workflowCommand({ level: 'notice', file, line: n.line, column: n.column, title: 'skewguard: not checked', message: [problemText(n)] });
      }
      for (const f of visibleFindings(result, settings)) {
        if (f.acknowledged) continue;
        yield workflowCommand({
          level: f.severity,
          file,
          line: f.line,
          column: f.column,
          title: `${f.ruleId} ${f.title}`,
          message: [
            `${f.resource}${f.index ? ` (index ${f.index})` : ''}: ${f.message}`,
            `Fix: ${f.fix}`,
            `Path: ${f.path}`,
            ruleDocsUrl(f.ruleId, f.title, settings.docsUrl),
          ],
        });
      }
      for (const u of reportedUnused(result, settings)) {
        yield workflowCommand({
          level: u.severity,
          file,
          line: u.line,
          column: u.column,
          title: `unused acknowledgement of ${u.ruleId}`,
          message: [u.message, `Fix: ${UNUSED_FIX}`, `Path: ${u.path}`],
        });
      }
    },
    *footer(outcome: Outcome) {
      yield `${summaryLines(outcome).map(printable).join('\n')}\n`;
    },
  };
}
