/**
 * A GuardedTable's design `thresholds` laxer than their defaults, said at synth as `skewguard lint` says a design file's
 * (`thresholds: loosens headroom to 0.99 (default 0.8)`): `headroom: 0.99` plans a key to 99% of its partition's
 * ceiling, `maxHotKeyShare: 1` lets one value take all the traffic before SG014 warns, so a figure set to silence a
 * finding would hide it with nothing said. Same test and words as the CLI (lib/design/loosened-thresholds.ts).
 */
import { Annotations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { ThresholdOverrides } from '../index';
import { loosensNotice } from '../internal';

/** The warning's id: `Annotations.of(table).acknowledgeWarning('skewguard:thresholds-loosened')` silences it. */
export const THRESHOLDS_LOOSENED_WARNING = 'skewguard:thresholds-loosened';

/** Warns on `scope` (a GuardedTable) where its design's `thresholds` loosen the lint; nothing where none does. */
export function sayLoosenedThresholds(scope: Construct, thresholds: ThresholdOverrides | undefined): void {
  const notice = loosensNotice(thresholds);
  if (!notice) return;
  Annotations.of(scope).addWarningV2(
    THRESHOLDS_LOOSENED_WARNING,
    `thresholds: ${notice}; once checked, acknowledge with Annotations.of(table).acknowledgeWarning('${THRESHOLDS_LOOSENED_WARNING}')`,
  );
}
