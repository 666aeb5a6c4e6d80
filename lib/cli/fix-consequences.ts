/**
 * What a `--fix` edit means outside the design file. `--fix` changes the *declared* design only;
 * an edit to a key's layout (sharding, fan-out reads, the key itself) is true of the running system
 * only once the application writes and reads keys that way and the data is migrated. Each applied
 * fix says so, and such a fix keeps the run failing (exit 1), so a CI step that runs `--fix` cannot
 * turn a design green while the application stays as it was.
 */
import type { DesignEdit } from '../index';
import { parseFieldPath } from '../internal';

function field(path: string): string {
  const segments = parseFieldPath(path);
  return String([...segments].reverse().find((s) => typeof s === 'string') ?? '');
}

interface ShardingValue {
  readonly strategy?: string;
  readonly shards?: number;
  readonly sourceAttribute?: string;
  readonly logicalAttribute?: string;
  readonly hotValues?: number;
}

/**
 * Which values a sharding covers, for the sentence that says how the application writes and reads them: a sharding of
 * the hottest values only (`hotValues`) suffixes the values the application lists in its configuration, and every other
 * value keeps its plain key, read with one query as before (lib/lint/hot-values.ts); without it, every value.
 */
function shardedValues(hotValues: number | undefined): { readonly which: string; readonly of: string; readonly others: string; readonly existing: string } {
  if (hotValues === undefined) return { which: '', of: '', others: '', existing: 'existing items' };
  const listed = hotValues === 1 ? 'the hottest value' : `the ${hotValues} hottest values`;
  return {
    which: ` of ${listed} only (sharding.hotValues: ${hotValues}), which it keeps in a list in its configuration,`,
    of: hotValues === 1 ? ' of that value' : ' of a listed value',
    others: '; every other value keeps its plain key and is read with one query as before',
    existing: hotValues === 1 ? "that value's existing items" : "the listed values' existing items",
  };
}

function shardingChange(edit: DesignEdit, tableKey?: unknown): string {
  if (edit.op === 'remove')
    return 'the application must stop adding shard suffixes to this key, and items already written with a suffix must be rewritten without it';
  const value = (typeof edit.value === 'object' && edit.value !== null ? edit.value : {}) as ShardingValue;
  const n = value.shards ?? 'N';
  const suffix = `key#0…key#${typeof n === 'number' ? n - 1 : 'N-1'}`;
  // A GSI keyed by a separate shard attribute: the application writes that attribute; the one other readers use stays as it is.
  if (value.logicalAttribute !== undefined) {
    const last = typeof n === 'number' ? n - 1 : 'N-1';
    const pick = value.strategy === 'calculated' ? `hash(${value.sourceAttribute ?? 'the source attribute'}) mod ${n}` : `a random 0…${last}`;
    // The table's own key: its stored value may carry the table's shard suffix, which the index's attribute leaves out
    // (the lint counts the index's own shards alone, normalize-table.ts `tableHotShare`).
    const unsharded = tableKey === value.logicalAttribute ? ` (its own value, without any shard suffix the table's key carries)` : '';
    return `the application must write the index's key attribute on each item as ${value.logicalAttribute}${unsharded} + "#" + ${pick}, leaving ${value.logicalAttribute} as it is, and query all ${n} of its values for one ${value.logicalAttribute}; existing items must be written with it to appear in the index`;
  }
  // A GSI whose multi-attribute key takes the shard as an attribute of its own (advice.ts, addedShardAttribute).
  if (parseFieldPath(edit.path).includes('globalSecondaryIndexes') && (value.strategy === 'random' || value.strategy === 'calculated')) {
    const pick =
      value.strategy === 'calculated'
        ? `hash(${value.sourceAttribute ?? 'the source attribute'}) mod ${n}`
        : `a random 0…${typeof n === 'number' ? n - 1 : 'N-1'}`;
    return `the application must write the index's shard attribute on each item as ${pick}, and query all ${n} of its values for one value of the rest of the index's key; existing items must be written with it to appear in the index`;
  }
  if (value.strategy === 'replicated')
    return `the application must write every item to all ${n} copies (${suffix}) and read one copy at random; existing items must be copied`;
  const { which, of, others, existing } = shardedValues(value.hotValues);
  if (value.strategy === 'calculated')
    return `the application must write keys${which} as ${suffix} with the suffix computed from ${value.sourceAttribute ?? 'the source attribute'} (hash mod ${n}), and read the shard that holds an item${others}; ${existing} must be rewritten under the new keys`;
  return `the application must write keys${which} as ${suffix} with a random suffix and read all ${n} shards${of}${others}; ${existing} must be rewritten under the new keys`;
}

