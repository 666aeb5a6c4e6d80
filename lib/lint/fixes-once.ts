/**
 * Two findings on one key space often give one fix: SG001 and SG003 on a hot key of few values both lead with the same
 * pre-warm and sharding, SG001's after its own first words. A report read by people prints that fix once and has the
 * later finding refer to it; machine readers (JSON, SARIF) keep each finding's full `fix`.
 */
import type { Finding } from './engine';

/** A shared part shorter than this is printed again: a reference would be no shorter than the words it stands for. */
const LEAST_SHARED = 200;

type FixOf = Pick<Finding, 'ruleId' | 'resource' | 'index' | 'fix'>;

/**
 * Each finding's fix as a report for people prints it, in the order the report prints `findings`: the first on a key
 * space to give a fix prints it in full; a later one on that key space whose fix is the same, or is an earlier one's
 * with words added before or after, or without its opening words, refers to it instead.
 */
export function fixesOnce(findings: readonly FixOf[]): string[] {
  const shown: FixOf[] = [];
  return findings.map((finding) => {
    for (const earlier of shown) {
      if (earlier.resource !== finding.resource || earlier.index !== finding.index) continue;
      const reference = referenceTo(earlier, finding.fix);
      if (reference !== undefined) return reference;
    }
    shown.push(finding);
    return finding.fix;
  });
}

/** `fix` in words that refer to `earlier`'s fix where it repeats it; undefined where it does not. */
function referenceTo(earlier: FixOf, fix: string): string | undefined {
  const before = earlier.fix;
  const same = `the same as ${earlier.ruleId}'s on this key, above`;
  if (fix === before) return same;
  if (fix.length >= LEAST_SHARED && before.endsWith(fix)) return `${same}, without its opening "${before.slice(0, before.length - fix.length).trim()}"`;
  if (before.length < LEAST_SHARED) return undefined;
  if (fix.endsWith(before)) return `${fix.slice(0, fix.length - before.length)}${same}`;
  if (fix.startsWith(before)) return `${same}${fix.slice(before.length)}`;
  return undefined;
}
