/**
 * The assumption behind every count of one hot value's keys: a fix sizes N shards or replicated copies so that each
 * fits its partition beside 1/P of the rest of the load, its siblings included, as if the N keys landed on different
 * partitions. They are placed by the hash of their values (`key#0…key#N−1`), so with N near P two often share one:
 * 15 shards on 38 partitions put two on one 96 times in 100. Where two on one partition would pass its usable ceiling,
 * the fix says so once, with that chance (`withHashedKeys`); where two still fit, it says nothing. A hierarchical key's
 * buckets of one hot first-level value are first-level values placed by hash the same way (prefix-ingestion.ts,
 * `hashedKeysData`).
 *
 * What happens then is the engine's (`EngineProfile.separatesHotKeys`): DynamoDB's adaptive capacity moves frequently
 * accessed items to partitions of their own under sustained traffic ("Burst and adaptive capacity", isolating
 * frequently accessed items), so the collision lasts until then (a launch at peak meets it first): there a count is sized for two on one partition
 * to fit its hard maximum (hashed-pair.ts, `EngineProfile.sizesForHashedPair`), and the clause states the margin left
 * ("takes 875 WCU, within the partition's 1,000 WCU maximum"), not a throttle. Cosmos DB maps
 * logical partitions to physical partitions by hash and splits a physical partition for storage or throughput, never
 * for heat ("Partitioning and horizontal scaling"), so it stays.
 */
import { besideNeighbours, chanceTwoShareOne, overflowingCrowd, twoOnOnePartition, type KeyOnPartition } from '../design/hashed-pair';
import { fits, type KeyLayout } from '../design/sharding';
import type { EngineProfile } from '../engines';
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './messages';

/** What the count assumes, said after "N = … assumes" (`hashedApart`) or after "and that" (`withHashedKeys`'s `joined`). */
export const HASHED_APART =
  "its {{hashedNoun}} hash {{?hashedAlways}}evenly over the {{hashedPartitions}} partitions: with more {{hashedNoun}} than partitions, two always share one{{/hashedAlways}}{{!hashedAlways}}onto different partitions of the {{hashedPartitions}}: two share one {{hashedChance|percent}} of the time{{/hashedAlways}}, and that partition then takes {{?hashedWithin}}{{hashedLoad}} {{hashedUnit}}, within the partition's {{hashedMaximum}} {{hashedUnit}} maximum, over its usable {{hashedUsable}}{{/hashedWithin}}{{!hashedWithin}}{{hashedLoad}} of the usable {{hashedUsable}} {{hashedUnit}}{{/hashedWithin}}{{?hashedSeparated}}, until adaptive capacity moves one of them to a partition of its own under sustained traffic{{/hashedSeparated}}{{!hashedSeparated}}, for good: {{hashedEngine}} does not split a partition for heat{{/hashedSeparated}}";

/**
 * How likely the crowd that passes the partition's hard maximum is (`crowdChanceData`, its data named from `prefix`), said
 * after a count sized for the pair: "4 or more of the 75 shards share one partition 93.16% of the time, and it then takes 1,270 WCU, past its 1,000
 * WCU maximum".
 */
export function crowdChanceText(prefix = 'crowdOver'): string {
  // No section: it goes inside one (hashed-pair-over.ts), and sections do not nest. The engines that size a count for
  // the crowd are those that part hot keys only under sustained traffic (`EngineProfile.sizesForHashedPair`).
  return `{{${prefix}Keys}} or more of the {{${prefix}Of}} {{${prefix}Noun}} share one of the {{${prefix}Partitions}} partitions {{${prefix}Chance|percent}} of the time, and it then takes {{${prefix}Load}} {{${prefix}Unit}}, past its {{${prefix}Maximum}} {{${prefix}Unit}} maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic`;
}

/** The clauses, said after the count they qualify. */
export const HASHED_KEYS_MESSAGES = {
  hashedApart: `; N = {{hashedKeys}} assumes ${HASHED_APART}`,
  hashedCrowd: `; ${crowdChanceText()}`,
} as const;

/** A crowd this unlikely goes unsaid: a fix that named every 1-in-1,000 crowd would bury the likely ones. */
export const CROWD_CHANCE_FLOOR = 0.01;

