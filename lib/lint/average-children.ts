/**
 * What a full key's hottest share estimated from a level above the last assumes (normalize-container.ts,
 * `fullKeyFigure`): where that level declares its hottest value's size and the container its `totalGb`, the value's
 * share spread over the full key values its data suggests where they are more than the average (`childrenByData`: a 45% tenant holding 250 GB of 600 has about
 * 229,000 of 550,000 employees, not the average 110), each assumed to take an even part of it. The finding names the
 * count it spread over, the average it did not, and the field that replaces the estimate.
 */
import { fullKeyCardinality } from '../design/cardinality';
import { joinPath } from '../design/field-path';
import { childrenByData } from '../design/whale-children';
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './rule';

export const AVERAGE_CHILDREN_MESSAGES = {
  childrenByData:
    "; the estimate spreads the hottest {{levelName|code}} value's {{levelShare|percent}} over the about {{byData}} full key values its {{levelGb}} GB of the container's {{totalGb}} suggest (the average is {{children}}), each taking {{byDataShare|percent}}: declare the hottest full key value's own share at {{designShare|code}} to replace the estimate",
} as const;

export type AverageChildrenId = keyof typeof AVERAGE_CHILDREN_MESSAGES;

/**
 * The note and its figures where the full key's share is estimated from a level above the last that declares its
 * hottest value's size (`largestGb`) in a design that declares `storage.totalGb`, where that size suggests more children
 * than the average; undefined otherwise.
 */
export function averageChildrenNote(a: SpaceAnalysis): { readonly note: 'childrenByData'; readonly data: MessageData } | undefined {
  const { space, design } = a;
  const { hotKeyShare, hotKeyShareSource, hotKeyShareLevel } = space.workload;
  const levels = space.partitionKey;
  if (hotKeyShareSource !== 'derived' || hotKeyShareLevel === undefined || hotKeyShareLevel >= levels.length - 1) return undefined;
  const level = levels[hotKeyShareLevel];
  const totalGb = 'totalGb' in design ? design.totalGb : undefined;
  if (level.hotKeyShare === undefined || level.largestGb === undefined || totalGb === undefined || !(hotKeyShare > 0)) return undefined;
  const byData = childrenByData(levels, hotKeyShareLevel, totalGb);
  const prefix = fullKeyCardinality(levels.slice(0, hotKeyShareLevel + 1));
  // Said only where the estimate used it: over fewer than the average, the average stands (`fullKeyFigure`).
  if (byData === undefined || byData <= fullKeyCardinality(levels) / prefix) return undefined;
  return {
    note: 'childrenByData',
    data: {
      levelName: level.name,
      levelShare: level.hotKeyShare,
      children: Math.max(1, Math.round(fullKeyCardinality(levels) / prefix)),
      levelGb: level.largestGb,
      totalGb,
      byData,
      byDataShare: level.hotKeyShare / byData,
      designShare: joinPath(space.workload.path, 'hotKeyShare'),
    },
  };
}
