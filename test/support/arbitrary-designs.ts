/**
 * fast-check arbitraries for realistic design documents: the key names, cardinalities, loads, shares,
 * sharding and access patterns the rules react to, in every combination. Every generated design is
 * valid input (a share at least the uniform one, a source attribute that is not a key level): the
 * fix-convergence test fails on one normalize() refuses. `corrupted` makes invalid ones on purpose.
 */
import fc from 'fast-check';
import type { AccessPatternDesign, CosmosContainerDesign, DesignDocument, DynamoDbTableDesign, ShardingDesign } from '../../lib';

const cardinality = fc.constantFrom<number | 'unique'>(1, 3, 5, 12, 50, 150, 5000, 200000, 'unique');
const units = fc.oneof(fc.constantFrom(0, 50, 800, 801, 2400, 2401, 10000), fc.integer({ min: 0, max: 120000 }));
const share = fc.oneof(fc.constantFrom(0.05, 0.1, 0.25, 0.333, 0.56, 1), fc.double({ min: 0.001, max: 1, noNaN: true }));
const shardCount = fc.oneof(fc.constantFrom(2, 3, 4, 7, 25, 64, 150), fc.integer({ min: 2, max: 300 }));

/** A declared share is at least the uniform one, 1/cardinality (below it is invalid input). */
function atLeastUniform(value: number | undefined, card: number | 'unique'): number | undefined {
  if (value === undefined) return undefined;
  return card === 'unique' ? value : Math.max(value, 1 / card);
}

function sharding(sources: readonly string[]): fc.Arbitrary<ShardingDesign | undefined> {
  return fc.option(
    fc.oneof(
      fc.record({ strategy: fc.constant('random' as const), shards: shardCount }),
      fc.record({ strategy: fc.constant('replicated' as const), shards: shardCount }),
      ...(sources.length
        ? [fc.record({ strategy: fc.constant('calculated' as const), shards: shardCount, sourceAttribute: fc.constantFrom(...sources) })]
        : []),
    ),
    { nil: undefined },
  );
}

/** What an access pattern reads: the partition-key attributes of its key space and their sharding. */
interface ReadSpace {
  readonly partitionKey: readonly string[];
  readonly sharding?: ShardingDesign;
}

/** The values a pattern's `keyValue` names: a queue's status, a label for a value that changes over time. */
const keyValues = fc.constantFrom('QUEUED', 'current-season', 'hot-item');

/**
 * Access patterns before their key space is known (its sharding is drawn alongside them): `finish` turns them into
 * valid patterns, keeping `wants: "any"` only on a random- or calculated-sharded key read without fanOut (`fanOut` on any key:
 * where nothing fans out it is SG009's warning, which a fix must not leave behind), and
 * giving a pattern that names a `keyValue` its key space's whole partition key (README: access patterns).
 */
function accessPatterns(
  attributes: readonly string[],
  indexes: readonly string[],
): fc.Arbitrary<{ finish(spaceOf: (index: string | undefined) => ReadSpace): AccessPatternDesign[] }> {
  const pattern = fc.record({
    keyAttributes: fc.subarray([...attributes]),
    index: indexes.length ? fc.option(fc.constantFrom(...indexes), { nil: undefined }) : fc.constant(undefined),
    weight: fc.integer({ min: 1, max: 10 }),
    fanOut: fc.boolean(),
    wantsAny: fc.boolean(),
    keyValue: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: keyValues, weight: 1 }),
  });
  return fc.array(pattern, { maxLength: 4 }).chain((patterns) =>
    fc.double({ min: 0.3, max: 1, noNaN: true }).map((total) => ({
      finish(spaceOf: (index: string | undefined) => ReadSpace): AccessPatternDesign[] {
        const sum = patterns.reduce((s, p) => s + p.weight, 0);
        return patterns.map((p, i) => {
          const space = spaceOf(p.index);
          const strategy = space.sharding?.strategy;
          // One shard to pick: `wants: "any"` is refused on a key without random or calculated shards.
          const sharded = strategy === 'random' || strategy === 'calculated';
          const wantsAny = p.wantsAny && !p.fanOut && sharded;
          const keyAttributes = p.keyValue === undefined ? p.keyAttributes : [...new Set([...space.partitionKey, ...p.keyAttributes])];
          return {
            name: `pattern-${i}`,
            keyAttributes,
            ...(p.index ? { index: p.index } : {}),
            share: Math.floor((p.weight / sum) * total * 1000) / 1000,
            ...(p.fanOut ? { fanOut: true } : {}),
            ...(wantsAny ? { wants: 'any' as const } : {}),
            ...(p.keyValue !== undefined ? { keyValue: p.keyValue } : {}),
          };
        });
      },
    })),
  );
}