/**
 * Fields that size a table's or container's throughput: DynamoDB's provisioned `capacity`, on-demand
 * maximums and warm throughput, Cosmos DB's `throughput`. Raising them changes no key, so items keep
 * their place and the application reads and writes as before; they deploy with the table or container.
 * Cosmos DB's `physicalPartitions` too: a raise in place splits the container's physical partitions
 * itself, moving no document between logical partitions ("Best practices for scaling provisioned
 * throughput"), and the fix that raises the RU/s records the count it leaves, and `splitFrom`, the even layout it split.
 */
const CAPACITY_FIELDS = new Set<string | number>(['capacity', 'onDemand', 'warmThroughput', 'throughput', 'physicalPartitions', 'splitFrom']);

/** A key attribute's `kind` values (`AttributeKind`, design/key-design.ts). */
const ATTRIBUTE_KINDS: ReadonlySet<unknown> = new Set(['time-bucket', 'value']);

/**
 * The rollout of an index re-keyed under a new name (lint/index-replacement.ts): neither CloudFormation nor DynamoDB
 * changes a GSI's key in place, and one deploy creates or deletes one GSI (UpdateTable), so renaming it in one deploy
 * fails too: "You can delete or add one global secondary index without interruption. If you do both in the same update
 * (for example, by changing the index's logical ID), the update fails" (AWS::DynamoDB::Table, GlobalSecondaryIndexes).
 * The edit renames the index, so the edited design no longer declares the old one: it is the design once the rollout
 * is done, and the text says so, and that the first deploy declares the old index again beside the new one.
 * `old`: the index's name before the fix, when known.
 */
function indexRollout(name: unknown, old: unknown): string {
  const was = typeof old === 'string' ? `\`${old}\`` : 'the old index';
  const next = `\`${String(name)}\``;
  return `the index's key and projection cannot change in place, so the fix names a new index, ${next}, declared in place of ${was}: the edited design is the one after the rollout, which one deploy cannot reach (an update that adds one index and deletes another fails); roll it out in two deploys: first deploy ${next} beside ${was} (declare ${was} again beside it for this deploy, its findings acknowledged until it goes), and once the new index is ACTIVE (backfilled from the table) move the readers to it; then deploy the edited design, which removes ${was}`;
}

/** The partition-key name of the table whose index `segments` is under (`tables[1].globalSecondaryIndexes[0]…`), in `document`. */
function indexTableKey(document: unknown, segments: readonly (string | number)[]): unknown {
  const at = segments.indexOf('globalSecondaryIndexes');
  return at < 0 ? undefined : valueAtSegments(document, [...segments.slice(0, at), 'partitionKey', 'name']);
}

/** Whether the table an access pattern at `segments` belongs to had a GSI named `name` in `document`. */
function indexExisted(document: unknown, segments: readonly (string | number)[], name: unknown): boolean {
  const indexes = valueAtSegments(document, [...segments.slice(0, segments.indexOf('accessPatterns')), 'globalSecondaryIndexes']);
  return Array.isArray(indexes) && indexes.some((gsi: unknown) => (gsi as { indexName?: unknown } | null)?.indexName === name);
}

