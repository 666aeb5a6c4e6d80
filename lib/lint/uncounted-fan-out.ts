/**
 * A fan-out whose charge no peak can count: a fix that shards a key (SG001, SG002, SG003, SG006, through the shared
 * advice) or declares a fan-out (SG009) where a pattern that would then read a whole key value over every shard
 * declares no `resultKb`. SG017 counts such a read once, on the assumption that it returns over N times what one
 * query's least charge covers (read-requests.ts, `assumed`), so a fix written on that assumption re-lints clean at a
 * charge nobody counted: --fix writes none of it until the size is declared, and the fix says what a read then costs at
 * least, from the engine's `queryCharge` (one path for every engine; the profile holds the figures).
 *
 * DynamoDB: each shard's Query is a request of its own, charged its items' sizes summed, rounded up to 4 KB, at least
 * one read unit if strongly consistent and one-half if eventually consistent ("Capacity unit consumption for read
 * operations", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html#read-operation-consumption),
 * and a Query that returns nothing still consumes that minimum (API Reference, "Query",
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html): a read over 41 shards costs at least
 * 41 units (20.5 eventually consistent), where the unsharded Query of a small result cost one. The live-vote results
 * page, a Query per contestant, was fixed into 41 shards and re-linted clean: 41 Queries per page view. A Query of a
 * global secondary index is always eventually consistent ("DynamoDB read consistency": all reads from GSIs are
 * eventually consistent; a strongly consistent one is refused), so a pattern on one is given the half-unit floor only.
 *
 * Cosmos DB: each shard's query checks one physical partition's index, charged at least about 2.5 RU however little it
 * loads ("Query an Azure Cosmos DB container", https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-query-container):
 * a read of 8 KB over 42 shards costs 105 RU, not the 8 SG017 counts without its size.
 */
import type { QueryCharge } from '../design/gathered-read-share';
import type { AccessPattern } from '../design/key-design';
import type { MessageData } from './messages';

/**
 * What a read over the shards costs at least, after "until resultKb is declared on …:": said the same by the fix that
 * would shard the key (advice.ts, `fanOutUncounted`) and by the one that would declare the fan-out (SG009). The words
 * follow the engine's charge: a floor per query (Cosmos DB), or whole read units per request (DynamoDB), at the
 * consistency each pattern declares (`consistentRead`: one unit a Query; else half of one), so the figure said is the
 * one its reads pay; patterns of both kinds get one figure each, named by their patterns.
 */
export const FAN_OUT_UNCOUNTED_TEXT =
  "a read over all {{uncountedShards}} shards {{!uncountedWholeUnits}}costs at least {{uncountedFloor}} RU ({{uncountedShards}} × {{queryFloor}}, each shard's query checking one physical partition's index) however little it loads{{/uncountedWholeUnits}}" +
  '{{?uncountedWholeUnits}}is {{uncountedShards}} Queries, each charged at least {{/uncountedWholeUnits}}' +
  '{{?uncountedStrongPatterns}}one read unit however little it returns, the Queries of {{uncountedStrongPatterns|code}} being strongly consistent (consistentRead): at least {{uncountedFloor}} read units a read{{/uncountedStrongPatterns}}' +
  '{{?uncountedBoth}}; and {{/uncountedBoth}}' +
  '{{?uncountedEventualPatterns}}half a read unit however little it returns, the Queries of {{uncountedEventualPatterns|code}} being eventually consistent (no consistentRead): at least {{uncountedEventualFloor}} read units a read{{/uncountedEventualPatterns}}' +
  '{{?uncountedIndexFloor}}half a read unit however little it returns, a Query of a global secondary index being eventually consistent: at least {{uncountedIndexFloor}} read units a read{{/uncountedIndexFloor}}' +
  '{{?uncountedWholeUnits}}, where one Query of the unsharded key returning {{queryFloorKb}} KB or less was charged {{/uncountedWholeUnits}}' +
  '{{?uncountedStrongPatterns}}one unit{{/uncountedStrongPatterns}}{{?uncountedBoth}} or {{/uncountedBoth}}{{?uncountedEventualPatterns}}half a unit{{/uncountedEventualPatterns}}{{?uncountedIndexFloor}}half a unit{{/uncountedIndexFloor}}' +
  ', which the peak SG017 checks cannot count without its size';

/** A pattern as the floor reads it: its name, and whether it reads strongly consistent. */
type UncountedPattern = Pick<AccessPattern, 'name' | 'consistentRead'>;

/**
 * The data `FAN_OUT_UNCOUNTED_TEXT` reads for a fan-out over `shards` by `patterns` (those that declare no `resultKb`)
 * under the engine's `charge`, on a global secondary index where `onGsi`; undefined where there is no such pattern or the engine gives no charge.
 */
export function uncountedFanOutData(
  charge: QueryCharge | undefined,
  shards: number,
  patterns: readonly UncountedPattern[],
  onGsi = false,
): MessageData | undefined {
  if (charge === undefined || patterns.length === 0) return undefined;
  const floor = shards * charge.minimumUnits;
  const data = {
    uncountedPatterns: patterns.map((p) => p.name),
    uncountedShards: shards,
    uncountedFloor: floor,
    queryFloor: charge.minimumUnits,
    queryFloorKb: charge.minimumUnits * charge.kbPerUnit,
  };
  if (!charge.wholeUnits) return data;
  const share = charge.eventuallyConsistentShare;
  // A GSI's Query is eventually consistent, whatever the request asks: its floor is the eventual one alone.
  if (onGsi && share !== undefined) return Object.assign(data, { uncountedWholeUnits: true, uncountedIndexFloor: floor * share });
  // Each pattern pays the floor of the consistency it declares (an engine with one price charges every read the whole unit).
  const strong = share === undefined ? patterns : patterns.filter((p) => p.consistentRead);
  const eventual = share === undefined ? [] : patterns.filter((p) => !p.consistentRead);
  return Object.assign(
    data,
    { uncountedWholeUnits: true },
    strong.length > 0 ? { uncountedStrongPatterns: strong.map((p) => p.name) } : {},
    eventual.length > 0 && share !== undefined ? { uncountedEventualPatterns: eventual.map((p) => p.name), uncountedEventualFloor: floor * share } : {},
    strong.length > 0 && eventual.length > 0 ? { uncountedBoth: true } : {},
  );
}

/** The data keys `uncountedFanOutData` writes. */
const UNCOUNTED_KEYS: readonly string[] = [
  'uncountedPatterns',
  'uncountedShards',
  'uncountedFloor',
  'uncountedWholeUnits',
  'uncountedStrongPatterns',
  'uncountedEventualPatterns',
  'uncountedBoth',
  'uncountedEventualFloor',
  'uncountedIndexFloor',
];

/**
 * `advice` without its uncounted fan-out clause (`fanOutUncounted`) and data, for a fix whose edits something else
 * withholds (an invariant the shards would break): declaring `resultKb` would not get them written, so neither the fix
 * nor --fix's 'not fixed' line (which reads `uncountedPatterns`) may say it would.
 */
export function withoutUncountedFanOut<A extends { readonly ids: readonly string[]; readonly data: Readonly<Record<string, unknown>> }>(advice: A): A {
  if (!advice.ids.includes('fanOutUncounted')) return advice;
  const data = Object.fromEntries(Object.entries(advice.data).filter(([key]) => !UNCOUNTED_KEYS.includes(key)));
  return Object.assign({}, advice, { ids: advice.ids.filter((id) => id !== 'fanOutUncounted'), data });
}