export const dynamoTable: fc.Arbitrary<DynamoDbTableDesign> = fc
  .record({
    pk: fc.constantFrom('eventId', 'status', 'orderDate', 'userId', 'tenantId', 'productId'),
    pkCardinality: cardinality,
    sortKey: fc.constantFrom('none', 'itemId', 'createdAt'),
    billing: fc.constantFrom<'on-demand' | 'provisioned'>('on-demand', 'provisioned'),
    reads: units,
    writes: units,
    hotKeyShare: fc.option(share, { nil: undefined }),
    gsi: fc.option(
      fc.record({
        pk: fc.constantFrom('customerId', 'shipmentStatus', 'day'),
        card: cardinality,
        share: fc.option(share, { nil: undefined }),
        reads: fc.option(units, { nil: undefined }),
      }),
      { nil: undefined },
    ),
    lsi: fc.boolean(),
    largestPartitionGb: fc.option(fc.constantFrom(1, 9, 12, 40), { nil: undefined }),
    contributorInsights: fc.constantFrom(true, true, true, false),
    latencyAlarms: fc.constantFrom(true, true, true, false),
  })
  .chain((t) => {
    const sortKeyName = t.sortKey === 'none' ? undefined : t.sortKey;
    const attributes = [t.pk, ...(sortKeyName ? [sortKeyName] : []), 'customerId'];
    const gsiName = t.gsi ? `by-${t.gsi.pk}` : undefined;
    return fc
      .record({
        tableSharding: sharding(sortKeyName ? [sortKeyName, 'customerId'] : ['customerId']),
        gsiSharding: sharding(['itemId']),
        patterns: accessPatterns(attributes, gsiName ? [gsiName] : []),
      })
      .map((extra): DynamoDbTableDesign => ({
        engine: 'dynamodb',
        name: 'generated',
        partitionKey: { name: t.pk, type: 'S', cardinality: t.pkCardinality },
        ...(sortKeyName ? { sortKey: { name: sortKeyName, type: 'S', cardinality: 'unique' } } : {}),
        billing: t.billing,
        workload: {
          peakReadUnits: t.reads,
          peakWriteUnits: t.writes,
          ...(t.hotKeyShare ? { hotKeyShare: atLeastUniform(t.hotKeyShare, t.pkCardinality) } : {}),
        },
        ...(extra.tableSharding ? { sharding: extra.tableSharding } : {}),
        ...(t.gsi
          ? {
              globalSecondaryIndexes: [
                {
                  indexName: gsiName as string,
                  partitionKey: { name: t.gsi.pk, type: 'S', cardinality: t.gsi.card },
                  sortKey: { name: 'itemId', type: 'S' },
                  ...(t.gsi.share || t.gsi.reads !== undefined
                    ? {
                        workload: {
                          ...(t.gsi.share ? { hotKeyShare: atLeastUniform(t.gsi.share, t.gsi.card) } : {}),
                          ...(t.gsi.reads !== undefined ? { peakReadUnits: t.gsi.reads } : {}),
                        },
                      }
                    : {}),
                  ...(extra.gsiSharding ? { sharding: extra.gsiSharding } : {}),
                },
              ],
            }
          : {}),
        ...(t.lsi && sortKeyName ? { localSecondaryIndexes: [{ indexName: 'by-seat', sortKey: { name: 'seat', type: 'S' } }] } : {}),
        ...(t.largestPartitionGb !== undefined ? { storage: { largestPartitionGb: t.largestPartitionGb } } : {}),
        accessPatterns: extra.patterns.finish((index) =>
          index === undefined ? { partitionKey: [t.pk], sharding: extra.tableSharding } : { partitionKey: [t.gsi?.pk as string], sharding: extra.gsiSharding },
        ),
        monitoring: { contributorInsights: t.contributorInsights, latencyAlarms: t.latencyAlarms },
      }));
  });

/**
 * A DynamoDB table design with the index shapes that synthesize differently: besides the single-key
 * GSI of `dynamoTable`, a GSI on a multi-attribute key (`partitionKeys` / `sortKeys`, numbers too).
 */
