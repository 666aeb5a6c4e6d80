/**
 * Name heuristics: a key attribute named like a time bucket or a small enum is the seeds' most
 * common hot-partition cause. Used to infer `kind` (SG002) and to flag resources skewguard did not
 * create (SG015). Words are matched whole, so `candidate` is not a date and `stateless` not a state.
 */
import { UsageError } from './errors';
import { describe } from './shape';

/** A word: a run of ASCII letters and digits, split where a capital follows a small letter or a digit
 *  (`eventDate`, `yyyyMM`), never inside a run of capitals (`HTTPServer`, `userID`'s `ID`). */
const WORD = /[A-Z]+[a-z0-9]*|[a-z0-9]+/g;

/** `eventDate` → [event, date]; `created_at` → [created, at]; `/yyyyMM` → [yyyy, mm]. A name that is not a
 *  string (these helpers are public) is a UsageError naming it, not a TypeError from `match`. */
export function nameWords(name: string): string[] {
  if (typeof name !== 'string')
    throw new UsageError([{ path: 'name', message: `expected an attribute name (a string), got ${describe(name)}` }], 'key name heuristics');
  const words = name.match(WORD) ?? [];
  // In place: the array match made is this function's own.
  for (let i = 0; i < words.length; i++) words[i] = words[i].toLowerCase();
  return words;
}

/**
 * Last words of time buckets. Besides calendar units, a `period`, `window`, `interval`, `epoch` or `season` is a span
 * of time whose current value takes every write (`period` over 365 values at 3,000 WCU passed unjudged), as are the
 * academic and fiscal ones: a `semester`, `trimester` or `term` (this term's registrations), an `fy` (`fiscalYear` ends in
 * `year`). Left out: `cohort` (a group of people, which keeps taking writes for years after the period it started in),
 * `batch` (a manufacturing lot's `batchNo` is an id as often as an ingestion batch numbered in time, and SG002's error
 * and --fix would re-key it), `slot` (a parking or inventory slot as often as a time slot), `cycle` and `shift` (as
 * often not time), `version`, `sequence` and `generation` (numbering that need not roll over with time). A name left out
 * is still a time bucket when its design says so (`kind`).
 */
const TIME_WORDS = new Set([
  'date',
  'day',
  'hour',
  'minute',
  'week',
  'month',
  'quarter',
  'year',
  'time',
  'timestamp',
  'datetime',
  'ts',
  'period',
  'window',
  'interval',
  'epoch',
  'season',
  'semester',
  'trimester',
  'term',
  'fy',
]);
/** yyyy, yyyymm, mmdd, yyyymmddhh… */
const DATE_FORMAT_WORD = /^(yyyy|yy|mm|dd|hh)+$/;
/** Last words that number what the words before them name: `weekNo`, `dayNum` are that week, that day. */
const NUMBER_WORDS = new Set(['no', 'nr', 'num', 'number']);

/**
 * True for names like `date`, `eventDay`, `createdAt`, `yyyyMM`, `hourBucket`, `billingPeriod`, `weekNo`, and a
 * whole key named `bucket` (`asKeyPart`: a part named `bucket` beside others, `tenantId` + `bucket`, is the load bucket
 * of a synthetic key that spreads a value, as prefix-ingestion.ts writes it, not a time). Not `bucketId` (an id) or
 * `bucketName` (an S3 bucket's name).
 */
export function looksLikeTimeBucket(name: string, asKeyPart = false): boolean {
  return wordsLookLikeTimeBucket(nameWords(name), asKeyPart);
}

/** `looksLikeTimeBucket` of a name's words (`nameWords`), for a caller that asks more of the same words. */
export function wordsLookLikeTimeBucket(words: readonly string[], asKeyPart = false): boolean {
  return timeBucketWords(words, words.length, asKeyPart);
}

