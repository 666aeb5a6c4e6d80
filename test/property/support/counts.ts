/**
 * Counts of what the property suites tried, by outcome, so a generator that drifts into producing
 * only invalid (or only trivial) inputs fails a test instead of making a property vacuous.
 * `SKEWGUARD_PROPERTY_COUNTS=1 npx jest test/property` prints them; `FC_SEED=<n>` runs another seed.
 */
export const SEED = Number(process.env.FC_SEED ?? 20261130);

const counts = new Map<string, Map<string, number>>();

/** Records one input of `subject` that ended in `outcome`. */
export function count(subject: string, outcome: string): void {
  const outcomes = counts.get(subject) ?? new Map<string, number>();
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  counts.set(subject, outcomes);
}

/** How many inputs of `subject` ended in `outcome` (all outcomes when omitted). */
export function counted(subject: string, outcome?: string): number {
  const outcomes = counts.get(subject);
  if (!outcomes) return 0;
  return outcome === undefined ? [...outcomes.values()].reduce((a, b) => a + b, 0) : (outcomes.get(outcome) ?? 0);
}

/** Prints the counts when asked to (they are part of the suite's report, not of its verdict). */
export function reportCounts(suite: string): void {
  if (!process.env.SKEWGUARD_PROPERTY_COUNTS) return;
  const lines = [...counts].map(([subject, outcomes]) => `  ${subject}: ${counted(subject)} (${[...outcomes].map(([o, n]) => `${o} ${n}`).join(', ')})`);
  process.stdout.write(`${suite}, seed ${SEED}:\n${lines.join('\n')}\n`);
}
