/**
 * `skewguard lint --fix`: applies the edits findings carry to a design file's text, in rounds. Each
 * round lints the file once and applies one fixable finding per design (table, container or external
 * resource) — edits to different designs are independent — then lints the result once; the next
 * round sees the moved paths. Each edit is applied to its own design's text only, so a round costs
 * one pass over the file, and the whole fix is linear in its size (a file of 2,000 tables with three
 * fixes each takes three rounds, not 6,000 re-lints).
 *
 * An edit that does not apply, whose result is no longer a valid design, or that undoes an earlier fix of
 * the run (it sets a field back to what it was before that fix, or removes what that fix added) is skipped
 * and reported; the text handed back always parses and validates. Every fixable finding left at the end is
 * named, and a limit on rounds is said, as is every finding that fails the run whose fix carries no edits: nothing is left
 * unfixed in silence.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  blockingFindings,
  DesignError,
  lintDocument,
  printable,
  type DesignEdit,
  type DesignInput,
  type DesignIssue,
  type Finding,
  type LintOptions,
  type Severity,
} from '../index';
import { CATEGORICAL_BY_NAME, DOCUMENT_COLLECTIONS, parseFieldPath, prefixPath, rebasePath } from '../internal';
import { applicationChange, capacityRaise, recreatesResource, warmThroughputRaise } from './fix-consequences';
import { applyEdits, detectStyle, JsonEditError, lineIndent, type JsonStyle } from './json-edit';
import { JsonSyntaxError, parseJsonWithLocations, type LocatedJson } from './json-locations';
import type { AppliedFix } from './lint-files';

export interface SkippedFix {
  readonly ruleId: string;
  readonly path: string;
  readonly message: string;
}

/** A fix held back on a design no finding fails the run on (`belowFailOn`): its severity and what its fix changes. */
interface HeldBack {
  readonly severity: Severity;
  readonly what: string;
  /** The note's text as it is said of the finding (`on index …: ` for an index's). */
  readonly onIndex?: (text: string) => string;
}

/** The skipped fixes held back so, judged on the design as the run's fixes left it: `skippedOnDisk` words them again
 *  where those fixes were not written. Kept beside the notes, which reports and tests take as they are. */
const heldBackOf = new WeakMap<SkippedFix, HeldBack>();

export interface FixResult {
  /** The fixed text (the input when nothing applied). */
  readonly text: string;
  readonly fixes: readonly AppliedFix[];
  readonly skipped: readonly SkippedFix[];
  /** Set when the round limit stopped the run: how many fixable findings were left. */
  readonly stoppedWith?: number;
}

/** Rounds per run: each fixes one finding of every design, and no rule gives a design more than a few. */
export const MAX_FIX_ROUNDS = 50;

/** Why --fix left a finding that fails the run, without edits, as it was: its fix lies outside the design, or is a choice the design cannot make alone. */
export const NO_EDITS =
  'its fix carries no design edits for --fix to write (a change outside the design, such as throughput raised in place, a cache or a migration, or a choice only you can make, such as how to keep a declared invariant): apply the fix above by hand, or acknowledge the finding';

/**
 * Why --fix left an error whose plan shards a categorical primary key (a status, a type, a region; `categoricalBy` in
 * its data, lib/lint/categorical-key.ts), or raises the throughput that serves one named so: its fix text keeps the
 * shards or the raise among its options, but a re-key is the fix.
 */
function categoricalNotFixed(f: Finding): string | undefined {
  const data = f.data ?? {};
  const { categoricalBy, categoricalKey, categoricalValues, categoricalShards } = data;
  if (categoricalBy === undefined || !Array.isArray(categoricalKey)) return undefined;
  const key = categoricalKey.map((name) => `\`${printable(String(name))}\``).join(' + ');
  const why =
    categoricalBy === 'name'
      ? `${key} ${CATEGORICAL_BY_NAME}`
      : `${key} has ${String(categoricalValues)} values, no more than the ${String(categoricalShards)} shards its fix names`;
  const choose = 'choose the attribute your reads name (an entity id, such as the item id) as the key, or acknowledge the finding';
  // A raise that would serve the key unsharded (categoricalRaiseWithheld): no shards to speak of.
  if (data.categoricalWithheld === 'raise') return `a re-key is the fix, not a raise: ${why}; ${choose}`;
  // An index's pre-warm for its shards (categoricalIndexFirst): warm throughput cannot be lowered again.
  if (data.categoricalWithheld === 'warm') return `a re-key is the fix, not a pre-warm that cannot be lowered again: ${why}; ${choose}`;
  return `a re-key is the fix, not shards: ${why} (the fix above says what its shards would cost every read); ${choose}`;
}