/**
 * The data of `crowdChanceText` for `keys` keys where the engine sizes a count for the keys one partition holds
 * (`EngineProfile.sizesForHashedPair`): the figure whose crowd past the maximum (`overflowingCrowd`) is likeliest, where
 * that chance is at least `CROWD_CHANCE_FLOOR`; undefined elsewhere. Computed for a count a finding states, not in a
 * count search.
 */
export function crowdChanceData(
  profile: EngineProfile,
  noun: Noun,
  keys: number,
  figures: readonly KeyOnPartition[],
  prefix = 'crowdOver',
): MessageData | undefined {
  if (!profile.sizesForHashedPair || keys <= 1) return undefined;
  let likeliest: { readonly figure: KeyOnPartition; readonly keys: number; readonly load: number; readonly chance: number } | undefined;
  for (const figure of figures) {
    // A chance the bound puts below the floor is never the one said: the likeliest said is at least the floor.
    const crowd = overflowingCrowd(figure, keys, CROWD_CHANCE_FLOOR);
    const chance = crowd?.chance;
    if (crowd && chance !== undefined && (!likeliest || chance > likeliest.chance)) likeliest = { figure, ...crowd, chance };
  }
  if (!likeliest || likeliest.chance < CROWD_CHANCE_FLOOR) return undefined;
  const { figure } = likeliest;
  const data: MessageData = {
    Keys: likeliest.keys,
    Of: keys,
    Noun: noun,
    Partitions: figure.partitions,
    // Short of certain, at most 99.99%, as the pair's chance is said.
    Chance: Math.min(likeliest.chance, 0.9999),
    Load: likeliest.load,
    Maximum: figure.maximum,
    Unit: figure.unit,
  };
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [prefix + name, value]));
}

/** The data names of a fix's clause that states its count's figures, and the clause after which the assumption goes. */
interface StatedFigures {
  readonly after: string;
  readonly keys: string;
  readonly partitions: string;
  readonly load: string;
  readonly neighbours: string;
  readonly usable: string;
  /** Where the clause names its unit; else the engine's write unit (Cosmos DB's one budget, RU/s). */
  readonly unit?: string;
  /** What the keys are: the clause's own (a cache-led fix shards the writes of a value the plan would copy). */
  readonly noun: Noun;
}

/** What the keys are: a value's shards or replicated copies, or a hierarchical key's buckets of one first-level value. */
export type Noun = 'shards' | 'copies' | 'buckets';

const RAISE_THEN_SHARD = {
  keys: 'shards',
  partitions: 'shardRaisedPartitions',
  load: 'shardStoredLoad',
  neighbours: 'shardNeighbours',
  usable: 'shardUsable',
  noun: 'shards',
} as const;

/** The figures of a cache-led count, whether its load or the hot value's size sets it (advice.ts, `cachedReadsFirst`). */
const CACHED_SHARDS = {
  keys: 'cachedShards',
  partitions: 'cachedPartitions',
  load: 'cachedStoredLoad',
  neighbours: 'cachedNeighbours',
  usable: 'cachedUsable',
  noun: 'shards',
} as const;

/** The figures of a warm lever's count, on the partitions it makes (advice.ts, `warmFigures`). */
const WARM_LEVER = {
  keys: 'warmShards',
  partitions: 'warmPartitions',
  load: 'warmStoredLoad',
  neighbours: 'warmNeighbours',
  usable: 'warmUsable',
  unit: 'warmUnit',
} as const;

/** The fixes whose count is judged elsewhere than at the partitions counted now (a pre-warm, a raise, a cache). */
const STATED: readonly StatedFigures[] = [
  { after: 'warmThenShardWhy', ...WARM_LEVER, noun: 'shards' },
  // The copies of a warm lever are judged on the partitions it makes, as its shards are.
  { after: 'warmThenCopiesWhy', ...WARM_LEVER, noun: 'copies' },
  {
    after: 'pastQuotaWarm',
    keys: 'pastQuotaShards',
    partitions: 'pastQuotaPartitions',
    load: 'pastQuotaStoredLoad',
    neighbours: 'pastQuotaNeighbours',
    usable: 'pastQuotaUsable',
    unit: 'pastQuotaUnit',
    noun: 'shards',
  },
  { after: 'raiseThenShardWhy', ...RAISE_THEN_SHARD },
  { after: 'raiseThenShardLeastWhy', ...RAISE_THEN_SHARD },
  {
    after: 'raiseThenCopies',
    keys: 'shards',
    partitions: 'copySlices',
    load: 'copyLoad',
    neighbours: 'copyNeighbours',
    usable: 'copyUsable',
    noun: 'copies',
  },
  { after: 'cachedShardsWhy', ...CACHED_SHARDS },
  { after: 'cachedShardsSizeWhy', ...CACHED_SHARDS },
];

