/**
 * The design's own lint findings, with the observed figures in place of the declared ones where they
 * drifted: what `lint` would report if the design said what production measured. A finding that the
 * observed figures leave as it is stays the design's own (SG003 stays SG003), so that `observe` fails
 * wherever `lint` of the same design fails, before and after `--update`. A finding that only the
 * observed figures raise, or whose numbers they change, is SG020 `firesWithObserved` ("with the
 * observed figures, SG003 fires: …"). A finding only the declared figures raise is a note.
 */
import { DesignError, restateFinding, type DesignEdit, type Finding } from '../../index';
import { DRIFT_RULE } from './drift-rule';
import type { DesignSource } from './sources';

const keyOf = (f: Finding) => `${f.ruleId}\u0000${f.path}\u0000${f.messageId}`;
/** A rule at a field, whichever of its messages it says: SG001's warning and its error are one finding whose verdict changed. */
const placeOf = (f: Finding) => `${f.ruleId}\u0000${f.path}`;

/** Graver is higher: a waiver of a warning does not cover the error production turns it into. */
const SEVERITY_RANK: Readonly<Record<Finding['severity'], number>> = { warning: 1, error: 2 };

/** `resource\0index` of a key space, as a finding names it. */
export const spaceOf = (f: { resource: string; index?: string }) => `${f.resource}\u0000${f.index ?? ''}`;

export interface DesignFindings {
  readonly findings: Finding[];
  readonly notes: { readonly path: string; readonly message: string }[];
  /** Why the design with the observed figures could not be linted (it broke a design constraint). */
  readonly invalid?: string;
  /** The edits the findings were judged with, which --update writes: the drift's, and the judged ones when they change the verdict. */
  readonly written: readonly DesignEdit[];
  /** Whether `written` holds judged figures. */
  readonly judgedWritten: boolean;
  /** Drift edits of a size that the lint's verdict does not rest on (see `verdictNeutral`). */
  readonly neutral: readonly DesignEdit[];
}

/** The share a message quotes was observed, not declared: the core says so (`takes 60% (observed) of the peak`). */
function labelObservedShare(f: Finding, observedShares: ReadonlySet<string>): Finding {
  if (f.data?.shareSource !== 'declared' || !observedShares.has(spaceOf(f))) return f;
  return restateFinding(f, { ...f.data, shareSource: 'observed' });
}

/** Where each key space's figures are (`spaceOf` → `tables[0]`, `tables[0].globalSecondaryIndexes[1]`): the path of an
 *  edit of its peak is this base and `workload.peakReadUnits` / `workload.peakWriteUnits`. */
export type KeySpaceBases = ReadonlyMap<string, string>;

type Figure = 'peakReadUnits' | 'peakWriteUnits';

/**
 * SG017's peaks, said as they were obtained: a figure the lint ran with measured (an edit of it was written) is
 * `observed`, not `declared` (not "its declared peak of 10,800 WCU" for a peak observed against 9,000 declared).
 * `source` is the peak's own figures (`mixed` when some are measured); `tableReadsSource` / `tableWritesSource` the
 * table's figure an index's derived peak comes from; `writesSource` the writes replicated copies multiply.
 */
function labelObservedPeaks(f: Finding, measured: (space: string, figure: Figure) => boolean): Finding {
  const data = f.data;
  if (f.ruleId !== 'SG017' || !data) return f;
  const own = spaceOf(f);
  const table = spaceOf({ resource: f.resource });
  const ownFigures: Figure[] =
    data.dimension === 'read' ? ['peakReadUnits'] : data.dimension === 'write' ? ['peakWriteUnits'] : ['peakReadUnits', 'peakWriteUnits'];
  const changed: Record<string, string> = {};
  if (data.source === 'declared') {
    const count = ownFigures.filter((figure) => measured(own, figure)).length;
    if (count > 0) changed.source = count === ownFigures.length ? 'observed' : 'mixed';
  }
  if (data.tableReadsSource === 'declared' && measured(table, 'peakReadUnits')) changed.tableReadsSource = 'observed';
  if (data.tableWritesSource === 'declared' && measured(table, 'peakWriteUnits')) changed.tableWritesSource = 'observed';
  // The copies multiply the writes the peak rests on: the table's, for an index that declares none.
  const writesOf = data.tableWritesSource === undefined ? own : table;
  if (data.writesSource === 'declared' && measured(writesOf, 'peakWriteUnits')) changed.writesSource = 'observed';
  return Object.keys(changed).length === 0 ? f : restateFinding(f, { ...data, ...changed });
}

