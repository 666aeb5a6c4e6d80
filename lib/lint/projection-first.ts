/**
 * The projection remedy first: an index over its ceiling only because every update of the table's hottest item writes
 * it (`SpaceAnalysis.inherited`) is cleared, with no key change and no read fanned out, by a projection that leaves
 * those updates out. AWS counts an index write only for a table write that requires an index update; "If a write to a
 * table does not require a global secondary index update, no write capacity is consumed from the index" (Developer
 * Guide, "Provisioned throughput considerations for global secondary indexes", Write capacity units), and under
 * `KEYS_ONLY` an update that changes no key attribute requires none. Remedies come in the order of what they cost: random
 * shards re-key the index, fan every read of a value out over N queries, and double the hot item's index writes (each
 * update moves its entry, a delete and a put); the projection changes neither key nor reads' count. So, where the index
 * declared with `KEYS_ONLY` and its writes less the hot item's updates fits, that leads, with its edits (--fix writes
 * them), and the shards follow as the alternative.
 *
 * A projection cannot change in place: a GSI update carries new provisioned throughput only, its `Projection` is given
 * when it is created (DynamoDB API, "GlobalSecondaryIndexUpdate"; CloudFormation fails an update of any GSI property
 * but its throughput and Contributor Insights), so an `ALL` index is written as a new index under a new name and
 * rolled out beside the old one (index-replacement.ts), as a re-keyed index is. Not for an `INCLUDE` index (whether it
 * copies what the updates change is no figure the design holds), nor where updates change the index's key (`moves`, or
 * the index counted at 2× for key changes: those updates write it whatever it projects), nor for a key another rule
 * judges on more than its load (`judgedOnLoadAlone`): there the shards, which also multiply its values, stay first; nor
 * for an index sharded already, whose fix is its count (with the updates left out, SG008 would find the shards too many).
 */
import { joinPath } from '../design/field-path';
import { isTimeBucketKey, type KeySpace } from '../design/key-design';
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { indexNamesOf, replacedIndexEdits, replacementIndexName } from './index-replacement';
import { withSpace } from './index-writes';
import type { MessageData } from './messages';

export const PROJECTION_FIRST_MESSAGES = {
  // The index projects ALL (declared or by default): a new index that projects keys only, its writes declared.
  projectKeysFirst:
    "leave what the hot item's updates change out of the index's projection: as a new index, {{newIndex|code}}, with projectionType KEYS_ONLY and its {{writesField|code}} declared at {{projectedWrites}} {{writeUnit}} (the index's writes less the hot item's updates: an upper bound, since under KEYS_ONLY it takes only the table writes that create or delete an item or change an index key attribute; lower it to that figure where you know it), since an update that changes no index key attribute and no projected attribute does not write the index: no key changes and no read fans out; a projection cannot change in place: deploy it beside {{index|code}}, move the readers, then deploy the edited design, which removes {{index|code}}; its queries then read keys only: list the attributes they read in INCLUDE (not those the hot item's updates change), or fetch them from the table",
  // The index projects KEYS_ONLY already: only the figure is missing.
  declareKeysOnlyWritesFirst:
    "declare its {{writesField|code}} at {{projectedWrites}} {{writeUnit}} (the index's writes less the hot item's updates: an upper bound, since it takes only the table writes that create or delete an item or change an index key attribute; lower it to that figure where you know it): it projects KEYS_ONLY, and an update that changes no index key attribute and no projected attribute does not write the index",
  orShardInstead: '; or ',
} as const;

export type ProjectionFirstId = keyof typeof PROJECTION_FIRST_MESSAGES;

/** The lead clause, its figures and its edits, where the projection clears the index alone; undefined otherwise. */
export interface ProjectionFirst {
  readonly ids: readonly ProjectionFirstId[];
  readonly data: MessageData;
  readonly edits: readonly DesignEdit[];
}

/** The projection remedy that leads `a`'s fix (`PROJECTION_FIRST_MESSAGES`), or undefined where it does not serve alone. */
export function projectionFirst(a: SpaceAnalysis): ProjectionFirst | undefined {
  return a.once(projectionFirstOf);
}

function projectionFirstOf(a: SpaceAnalysis): ProjectionFirst | undefined {
  const { space, design, inherited } = a;
  if (
    space.index === undefined ||
    inherited === undefined ||
    space.sharding !== undefined ||
    isTimeBucketKey(space.partitionKey) ||
    inherited.moves !== undefined ||
    space.workload.writeSource !== 'table'
  )
    return undefined;
  const type = space.projection?.type ?? 'ALL';
  if (type === 'INCLUDE' || a.over.length === 0 || !a.over.every((d) => d.label === 'write')) return undefined;
  // The index's writes as counted (every table write, with its copies), less those the hot item's updates make there.
  const projectedWrites = Math.ceil(a.total.writes - a.hot.writes);
  const writesField = joinPath(space.path, 'workload.peakWriteUnits');
  const keysOnly: KeySpace = Object.assign({}, space, {
    projection: { type: 'KEYS_ONLY' as const, nonKeyAttributes: [] },
    workload: Object.assign({}, space.workload, { peakWriteUnits: projectedWrites, writeSource: 'declared' as const }),
  });
  const edited = new DesignAnalysis(withSpace(design, space, keysOnly), a.owner.rulesOff).spaces.find((s) => s.space === keysOnly);
  if (edited === undefined || edited.over.length > 0 || !judgedOnLoadAlone(edited)) return undefined;
  const declared = { op: 'set', path: writesField, value: projectedWrites } as const;
  const data = { index: space.index, writesField, projectedWrites, writeUnit: a.owner.profile.writeUnit };
  if (type === 'KEYS_ONLY') return { ids: ['declareKeysOnlyWritesFirst', 'orShardInstead'], data, edits: [declared] };
  const newIndex = replacementIndexName(space.index, indexNamesOf(a.owner));
  return {
    ids: ['projectKeysFirst', 'orShardInstead'],
    data: Object.assign(data, { newIndex }),
    edits: [{ op: 'set', path: joinPath(space.path, 'projectionType'), value: 'KEYS_ONLY' }, declared, ...replacedIndexEdits(a.owner, space, newIndex)],
  };
}

/**
 * Whether the key, once its load fits, has nothing else to answer for: at least minCardinality values (SG001 warns of
 * fewer, fitting or not) and a hottest value within maxHotKeyShare (SG014 warns of a dominant one): random shards,
 * which divide the hottest value and multiply the values, clear those warnings where a projection leaves them.
 */
function judgedOnLoadAlone(edited: SpaceAnalysis): boolean {
  const { minCardinality, maxHotKeyShare } = edited.design.thresholds;
  return edited.cardinality >= minCardinality && edited.space.workload.hotKeyShare <= maxHotKeyShare;
}