/** `looksLikeTimeBucket` of a name's first `count` words: `hourBucket` is a time bucket when `hour` is one. */
function timeBucketWords(words: readonly string[], count: number, asKeyPart: boolean): boolean {
  const last = words[count - 1];
  if (last === undefined) return false;
  if (last === 'at' || last === 'on') return count > 1; // createdAt, publishedOn
  if (last === 'bucket') return count > 1 ? timeBucketWords(words, count - 1, false) : !asKeyPart;
  if (NUMBER_WORDS.has(last) && count > 1) return timeBucketWords(words, count - 1, false);
  return TIME_WORDS.has(last) || DATE_FORMAT_WORD.test(last);
}

/** Time words that also name values holding no time (a pricing `period`, a UI `window`, a training `epoch`, a `bucket` of S3,
 *  a search `term` or a loan's). */
const AMBIGUOUS_TIME_WORDS = new Set(['period', 'window', 'interval', 'epoch', 'season', 'term', 'bucket']);

/** Whether a name of these words (`nameWords`), a time bucket by its name (`looksLikeTimeBucket`), is one by a word that also
 *  names other things: the lint says it guessed (SG002). */
export function wordsEndInAmbiguousTimeWord(words: readonly string[]): boolean {
  const last = words[words.length - 1];
  return last !== undefined && AMBIGUOUS_TIME_WORDS.has(last);
}

const LOW_CARDINALITY_WORDS = new Set([
  'status',
  'state',
  'type',
  'kind',
  'category',
  'region',
  'country',
  'city',
  'gender',
  'flag',
  'level',
  'tier',
  'priority',
  'plan',
  'env',
  'environment',
  'language',
  'lang',
  'locale',
  'currency',
  'zone',
  'stage',
  'phase',
  'enabled',
  'active',
  'deleted',
  'visible',
  'bool',
  'boolean',
]);

/** True for names like `status`, `orderStatus`, `isActive`, `countryCode`, `region`, `city`. */
export function looksLowCardinality(name: string): boolean {
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (last === undefined) return false;
  if (words.length > 1 && (words[0] === 'is' || words[0] === 'has')) return true;
  if (last === 'code' && words.length > 1) return LOW_CARDINALITY_WORDS.has(words[words.length - 2]);
  return LOW_CARDINALITY_WORDS.has(last);
}

/**
 * Last words of categories whose hottest value moves: a trending hashtag or topic is today's, not tomorrow's. A fix that
 * shards only the hottest value (`sharding.hotValues`) lists it in the application's configuration, which would trail
 * such a value (hot-values.ts). Left out: `category` and `type` (a product category or an item type is hot as a
 * whole, not by fashion), `label` (a UI label as often).
 */
const TRENDING_WORDS = new Set(['hashtag', 'hashtags', 'tag', 'tags', 'topic', 'topics', 'trend', 'trends', 'keyword', 'keywords']);

/** Last words that name one value of what the words before them name: a `topicId` or a `tagName` is that topic, that tag. */
const NAMING_WORDS = new Set(['id', 'name', 'slug']);

/** True for names like `hashtag`, `hashTag`, `trendingTopic`, `searchKeyword`, `topicId`, `tagName` (not `tagline`, `stage`). */
export function looksLikeTrendingCategory(name: string): boolean {
  const words = nameWords(name);
  const last = words.length > 1 && NAMING_WORDS.has(words[words.length - 1]) ? words[words.length - 2] : words[words.length - 1];
  return last !== undefined && TRENDING_WORDS.has(last);
}

/** Last words of names the application updates in place: a score, a status, a balance. */
const MUTABLE_WORDS = new Set([
  'score',
  'status',
  'state',
  'rank',
  'ranking',
  'points',
  'balance',
  'count',
  'counter',
  'total',
  'stage',
  'phase',
  'step',
  'progress',
  'version',
]);
/** First words of update timestamps: `updatedAt`, `lastSeen`, `modifiedOn`. */
const MUTABLE_FIRST_WORDS = new Set(['updated', 'modified', 'last']);
/** Last words that name what a thing is called, not when it last changed: `lastName` is a name. */
const IDENTITY_WORDS = new Set(['name', 'names', 'id']);

