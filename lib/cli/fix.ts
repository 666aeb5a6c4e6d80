/**
 * `skewguard lint --fix`: applies the edits findings carry to a design file's text, one finding at
 * a time, re-linting after each (an edit can shift the paths of the next), until no fixable
 * finding is left. An edit that does not apply, or whose result is no longer a valid design, is
 * skipped and reported; the text handed back always parses and validates.
 */
import { DesignError, lintDocument, type DesignInput, type Finding, type LintOptions } from '../index';
import { applyEdits, JsonEditError } from './json-edit';
import { JsonSyntaxError, parseJsonWithLocations } from './json-locations';
import type { AppliedFix } from './lint-files';

export interface SkippedFix {
  readonly ruleId: string;
  readonly path: string;
  readonly message: string;
}

export interface FixResult {
  /** The fixed text (the input when nothing applied). */
  readonly text: string;
  readonly fixes: readonly AppliedFix[];
  readonly skipped: readonly SkippedFix[];
}

/** A bound on rounds, far above any real file: each round fixes one finding. */
const MAX_ROUNDS = 200;

const fixable = (f: Finding) => !f.acknowledged && (f.edits?.length ?? 0) > 0;
const keyOf = (f: Finding) => `${f.ruleId} ${f.path}`;

export function fixDesignText(text: string, options: LintOptions): FixResult {
  const fixes: AppliedFix[] = [];
  const skipped: SkippedFix[] = [];
  const given = new Set<string>(); // findings already fixed or tried: each is fixed at most once per run
  const seen = new Set<string>([text]);
  let current = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const findings = lintText(current, options);
    const finding = findings?.find((f) => fixable(f) && !given.has(keyOf(f)));
    if (!finding) break;
    const edits = finding.edits ?? [];
    let next: string;
    try {
      next = applyEdits(current, edits);
    } catch (error) {
      if (!(error instanceof JsonEditError)) throw error;
      given.add(keyOf(finding));
      skipped.push({ ruleId: finding.ruleId, path: finding.path, message: `its edit does not apply: ${error.message}` });
      continue;
    }
    if (lintText(next, options) === undefined) {
      given.add(keyOf(finding));
      skipped.push({ ruleId: finding.ruleId, path: finding.path, message: 'its edits would make the design invalid; left for you to fix' });
      continue;
    }
    if (seen.has(next)) {
      // Fixes that undo each other: stop rather than go round in circles.
      given.add(keyOf(finding));
      skipped.push({ ruleId: finding.ruleId, path: finding.path, message: 'its edits would undo an earlier fix' });
      continue;
    }
    seen.add(next);
    given.add(keyOf(finding));
    current = next;
    fixes.push({ ruleId: finding.ruleId, resource: finding.resource, path: finding.path, edits });
  }
  return { text: current, fixes, skipped };
}

/** The findings of `text`, or undefined when it does not parse or validate. */
function lintText(text: string, options: LintOptions): Finding[] | undefined {
  try {
    return lintDocument(parseJsonWithLocations(text).value as DesignInput, options).findings;
  } catch (error) {
    if (error instanceof JsonSyntaxError || error instanceof DesignError) return undefined;
    throw error;
  }
}
