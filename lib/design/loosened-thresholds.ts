/**
 * Which thresholds make the lint laxer than their defaults, and the words every report uses for them: the CLI's config
 * line, a design file's note, GuardedTable's synth warning, GuardedContainer's Pulumi warning. One test and one wording, so a threshold said to loosen in
 * one place is said so, alike, in every other.
 */
import { DEFAULT_THRESHOLDS, type Thresholds } from './limits';

/**
 * Which way each threshold loosens the lint: a higher headroom plans closer to a ceiling, a lower minCardinality
 * accepts fewer key values (SG001), a higher maxShards or fanOutFactor accepts wider fan-outs (SG008), a higher
 * maxCrossPartitionShare or maxHotKeyShare accepts more of the traffic before SG012 or SG014 warns, and a lower
 * minGrowthHeadroom lets a hot value come closer to its ceiling before SG014 warns, and a lower crowdConfidence sizes
 * shard counts for less likely crowds (limits.ts).
 */
export const LOOSER_WHEN: Readonly<Record<keyof Thresholds, 'higher' | 'lower'>> = {
  headroom: 'higher',
  minCardinality: 'lower',
  maxShards: 'higher',
  fanOutFactor: 'higher',
  maxCrossPartitionShare: 'higher',
  maxHotKeyShare: 'higher',
  minGrowthHeadroom: 'lower',
  crowdConfidence: 'lower',
};

/** Whether `value` makes `threshold` laxer than its default. */
export function loosensThreshold(threshold: keyof Thresholds, value: number): boolean {
  const byDefault = DEFAULT_THRESHOLDS[threshold];
  return LOOSER_WHEN[threshold] === 'higher' ? value > byDefault : value < byDefault;
}

/** The thresholds of `given` (a config's, a design file's, a construct's design) that make the lint laxer than their defaults. */
export function looserThresholds(given: Readonly<Partial<Thresholds>> | undefined): (keyof Thresholds)[] {
  return (Object.keys(given ?? {}) as (keyof Thresholds)[]).filter((name) => given?.[name] !== undefined && loosensThreshold(name, given[name]));
}

/** `headroom to 0.99 (default 0.8), maxHotKeyShare to 1 (default 0.1)`. */
export function thresholdText(names: readonly (readonly [keyof Thresholds, number])[]): string {
  return names.map(([name, value]) => `${name} to ${value} (default ${DEFAULT_THRESHOLDS[name]})`).join(', ');
}

/** `loosens headroom to 1 (default 0.8)`: thresholds that loosen the lint, in the words of every report. */
export function loosensText(thresholds: Readonly<Partial<Thresholds>>): string {
  return `loosens ${thresholdText(Object.entries(thresholds) as [keyof Thresholds, number][])}`;
}

/** The fields of `given` that make the lint laxer than their defaults (`{ headroom: 0.99 }`); undefined where none do. */
export function loosenedPart(given: Readonly<Partial<Thresholds>> | undefined): Partial<Thresholds> | undefined {
  const looser = looserThresholds(given);
  return looser.length === 0 ? undefined : Object.fromEntries(looser.map((name) => [name, given?.[name]]));
}

/** `loosens headroom to 0.99 (default 0.8)` where `given` makes the lint laxer than its defaults, in the words of the
 *  CLI's note (`loosensText`), for a construct to say; undefined where it loosens nothing. */
export function loosensNotice(given: Readonly<Partial<Thresholds>> | undefined): string | undefined {
  const part = loosenedPart(given);
  return part && loosensText(part);
}