/** True for names like `score`, `orderStatus`, `accountBalance`, `updatedAt`, `lastLogin` (not `lastName`), and a shard attribute
 *  of one (`orderStatusShard` holds the status before its shard suffix, so it changes when the status does). */
export function looksMutable(name: string): boolean {
  return wordsLookMutable(nameWords(name));
}

/** `looksMutable` of a name's words (`nameWords`), for a caller that asks more of the same words. */
export function wordsLookMutable(all: readonly string[]): boolean {
  const words = all.length > 1 && all[all.length - 1] === 'shard' ? all.slice(0, -1) : all;
  if (words.length === 0) return false;
  const last = words[words.length - 1];
  return MUTABLE_WORDS.has(last) || (words.length > 1 && MUTABLE_FIRST_WORDS.has(words[0]) && !IDENTITY_WORDS.has(last));
}

/**
 * Words of spatial index systems whose values are map cells: a geohash, an H3 or S2 cell, a Bing Maps quadkey. Matched as a
 * word or as two words written together (`geoHash`, `quadKey`, `geoCell`), a trailing precision dropped (`geohash6`).
 */
const GEO_CELL_SYSTEMS = new Set(['geohash', 'geohashes', 'h3', 's2', 'quadkey', 'quadkeys', 'geocell', 'geocells', 'geotile', 'geotiles', 'geogrid']);
/** Last words of a cell that are one only beside a word of maps (`mapTile`, `gridCell`, `spatialCell`): a bare `cell` is as
 *  often a cell of a cell-based architecture (a few, stable, routing cells), a `tile` a dashboard's. */
const CELL_WORDS = new Set(['cell', 'cells', 'tile', 'tiles', 'grid']);
const MAP_WORDS = new Set(['geo', 'map', 'grid', 'spatial', 'location']);
/** Last words that name one value of a cell: a `cellId`, a `tileKey`. */
const CELL_NAMING_WORDS = new Set(['id', 'key', 'index', 'code']);

/**
 * True for names of geospatial cells, like `geohash`, `geohashCell`, `geohash6`, `h3Index`, `s2CellId`, `quadKey`,
 * `mapTile`, `gridCellId`; not `cellId`, `tileName`, `zone` or `zoneId`. A `zone` is left out: it names an availability
 * zone, a DNS zone, a time zone or a delivery zone as often as a map cell, and is a small enum to `looksLowCardinality`
 * (a design whose zones are cells still says so by its hot values' figures). Where people and vehicles gather, the hot
 * cell moves (downtown at rush hour, an airport, a stadium) and several are hot at once (hot-values.ts).
 */
export function looksLikeGeoCell(name: string): boolean {
  const words = nameWords(name);
  const bare = words.map((w) => (GEO_CELL_SYSTEMS.has(w) ? w : w.replace(/\d+$/, '')));
  if (bare.some((w, i) => GEO_CELL_SYSTEMS.has(w) || (i > 0 && GEO_CELL_SYSTEMS.has(bare[i - 1] + w)))) return true;
  const end = words.length > 1 && CELL_NAMING_WORDS.has(bare[bare.length - 1]) ? bare.length - 1 : bare.length;
  return end > 1 && CELL_WORDS.has(bare[end - 1]) && MAP_WORDS.has(bare[end - 2]);
}

/**
 * True for a city's id (`cityId`, `homeCityId`): one city, as `city` is, for SG015, which knows only the name. Not read so
 * by the design lint, where a declared `cityId` key carries its cardinality and is sharded like any id.
 */
export function looksLikeCityId(name: string): boolean {
  const words = nameWords(name);
  return words.length > 1 && words[words.length - 1] === 'id' && words[words.length - 2] === 'city';
}