/** SG014's share "declared at" a field (`partitionKey.paths[0].hotKeyShare`) that observe wrote: "observed at". */
function labelObservedShareAt(f: Finding, written: (path: string) => boolean): Finding {
  const data = f.data;
  if (f.ruleId !== 'SG014' || data?.atSource !== 'declared' || typeof data.declaredAt !== 'string' || !written(data.declaredAt)) return f;
  return restateFinding(f, { ...data, atSource: 'observed' });
}

export interface ObservedEdits {
  /** The drift findings' edits: the lint runs again with them, and --update writes them. */
  readonly drift: readonly DesignEdit[];
  /** Measured figures that are no drift (drift.ts, `classify`): the lint runs again with them too, and they
   *  are written only when they change its verdict, so that a figure the verdict does not rest on never churns. */
  readonly judged: readonly DesignEdit[];
}

/** Which findings fire, at what severity, with what fix: what --update must carry into the design. */
const verdictOf = (findings: readonly Finding[]) =>
  findings
    .map((f) => `${keyOf(f)}\u0000${f.severity}\u0000${f.fix}`)
    .sort()
    .join('\n');

function lintWith(source: DesignSource, edits: readonly DesignEdit[]): readonly Finding[] | { invalid: string } {
  try {
    return source.lint(edits);
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    return { invalid: error.issues.map((i) => `${i.path}: ${i.message}`).join('; ') };
  }
}

/**
 * The judged edits the verdict rests on: each is dropped in turn when the findings without it are the same,
 * so that --update writes a figure that is no drift only where it changes what the lint reports (a unique
 * key's share of 0.0000342 is not written because an index's measured writes change its verdict).
 */
function needed(source: DesignSource, edits: ObservedEdits, observed: readonly Finding[]): { observed: readonly Finding[]; written: DesignEdit[] } {
  const verdict = verdictOf(observed);
  let judged = [...edits.judged];
  for (const edit of edits.judged) {
    const without = judged.filter((e) => e !== edit);
    const findings = lintWith(source, [...edits.drift, ...without]);
    if (!('invalid' in findings) && verdictOf(findings) === verdict) judged = without;
  }
  return { observed: judged.length === edits.judged.length ? observed : source.lint([...edits.drift, ...judged]), written: [...edits.drift, ...judged] };
}

/** Drift of these fields is graded by the verdict: a size above its declaration that changes no finding is a warning
 *  (a 1.2 GB logical partition against 0 assumed, under a 20 GB cap, is no error). */
const GRADED_BY_VERDICT = /(^|\.)storage\.largestPartitionGb$/;

/** The drift edits of GRADED_BY_VERDICT fields without which the lint reports the same findings, at the same severities, with the same fixes. */
function verdictNeutral(source: DesignSource, edits: readonly DesignEdit[], observed: readonly Finding[]): DesignEdit[] {
  const verdict = verdictOf(observed);
  return edits.filter((edit) => {
    if (!GRADED_BY_VERDICT.test(edit.path)) return false;
    const without = lintWith(
      source,
      edits.filter((e) => e !== edit),
    );
    return !('invalid' in without) && verdictOf(without) === verdict;
  });
}

