import type { Finding } from '../../lib';

/**
 * Whether `after` is SG014's warning of a value's share that SG003's raise in place (`fix`: a headroom warning whose edits
 * set only the RU/s and the partition count) leaves in its place (levers35). A value above maxHotKeyShare served at its
 * peak, short only of headroom, gets the raise first: SG014 fires only on a value that fits with its headroom, so it
 * could not fire before, and its warning (the key change, planned for growth) is the same share said once it fits, not
 * a problem the raise made.
 */
export function dominantAfterRaise(fix: Finding, after: Finding): boolean {
  const raiseOnly =
    (fix.edits ?? []).length > 0 && (fix.edits ?? []).every((e) => /(^|\.)(throughput\.(manual|autoscaleMax)|physicalPartitions)$/.test(e.path));
  return fix.ruleId === 'SG003' && fix.severity === 'warning' && raiseOnly && after.ruleId === 'SG014' && after.severity === 'warning';
}
