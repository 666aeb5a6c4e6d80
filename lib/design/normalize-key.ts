/** Key attributes, key spaces and their workload and sharding: the parts tables and containers share. */
import { keySpaceCardinality } from './cardinality';
import { joinPath } from './field-path';
import type { HotKeyOperations, KeyPartDesign, PartitionKeyAttributeDesign, ShardingDesign, SortKeyAttributeDesign } from './input';
import type { IssueLog } from './issue-log';
import {
  currentBucketValues,
  isTimeBucketKey,
  type CarriedShards,
  type CopiesCarry,
  sameAttribute,
  type HotKeyShareSource,
  type IndexProjection,
  type InheritedShare,
  type KeyAttribute,
  type KeyPart,
  type KeySpace,
  type Sharding,
  type Workload,
} from './key-design';
import { looksLikeTimeBucket, nameWords, wordsEndInAmbiguousTimeWord, wordsLookLikeTimeBucket } from './key-names';
import { SHARE_ROUNDING } from './limits';
import { listOf } from './lists';

function kindOf(name: string, declared: KeyPartDesign['kind'], components?: readonly KeyPart[]): KeyAttribute['kind'] {
  return declared ?? inferredKind(name, components);
}

/** The kind an undeclared part of a composite of `parts` parts gets: one named `bucket` beside others is the load bucket of a synthetic key (looksLikeTimeBucket). */
export function inferredPartKind(name: string, parts: number): KeyAttribute['kind'] {
  return looksLikeTimeBucket(name, parts > 1) ? 'time-bucket' : 'value';
}

/** The kind an undeclared attribute or part gets: from its parts, else from its name. */
export function inferredKind(name: string, components?: readonly { readonly kind: KeyAttribute['kind'] }[]): KeyAttribute['kind'] {
  // A composite is a time bucket only when every part is one: `yyyyMM-userId` carries a business dimension.
  if (components && components.length > 0) return components.every((c) => c.kind === 'time-bucket') ? 'time-bucket' : 'value';
  return kindByWords(nameWords(name));
}

/** The kind a name of these words (`nameWords`) gets where nothing else decides it. */
function kindByWords(words: readonly string[]): KeyAttribute['kind'] {
  return wordsLookLikeTimeBucket(words) ? 'time-bucket' : 'value';
}

interface AttributeInput extends SortKeyAttributeDesign {
  readonly hotKeyShare?: number;
  readonly largestGb?: number;
}

/** `ordered`: a sort key, matched by prefix, whose composite parts SG004 checks for order. `wordsOf`: the words of a name
 *  (`nameWords`), from a caller that reads them once per name for more than the kind. */
export function keyAttribute(
  input: AttributeInput | PartitionKeyAttributeDesign,
  path: string,
  log: IssueLog,
  ordered = false,
  wordsOf: (name: string) => readonly string[] = nameWords,
): KeyAttribute {
  const parts = input.components ?? [];
  const components = listOf(parts, (c): KeyPart => {
    const part = { name: c.name, cardinality: c.cardinality, kind: c.kind ?? inferredPartKind(c.name, parts.length) };
    return c.kind === undefined ? part : Object.assign(part, { kindDeclared: true as const });
  });
  if (ordered && components.length > 1) {
    components.forEach((c, i) => {
      if (c.cardinality === undefined) {
        log.add(
          joinPath(joinPath(joinPath(path, 'components'), i), 'cardinality'),
          'is required when a value has several parts: SG004 checks that they go from low to high cardinality',
        );
      }
    });
  }
  const level = input as AttributeInput;
  // A kind neither declared nor given by parts comes from the name's words, read once for the kind and for whether it is a guess.
  const words = input.kind === undefined && components.length === 0 ? wordsOf(input.name) : undefined;
  const kind = words === undefined ? kindOf(input.name, input.kind, components) : kindByWords(words);
  // Field by field, in the model's order: an optional field is left out, not undefined, and no spread of one makes every
  // field after it a definition at run time.
  const attribute = { name: input.name, type: input.type, cardinality: input.cardinality, kind } as { -readonly [K in keyof KeyAttribute]: KeyAttribute[K] };
  if (words !== undefined && kind === 'time-bucket' && wordsEndInAmbiguousTimeWord(words)) attribute.kindGuessed = true;
  if (input.kind !== undefined) attribute.kindDeclared = true;
  attribute.components = components;
  if (input.mutable !== undefined) attribute.mutable = input.mutable;
  attribute.hotKeyShare = level.hotKeyShare;
  attribute.largestGb = level.largestGb;
  attribute.path = path;
  return attribute;
}