/**
 * Why --fix left an error whose fix fans reads out over shards with no declared result size (`uncountedPatterns` in its
 * data, advice.ts `fanOutUncounted`, or SG009's): the fan-out's charge is counted once its size is, at the next run.
 */
function uncountedNotFixed(f: Finding): string | undefined {
  const patterns = f.data?.uncountedPatterns;
  if (!Array.isArray(patterns) || patterns.length === 0) return undefined;
  const names = patterns.map((name) => `\`${printable(String(name))}\``).join(', ');
  return `its fix fans reads out with no declared size: declare resultKb (the KB each read loads) on ${names}, then run --fix again, which counts what the fan-out costs; or apply the fix's other remedy by hand`;
}

const fixable = (f: Finding) => !f.acknowledged && (f.edits?.length ?? 0) > 0;
// A finding is its rule, its path and its index: a table and a GSI that takes the table's capacity share a path.
const keyOf = (f: Finding) => `${f.ruleId} ${f.path} ${f.index ?? ''}`;
const COLLECTIONS: ReadonlySet<string> = new Set(DOCUMENT_COLLECTIONS);

/** The design a path lies in (`tables[3]`, `tables[3].sharding`), or `''` outside one (a file that is one design). */
function designAt(path: string): string {
  const [collection, index] = parseFieldPath(path);
  return typeof collection === 'string' && COLLECTIONS.has(collection) && typeof index === 'number' ? `${collection}[${index}]` : '';
}

/** The design an edit changes (`tables[3]`), or `''` when it changes the file as a whole (or a design whole). */
const ownerOf = (path: string): string => (parseFieldPath(path).length > 2 ? designAt(path) : '');

/** The one design all of a finding's edits change, or `''`. */
function findingOwner(edits: readonly DesignEdit[]): string {
  const owners = new Set(edits.map((e) => ownerOf(e.path)));
  return owners.size === 1 ? [...owners][0] : '';
}

/** A field an applied fix changed: its value before (undefined: absent) and the rule whose fix changed it. */
interface ChangedField {
  readonly value: unknown;
  readonly ruleId: string;
}

interface Candidate {
  readonly finding: Finding;
  /** The fields its edits change, with what they hold now. */
  readonly changes: ReadonlyMap<string, ChangedField>;
  readonly owner: string;
  /** Offsets of the owner's text in the current text. */
  readonly start: number;
  readonly end: number;
  /** The owner's new text. */
  readonly replacement: string;
}

/**
 * Why --fix left a finding below `--fail-on` whose fix changes the key of the table or container itself, or raises its
 * capacity or throughput, on a design no finding fails the run on: the one means a new table or container and a copy of
 * the data, the other a bill raised every hour it stands, which a design that passes the run (its findings are warnings,
 * such as a name guessed a time bucket, or a hot key within its partition's RU/s but above the planned headroom) does
 * not need unasked. On a design the run fails every fix is written, a warning's too: its failing findings' fixes are
 * sized on them (a hot key's shards on the raise its peak asks for). Other fixes (sharding, monitoring, a declared
 * kind) are written on every design, each with the application change it needs.
 */
function belowFailOn(severity: Severity, failOn: Severity, what: string, failingOnDisk?: string): string {
  const judged =
    failingOnDisk === undefined
      ? ', and none does on this one'
      : `; as the file is on disk, ${failingOnDisk} fails the run on this one, and none would once this run's fixes, which were not written, are`;
  return `it is a ${severity}, below --fail-on ${failOn}, and its fix ${what}: --fix writes a key change or a raise only on a table or container a finding fails the run on${judged}; apply it by hand if you agree with it, or run --fix with --fail-on ${severity}`;
}