/** The clauses that set a count at the partitions counted now, which the assumption follows. */
const COUNT_CLAUSES: ReadonlySet<string> = new Set([
  'shardRandom',
  'shardCalculated',
  'raiseShards',
  'lowerShards',
  'keepShards',
  'shardRandomIndex',
  'shardCalculatedIndex',
  'shardRandomKeyAttribute',
  'shardCalculatedKeyAttribute',
  'shardRandomHot',
  'shardCalculatedHot',
  'shardRandomIndexHot',
  'shardCalculatedIndexHot',
  'raiseTableShards',
  'replicate',
  'raiseCopies',
  'lowerCopies',
]);

interface Clauses {
  readonly ids: readonly string[];
  readonly data: MessageData;
  readonly shards?: number;
}

/**
 * `advice` with the assumption clause after its count, where two of the value's keys on one partition would pass that
 * partition's usable ceiling: the count judged at a pre-warm, a raise or a cache, with the figures its clause states,
 * else the plan's count at the partitions counted now, as the analysis judges it. Unchanged elsewhere. `texts`: the
 * clauses' words, so the assumption follows what the count's clause runs on into (" (random)", ", storing every item
 * N times") and comes before the next clause, which opens with "; ". `joined`: where that next clause is another
 * assumption of the same N (a key, "; N = {{shards}} assumes …"), the clause (its value) that says both in one sentence,
 * "N = 6 assumes … and that its shards hash …", in its place: two "N = 6 assumes" back to back read as a stammer.
 */
export function withHashedKeys<A extends Clauses>(
  advice: A,
  analysis: SpaceAnalysis,
  texts: Readonly<Record<string, string>>,
  joined: Readonly<Record<string, string>> = {},
): A {
  const layout = analysis.plan.layout;
  if (layout === 'none' || layout === 'cache') return advice;
  const stated = STATED.find((s) => advice.ids.includes(s.after));
  const keys = stated ? advice.data[stated.keys] : advice.shards;
  if (typeof keys !== 'number' || keys <= 1) return advice;
  const at = stated ? advice.ids.indexOf(stated.after) : advice.ids.findIndex((id) => COUNT_CLAUSES.has(id));
  if (at < 0) return advice;
  const figures = stated ? statedFigures(advice.data, stated, analysis) : judgedFigures(analysis, layout, keys);
  const noun = stated?.noun ?? (layout === 'replicated' ? 'copies' : 'shards');
  const data = figures && hashedKeysData(analysis.owner.profile, noun, keys, figures);
  // How likely the crowd past the partition's maximum is, said after the count (and its assumption) where likely enough.
  const crowd = figures && crowdChanceData(analysis.owner.profile, noun, keys, figures);
  if (!data && !crowd) return advice;
  const next = advice.ids.findIndex((id, i) => i > at && texts[id]?.startsWith(';'));
  const end = next < 0 ? advice.ids.length : next;
  const both = data && keys === advice.shards ? joined[advice.ids[end]] : undefined;
  const [before, after] = [advice.ids.slice(0, end), both ? advice.ids.slice(end + 1) : advice.ids.slice(end)];
  const apart = both ?? (data ? 'hashedApart' : undefined);
  return Object.assign({}, advice, {
    ids: [...before, ...(apart ? [apart] : []), ...(crowd ? ['hashedCrowd'] : []), ...after],
    data: Object.assign({}, advice.data, data, crowd),
  });
}

