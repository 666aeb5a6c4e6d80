/**
 * What SG014 would say of a hierarchical key reordered by a fix (SG004's order, SG002's time bucket moved last): a
 * reorder that puts a level of few values first makes its hottest value dominant, and --fix writes no edit that a
 * re-lint then reports. A first-level value's documents stay on one physical partition until they hold 50 GB, then
 * span more (https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys), so its whole share counts there.
 */
import type { KeyAttribute, KeyDesign } from '../design/key-design';
import { withKeyLevels } from '../design/normalize-container';
import { DesignAnalysis } from './analysis';
import { reorderedLevels } from './reorder';
import { acknowledgementOf, type MessageData, type RuleHit } from './rule';
import { dominantKeyShare } from './rules/dominant-key-share';

/** The fix note of a reorder withheld for SG014 (`reorderDominantData` fills it). */
export const REORDER_DOMINANT =
  '; ordered so, the hottest {{dominantKey|key}} value takes {{?dominantAtLeast}}at least {{/dominantAtLeast}}{{dominantShare|percent}} of the traffic, above maxHotKeyShare {{limit|percent}}{{?dominantGrowth}}, saturated when traffic grows {{dominantGrowth}}×{{/dominantGrowth}}{{!dominantGrowth}}, with no growth left{{/dominantGrowth}} (SG014 fires on it), so --fix does not write it';

/**
 * SG014's finding on the design the reorder writes, where the design as it is has none and SG014 is neither off nor
 * waived: SG014's own check, run on that design (`withKeyLevels`, the design a re-lint of the edited file reads), so a
 * reorder is withheld exactly where the re-lint would report the share. A first level declared hot is not enough: one
 * whose value spans partitions at no more than the container's average load is quiet there (a 20% customer holding
 * 120 GB of 600), so the reorder is written.
 */
export function dominantAfterReorder(design: KeyDesign, analysis: DesignAnalysis, order: readonly KeyAttribute[]): RuleHit | undefined {
  const onKey = (hits: readonly RuleHit[]) => hits.find((hit) => hit.index === undefined);
  if (onKey(dominantKeyShare.check?.(design, analysis) ?? []) !== undefined) return undefined;
  // Turned off or waived, SG014 reports nothing the edit could write in (as needless-sharding.ts reads SG007).
  if (analysis.rulesOff.has(dominantKeyShare.id) || acknowledgementOf(design.acknowledgements, dominantKeyShare.id, undefined) !== undefined) return undefined;
  const reordered = withKeyLevels(design, reorderedLevels(design, order));
  return onKey(dominantKeyShare.check?.(reordered, new DesignAnalysis(reordered, analysis.rulesOff)) ?? []);
}

/** What SG014 would say of the reordered key's hottest value (`REORDER_DOMINANT`'s data): its share (a floor where held from a deeper level's), and the growth left. */
export function reorderDominantData(hit: RuleHit): MessageData {
  const { data = {} } = hit;
  return Object.assign(
    { dominantKey: data.key, dominantShare: data.share, limit: data.limit },
    hit.messageId === 'dominantAtLeast' ? { dominantAtLeast: true } : {},
    data.growthToCeiling !== undefined ? { dominantGrowth: data.growthToCeiling } : {},
  );
}