export function designFindings(
  source: DesignSource,
  edits: ObservedEdits,
  window: string,
  observedShares: ReadonlySet<string>,
  bases: KeySpaceBases = new Map(),
): DesignFindings {
  const declared = source.lint([]);
  const all = [...edits.drift, ...edits.judged];
  if (all.length === 0) return { findings: [...declared], notes: [], written: [], judgedWritten: false, neutral: [] };
  let observed = lintWith(source, all);
  let written = all;
  if (edits.judged.length > 0) {
    const drifted = edits.drift.length > 0 ? lintWith(source, edits.drift) : declared;
    ({ observed, written } = 'invalid' in observed ? { observed: drifted, written: [...edits.drift] } : needed(source, edits, observed));
  }
  if ('invalid' in observed) return { findings: [...declared], notes: [], invalid: observed.invalid, written: [], judgedWritten: false, neutral: [] };
  if (written.length === 0) return { findings: [...declared], notes: [], written, judgedWritten: false, neutral: [] };
  const writtenPaths = new Set(written.map((e) => e.path));
  const measured = (space: string, figure: Figure) => {
    const base = bases.get(space);
    return base !== undefined && writtenPaths.has(`${base}.workload.${figure}`);
  };
  // A field of the finding's table or container (`partitionKey.paths[0].hotKeyShare`), as written.
  const writtenOf = (f: Finding) => (field: string) => {
    const base = bases.get(spaceOf({ resource: f.resource }));
    return base !== undefined && writtenPaths.has(base ? `${base}.${field}` : field);
  };
  const before = new Map(declared.map((f) => [keyOf(f), f]));
  const beforeAt = new Map(declared.map((f) => [placeOf(f), f]));
  const findings = observed.map((raw): Finding => {
    const was = before.get(keyOf(raw)) ?? beforeAt.get(placeOf(raw));
    if (was && was.message === raw.message) return was;
    const labelled = labelObservedShareAt(labelObservedPeaks(labelObservedShare(raw, observedShares), measured), writtenOf(raw));
    // A restated finding's message is the core's again, in the design's fields: worded as the source words its findings.
    const f = labelled === raw || !source.wording ? labelled : source.wording(labelled);
    // A waiver covers the verdict it was written against: where production makes that verdict graver (a warning on the
    // declared figures, an error on those measured), it is reported, not waived, until someone reads the waiver again.
    const outgrown = f.acknowledged && !(was?.acknowledged && SEVERITY_RANK[f.severity] <= SEVERITY_RANK[was.severity]);
    if (f.acknowledged && !outgrown) return f;
    const waiverNote = outgrown
      ? `; the acknowledgement that waives it (reason: "${f.reason ?? ''}") was written against ${was ? `its ${was.severity} on the declared figures` : 'declared figures on which it did not fire'}, so it is reported: read the waiver again against what production measured, and acknowledge the ${f.severity} anew if it still holds`
      : '';
    return {
      ...f,
      ruleId: DRIFT_RULE.id,
      title: DRIFT_RULE.title,
      messageId: 'firesWithObserved',
      message: `with the figures observed in the ${window} window, ${f.ruleId} ${f.title} ${was ? 'says instead' : 'fires'}: ${f.message}${waiverNote}`,
      acknowledged: false,
      reason: undefined,
      data: { ...(f.data ?? {}), rule: f.ruleId, window, ...(outgrown ? { outgrownAcknowledgement: true } : {}) },
    };
  });
  // SG001's declared warning becomes its error with the observed figures: it still fires, so no note says it does not.
  const still = new Set(observed.map(placeOf));
  // What only the observed figures raise: where it is on the same key space and field as a finding they silence (SG014's
  // dominant share past what SG003 judges over the ceiling), the note names it, or the silence reads as a healthier key.
  const raised = observed.filter((o) => !beforeAt.has(placeOf(o)));
  const notes = declared
    .filter((f) => !still.has(placeOf(f)) && !f.acknowledged)
    .map((f) => ({
      path: f.path,
      message: `${f.ruleId} ${f.title} fires on the declared figures but not on those observed in the ${window} window${insteadOf(f, raised)}: ${f.message}`,
    }));
  return { findings, notes, written, judgedWritten: written.length > edits.drift.length, neutral: verdictNeutral(source, written, observed) };
}

/** Whether one field path is the other or lies within it (`partitionKey.paths` and `partitionKey.paths[0]`). */
const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);

/** The clause naming what the observed figures raise in place of `silenced`, on its key space and field; empty if nothing. */
function insteadOf(silenced: Finding, raised: readonly Finding[]): string {
  const instead = raised.filter(
    (o) => o.ruleId !== silenced.ruleId && spaceOf(o) === spaceOf(silenced) && (within(o.path, silenced.path) || within(silenced.path, o.path)),
  );
  if (instead.length === 0) return '';
  const named = instead.map((o) => `${o.ruleId} ${o.title} at ${o.path}${o.acknowledged ? '' : ` (reported as ${DRIFT_RULE.id} ${DRIFT_RULE.title})`}`);
  return `, where ${named.join(' and ')} ${instead.length === 1 ? 'fires' : 'fire'} instead`;
}
