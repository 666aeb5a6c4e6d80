/**
 * A GuardedContainer's thresholds laxer than their defaults (its design's `thresholds`, its `lintOptions.thresholds`),
 * said as a warning as `skewguard lint` says a design file's and GuardedTable says its own (`design.thresholds: loosens
 * headroom to 0.99 (default 0.8)`): a threshold set to silence a finding would hide it with nothing said. Same test and
 * words as the CLI (lib/design/loosened-thresholds.ts).
 */
import { loosensNotice } from '../internal';
import type { GuardedContainerArgs } from './guarded-container-args';

/** One warning per thresholds arg that loosens the lint, at its arg path; none where neither does. */
export function loosenedThresholdWarnings(args: Pick<GuardedContainerArgs, 'design' | 'lintOptions'>): string[] {
  const given = [
    ['design.thresholds', args.design.thresholds],
    ['lintOptions.thresholds', args.lintOptions?.thresholds],
  ] as const;
  return given.flatMap(([path, thresholds]) => {
    const notice = loosensNotice(thresholds);
    return notice ? [`${path}: ${notice}`] : [];
  });
}
