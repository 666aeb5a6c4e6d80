/**
 * Whether a calculated shard's source attribute can spread a key's load: it needs at least N distinct
 * values (a 1-valued `region` puts every write on one shard however many are declared), and it must
 * not change on existing items (a `score` or `status` moves the item to another shard on each update).
 * The facts come from the design: declared on the sharding, else from where the attribute is a key
 * attribute or key component; a table's own key attributes never change in place.
 */
import { cardinalityValue } from '../design/cardinality';
import {
  sameAttribute,
  withoutLeadingSlash,
  type AccessPattern,
  type AttributeKind,
  type KeyAttribute,
  type KeyDesign,
  type KeySpace,
  type LocalSecondaryIndex,
} from '../design/key-design';
import { looksLikeTimeBucket, looksMutable } from '../design/key-names';
import { totalUpdatedInPlace } from './invariants';
import { readsWholeKey } from './queries';

export interface SourceFacts {
  /** Distinct values (Infinity for `'unique'`); undefined when the design declares none. */
  readonly cardinality?: number;
  /** Where the cardinality was declared. */
  readonly cardinalityAt?: string;
  /** Whether updates change the attribute; undefined when nothing says (treated as stable). */
  readonly mutable?: boolean;
  /** How `mutable` is known: declared on the sharding or an index key, a table key (never changes), or the name. */
  readonly mutableFrom?: 'declared' | 'table-key' | 'name';
  /** Whether the attribute is a time bucket (a date, hour, month): every write of one period has the same value, so
   *  hash(source) mod N puts all of the current period's writes on one shard however many are declared (AWS, "Using
   *  write sharding to distribute workloads evenly" and "Best practices for handling time series data in DynamoDB"). */
  readonly timeBucket: boolean;
  /** How `timeBucket` is known: the kind of a key attribute or component of that name (declared, or inferred from
   *  its name there), else the name alone, inferred as a key's kind is (key-names.ts). */
  readonly timeBucketFrom: 'key' | 'name';
}

/** A key attribute or key component as the design declares it. */
export interface DeclaredAttribute {
  readonly name: string;
  readonly cardinality?: KeyAttribute['cardinality'];
  readonly mutable?: boolean;
  readonly kind?: AttributeKind;
  readonly path: string;
}

/** The declarations of each attribute name, in the design's order, keyed as `sameAttribute` compares names (without a
 *  leading `/`): a lint asks for a name's declarations for every candidate source of every key space it judges. */
export type DeclaredAttributes = ReadonlyMap<string, readonly DeclaredAttribute[]>;

/** Every key attribute and key component of the design (`keySpaces` and its `localIndexes`), with its own declaration. */
export function declaredAttributes(keySpaces: readonly KeySpace[], localIndexes: readonly LocalSecondaryIndex[]): DeclaredAttributes {
  const declared: DeclaredAttribute[] = [];
  // A GSI keyed by a separate shard attribute declares, in its key, what the attribute it shards holds.
  for (const space of keySpaces) {
    const name = space.sharding?.logicalAttribute;
    const key = space.partitionKey[0];
    if (name === undefined || key === undefined) continue;
    declared.push({ name, cardinality: key.cardinality, kind: key.kind, path: key.path, ...(key.mutable === undefined ? {} : { mutable: key.mutable }) });
  }
  for (const space of keySpaces) {
    withComponents(declared, space.partitionKey);
    withComponents(declared, space.sortKey);
  }
  for (const lsi of localIndexes) withComponents(declared, lsi.sortKey);
  const byName = new Map<string, DeclaredAttribute[]>();
  for (const a of declared) {
    const name = withoutLeadingSlash(a.name);
    const named = byName.get(name);
    if (named) named.push(a);
    else byName.set(name, [a]);
  }
  return byName;
}

/** The declarations of `attribute` (`sameAttribute`'s match of its name). */
function declarationsOf(declared: DeclaredAttributes, attribute: string): readonly DeclaredAttribute[] {
  return declared.get(withoutLeadingSlash(attribute)) ?? [];
}

/** Appends each attribute, then its components: a key attribute is its own declaration, a component's is its part of the attribute. */
function withComponents(declared: DeclaredAttribute[], attributes: readonly KeyAttribute[]): void {
  for (const a of attributes) {
    declared.push(a);
    a.components.forEach((c, i) => declared.push({ name: c.name, cardinality: c.cardinality, kind: c.kind, path: `${a.path}.components[${i}]` }));
  }
}