/**
 * Whether the access pattern at `segments` (its `fanOut`) reads, in `document`, a key space with no sharding and no
 * time-bucket key attribute: its fanOut then read across no shards, and its removal changes no query. False when
 * `document` or the key space is not there to tell.
 */
function readsUnshardedKey(document: unknown, segments: readonly (string | number)[]): boolean {
  const design = segments.slice(0, segments.indexOf('accessPatterns'));
  const index = valueAtSegments(document, [...segments.slice(0, -1), 'index']);
  const indexes = valueAtSegments(document, [...design, 'globalSecondaryIndexes']);
  const space =
    index === undefined
      ? valueAtSegments(document, design)
      : Array.isArray(indexes)
        ? indexes.find((gsi: unknown) => (gsi as { indexName?: unknown } | null)?.indexName === index)
        : undefined;
  if (typeof space !== 'object' || space === null || Object.prototype.hasOwnProperty.call(space, 'sharding')) return false;
  const { partitionKey, partitionKeys } = space as { partitionKey?: unknown; partitionKeys?: unknown };
  return !JSON.stringify(partitionKey ?? partitionKeys ?? null).includes('"time-bucket"');
}

/** The value at `path` in `document`, or undefined. */
function valueAt(document: unknown, path: string): unknown {
  return valueAtSegments(document, parseFieldPath(path));
}

function valueAtSegments(document: unknown, segments: readonly (string | number)[]): unknown {
  let value = document;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, segment)) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/**
 * The application change of a Cosmos DB container's partition key edit: the key it sets (its paths, when the edit sets
 * them), a new container with it, every document copied there, and the application writing and querying the new key.
 */
function containerRekeyed(edit: DesignEdit): string {
  const paths = edit.op === 'set' && Array.isArray(edit.value) ? edit.value.map((level: unknown) => (level as { path?: unknown } | null)?.path) : [];
  const named = paths.length > 0 && paths.every((p) => typeof p === 'string') ? ` to ${paths.map((p) => `\`${String(p)}\``).join(' → ')}` : '';
  return `the partition key changes${named}: Cosmos DB cannot change a container's partition key in place, so a new container must be created with it and every document copied into it (a container copy job, or the change feed while the application writes to both), and the application must write and query the new key`;
}

/**
 * Whether `edit` changes the key of the table or container itself (its partition or sort key, not a GSI's, not its
 * sharding): deploying it means a new table or container and a copy of every item, the fix --fix writes only for a
 * finding that fails the run (fix.ts).
 */
export function recreatesResource(edit: DesignEdit): boolean {
  const segments = parseFieldPath(edit.path);
  if (segments.includes('globalSecondaryIndexes') || segments.includes('sharding')) return false;
  if (field(edit.path) === 'kind' && edit.op === 'set' && ATTRIBUTE_KINDS.has(edit.value)) return false;
  return ['partitionKey', 'partitionKeys', 'sortKey', 'sortKeys'].some((key) => segments.includes(key));
}

/**
 * The raise of a capacity or throughput `edit` sets, in words (`containers[1].throughput.autoscaleMax from 40000 to 71000,
 * +78%`, and how it is billed: `billingOf`), or undefined where it raises nothing: a higher figure than `before` holds
 * at its path. A declared count of physical partitions, or the layout they split from, is not billed.
 */
export function capacityRaise(edit: DesignEdit, before: unknown): string | undefined {
  const segments = parseFieldPath(edit.path);
  const counted = field(edit.path) === 'physicalPartitions' || field(edit.path) === 'splitFrom';
  if (edit.op !== 'set' || typeof edit.value !== 'number' || counted) return undefined;
  if (!segments.some((s) => CAPACITY_FIELDS.has(s))) return undefined;
  const current = valueAtSegments(before, segments);
  if (typeof current !== 'number' || edit.value <= current) return undefined;
  return `${raiseInWords(edit.path, current, edit.value)}, ${billingOf(segments, current, edit.value)}`;
}

