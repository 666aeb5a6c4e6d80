/** "Did you mean": for unknown fields in designs, and for commands, options, rule ids and config fields in the CLI. */

/** The candidate closest to `input` (case-insensitive edit distance ≤ `maxDistance`, or a unique prefix unless
 *  `prefixes` is false), if any. */
export function closest(input: string, candidates: readonly string[], { maxDistance = 2, prefixes = true } = {}): string | undefined {
  const wanted = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  const row: number[] = [];
  for (const candidate of candidates) {
    const distance = levenshtein(wanted, candidate.toLowerCase(), bestDistance - 1, row);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  if (best || !prefixes) return best;
  const prefixed = candidates.filter((c) => wanted.length >= 2 && c.toLowerCase().startsWith(wanted));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/**
 * The first of `candidates` that `input` is, ignoring case, or else the first it is one edit from (a letter added,
 * dropped or changed, ignoring case): what `closest(input, candidates, { maxDistance: 1, prefixes: false })` answers,
 * for `lowerCandidates` the candidates in lower case. Without a table of distances: a valid design asks it of each
 * key attribute a pattern names outside the key, and nearly all of them are near none.
 */
export function nearMiss(input: string, candidates: readonly string[], lowerCandidates: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  let oneEdit: string | undefined;
  for (let i = 0; i < candidates.length; i++) {
    const candidate = lowerCandidates[i];
    if (candidate === wanted) return candidates[i];
    if (oneEdit === undefined && oneEditApart(wanted, candidate)) oneEdit = candidates[i];
  }
  return oneEdit;
}

/** Whether `a` and `b` (not equal) are one insertion, deletion or substitution apart. */
function oneEditApart(a: string, b: string): boolean {
  const short = a.length <= b.length ? a : b;
  const long = short === a ? b : a;
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // Past the first difference the rest must match: after one changed letter, or after the longer one's extra letter.
  // Compared in place: most names asked are near none, and copies of their tails would be thrown away.
  const skip = short.length === long.length ? 1 : 0;
  for (let j = i + skip; j < short.length; j++) if (short[j] !== long[j + 1 - skip]) return false;
  return true;
}

/** ` (did you mean "lint"?)`, or `''`. */
export function didYouMean(input: string, candidates: readonly string[], quote = '"'): string {
  const guess = closest(input, candidates);
  return guess ? ` (did you mean ${quote}${guess}${quote}?)` : '';
}

/** The edit distance of `a` and `b` when it is at most `max`; otherwise some number above `max`. `row`: where the
 *  distances are kept, one array for every candidate of a search. */
function levenshtein(a: string, b: string, max: number, row: number[]): number {
  // Every edit changes the length by at most one, and a row's smallest entry never shrinks further down:
  // once either is past `max`, so is the distance.
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Entries past b.length, left from a longer candidate, are never read.
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
      smallest = Math.min(smallest, row[j]);
    }
    if (smallest > max) return max + 1;
  }
  return row[b.length];
}
