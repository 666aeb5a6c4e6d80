/**
 * The day a GuardedTable's acknowledgements' `expires` dates are judged on, pinned for one synth by the
 * testing helpers (`assertStackPasses(stack, { today })`): a waiver with `expires` must not turn a stack
 * test red on a calendar date the test cannot pin. Not public API: outside such a call, the lint judges on
 * today (UTC), as `lint()` does without its `today` option.
 */
let pinned: string | undefined;

/** The pinned day (`YYYY-MM-DD`), or undefined: today (UTC). */
export function pinnedDay(): string | undefined {
  return pinned;
}

/** Runs `run` with `day` pinned (undefined: not pinned), restoring the day pinned before. */
export function withPinnedDay<T>(day: string | undefined, run: () => T): T {
  const before = pinned;
  pinned = day;
  try {
    return run();
  } finally {
    pinned = before;
  }
}