/**
 * How a raise to `to` at `segments` is billed. A cap is billed only when used: an on-demand table's maximum caps
 * request units billed per request, and an auto-scaling maximum caps the capacity auto scaling provisions, which is
 * what is billed ("Amazon DynamoDB pricing"; "Managing throughput capacity automatically with DynamoDB auto scaling").
 * Cosmos DB autoscale bills each hour the highest RU/s it scaled to, at least 10% of the maximum ("Frequently asked
 * questions about autoscale provisioned throughput"). Fixed capacity, a minimum and manual RU/s are billed every hour.
 */
function billingOf(segments: readonly (string | number)[], from: number, to: number): string {
  const last = segments[segments.length - 1];
  if (segments.includes('onDemand')) return 'a cap: on demand, only the requests served are billed';
  if (last === 'max') return `a maximum: billed only for capacity auto scaling provisions above ${from}, in the hours the load asks for it`;
  if (last === 'autoscaleMax') return `billed each hour for the highest RU/s it scaled to, at least 10% of the maximum (${Math.ceil(to / 10)} RU/s)`;
  return 'billed every hour it stands';
}

/** A raise at `path`, in words: `… from 40000 to 71000, +78%`. */
function raiseInWords(path: string, from: number, to: number): string {
  return `${path} from ${from} to ${to}, +${Math.round(((to - from) / from) * 100)}%`;
}

/**
 * The warm throughput raise `edit` sets, in words (`tables[0].warmThroughput.readUnitsPerSecond from 15000 to 19000,
 * +27%`), or undefined where it raises nothing: charged once for the increase, and it cannot be lowered again
 * ("Understanding DynamoDB warm throughput"), so, like a billed raise, written only for a finding that fails the run.
 */
export function warmThroughputRaise(edit: DesignEdit, before: unknown): string | undefined {
  if (edit.op !== 'set') return undefined;
  const segments = parseFieldPath(edit.path);
  const whole = field(edit.path) === 'warmThroughput';
  if (!whole && !segments.includes('warmThroughput')) return undefined;
  const set: Record<string, unknown> =
    whole && typeof edit.value === 'object' && edit.value !== null ? (edit.value as Record<string, unknown>) : { [field(edit.path)]: edit.value };
  const base = whole ? edit.path : edit.path.slice(0, edit.path.lastIndexOf('.'));
  const raises = Object.entries(set).flatMap(([name, value]) => {
    const current = valueAt(before, `${base}.${name}`);
    if (typeof value !== 'number' || typeof current !== 'number' || value <= current) return [];
    return [raiseInWords(`${base}.${name}`, current, value)];
  });
  return raises.length > 0 ? raises.join('; ') : undefined;
}

/**
 * What the application must change for `edit` to be true, or undefined when only infrastructure changes. `before`: the
 * document as it was before the fix, to name what a rename replaces.
 */
