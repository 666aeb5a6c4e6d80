/**
 * The day a test run judges acknowledgements' `expires` dates on (`runWithMocks(program, { today })`), carried by the
 * run's Pulumi engine: the mock monitor `pulumi.runtime.setMocks` makes for that run. A component reads it from the
 * monitor it registers with, so the day belongs to one run (the next `setMocks` makes a new monitor) and is never set
 * where no test pinned it: a real engine's monitor carries none, so a deployment always judges on today (UTC), and no
 * stack setting can pin it. Keyed with `Symbol.for`, so that a component from another copy of skewguard reads it.
 */
const DAY = Symbol.for('skewguard.today');

/** Pins `day` (`YYYY-MM-DD`, read by the caller) on the run's engine `monitor`. */
export function pinDayOn(monitor: object, day: string): void {
  Object.defineProperty(monitor, DAY, { value: day, enumerable: false, configurable: true });
}

/** The day pinned on `monitor`, or undefined: judge on today (UTC). */
export function dayPinnedOn(monitor: unknown): string | undefined {
  if (typeof monitor !== 'object' || monitor === null) return undefined;
  const day = (monitor as { [DAY]?: unknown })[DAY];
  return typeof day === 'string' ? day : undefined;
}