/**
 * `skipped` as it holds for the file on disk, where the run's fixes could not be written (`findings`: the file's lint as
 * it is): a fix held back because no finding fails the run on its design was judged on the design those fixes left, and
 * where one fails it on disk, the note names it.
 */
export function skippedOnDisk(skipped: readonly SkippedFix[], findings: readonly Finding[], failOn: Severity): SkippedFix[] {
  const failing = new Map<string, string>();
  for (const f of blockingFindings(findings, failOn)) if (!failing.has(designAt(f.path))) failing.set(designAt(f.path), f.ruleId);
  return skipped.map((s) => {
    const heldBack = heldBackOf.get(s);
    const onDisk = heldBack && failing.get(designAt(s.path));
    if (!heldBack || !onDisk) return s;
    const message = belowFailOn(heldBack.severity, failOn, heldBack.what, onDisk);
    return { ...s, message: heldBack.onIndex ? heldBack.onIndex(message) : message };
  });
}

/** Why `f`'s fix is written only for a finding that fails the run (`belowFailOn`): the key it changes, or the raise it sets; else undefined. */
function costlyChange(f: Finding, document: unknown): string | undefined {
  const edits = f.edits ?? [];
  const recreation = edits.find(recreatesResource);
  const keyChange = recreation && applicationChange(recreation);
  if (keyChange !== undefined) return `changes the key (${keyChange})`;
  const raises = edits.map((edit) => capacityRaise(edit, document)).filter((raise) => raise !== undefined);
  if (raises.length > 0) return `raises ${raises.join('; ')}`;
  const warm = edits.map((edit) => warmThroughputRaise(edit, document)).filter((raise) => raise !== undefined);
  return warm.length > 0 ? `raises ${warm.join('; ')}, warm throughput charged for the increase that cannot be lowered again` : undefined;
}