/** What the design says about `attribute` as a shard source of `space`; `declared`: the design's `declaredAttributes`. */
export function sourceFacts(design: KeyDesign, space: KeySpace, attribute: string, declared: DeclaredAttributes): SourceFacts {
  return factsOf(design, attribute, declaredSharding(space, attribute), declarationsOf(declared, attribute));
}

/** `sourceFacts` from the attribute's declarations: `sharding`, where it is the declared source, and `named`, its own. */
function factsOf(design: KeyDesign, attribute: string, sharding: KeySpace['sharding'], named: readonly DeclaredAttribute[]): SourceFacts {
  const kinded = named.find((a) => a.kind !== undefined);
  const facts: { -readonly [K in keyof SourceFacts]: SourceFacts[K] } = kinded
    ? { timeBucket: kinded.kind === 'time-bucket', timeBucketFrom: 'key' }
    : { timeBucket: looksLikeTimeBucket(attribute), timeBucketFrom: 'name' };
  Object.assign(facts, sourceCardinality(sharding, named));
  const declaredMutable = sharding?.sourceMutable ?? named.find((a) => a.mutable !== undefined)?.mutable;
  if (declaredMutable !== undefined) {
    facts.mutable = declaredMutable;
    facts.mutableFrom = 'declared';
  } else if (isTableKey(design, attribute)) {
    facts.mutable = false;
    facts.mutableFrom = 'table-key';
  } else if (looksMutable(attribute)) {
    facts.mutable = true;
    facts.mutableFrom = 'name';
  }
  return facts;
}

/** The sharding of `space` where it declares `attribute` its source. */
function declaredSharding(space: KeySpace, attribute: string): KeySpace['sharding'] {
  return space.sharding?.sourceAttribute !== undefined && sameAttribute(space.sharding.sourceAttribute, attribute) ? space.sharding : undefined;
}

/** The fewest values the declarations of `attribute` give, where no sharding declares it a source: undefined where none counts them. */
export function declaredCardinality(declared: DeclaredAttributes, attribute: string): number | undefined {
  return sourceCardinality(undefined, declarationsOf(declared, attribute)).cardinality;
}

/** The values a source has, and where that is declared: on its sharding, else the fewest of its declarations `named`
 *  (an attribute keying two indexes: the fewest values is the one to trust, the first of them). */
function sourceCardinality(sharding: KeySpace['sharding'], named: readonly DeclaredAttribute[]): Pick<SourceFacts, 'cardinality' | 'cardinalityAt'> {
  if (sharding?.sourceCardinality !== undefined)
    return { cardinality: cardinalityValue(sharding.sourceCardinality), cardinalityAt: `${sharding.path}.sourceCardinality` };
  const counted = named.reduce<DeclaredAttribute | undefined>(
    (fewest, a) =>
      a.cardinality !== undefined && (fewest === undefined || cardinalityValue(a.cardinality) < cardinalityValue(fewest.cardinality)) ? a : fewest,
    undefined,
  );
  return counted ? { cardinality: cardinalityValue(counted.cardinality), cardinalityAt: `${counted.path}.cardinality` } : {};
}

function isTableKey(design: KeyDesign, attribute: string): boolean {
  const { partitionKey, sortKey } = design.primaryKey;
  return partitionKey.some((a) => sameAttribute(a.name, attribute)) || sortKey.some((a) => sameAttribute(a.name, attribute));
}

/**
 * A source that can fill `shards` shards and stays put: not known to change, not a time bucket, and with at least that
 * many declared values. The declared source is trusted when its cardinality is unknown (SG018 warns);
 * an attribute skewguard suggests must be known to be enough.
 */
export function canSpread(facts: SourceFacts, shards: number | undefined, trustUnknown: boolean): boolean {
  // A time bucket's many values are spread over time, not over the current writes: they all hash to one shard.
  return facts.mutable !== true && !facts.timeBucket && enoughValues(facts.cardinality, shards, trustUnknown);
}

function enoughValues(cardinality: number | undefined, shards: number | undefined, trustUnknown: boolean): boolean {
  return cardinality === undefined ? trustUnknown : cardinality >= Math.max(shards ?? 2, 2);
}

