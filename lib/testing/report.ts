/**
 * The design report printed by a failed assertion: every finding, whatever its severity or
 * acknowledgement, with where it is, what it says and the fix. The same layout for a design, a CDK
 * stack and a Pulumi component, so a failure reads the same in every test.
 */
import { type Finding, type UnusedAcknowledgement } from '../index';
import { notWaivedNotes, unusedWaiverNote } from '../internal';

/** One line of a design report, whichever adapter it comes from. */
export interface ReportEntry {
  /** `fatal`: a CDK violation no acknowledgement can waive (the design could not be checked). */
  readonly severity: 'error' | 'warning' | 'fatal';
  /** A rule id (`SG003`) or another skewguard check (`design-metadata`, `unused acknowledgement`). */
  readonly rule: string;
  /** Where: the field path, prefixed with the construct path or resource name where there is one. */
  readonly where: string;
  readonly message: string;
  readonly fix?: string;
  /** The reason of the acknowledgement that waives it; undefined when it is not waived. */
  readonly acknowledged?: string;
}

/** A finding of the core as a report entry: at its field path, on its table or container (and index). */
export function findingEntry(finding: Finding): ReportEntry {
  return {
    severity: finding.severity,
    rule: `${finding.ruleId} ${finding.title}`,
    where: `${finding.path || '(root)'} (${finding.resource}${finding.index ? `, index ${finding.index}` : ''})`,
    // An index finding its table's waiver without `index` does not reach, or one a waiver names only some parts of, says
    // so, as the CLI's report does.
    message: [finding.message, ...notWaivedNotes(finding).map((note) => `not waived: ${note}`)].join('; '),
    fix: finding.fix,
    ...(finding.acknowledged ? { acknowledged: finding.reason ?? '' } : {}),
  };
}

/** An acknowledgement that waives nothing, as the CLI counts it: a warning. */
export function unusedAcknowledgementEntry(ack: UnusedAcknowledgement): ReportEntry {
  return {
    severity: 'warning',
    rule: `unused acknowledgement of ${ack.ruleId}`,
    where: `${ack.path} (${ack.resource})`,
    message: `waives nothing: ${unusedWaiverNote(ack)} (reason given: "${ack.reason}")`,
    fix: 'remove the acknowledgement, so it cannot hide a future finding',
  };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The report: a count line, then each entry with its message and fix, errors first. */
export function formatReport(entries: readonly ReportEntry[], subject: string): string {
  if (entries.length === 0) return `skewguard report for ${subject}: no findings`;
  const open = entries.filter((e) => e.acknowledged === undefined);
  const errors = open.filter((e) => e.severity !== 'warning').length;
  const rank = (e: ReportEntry) => (e.acknowledged !== undefined ? 3 : e.severity === 'fatal' ? 0 : e.severity === 'error' ? 1 : 2);
  const lines = [
    `skewguard report for ${subject}: ${plural(errors, 'error')}, ${plural(open.length - errors, 'warning')}, ${entries.length - open.length} acknowledged`,
  ];
  for (const entry of [...entries].sort((a, b) => rank(a) - rank(b))) {
    const state = entry.acknowledged !== undefined ? `acknowledged ${entry.severity}` : entry.severity;
    lines.push(`  ${state} ${entry.rule} at ${entry.where}`, `      ${entry.message}`);
    if (entry.fix) lines.push(`      fix: ${entry.fix}`);
    if (entry.acknowledged !== undefined) lines.push(`      reason: ${entry.acknowledged}`);
  }
  return lines.join('\n');
}
