import type { Finding } from '../../lib';

/** Whether a fix's edits only raise capacity in place: RU/s, the partition count, warm throughput or provisioned capacity. */
function raisesOnly(fix: Finding): boolean {
  const edits = fix.edits ?? [];
  return (
    edits.length > 0 &&
    edits.every((e) => /(^|\.)(throughput\.(manual|autoscaleMax)|physicalPartitions|warmThroughput|capacity\.(read|write)(\.\w+)?)$/.test(e.path))
  );
}

/**
 * Whether `after` is SG014's warning that SG003's raise in place (`fix`: edits that raise capacity only) leaves in its
 * place. A raise is sized to serve today's peak, the least that does: it is billed every hour, and the key change that
 * ends paying for it follows it as the durable alternative (decision 50). SG014 then warns of what the raise leaves:
 * - a value above maxHotKeyShare served at its peak, short only of headroom (a warning, levers35): its share, planning
 *   the key change for growth — SG014 fires only on a value that fits with its headroom, so it could not fire before;
 * - a value within maxHotKeyShare short of minGrowthHeadroom (`nearCeiling`, `nearCeilingAtLeast`), whatever SG003's
 *   severity: the growth the design asks for, with what the key needs at that grown peak. It could not fire before
 *   either (no growth is left to a value over its ceiling), and it is the same plan said once the value fits.
 */
export function dominantAfterRaise(fix: Finding, after: Finding): boolean {
  if (fix.ruleId !== 'SG003' || !raisesOnly(fix) || after.ruleId !== 'SG014' || after.severity !== 'warning') return false;
  return fix.severity === 'warning' || after.messageId === 'nearCeiling' || after.messageId === 'nearCeilingAtLeast';
}