/** A figure of the full key (hottest share, largest size) as declared, or derived from a key level. */
export interface DeclaredFigure {
  readonly value: number;
  readonly source: 'declared' | 'derived';
  /** The field that declared it. */
  readonly at: string;
  /** The key level that declared it (index into the partition key); undefined when declared for the whole key. */
  readonly level?: number;
  /** A GSI's share inherited from a component attribute that declares one elsewhere in the table. */
  readonly inherited?: InheritedShare;
  /** A GSI's share divided by the table's shards its key carries (normalize-table.ts, `tableHotShare`). */
  readonly carried?: CarriedShards;
}

/** A key space before its workload and sharding are read: the rest is the KeySpace's own. `index`, `sharding`,
 *  `projection` and `copiesCarry` are named by every draft, undefined where its key space has none (a table has no index name): so each is
 *  the draft's own field, and a polluted Object.prototype.index cannot name an index that does not exist. */
export interface KeySpaceDraft extends Omit<KeySpace, 'workload' | 'sharding' | 'index' | 'projection' | 'copiesCarry'> {
  readonly index: string | undefined;
  readonly projection: IndexProjection | undefined;
  readonly copiesCarry: CopiesCarry | undefined;
  readonly reads: { readonly units: number; readonly share: number; readonly source: Workload['readSource'] };
  readonly peakWriteUnits: number;
  /** A GSI that declares no peakWriteUnits takes the table's, or twice them (default: declared). */
  readonly writeSource?: Workload['writeSource'];
  readonly keyChange?: Workload['keyChange'];
  readonly newItems?: Workload['newItems'];
  readonly hotKeyShare?: DeclaredFigure;
  /** The table's or container's own key: which operations carry its hottest value's share (default both). */
  readonly hotKeyOperations?: HotKeyOperations;
  /** The field that declared the hottest value not known ahead or moving (`workload.hotKeyMoves: true`); none where not. */
  readonly hotKeyMovesAt?: string;
  readonly sharding: ShardingDesign | undefined;
}

/** What is wrong with a declared hottest share below 1/cardinality of a key of `cardinality` values, or undefined. */
export function belowUniformShare(share: number, cardinality: number): string | undefined {
  const uniformShare = cardinality === Infinity || cardinality === 0 ? 0 : 1 / cardinality;
  if (share >= uniformShare * (1 - SHARE_ROUNDING)) return undefined;
  return `is ${share}, below the uniform share 1/${cardinality} = ${uniformShare.toPrecision(3)}: with ${cardinality} distinct values the hottest one takes at least that; raise hotKeyShare or the declared cardinality`;
}

export function keySpace(draft: KeySpaceDraft, log: IssueLog): KeySpace {
  const { index, sharding: declaredSharding, projection, copiesCarry } = draft;
  const workloadPath = joinPath(draft.path, 'workload');
  const cardinality = keySpaceCardinality(draft);
  const uniformShare = cardinality === Infinity || cardinality === 0 ? 0 : 1 / cardinality;
  const declared = draft.hotKeyShare;
  // A figure a key level declared (`level`) was judged there, against the values down to that level, never more than the
  // full key's (normalize-container.ts, `fullKeyFigure`): judged again here it was reported twice.
  const judgedAtItsLevel = declared?.level !== undefined;
  const belowUniform = declared?.source === 'declared' && !judgedAtItsLevel ? belowUniformShare(declared.value, cardinality) : undefined;
  if (declared !== undefined && belowUniform !== undefined) log.add(declared.at, belowUniform);
  // The table's shards an index carries stay known however few of its keys' traffic one of them takes (share ÷ N at
  // or below the uniform share: 0.4 ÷ 80 of a 200-value key): its reads must still fan out over them (SG009).
  const carried = declared?.carried;
  const hot = carried
    ? { share: Math.max(declared.value, uniformShare), source: 'derived' as const }
    : hottestShare(declared, currentBucketShare(draft.partitionKey), uniformShare);
  // Both built as keyAttribute builds an attribute.
  const workload = {
    peakReadUnits: draft.reads.units,
    peakWriteUnits: draft.peakWriteUnits,
    readShare: draft.reads.share,
    readSource: draft.reads.source,
    writeSource: draft.writeSource ?? 'declared',
  } as { -readonly [K in keyof Workload]: Workload[K] };
  if (draft.keyChange) workload.keyChange = draft.keyChange;
  if (draft.newItems) workload.newItems = draft.newItems;
  workload.hotKeyShare = hot.share;
  workload.hotKeyShareSource = hot.source;
  workload.hotKeyShareAt = declared?.at;
  workload.hotKeyShareLevel = declared?.level;
  if (declared?.inherited !== undefined && hot.source === 'derived') workload.hotKeyShareInherited = declared.inherited;
  if (carried !== undefined) workload.hotKeyShareCarried = carried;
  workload.hotKeyOperations = draft.hotKeyOperations ?? 'both';
  if (draft.hotKeyMovesAt !== undefined) workload.hotKeyMovesAt = draft.hotKeyMovesAt;
  workload.path = workloadPath;
  const space = { index, path: draft.path, partitionKey: draft.partitionKey, partitionKeyPath: draft.partitionKeyPath } as {
    -readonly [K in keyof KeySpace]: KeySpace[K];
  };
  if (draft.keyValues !== undefined) space.keyValues = draft.keyValues;
  if (draft.tableShards !== undefined) space.tableShards = draft.tableShards;
  space.sortKey = draft.sortKey;
  space.workload = workload;
  space.sharding = declaredSharding && sharding(declaredSharding, joinPath(draft.path, 'sharding'), draft.partitionKey, index !== undefined, log);
  if (declaredSharding?.hotValues !== undefined && draft.hotKeyMovesAt !== undefined) {
    log.add(joinPath(draft.path, 'sharding.hotValues'), movingHotValues(draft.hotKeyMovesAt));
  }
  if (projection !== undefined) space.projection = projection;
  if (copiesCarry !== undefined) space.copiesCarry = copiesCarry;
  space.keyMonitoring = draft.keyMonitoring;
  space.keyMonitoringPath = draft.keyMonitoringPath;
  return space;
}

