/**
 * The human report: grouped by file and by table/container, each finding with its fix and a link
 * to its rule. Linear in the number of findings (one pass, grouped in a Map), and every string
 * that came from an input goes through `printable()`.
 */
import type { DesignEdit } from '../index';
import { broadWaiverNote, fixesOnce, lapsedWaiverNote, loosensText, notWaivedNotes } from '../internal';
import type { AppliedFix, FileResult, InputError, InputNote, LocatedFinding } from './lint-files';
import { placeText } from './place';
import {
  failingWarnings,
  grouped,
  hiddenByQuiet,
  notJudgedText,
  plural,
  reportedUnused,
  summaryLines,
  UNUSED_FIX,
  visibleFindings,
  type Outcome,
  type ReportedUnusedAcknowledgement,
  type Reporter,
  type ReportSettings,
  warningsFailingRun,
} from './report';
import { ruleDocsUrl } from './rule-docs';
import { printable as p, type Palette } from './terminal';

const INDENT = '        ';

/** `fix`: the finding's fix as printed, a reference where it repeats an earlier finding's (`fixesOnce`). */
function findingLines(f: LocatedFinding, where: string, c: Palette, docsUrl: string | undefined, fix: string): string {
  const label = f.acknowledged ? c.dim(`${f.severity.padEnd(7)} (acknowledged)`) : f.severity === 'error' ? c.red('error  ') : c.yellow('warning');
  let text = `    ${label} ${c.bold(f.ruleId)} ${f.title}  ${c.dim(`${p(f.path)} (${where}:${f.line}:${f.column})`)}\n`;
  text += `${INDENT}${p(f.message)}\n${INDENT}${c.green('fix:')} ${p(fix)}\n`;
  if (f.acknowledged) {
    text += `${INDENT}${c.dim(`acknowledged: ${p(f.reason ?? '')}`)}\n`;
    if (f.broadAcknowledgement) text += `${INDENT}${c.yellow('waives several kinds:')} ${p(broadWaiverNote(f) ?? '')}\n`;
  } else {
    if (f.expiredAcknowledgement) text += `${INDENT}${lapsedWaiverNote(f)}\n`;
    for (const note of notWaivedNotes(f)) text += `${INDENT}not waived: ${p(note)}\n`;
  }
  return `${text}${INDENT}${c.dim(`docs: ${ruleDocsUrl(f.ruleId, f.title, docsUrl)}`)}\n`;
}

function unusedLines(u: ReportedUnusedAcknowledgement, where: string, c: Palette): string {
  const label = u.severity === 'error' ? c.red('error  ') : c.yellow('warning');
  return (
    `    ${label} ${c.bold('unused acknowledgement')} of ${u.ruleId}  ${c.dim(`${p(u.path)} (${where}:${u.line}:${u.column})`)}\n` +
    `${INDENT}${p(u.message)} (reason given: ${p(JSON.stringify(u.reason))})\n${INDENT}${c.green('fix:')} ${UNUSED_FIX}\n`
  );
}

/**
 * An input error or note: `invalid tables[0].name (file:4:7): …` at a field; `error   file:3:5: …` for
 * the text itself (a JSON syntax error); `error   file: …` for the whole file (it cannot be read).
 */
function problemLine(label: string, problem: InputError, where: string, c: Palette): string {
  const place = placeText(where, problem);
  return problem.path
    ? `    ${label} ${p(problem.path)} ${c.dim(`(${place})`)}: ${p(problem.message)}\n`
    : `    ${label} ${c.dim(place)}: ${p(problem.message)}\n`;
}

const MAX_VALUE = 80;
export function describeEdit(edit: DesignEdit): string {
  if (edit.op === 'remove') return `removed ${edit.path}`;
  return `set ${edit.path} to ${shortened(JSON.stringify(edit.value) ?? 'undefined')}`;
}

/** `json` cut to MAX_VALUE where a member ends, never inside a figure: `100000…` for 1,000,000 would read as another number. */
function shortened(json: string): string {
  if (json.length <= MAX_VALUE) return json;
  const head = json.slice(0, MAX_VALUE - 1);
  const memberEnd = head.lastIndexOf(',');
  return `${memberEnd > 0 ? head.slice(0, memberEnd + 1) : head.replace(/[\w.+-]+$/, '')}…`;
}

/** Whether `path` is `within`, or a field or element inside it (`a.b[0]` within `a.b`). */
const inside = (path: string, within: string) => path === within || path.startsWith(`${within}.`) || path.startsWith(`${within}[`);

/**
 * The line of one applied fix: its rule, resource and edits, and, where no edit is at or around the finding's own path,
 * that path (a container can carry two findings of one rule, SG003 on the full key and on its first level, whose fixes
 * both set the throughput: the line says which one was applied).
 */
function fixLine(fix: AppliedFix, c: Palette): string {
  const changes = (fix.applicationChanges ?? []).map((change) => `${INDENT}${c.yellow('application change needed:')} ${p(change)}\n`);
  // The finding's fix text says what the edits bring about (a split's hours, the other way to the same end): the
  // finding is gone once they are written, so the line keeps it.
  const how = fix.fix === undefined ? '' : `${INDENT}${c.green('fix:')} ${p(fix.fix)}\n`;
  const near = fix.edits.some((edit) => inside(fix.path, edit.path) || inside(edit.path, fix.path));
  const at = near ? '' : ` (the finding at ${p(fix.path)})`;
  return `    ${c.green('fixed  ')} ${c.bold(fix.ruleId)} ${p(fix.resource)}: ${p(fix.edits.map(describeEdit).join('; '))}${at}\n${how}${changes.join('')}`;
}