/**
 * The clause's data where two of the plan's `keys` keys, hashed onto one of the partitions counted now, would pass its
 * usable ceiling (`hashedKeysData`); undefined where two fit. What lets a fix weigh the count before offering it.
 */
export function collidingKeys(analysis: SpaceAnalysis, layout: KeyLayout, keys: number): MessageData | undefined {
  return hashedKeysData(analysis.owner.profile, layout === 'replicated' ? 'copies' : 'shards', keys, judgedFigures(analysis, layout, keys));
}

function statedFigures(data: MessageData, stated: StatedFigures, analysis: SpaceAnalysis): KeyOnPartition[] | undefined {
  const [partitions, load, neighbours, usable] = [stated.partitions, stated.load, stated.neighbours, stated.usable].map((name) => data[name]);
  const unit = stated.unit ? data[stated.unit] : analysis.owner.profile.writeUnit;
  if (typeof partitions !== 'number' || typeof load !== 'number' || typeof neighbours !== 'number' || typeof usable !== 'number') return undefined;
  // The usable ceiling with no neighbours is headroom × the partition's maximum.
  const maximum = usable / analysis.design.thresholds.headroom;
  return typeof unit === 'string' ? [{ partitions, load, neighbours, usable, maximum, unit }] : undefined;
}

/**
 * The busiest of `keys` stored keys at the partitions counted now, per dimension the engine judges beside neighbours:
 * its physical partition's share (Cosmos DB, `storedKeyShare`), or each direction's neighbours (DynamoDB).
 */
function judgedFigures(analysis: SpaceAnalysis, layout: KeyLayout, keys: number): KeyOnPartition[] {
  const { headroom } = analysis.design.thresholds;
  const dimensions = analysis.dimensionsAt(layout, keys);
  // DynamoDB's dimensions carry their neighbours; only a Cosmos DB key needs its physical partition's share.
  const share = dimensions.every((d) => d.neighbours) ? undefined : analysis.storedKeyShare(layout, keys);
  return dimensions.flatMap((d): KeyOnPartition[] => {
    if (d.neighbours) return besideNeighbours(d);
    if (!share) return [];
    const { keySpaceSlices: partitions, neighbours, requestUnitsEach: maximum } = share;
    return [{ partitions, load: d.load, neighbours, usable: maximum * headroom, maximum, unit: d.unit }];
  });
}

/**
 * The clause's data for the dimension two keys on one partition pass the most (`twoOnOnePartition`). Undefined where
 * two fit everywhere. Also what a hierarchical key's bucket plan says (prefix-ingestion.ts), its buckets placed by hash
 * the same way.
 */
export function hashedKeysData(profile: EngineProfile, noun: Noun, keys: number, figures: readonly KeyOnPartition[]): MessageData | undefined {
  // The figure two keys on one partition pass by the most (the first of equals), and what that partition then takes.
  let worst: { readonly figure: KeyOnPartition; readonly together: number } | undefined;
  for (const figure of figures) {
    const together = twoOnOnePartition(figure, keys);
    if (!fits(together, figure.usable) && (!worst || together / figure.usable > worst.together / worst.figure.usable)) worst = { figure, together };
  }
  if (!worst) return undefined;
  const { figure, together } = worst;
  // Certain only with more keys than partitions: 83 copies on 100 partitions is a chance 1 − 10⁻²⁵ that rounds to 1.
  const always = keys > figure.partitions;
  const chance = chanceTwoShareOne(keys, figure.partitions);
  return {
    hashedKeys: keys,
    hashedNoun: noun,
    hashedPartitions: figure.partitions,
    // Short of certain, at most 99.99%: the text shows hundredths of a percent, and a near-certainty is no "100% of the time".
    hashedChance: always ? 1 : Math.min(chance, 0.9999),
    ...(always ? { hashedAlways: true } : {}),
    hashedLoad: together,
    hashedUsable: figure.usable,
    hashedUnit: figure.unit,
    // Where the count is sized for the pair (`sizesForHashedPair`), what is left is margin, said as such.
    ...(profile.sizesForHashedPair && fits(together, figure.maximum) ? { hashedWithin: true, hashedMaximum: figure.maximum } : {}),
    ...(profile.separatesHotKeys ? { hashedSeparated: true } : { hashedEngine: profile.title }),
  };
}