/**
 * The attribute a calculated shard of `space` should hash, or undefined (then random sharding, whose
 * reads fan out anyway; also where every write updates one item in place, `totalUpdatedInPlace`). In order: the attribute a declared transactional batch or stored procedure
 * is scoped by (shards keep each call on one shard), the declared source, one the reads of a whole key value give
 * (`readGiven`: `readGivenSources`, best first, which a count does not change), then a sort-key attribute no read gives
 * — each only when it can spread the load (see `canSpread`).
 */
export function spreadingShardSource(
  design: KeyDesign,
  space: KeySpace,
  readGiven: readonly string[],
  shards: number | undefined,
  attributes: DeclaredAttributes,
): string | undefined {
  const isKey = (name: string) => space.partitionKey.some((a) => sameAttribute(a.name, name));
  const declared = space.sharding?.sourceAttribute;
  const spreads = (name: string) => {
    if (isKey(name)) return false;
    const trustUnknown = declared !== undefined && sameAttribute(name, declared);
    // Its values first: most candidates the reads give declare none, and fail before their names are read for a time
    // bucket or a changing attribute (sourceFacts), which the lint would otherwise do for every key space it judges.
    const sharding = declaredSharding(space, name);
    const named = declarationsOf(attributes, name);
    if (!enoughValues(sourceCardinality(sharding, named).cardinality, shards, trustUnknown)) return false;
    return canSpread(factsOf(design, name, sharding, named), shards, trustUnknown);
  };
  // Every write updates one item in place: no attribute of it varies, so no calculated shard spreads them (random does).
  if (space === design.primaryKey && totalUpdatedInPlace(design)) return undefined;
  // The candidates in order, each judged only when every one before it could not spread the load.
  if (space === design.primaryKey) {
    for (const invariant of design.invariants) if (invariant.scopeAttribute !== undefined && spreads(invariant.scopeAttribute)) return invariant.scopeAttribute;
  }
  if (declared !== undefined && spreads(declared)) return declared;
  const given = readGiven.find(spreads);
  if (given !== undefined) return given;
  // No read gives one: the sort key still spreads the writes, and every read of a whole key value fans out as over random shards.
  // Reads look up one value of the source; a timestamp is read by range, never by one value.
  for (const a of space.sortKey) if (a.kind !== 'time-bucket' && spreads(a.name)) return a.name;
  return undefined;
}

/**
 * The attributes a calculated shard of `space` could hash that the reads of a whole key value give by equality, best
 * first: a read that gives the source computes its one shard and queries it alone, any other queries every shard
 * (AWS, "Using write sharding to distribute workloads evenly"). First those every such read gives, then by the share of
 * reads that give them, then in the order the patterns name them. A part of the partition key is the key, not a source:
 * it hashes every item of one key value to one shard. Reads that want any item take one shard's whatever the source.
 */
export function readGivenSources(space: KeySpace, patterns: readonly AccessPattern[]): string[] {
  const isKey = (name: string) => space.partitionKey.some((a) => sameAttribute(a.name, name) || a.components.some((c) => sameAttribute(c.name, name)));
  const reads = patterns.filter((p) => readsWholeKey(space, p) && p.wants !== 'any');
  // Each name with the reads that give it, counted in one pass: every key space is asked this once per lint.
  const ranked: { name: string; order: number; givers: number; share: number; lastGiver: AccessPattern | undefined }[] = [];
  for (const p of reads) {
    for (const name of p.keyAttributes) {
      if (isKey(name)) continue;
      let entry = ranked.find((r) => sameAttribute(r.name, name));
      if (entry === undefined) ranked.push((entry = { name, order: ranked.length, givers: 0, share: 0, lastGiver: undefined }));
      // A read naming the attribute twice (`/a` and `a`) gives it once.
      if (entry.lastGiver === p) continue;
      entry.lastGiver = p;
      entry.givers++;
      entry.share += p.share;
    }
  }
  const every = (r: (typeof ranked)[number]) => Number(r.givers === reads.length);
  if (ranked.length > 1) ranked.sort((a, b) => every(b) - every(a) || b.share - a.share || a.order - b.order);
  return ranked.map((r) => r.name);
}
