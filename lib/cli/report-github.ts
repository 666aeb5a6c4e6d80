/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff
 * (`::error file=…,line=…,col=…,title=…::message`). Values are escaped as @actions/core escapes
 * them (`%`, CR and LF in the message; also `:` and `,` in properties), after control characters
 * in the title and message are made printable, so a design file cannot inject a workflow command.
 * Acknowledged findings are not annotated (they are waived), but an acknowledgement without `appliesTo` that waives
 * several kinds of its rule's findings is, once, as a warning at the first finding it waives; the summary line closes the log.
 *
 * `file=` must be the real path, or GitHub attaches the annotation to no file. The runner turns back
 * only the toolkit's five escapes (`%25`, `%0D`, `%0A`, `%3A`, `%2C`: ActionCommand.cs in
 * https://github.com/actions/runner), so any other control, bidi or invisible character could only
 * be written raw, where it garbles or spoofs the log or terminal that shows it. A file named with
 * one is annotated without `file=`: its place, escaped, heads the message instead.
 */
import { broadWaiverNote, lapsedWaiverNote, loosensText, notWaivedNotes } from '../internal';
import type { FileResult } from './lint-files';
import { pathInside } from './path-inside';
import { hasPosition, placeText, problemText, type Place } from './place';
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

/** Whether `file` can be given to GitHub exactly: every character `printable()` would escape in it
 *  is CR or LF, which `escapeProperty` writes as escapes the runner turns back. */
function attachable(file: string): boolean {
  const withoutLineBreaks = file.replace(/[\r\n]/g, '');
  return printable(withoutLineBreaks) === withoutLineBreaks;
}

export function workflowCommand(a: Annotation): string {
  const title = `title=${escapeProperty(printable(a.title))}`;
  if (!attachable(a.file)) {
    return command(a.level, [title], [placeText(printable(a.file), a), ...a.message]);
  }
  const at = hasPosition(a) ? [`line=${a.line}`, `col=${a.column}`] : [];
  return command(a.level, [`file=${escapeProperty(a.file)}`, ...at, title], a.message);
}

function command(level: Annotation['level'], properties: readonly string[], message: readonly string[]): string {
  return `::${level} ${properties.join(',')}::${escapeData(message.map(printable).join('\n'))}\n`;
}

/**
 * Annotations of each level GitHub shows for one step; the rest stay in the log, unsaid on the pull request
 * (actions/toolkit, docs/problem-matchers.md, "Limitations": 10 warning, 10 error and 10 notice annotations per step,
 * 50 per job).
 */
export const GITHUB_ANNOTATIONS_PER_LEVEL = 10;

/** Says, after the annotations, how many of each level GitHub leaves off the pull request; nothing when all show. */
function overLimitNotice(written: Readonly<Record<Annotation['level'], number>>): string {
  const levels = (['error', 'warning', 'notice'] as const).filter((level) => written[level] > GITHUB_ANNOTATIONS_PER_LEVEL);
  if (levels.length === 0) return '';
  const counts = levels.map((level) => `${written[level]} ${level}s (${written[level] - GITHUB_ANNOTATIONS_PER_LEVEL} not shown)`).join(', ');
  const message =
    `GitHub shows ${GITHUB_ANNOTATIONS_PER_LEVEL} annotations of each level per step (50 per job); this step wrote ${counts}: ` +
    'those not shown on the pull request are in this log; to see every finding there, upload `--format sarif` to code scanning';
  const title = `title=${escapeProperty("skewguard: annotations over GitHub's limit")}`;
  // A notice when notices have room, so the pull request says it; else plain text in the log alone.
  return written.notice < GITHUB_ANNOTATIONS_PER_LEVEL ? command('notice', [title], [message]) : `${message}\n`;
}

export function githubReporter(settings: ReportSettings): Reporter {
  /** GitHub resolves annotation paths against the workspace, the job's working directory. */
  const workspacePath = (file: string) => {
    const rel = pathInside(settings.cwd, file);
    return rel === undefined ? file : rel.split('\\').join('/');
  };
  const written = { error: 0, warning: 0, notice: 0 };
  const annotate = (a: Annotation): string => {
    written[a.level]++;
    return workflowCommand(a);
  };
  return {
    *header() {},
    *file(result: FileResult) {
      const file = workspacePath(result.file);
      for (const e of result.errors) {
        yield annotate({
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
        yield annotate({
          level: 'warning',
          file,
          title: `skewguard --fix: application change needed (${fix.ruleId})`,
          message: [`${fix.resource}: ${fix.path}`, ...fix.applicationChanges],
        });
      }
      for (const n of result.notes) {
        yield annotate({ level: 'notice', file, line: n.line, column: n.column, title: 'skewguard: not checked', message: [problemText(n)] });
      }
      for (const { thresholds, ...at } of result.loosens ?? []) {
        const message = [problemText({ path: at.path, message: loosensText(thresholds) })];
        yield annotate({ level: 'notice', file, line: at.line, column: at.column, title: 'skewguard: thresholds loosened', message });
      }
      const broadWaivers = new Set<string>();
      for (const f of visibleFindings(result, settings)) {
        // A waived finding is not annotated, but a waiver that absorbs several kinds is, once: nothing else says it.
        if (f.broadAcknowledgement && !broadWaivers.has(f.broadAcknowledgement.path)) {
          broadWaivers.add(f.broadAcknowledgement.path);
          yield annotate({
            level: 'warning',
            file,
            line: f.line,
            column: f.column,
            title: `skewguard: the acknowledgement of ${f.ruleId} waives several kinds`,
            message: [broadWaiverNote(f) ?? '', `Path: ${f.broadAcknowledgement.path}`],
          });
        }
        if (f.acknowledged) continue;
        yield annotate({
          level: f.severity,
          file,
          line: f.line,
          column: f.column,
          title: `${f.ruleId} ${f.title}`,
          message: [
            `${f.resource}${f.index ? ` (index ${f.index})` : ''}: ${f.message}`,
            `Fix: ${f.fix}`,
            ...(f.expiredAcknowledgement ? [`No longer waived: ${lapsedWaiverNote(f)}`] : []),
            ...notWaivedNotes(f).map((note) => `Not waived: ${note}`),
            `Path: ${f.path}`,
            ruleDocsUrl(f.ruleId, f.title, settings.docsUrl),
          ],
        });
      }
      for (const u of reportedUnused(result, settings)) {
        yield annotate({
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
      const over = overLimitNotice(written);
      if (over !== '') yield over;
      yield `${summaryLines(outcome).map(printable).join('\n')}\n`;
    },
  };
}
