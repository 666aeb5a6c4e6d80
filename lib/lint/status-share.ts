/**
 * A key named like a status, a type or a region (`status`, `state`, `type`, `isActive`: the names SG015 flags on
 * resources without a design) is judged at the uniform share, 1/cardinality, when nothing declares its hottest
 * value's: the few values are taken as equally busy. They rarely are (most orders sit in DELIVERED), so the
 * hottest value can be over where the uniform share says it fits. AWS's example of an index hot partition is this
 * one: a GSI keyed by status, whose common value takes the updates while the table's key spreads them
 * ("Understanding global secondary index (GSI) write throttling and back pressure"). The note says which field
 * declares the share, the table's or the index's own; it changes no figure.
 */
import { joinPath } from '../design/field-path';
import { looksLowCardinality } from '../design/key-names';
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './messages';

export const STATUS_SHARE_MESSAGES = {
  uniformStatusShare:
    "; each value counted at the uniform share ({{uniformShare|percent}}), but {{statusKey|code}} is named like a status, type or region, whose values are rarely equally busy (most orders sit in one status, most users in one country): declare the hottest value's share of the {{shareOf}}'s traffic as {{shareField|code}}",
} as const;

export type StatusShareId = keyof typeof STATUS_SHARE_MESSAGES;

/** The note for `a`'s key when it is named like a few-valued field and judged at the uniform share; none otherwise. */
export function statusShareNote(a: SpaceAnalysis): { readonly ids: StatusShareId[]; readonly data: MessageData } {
  const { space } = a;
  const named = space.partitionKey.find((k) => looksLowCardinality(k.name));
  // A pattern that reads one value (keyValue) gives that value's reads their own share: the key is not judged uniform.
  // One value takes every item and all the traffic: its share is 1 by definition, and there is nothing to declare.
  if (a.cardinality === 1) return { ids: [], data: {} };
  if (named === undefined || space.workload.hotKeyShareSource !== 'uniform' || a.namedReads !== undefined) return { ids: [], data: {} };
  // Declared at the uniform share (0.2 of 5 values): it is declared, so it is not asked for again.
  if (space.workload.hotKeyShareAt !== undefined) return { ids: [], data: {} };
  return {
    ids: ['uniformStatusShare'],
    data: {
      uniformShare: space.workload.hotKeyShare,
      statusKey: named.name,
      shareOf: space.index !== undefined ? 'index' : a.owner.profile.nouns.resource,
      shareField: joinPath(space.workload.path, 'hotKeyShare'),
    },
  };
}
