/**
 * SG009's warning of a `fanOut` that fans out over nothing (idle-fan-out.ts): at the field, saying why it has no effect
 * and how to make it true or drop it, with the edit that removes it unless a fix is about to shard the key.
 */
import { bucketLevel } from '../design/bucket-level';
import { joinPath } from '../design/field-path';
import { givesAttribute, shardsRead, type AccessPattern, type KeyAttribute, type KeyDesign } from '../design/key-design';
import { carriesTableShards, type DesignAnalysis, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { idleFanOut, type IdleFanOut } from './idle-fan-out';
import { acknowledgementOf, type RuleHit } from './rule';
import { hotKeyExceedsPartition } from './rules/hot-key-exceeds-partition';
import { logicalPartitionSize } from './rules/logical-partition-size';
import { lowCardinalityKey } from './rules/low-cardinality-key';

export const IDLE_FAN_OUT_MESSAGES = {
  fanOutUnsharded:
    'access pattern {{pattern|code}} sets fanOut, but {{key|key}}{{index|onIndex}} has no sharding and no buckets: one query reads a value whole, so nothing fans out and fanOut has no effect (no rule counts the queries it declares)',
  fanOutReplicated:
    'access pattern {{pattern|code}} sets fanOut, but {{key|key}}{{index|onIndex}} is replicated into {{copies}} copies, each holding every item: a read queries one copy, so nothing fans out and fanOut has no effect (no rule counts the queries it declares)',
  fanOutBucketNotGiven:
    "access pattern {{pattern|code}} sets fanOut, but does not give the key's bucketed first level {{level|code}}{{index|onIndex}} ({{buckets}} buckets of each {{bucketedValue|code}} value): it gives no partition-key value, so it crosses partitions whatever fanOut says (SG012 judges that from keyAttributes), and fanOut has no effect",
  crossesPartitions: '; a query that gives no {{level|code}} crosses partitions whatever fanOut says, which SG012 judges from keyAttributes',
  namedForBuckets:
    '; {{level|code}} is named for buckets but declares no bucket count: to fan out over its buckets, declare them in its components (the value, then { name: "bucket", cardinality: N })',
  fixRemoveFanOut:
    'remove fanOut from {{pattern|code}}, or declare the sharding you meant (`sharding` with strategy "random" or "calculated" and its shards): the read then queries every shard, and SG017 counts each query',
  fixCopiesFanOut:
    'remove fanOut from {{pattern|code}}: a replicated key is read one copy at a time; or, if the read is meant to query every shard, declare write shards (strategy "random" or "calculated") instead of copies',
  fixNameBucketLevel:
    'name {{level|code}} in the keyAttributes of {{pattern|code}} when the query reads each of the {{buckets}} buckets of one {{bucketedValue|code}} value (SG017 then counts each query), or remove fanOut',
  fixPlannedSharding:
    "declare the sharding {{plannedBy}}'s fix writes on this key ({{plannedShards}} {{plannedStrategy}} shards): the read then queries every shard, as fanOut says; or remove fanOut if it will not",
} as const;

export type IdleFanOutId = keyof typeof IDLE_FAN_OUT_MESSAGES;

/** A random or calculated sharding a finding's fix writes, and the rule whose finding it is. */
export interface ShardingAhead {
  readonly rule: string;
  readonly strategy: string;
  readonly shards: number;
}

/** The rules whose fix shards a key that has no write shards: its plan, for the load of its values or for their size. */
const SHARDING_RULES = [lowCardinalityKey, hotKeyExceedsPartition, logicalPartitionSize];

/**
 * The random or calculated sharding a finding of SHARDING_RULES writes at `path` (a key space's `sharding`), with the
 * rule, where --fix applies it (not acknowledged, the rule not turned off); else undefined. Those rules run on the design
 * once, and only when asked: SG009 asks where a pattern's fanOut fans out over nothing.
 */
export function shardingWriter(design: KeyDesign, analysis: DesignAnalysis): (path: string) => ShardingAhead | undefined {
  let written: WrittenSharding[] | undefined;
  return (path) => {
    written ??= SHARDING_RULES.filter((rule) => !analysis.rulesOff.has(rule.id)).flatMap((rule) =>
      (rule.check?.(design, analysis) ?? [])
        .filter((hit) => acknowledgementOf(design.acknowledgements, rule.id, hit.index) === undefined)
        .flatMap((hit) => (hit.edits ?? []).flatMap((edit) => writtenShards(rule.id, edit)).concat(withheldShards(rule.id, hit, analysis))),
    );
    return written.find((w) => w.path === path);
  };
}

/** A sharding a finding's edit writes, at its path. */
type WrittenSharding = ShardingAhead & { readonly path: string };

/** The random or calculated sharding `edit` sets, as `rule`'s, or nothing. */
function writtenShards(rule: string, edit: DesignEdit): WrittenSharding[] {
  if (edit.op !== 'set' || !/(^|\.)sharding$/.test(edit.path)) return [];
  const { strategy, shards } = edit.value as { strategy?: string; shards?: number };
  return (strategy === 'random' || strategy === 'calculated') && shards !== undefined ? [{ rule, strategy, shards, path: edit.path }] : [];
}

/**
 * The sharding a finding's fix names but writes only once its reads' size is declared (`uncountedPatterns`,
 * uncounted-fan-out.ts): ahead all the same, so the fanOut it would set is kept, not removed now and set back then.
 */
function withheldShards(
  rule: string,
  hit: { readonly index?: string; readonly edits?: unknown; readonly data?: Readonly<Record<string, unknown>> },
  analysis: DesignAnalysis,
): WrittenSharding[] {
  const { uncountedPatterns, strategy, shards } = hit.data ?? {};
  if (hit.edits !== undefined || uncountedPatterns === undefined || (strategy !== 'random' && strategy !== 'calculated') || typeof shards !== 'number')
    return [];
  const space = analysis.spaces.find((a) => a.space.index === hit.index)?.space;
  return space === undefined ? [] : [{ rule, strategy, shards, path: joinPath(space.path, 'sharding') }];
}

/** The message and the fix of each way a fanOut fans out over nothing. */
const IDS: Record<IdleFanOut['kind'], readonly [IdleFanOutId, IdleFanOutId]> = {
  unsharded: ['fanOutUnsharded', 'fixRemoveFanOut'],
  replicated: ['fanOutReplicated', 'fixCopiesFanOut'],
  bucketNotGiven: ['fanOutBucketNotGiven', 'fixNameBucketLevel'],
};

/**
 * SG009's warnings: each pattern on `analysis`'s key space whose `fanOut` fans out over nothing. `writtenAt`: the
 * sharding another finding's fix writes at a key space's `sharding` path (`shardingWriter`).
 */
export function idleFanOutHits(analysis: SpaceAnalysis, writtenAt: (path: string) => ShardingAhead | undefined): RuleHit<IdleFanOutId>[] {
  const { space } = analysis;
  // Its own sharding, or the table's write shards an index keyed by the sharded attribute carries.
  const sharding = shardsRead(space);
  const idle = analysis.owner.patternsOn(space).flatMap((pattern) => {
    const why = idleFanOut(space, pattern, sharding);
    return why === undefined ? [] : [{ pattern, why }];
  });
  if (idle.length === 0) return [];
  // A fix that shards the key (on an index that will carry the table's write shards, the table's) makes these reads fan
  // out as declared: the field is kept, and the fix says to apply it. Removed first, the fix's own `fanOut` edit would
  // undo that removal, which --fix refuses.
  const carrier = carriesTableShards(analysis.owner.design, space) ? analysis.owner.design.primaryKey : space;
  const ahead = writtenAt(joinPath(carrier.path, 'sharding'));
  const planned = ahead === undefined ? {} : { plannedBy: ahead.rule, plannedStrategy: ahead.strategy, plannedShards: ahead.shards };
  const [first] = space.partitionKey;
  return idle.map(({ pattern, why }): RuleHit<IdleFanOutId> => {
    const path = joinPath(pattern.path, 'fanOut');
    const [messageId, ownFix] = IDS[why.kind];
    const notes = why.kind === 'unsharded' ? unshardedNotes(pattern, first) : [];
    return {
      path,
      index: space.index,
      severity: 'warning',
      messageId,
      ...(notes.length > 0 ? { notes } : {}),
      fixId: ahead === undefined ? ownFix : 'fixPlannedSharding',
      data: Object.assign(
        { pattern: pattern.name, key: space.partitionKey.map((a) => a.name), index: space.index, level: first.name },
        why.kind === 'bucketNotGiven' ? { buckets: why.buckets, bucketedValue: first.components[0].name } : {},
        why.kind === 'replicated' ? { copies: why.copies } : {},
        planned,
      ),
      ...(ahead === undefined ? { edits: [{ op: 'remove', path }] } : {}),
    };
  });
}

/** What more an unsharded key's idle fanOut may mean: a query of no key value, or buckets named and not declared. */
function unshardedNotes(pattern: AccessPattern, first: KeyAttribute): IdleFanOutId[] {
  return [
    ...(givesAttribute(pattern, first) ? [] : (['crossesPartitions'] as const)),
    ...(bucketLevel(first) !== undefined ? (['namedForBuckets'] as const) : []),
  ];
}