/** `failOn`: the run's `--fail-on`; on a design with no finding at or above it, no fix is written that recreates its table or container or raises its bill (`belowFailOn`). */
export function fixDesignText(text: string, options: LintOptions, failOn: Severity = 'error'): FixResult {
  const first = lintText(text, options);
  if (!first || !('findings' in first)) return { text, fixes: [], skipped: [] };
  const style = detectStyle(text);
  const applied: { fix: AppliedFix; owner: string; round: number }[] = [];
  const skipped: SkippedFix[] = [];
  const tried = new Set<string>(); // each finding is fixed, or tried, at most once per run
  const history = new Map<string, Set<string>>(); // texts each design has had: a fix that undoes another is refused
  const before = new Map<string, ChangedField>(); // each field a fix changed: what it held before, and which fix
  const named = new Set<string>(); // findings already named as not fixed
  const skip = (f: Finding, message: string, heldBack?: HeldBack) => {
    tried.add(keyOf(f));
    named.add(keyOf(f));
    const onIndex = (text: string) => (f.index === undefined ? text : `on index ${f.index}: ${text}`);
    const note = { ruleId: f.ruleId, path: f.path, message: onIndex(message) };
    if (heldBack) heldBackOf.set(note, { ...heldBack, onIndex });
    skipped.push(note);
  };
  let current = text;
  let state: Linted = first;
  let stoppedWith: number | undefined;
  for (let round = 0; ; round++) {
    // Judged each round, on the design as the fixes so far left it: once its failing findings are fixed, it passes.
    const failing = new Set(blockingFindings(state.findings, failOn).map((f) => designAt(f.path)));
    for (const f of state.findings.filter((g) => fixable(g) && !tried.has(keyOf(g)) && !failing.has(designAt(g.path)))) {
      const change = costlyChange(f, state.located.value);
      if (change !== undefined) skip(f, belowFailOn(f.severity, failOn, change), { severity: f.severity, what: change });
    }
    const pending = state.findings.filter((f) => fixable(f) && !tried.has(keyOf(f)));
    if (pending.length === 0) break;
    if (round >= MAX_FIX_ROUNDS) {
      stoppedWith = pending.length;
      break;
    }
    let candidates = chooseRound(pending, state.located, style, history, before, skip);
    // Lint the round's result once; a design that became invalid loses its fix, and the others are tried again.
    while (candidates.length > 0) {
      const next = splice(current, candidates);
      const result = lintText(next, options);
      if (result && 'findings' in result) {
        current = next;
        state = result;
        for (const c of candidates) {
          tried.add(keyOf(c.finding));
          history.get(c.owner)?.add(c.replacement);
          for (const [path, field] of c.changes) if (!before.has(path)) before.set(path, field);
          applied.push({
            owner: c.owner,
            round,
            fix: { ruleId: c.finding.ruleId, resource: c.finding.resource, path: c.finding.path, edits: c.finding.edits ?? [], fix: c.finding.fix },
          });
        }
        break;
      }
      const blamed = new Set((result?.issues ?? []).map((i) => ownerOf(i.path)));
      const guilty = blamed.has('') ? candidates : candidates.filter((c) => c.owner === '' || blamed.has(c.owner));
      const refused = guilty.length > 0 ? guilty : candidates;
      for (const c of refused) skip(c.finding, 'its edits would make the design invalid; left for you to fix');
      candidates = candidates.filter((c) => !refused.includes(c));
    }
  }
  // A finding fixed once that still asks for edits is named with the others left (each is fixed at most once a run).
  if (stoppedWith === undefined)
    for (const f of state.findings.filter((g) => fixable(g) && !named.has(keyOf(g))))
      skip(f, 'it still fires after its fix in this run, and each finding is fixed once a run: run --fix again, or fix it by hand');
  // A finding that fails the run (at or above --fail-on: a warning too under --fail-on warning) whose fix carries no
  // edits changes nothing under --fix: say so, one line each, so an unchanged file that still fails is explained (one
  // this run already fixed in part has its `fixed` line instead).
  const editless = (f: Finding) => (f.edits?.length ?? 0) === 0 && !tried.has(keyOf(f));
  // One the run's own fixes made fire says so: "not fixed" alone would read as a finding the design had before.
  // An index a fix renamed (a new projection or key is a new index) is the same index: its findings keep their key.
  const foundFirst = new Set(first.findings.map(keyOf));
  const renamed = indexRenames(applied, before);
  const asFirst = (f: Finding) => keyOf({ ...f, index: renamed.get(`${ownerOf(f.path)} ${f.index}`) ?? f.index });
  const appeared = (f: Finding) => (foundFirst.has(asFirst(f)) ? '' : 'it appeared in this run, caused by the fixes above; ');
  for (const f of blockingFindings(state.findings, failOn).filter(editless))
    skip(f, `${appeared(f)}${categoricalNotFixed(f) ?? uncountedNotFixed(f) ?? NO_EDITS}`);
  // Reported per design in file order (designs never move: edits stay inside them), then by round.
  const position = (owner: string) => (owner === '' ? 0 : (first.located.locate(owner)?.start ?? 0));
  const ranked = applied.map((a) => ({ ...a, at: position(a.owner) })).sort((a, b) => a.at - b.at || a.round - b.round);
  return { text: current, fixes: ranked.map((r) => r.fix), skipped, ...(stoppedWith === undefined ? {} : { stoppedWith }) };
}

/** The indexes the run's fixes renamed: `design new-name` (`tables[0] by-advertiser-v2`) → the name it had before. */
function indexRenames(applied: readonly { readonly fix: AppliedFix }[], before: ReadonlyMap<string, ChangedField>): Map<string, string> {
  const renames = new Map<string, string>();
  for (const edit of applied.flatMap((a) => a.fix.edits)) {
    const was = before.get(edit.path)?.value;
    if (edit.op === 'set' && edit.path.endsWith('.indexName') && typeof was === 'string') renames.set(`${ownerOf(edit.path)} ${String(edit.value)}`, was);
  }
  return renames;
}