export const dynamoTableWithIndexes: fc.Arbitrary<DynamoDbTableDesign> = fc
  .record({
    table: dynamoTable,
    multi: fc.option(fc.record({ parts: fc.integer({ min: 1, max: 3 }), sorts: fc.integer({ min: 0, max: 2 }), card: cardinality }), { nil: undefined }),
  })
  .map(({ table, multi }): DynamoDbTableDesign => {
    if (!multi) return table;
    const partitionKeys = [
      { name: 'tenantId', type: 'S' as const, cardinality: multi.card },
      { name: 'ownerId', type: 'S' as const, cardinality: 'unique' as const },
      { name: 'regionCode', type: 'N' as const, cardinality: 12 },
    ].slice(0, multi.parts);
    const sortKeys = [
      { name: 'updatedAt', type: 'N' as const },
      { name: 'documentId', type: 'S' as const },
    ].slice(0, multi.sorts);
    return {
      ...table,
      globalSecondaryIndexes: [...(table.globalSecondaryIndexes ?? []), { indexName: 'by-tenant', partitionKeys, ...(sortKeys.length ? { sortKeys } : {}) }],
    };
  });

const levels = ['/tenantId', '/deviceId', '/userId', '/yyyyMM', '/sessionId', '/country'];

/** What a calculated sharding may hash: `/userId`, or the document's id where `/userId` is a key level (normalize refuses one). */
const sourcesBeside = (paths: readonly string[]) => [paths.includes('/userId') ? '/id' : '/userId'];

export const cosmosContainer: fc.Arbitrary<CosmosContainerDesign> = fc
  .record({
    paths: fc.uniqueArray(fc.constantFrom(...levels), { minLength: 1, maxLength: 3 }),
    cardinalities: fc.array(cardinality, { minLength: 3, maxLength: 3 }),
    levelShares: fc.array(fc.option(share, { nil: undefined }), { minLength: 3, maxLength: 3 }),
    levelSizes: fc.array(fc.option(fc.constantFrom(2, 20, 60), { nil: undefined }), { minLength: 3, maxLength: 3 }),
    reads: units,
    writes: units,
    hotKeyShare: fc.option(share, { nil: undefined }),
    largestPartitionGb: fc.option(fc.constantFrom(5, 16, 30, 50), { nil: undefined }),
    diagnostics: fc.constantFrom(true, true, true, false),
  })
  .chain((c) =>
    fc.record({ sharding: sharding(sourcesBeside(c.paths)), patterns: accessPatterns([...c.paths, '/userId'], []) }).map((extra): CosmosContainerDesign => {
      // Per-level figures can only shrink level by level, and a level's share is at least the uniform one of the prefix
      // down to it (normalize counts its most varied level's values); the full key's is declared once.
      let shareAbove = 1;
      let sizeAbove = Infinity;
      let prefixValues: number | 'unique' = 1;
      const paths = c.paths.map((path, i) => {
        const last = i === c.paths.length - 1;
        const values = c.cardinalities[i];
        prefixValues = prefixValues === 'unique' || values === 'unique' ? 'unique' : Math.max(prefixValues, values);
        const declared = atLeastUniform(c.levelShares[i], prefixValues);
        const levelShare = !last && declared !== undefined ? Math.min(shareAbove, declared) : undefined;
        const levelSize = !last && c.levelSizes[i] !== undefined ? Math.min(sizeAbove, c.levelSizes[i] as number) : undefined;
        shareAbove = levelShare ?? shareAbove;
        sizeAbove = levelSize ?? sizeAbove;
        return {
          path,
          cardinality: c.cardinalities[i],
          ...(levelShare ? { hotKeyShare: levelShare } : {}),
          ...(levelSize !== undefined ? { largestGb: levelSize } : {}),
        };
      });
      const fullCardinality = c.cardinalities.slice(0, c.paths.length).reduce<number>((max, k) => Math.max(max, k === 'unique' ? Infinity : k), 0);
      const fullShare = atLeastUniform(c.hotKeyShare, fullCardinality === Infinity ? 'unique' : fullCardinality);
      return {
        engine: 'cosmosdb',
        name: 'generated',
        partitionKey: { paths },
        workload: { peakReadUnits: c.reads, peakWriteUnits: c.writes, ...(fullShare && fullShare <= shareAbove ? { hotKeyShare: fullShare } : {}) },
        ...(c.largestPartitionGb !== undefined && c.largestPartitionGb <= sizeAbove ? { storage: { largestPartitionGb: c.largestPartitionGb } } : {}),
        ...(extra.sharding ? { sharding: extra.sharding } : {}),
        accessPatterns: extra.patterns.finish(() => ({ partitionKey: c.paths, sharding: extra.sharding })),
        monitoring: { partitionKeyDiagnostics: c.diagnostics },
      };
    }),
  );