/**
 * `✔ no findings`; under --quiet, when it hid some, `✔ no errors (1 warning hidden by --quiet)`: a file is not called
 * clean for what was not shown; and no tick where the hidden warnings fail the run:
 * `✖ 1 warning fails this run (--fail-on warning); hidden by --quiet`.
 */
function cleanLine(result: FileResult, settings: ReportSettings, c: Palette): string {
  const { warnings, acknowledged } = hiddenByQuiet(result, settings);
  const failing = warningsFailingRun(warnings, settings);
  if (failing !== undefined) {
    const also = acknowledged > 0 ? `, as ${acknowledged === 1 ? 'is' : 'are'} ${grouped(acknowledged)} acknowledged` : '';
    return `${c.red(`✖ ${failingWarnings(warnings, failing)}`)}${c.dim(`; hidden by --quiet${also}`)}`;
  }
  const hidden = [warnings > 0 ? plural(warnings, 'warning') : '', acknowledged > 0 ? `${grouped(acknowledged)} acknowledged` : '']
    .filter(Boolean)
    .join(' and ');
  return hidden === '' ? c.green('✔ no findings') : `${c.green('✔ no errors')} ${c.dim(`(${hidden} hidden by --quiet)`)}`;
}

const findingKey = (f: { ruleId?: string; path: string }) => `${f.ruleId} ${f.path}`;

/**
 * The notes about a shown finding (`SG003 not fixed: … apply the fix above by hand`), by the finding they follow in its
 * table's or container's group, apart from those of the input, which head the file: a note about a finding --quiet hid
 * stays with the input's, so that it is not lost.
 */
function notesByFinding(notes: readonly InputNote[], findings: readonly LocatedFinding[]) {
  const shown = new Set(findings.map(findingKey));
  const ofFindings = new Map<string, InputNote[]>();
  const ofInput: InputNote[] = [];
  for (const n of notes) {
    if (n.ruleId === undefined || !shown.has(findingKey(n))) ofInput.push(n);
    else ofFindings.set(findingKey(n), [...(ofFindings.get(findingKey(n)) ?? []), n]);
  }
  return { ofFindings, ofInput };
}

export function textReporter(settings: ReportSettings): Reporter {
  const c = settings.palette;
  return {
    *header() {},
    *file(result: FileResult) {
      const where = p(result.file);
      yield `${c.bold(where)}\n`;
      for (const e of result.errors) yield problemLine(e.path ? c.red('invalid') : c.red('error  '), e, where, c);
      const findings = visibleFindings(result, settings);
      const { ofFindings, ofInput } = notesByFinding(result.notes, findings);
      for (const n of ofInput) yield problemLine(c.cyan('note   '), n, where, c);
      // What the rules did not judge heads the file with its notes: it bears on the verdict of every table below.
      const unjudged = notJudgedText(result, settings);
      if (unjudged !== undefined) yield `    ${c.cyan('note   ')} ${p(unjudged)}\n`;
      // Thresholds the file loosens, in yellow as the config line's (shown under --quiet too: they decide what passes).
      for (const { thresholds, ...at } of result.loosens ?? []) yield problemLine(c.yellow('note   '), { ...at, message: loosensText(thresholds) }, where, c);
      for (const fix of result.fixes ?? []) yield fixLine(fix, c);
      const unused = reportedUnused(result, settings);
      if (!result.skipped && result.errors.length === 0 && findings.length === 0 && unused.length === 0) yield `    ${cleanLine(result, settings, c)}\n`;
      const groups = new Map<string, string[]>();
      const group = (resource: string, engine: string) => {
        const key = `${p(resource)} (${engine})`;
        let lines = groups.get(key);
        if (!lines) groups.set(key, (lines = []));
        return lines;
      };
      // Grouped by resource, a key space's findings keep their order: the fix each refers to is printed above it.
      const fixes = fixesOnce(findings);
      findings.forEach((f, i) => {
        const lines = group(f.resource, f.engine);
        lines.push(findingLines(f, where, c, settings.docsUrl, fixes[i] ?? f.fix));
        // Taken, so that a table and its GSI that share a path and a rule (fix.ts's keyOf) do not both carry it.
        for (const n of ofFindings.get(findingKey(f)) ?? []) lines.push(problemLine(c.cyan('note   '), n, where, c));
        ofFindings.delete(findingKey(f));
      });
      // A `Validations.acknowledge()` given on a CDK scope (a stack, a stage, the app) is no table of an engine: headed by its scope.
      for (const u of unused) group(u.resource, u.acknowledgedAt === undefined ? u.engine : 'CDK scope').push(unusedLines(u, where, c));
      for (const [resource, lines] of groups) {
        yield `  ${resource}\n`;
        yield* lines;
      }
      yield '\n';
    },
    *footer(outcome: Outcome) {
      yield `${summaryLines(outcome, c).join('\n')}\n`;
    },
  };
}
