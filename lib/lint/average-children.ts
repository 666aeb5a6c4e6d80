/**
 * What a full key's hottest share estimated from a level above the last assumes (normalize-container.ts,
 * `fullKeyFigure`): the level's hottest value spread over the average number of values under one of its values, the
 * conservative reading. A whale whose declared size is many times the average has many times the children, so the
 * estimate can overstate one full key value's share by that factor (a 45% tenant holding 250 GB of 600 has about
 * 229,000 of 550,000 employees, not the average 110). Spreading it by its data instead would assume its children hold
 * the average data each, which nothing declared says; the finding keeps the conservative figure and names it, with the
 * count its data suggests and the field that replaces the estimate.
 */
import { fullKeyCardinality } from '../design/cardinality';
import { joinPath } from '../design/field-path';
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './rule';

export const AVERAGE_CHILDREN_MESSAGES = {
  assumesAverageChildren:
    "; the estimate assumes the hottest {{levelName|code}} value has the average {{children}} full key values under it; its {{levelGb}} GB of the container's {{totalGb}} suggest about {{byData}}, which would put the hottest at {{byDataShare|percent}}: declare the hottest full key value's own share at {{designShare|code}} to replace the estimate",
} as const;

export type AverageChildrenId = keyof typeof AVERAGE_CHILDREN_MESSAGES;

/**
 * The note and its figures where the full key's share is estimated from a level above the last that declares its
 * hottest value's size (`largestGb`) in a design that declares `storage.totalGb`, and that size suggests more children
 * than the average; undefined otherwise.
 */
export function averageChildrenNote(a: SpaceAnalysis): { readonly note: 'assumesAverageChildren'; readonly data: MessageData } | undefined {
  const { space, design } = a;
  const { hotKeyShare, hotKeyShareSource, hotKeyShareLevel } = space.workload;
  const levels = space.partitionKey;
  if (hotKeyShareSource !== 'derived' || hotKeyShareLevel === undefined || hotKeyShareLevel >= levels.length - 1) return undefined;
  const level = levels[hotKeyShareLevel];
  const totalGb = 'totalGb' in design ? design.totalGb : undefined;
  if (level.hotKeyShare === undefined || level.largestGb === undefined || totalGb === undefined || !(hotKeyShare > 0)) return undefined;
  const children = level.hotKeyShare / hotKeyShare;
  const byData = Math.floor((fullKeyCardinality(levels) * level.largestGb) / totalGb);
  if (!Number.isFinite(byData) || byData <= children) return undefined;
  return {
    note: 'assumesAverageChildren',
    data: {
      levelName: level.name,
      children,
      levelGb: level.largestGb,
      totalGb,
      byData,
      byDataShare: level.hotKeyShare / byData,
      designShare: joinPath(space.workload.path, 'hotKeyShare'),
    },
  };
}