export const designDocument: fc.Arbitrary<DesignDocument> = fc
  .record({
    tables: fc.array(dynamoTable, { maxLength: 2 }),
    containers: fc.array(cosmosContainer, { maxLength: 2 }),
  })
  .map(({ tables, containers }) => ({
    tables: tables.map(({ engine: _, ...t }, i) => ({ ...t, name: `table-${i}` })),
    containers: containers.map(({ engine: _, ...c }, i) => ({ ...c, name: `container-${i}` })),
  }));

/** A field of a JSON value: its path (finding-path syntax, `tables[0].workload.peakReadUnits`) and value. */
export interface Field {
  readonly path: string;
  readonly value: unknown;
}

/** Every field of a JSON value below the root (objects and arrays, depth first). */
export function fieldsOf(value: unknown, prefix = ''): Field[] {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [`${prefix}[${i}]`, item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .filter(([, item]) => item !== undefined)
          .map(([key, item]) => [prefix ? `${prefix}.${key}` : key, item])
      : [];
  return entries.flatMap(([path, item]) => [{ path, value: item }, ...fieldsOf(item, path)]);
}

/** Values no field holding `current` may take: wrong JSON types, impossible numbers, empty strings. */
export function invalidReplacements(current: unknown, path = ''): unknown[] {
  // A cardinality is a whole number ≥ 1 or "unique".
  if (/(^|\.)cardinality$/.test(path)) return [0, -1, 1.5, NaN, Infinity, '', 'many', '12', null, true, [], {}];
  const wrongTypes = [null, true, 'x', 42, [], {}];
  if (typeof current === 'number') return [NaN, Infinity, -Infinity, -1, '12', null, true, [], {}];
  if (typeof current === 'string') return ['', 42, null, false, [], {}];
  if (typeof current === 'boolean') return ['true', 1, null, [], {}];
  if (Array.isArray(current)) return wrongTypes.filter((v) => !Array.isArray(v));
  return wrongTypes.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v));
}

/** A copy of `root` with the field at `path` set to `value` (a copy, `root` is left as it is). */
export function withField<T>(root: T, path: string, value: unknown): T {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  const segments = [...path.matchAll(/[^.[\]]+|\[(\d+)\]/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[0]));
  const last = segments.pop() as string | number;
  let parent = copy;
  for (const segment of segments) parent = parent[segment] as Record<string | number, unknown>;
  parent[last] = value;
  return copy as T;
}

/** An input with one field made invalid, and the path the error must name. */
export interface Corruption<T> {
  readonly input: T;
  /** The field changed, and the path an error about it must name. */
  readonly path: string;
  readonly value: unknown;
}

/**
 * Valid inputs with exactly one field made invalid: a value of the wrong type, NaN, an infinity, a
 * negative number, an empty string, or an unknown field added to an object. `skip` leaves out the
 * fields (by path) whose value may legitimately vary in type.
 */
export function corrupted<T>(valid: fc.Arbitrary<T>, skip: (path: string) => boolean = () => false): fc.Arbitrary<Corruption<T>> {
  return valid.chain((input) => {
    const fields = fieldsOf(input).filter((f) => !skip(f.path));
    const objects = fields.filter((f) => typeof f.value === 'object' && f.value !== null && !Array.isArray(f.value));
    const replaced = fc
      .constantFrom(...fields)
      .chain((field) =>
        fc
          .constantFrom(...invalidReplacements(field.value, field.path))
          .map((value) => ({ input: withField(input, field.path, value), path: field.path, value })),
      );
    if (objects.length === 0) return replaced;
    const unknown = fc
      .constantFrom(...objects)
      .map((field) => ({ input: withField(input, `${field.path}.bogusField`, 1), path: `${field.path}.bogusField`, value: 1 }));
    return fc.oneof({ arbitrary: replaced, weight: 4 }, { arbitrary: unknown, weight: 1 });
  });
}