/** One pending finding per design, with its edits applied to that design's text. */
function chooseRound(
  pending: readonly Finding[],
  located: LocatedJson,
  style: JsonStyle,
  history: Map<string, Set<string>>,
  before: ReadonlyMap<string, ChangedField>,
  skip: (f: Finding, message: string) => void,
): Candidate[] {
  const chosen = new Map<string, Candidate>();
  for (const finding of pending) {
    const edits = finding.edits ?? [];
    const owner = findingOwner(edits);
    // A whole-file edit goes alone in its round; per-design edits share one.
    if (chosen.has(owner) || chosen.has('') || (owner === '' && chosen.size > 0)) continue;
    const where = owner === '' ? { start: 0, end: located.text.length } : located.locate(owner);
    if (!where) {
      skip(finding, `its edit does not apply: ${owner}: is not in the file`);
      continue;
    }
    const built = nameBuiltFromFlagged(edits, located.locate(owner)?.value ?? located.value);
    if (built !== undefined) {
      skip(
        finding,
        `its edits would write the new name \`${printable(built)}\` (shown escaped), built from a name that holds control, bidirectional-formatting or invisible characters (SG005): rename that one as SG005's fix says, then run --fix again`,
      );
      continue;
    }
    // The design's text starts at its line's indentation, so new lines are indented as in the file.
    const indent = owner === '' ? '' : lineIndent(located.text, where.start);
    let replacement: string;
    try {
      const local = owner === '' ? edits : edits.map((e) => ({ ...e, path: rebasePath(e.path, owner, '') ?? e.path }));
      replacement = applyEdits(indent + located.text.slice(where.start, where.end), local, style).slice(indent.length);
    } catch (error) {
      if (!(error instanceof JsonEditError)) throw error;
      skip(finding, `its edit does not apply: ${prefixPath(owner, error.path) || '(root)'}: ${error.reason}`);
      continue;
    }
    let seen = history.get(owner);
    if (!seen) history.set(owner, (seen = new Set([located.text.slice(where.start, where.end)])));
    if (seen.has(replacement)) {
      skip(finding, 'its edits would undo an earlier fix');
      continue;
    }
    const undone = undoneBy(edits, before);
    if (undone) {
      skip(finding, `it would undo ${undone}'s fix of this run`);
      continue;
    }
    const changes = new Map(edits.map((e) => [e.path, { value: located.locate(e.path)?.value, ruleId: finding.ruleId }]));
    chosen.set(owner, { finding, owner, changes, start: where.start, end: where.end, replacement });
  }
  return [...chosen.values()];
}

/** Every string in a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

/**
 * A string the edits would write that holds a character `printable()` escapes (the characters SG005 flags in a
 * name) and that the design does not hold yet: a name built from a flagged one, such as SG001's shard attribute
 * `transfer\x1b[2JStatus` + `Shard`. --fix writes no such name: it would spread the name a reader cannot see to new
 * fields, while SG005 asks for it to be renamed. Names the design already holds may be moved as they are.
 */
function nameBuiltFromFlagged(edits: readonly DesignEdit[], design: unknown): string | undefined {
  const flagged = (text: string) => printable(text) !== text;
  const written = edits.flatMap((e) => (e.op === 'remove' ? [] : stringsIn(e.value))).filter(flagged);
  if (written.length === 0) return undefined;
  const held = new Set(stringsIn(design));
  return written.find((text) => !held.has(text));
}

/**
 * The rule whose fix of this run an edit undoes: it sets a field that fix changed back to what it held before,
 * or removes a field that fix added. Such a pair (say, copies of a hot key set, then removed as needless once
 * another fix raised the throughput) leaves neither fix standing, so the later one is not applied.
 */
function undoneBy(edits: readonly DesignEdit[], before: ReadonlyMap<string, ChangedField>): string | undefined {
  for (const edit of edits) {
    const changed = before.get(edit.path);
    if (!changed) continue;
    const restores = edit.op === 'remove' ? changed.value === undefined : isDeepStrictEqual(edit.value, changed.value);
    if (restores) return changed.ruleId;
  }
  return undefined;
}

/** `text` with each candidate's range replaced, in one pass. */
function splice(text: string, candidates: readonly Candidate[]): string {
  const sorted = [...candidates].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const c of sorted) {
    parts.push(text.slice(at, c.start), c.replacement);
    at = c.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

interface Linted {
  readonly located: LocatedJson;
  readonly findings: readonly Finding[];
}

/** The findings of `text`; its issues when it is not a valid design; undefined when it does not parse. */
function lintText(text: string, options: LintOptions): Linted | { readonly issues: readonly DesignIssue[] } | undefined {
  let located: LocatedJson;
  try {
    located = parseJsonWithLocations(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
  try {
    return { located, findings: lintDocument(located.value as DesignInput, options).findings };
  } catch (error) {
    if (error instanceof DesignError) return { issues: error.issues };
    throw error;
  }
}