export function applicationChange(edit: DesignEdit, before?: unknown): string | undefined {
  const segments = parseFieldPath(edit.path);
  if (segments.includes('globalSecondaryIndexes') && field(edit.path) === 'indexName' && edit.op === 'set')
    return indexRollout(edit.value, valueAt(before, edit.path));
  if (segments.includes('monitoring')) return undefined; // Contributor Insights and alarms: deployed with the table, no code change
  if (segments.some((s) => CAPACITY_FIELDS.has(s))) return undefined;
  if (segments.includes('acknowledgements')) return undefined;
  const name = field(edit.path);
  if (segments.includes('sharding')) {
    if (name === 'sharding') return shardingChange(edit, indexTableKey(before, segments));
    // A field of a declared sharding (its count; its list of hot values, removed to shard every value): the sharding as
    // it then stands, the declared one with that field set or removed.
    const at = segments.lastIndexOf('sharding');
    const declared = valueAtSegments(before, segments.slice(0, at + 1));
    const whole: Record<string, unknown> = typeof declared === 'object' && declared !== null && at === segments.length - 2 ? { ...declared } : {};
    if (edit.op === 'set') whole[name] = edit.value;
    else delete whole[name];
    return shardingChange({ op: 'set', path: edit.path, value: whole }, indexTableKey(before, segments));
  }
  // A key attribute's declared kind says what its values are (a time bucket): no key, no item changes. (A Cosmos DB
  // partition key's own `kind`, Hash or MultiHash, is its deployed definition: that one recreates the container.)
  if (name === 'kind' && edit.op === 'set' && ATTRIBUTE_KINDS.has(edit.value)) return undefined;
  // A GSI copy 0 alone carries the key of (lint/copied-indexes.ts): the other copies must leave its key attributes out.
  if (name === 'copiesCarry' && edit.op === 'set' && edit.value === 'first')
    return "the application must write this index's key attributes on copy 0 of each item only, leaving them out of the other copies, and remove them from the other copies of existing items (until then the index holds every item once per copy)";
  if (name === 'keyAttributes') return 'the queries of this access pattern must give the new key attributes';
  if (name === 'index' && segments.includes('accessPatterns') && edit.op === 'set')
    // An index the table had before the fix is there already: the queries can read it now.
    return indexExisted(before, parseFieldPath(edit.path), edit.value)
      ? `the queries of this access pattern must read index \`${String(edit.value)}\` (their IndexName)`
      : `the queries of this access pattern must read index \`${String(edit.value)}\` (their IndexName) once it is active`;
  if (name === 'fanOut') {
    // Set: the key is sharded now. Removed (or false): the sharding it read across is gone, and one key serves the
    // query; on a key that had no shards (SG009) it declared a fan-out over nothing, and the queries stay as they are.
    if (edit.op === 'set' && edit.value === true) return 'the queries of this access pattern must read every shard and merge the results';
    return readsUnshardedKey(before, segments) ? undefined : 'the queries of this access pattern must stop reading every shard and query the one unsharded key';
  }
  if (segments.includes('globalSecondaryIndexes') && (segments.includes('partitionKey') || segments.includes('partitionKeys'))) {
    // DynamoDB cannot change a GSI's key schema in place: the fix names a new index, whose rollout the rename's change says.
    return "the index's partition key changes: the application must write the new key attribute on each item and query the index by it";
  }
  // Cosmos DB: a container's partition key is fixed at creation; changing it means a new container and a copy of every
  // document ("Change partition key", https://learn.microsoft.com/azure/cosmos-db/nosql/change-partition-key).
  if (segments[0] === 'containers' && segments.includes('partitionKey')) return containerRekeyed(edit);
  if (segments.includes('partitionKey') || segments.includes('partitionKeys')) {
    return 'the partition key changes: the table or container must be recreated with it and its data migrated, and the application must write and query the new key';
  }
  if (segments.includes('sortKey') || segments.includes('sortKeys'))
    return 'the sort key changes: the application must write and query keys in the new order, and existing items must be rewritten';
  return 'check that the application matches the changed design';
}

/**
 * Why a sharding fix leaves the key's `cardinality` as it was, for the reader who would take it for stale: it counts
 * the key's values before sharding, and the lint counts one stored key per shard of each. Said once per file.
 */
export const KEPT_CARDINALITY =
  "--fix kept each sharded key's cardinality as declared: it counts the key's values before sharding, and skewguard counts one stored key per shard of each (N × cardinality)";

/** The sharding fields `edits` set (`tables[0].sharding`, one per key), each of which keeps its key's `cardinality`. */
export function shardingsSet(edits: readonly DesignEdit[]): string[] {
  const paths = edits.filter((edit) => edit.op === 'set').map((edit) => /^(.*?\bsharding)\b/.exec(edit.path)?.[1]);
  return [...new Set(paths.filter((path): path is string => path !== undefined))];
}