/**
 * The share of the traffic one key value takes in the current time bucket: 1 for a key made only of time
 * buckets; 1/V for a key that combines one with other parts, whose current bucket's writes land on V values
 * (`currentBucketValues`); undefined for a key without a time bucket (or without the counts to tell).
 */
function currentBucketShare(partitionKey: readonly KeyAttribute[]): number | undefined {
  if (isTimeBucketKey(partitionKey)) return 1;
  const values = currentBucketValues(partitionKey);
  return values === undefined ? undefined : 1 / values;
}

/**
 * The share the hottest key value takes: a declared one (rounded declarations count as at least
 * uniform); else a derived estimate, never below the default; else the default — for a key with a
 * time bucket the current bucket's share (1, or 1/V over the V values the other parts give it), uniform
 * 1/cardinality otherwise.
 */
function hottestShare(
  declared: DeclaredFigure | undefined,
  bucketShare: number | undefined,
  uniformShare: number,
): { share: number; source: HotKeyShareSource } {
  // A declaration at (or a rounding below) the uniform share says nothing more than uniform.
  if (declared?.source === 'declared')
    return declared.value > uniformShare ? { share: declared.value, source: 'declared' } : { share: uniformShare, source: 'uniform' };
  const fallback =
    bucketShare !== undefined && bucketShare > uniformShare
      ? { share: bucketShare, source: 'time-bucket' as const }
      : { share: uniformShare, source: 'uniform' as const };
  // A level's declared figure that gives the current bucket's share (to its rounding: 0.333 for 1/3) says where
  // it comes from (SG014 reads it).
  const derivedWins =
    declared !== undefined &&
    (declared.value > fallback.share || (fallback.source === 'time-bucket' && declared.value >= fallback.share * (1 - SHARE_ROUNDING)));
  return derivedWins ? { share: declared.value, source: 'derived' } : fallback;
}

function sharding(input: ShardingDesign, path: string, partitionKey: readonly KeyAttribute[], onIndex: boolean, log: IssueLog): Sharding {
  if (input.strategy === 'calculated' && input.sourceAttribute === undefined) {
    log.add(joinPath(path, 'sourceAttribute'), 'is required for calculated sharding: name the attribute whose hash picks the shard (e.g. userId)');
  }
  for (const field of ['sourceAttribute', 'sourceCardinality', 'sourceMutable'] as const) {
    if (input.strategy !== 'calculated' && input[field] !== undefined) {
      log.add(joinPath(path, field), `applies to calculated sharding only; remove it, or set strategy: "calculated"`);
    }
  }
  if (input.sourceAttribute !== undefined && partitionKey.some((a) => sameAttribute(a.name, input.sourceAttribute as string))) {
    log.add(joinPath(path, 'sourceAttribute'), keyLevelSource(input.sourceAttribute, partitionKey));
  }
  if (input.hotValues !== undefined) hotValuesIssues(input, joinPath(path, 'hotValues'), partitionKey, log);
  if (input.logicalAttribute !== undefined) logicalAttributeIssues(input.logicalAttribute, joinPath(path, 'logicalAttribute'), partitionKey, onIndex, log);
  // Built as keyAttribute builds an attribute.
  const result = { strategy: input.strategy, shards: input.shards, sourceAttribute: input.sourceAttribute } as { -readonly [K in keyof Sharding]: Sharding[K] };
  if (input.logicalAttribute !== undefined) result.logicalAttribute = input.logicalAttribute;
  if (input.hotValues !== undefined) result.hotValues = input.hotValues;
  result.sourceCardinality = input.sourceCardinality;
  result.sourceMutable = input.sourceMutable;
  result.separator = input.separator ?? '#';
  result.path = path;
  return result;
}

/**
 * Why a calculated shard cannot hash an attribute of the key it shards: every item of one key value has the same value
 * there, so the whole key value lands on one shard. On a hierarchical key (Cosmos DB) a deeper level's hash is still
 * what spreads one first-level value (SG003's bucketing: a synthetic first level = value + "-" + hash(level) mod N), but
 * as a level of the key, not as sharding, which splits each full key value: the message gives that form.
 */
function keyLevelSource(source: string, partitionKey: readonly KeyAttribute[]): string {
  const hashed = `every item of one key value has the same "${source}", so each key value would land whole on one shard and none would be split`;
  const other = 'hash an attribute that is not part of the key and varies within one key value (the sort key, or the item or document id)';
  if (partitionKey.length < 2 || !partitionKey[0].name.startsWith('/')) return `is the partition key itself: ${hashed}; ${other}`;
  const first = partitionKey[0].name;
  const bare = first.replace(/^\//, '');
  const values = typeof partitionKey[0].cardinality === 'number' ? partitionKey[0].cardinality : undefined;
  const count = values === undefined ? `its values × N` : `${values} × N`;
  return (
    `is a level of the partition key (${partitionKey.map((a) => a.name).join(' → ')}): sharding splits each full key value into N, and ${hashed}. ` +
    `To spread one ${first} value over N buckets by the hash of "${source}" (SG003's bucketing), make the first level a synthetic bucketed level instead of sharding: ` +
    `partitionKey.paths[0] = { path: "${first}Bucket", cardinality: ${count}, components: [{ name: "${bare}"${values === undefined ? '' : `, cardinality: ${values}`} }, { name: "bucket", cardinality: N }] }, ` +
    `the application writing ${bare} + "-" + hash(${source.replace(/^\//, '')}) mod N, and remove sharding; to shard each full key value, ${other}`
  );
}

/**
 * Sharding only the hottest values is write sharding of some values of one key: copies (`replicated`) are copies of every
 * document, and a key with no more values than `hotValues` is sharded whole.
 */
function hotValuesIssues(input: ShardingDesign, path: string, partitionKey: readonly KeyAttribute[], log: IssueLog): void {
  const hotValues = input.hotValues as number;
  if (input.strategy === 'replicated') {
    // Random shards were the one alternative named, but they spread no single document's reads (each is stored under
    // one shard): a read-hot key needs its copies, or a cache, so the random shards are named for write heat only.
    log.add(
      path,
      'applies to write sharding (random or calculated) only: replicated copies copy every document (copies of only the hottest values\' documents are not modelled); remove hotValues, or, where the key is hot by its writes, set strategy: "random" (write shards do not spread the reads of one document)',
    );
    return;
  }
  const values = partitionKey.length === 1 ? partitionKey[0].cardinality : undefined;
  if (typeof values === 'number' && hotValues >= values) {
    log.add(path, `is ${hotValues}, but the key has only ${values} values: every value would be sharded; remove hotValues to shard the whole key`);
  }
}

/**
 * A list of hot values the application keeps (`hotValues`) on a key whose hottest value is not known ahead or moves
 * (`hotKeyMoves`): the list would name the wrong value, and the one that is hot then would stay unsharded.
 */
function movingHotValues(movesAt: string): string {
  return `shards only the values the application lists, but ${movesAt} says which value is the hottest is not known ahead or moves: a list would miss the one that is hot at the time, left unsharded; remove hotValues to shard every value, or set ${movesAt} to false`;
}

/** A separate shard attribute is a GSI's one partition-key attribute, holding another attribute's value plus the shard. */
function logicalAttributeIssues(logical: string, path: string, partitionKey: readonly KeyAttribute[], onIndex: boolean, log: IssueLog): void {
  if (!onIndex) {
    log.add(path, "applies to a global secondary index only: a table's or container's partition key holds the shard in its own value; remove it");
  } else if (partitionKey.length !== 1) {
    log.add(path, `needs a single-attribute partition key, the shard attribute the application writes; the index has ${partitionKey.length}`);
  } else if (sameAttribute(partitionKey[0].name, logical)) {
    log.add(
      path,
      `is the partition key itself: name the attribute whose value the separate shard attribute holds (e.g. "orderStatus" for "orderStatusShard"), or remove it`,
    );
  }
}
