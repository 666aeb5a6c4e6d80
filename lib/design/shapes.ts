/**
 * The input shapes: structure and value ranges of every field a user declares. Cross-field rules
 * (a GSI needs exactly one partition-key form, shares add up to at most 1, …) live in normalize.ts.
 */
import { COSMOS_LIMITS, DEFAULT_QUOTAS, DYNAMODB_AUTO_SCALING_TARGET, DYNAMODB_LIMITS, ENGINE_LIST, ENGINES, type DynamoDbQuotas } from '../engines';
import { cosmosThroughputShape } from './cosmos-throughput';
import type {
  AccessPatternDesign,
  CapacityUnitsDesign,
  AcknowledgementDesign,
  ContainerJoinDesign,
  CosmosContainerDesign,
  CosmosKeyPathDesign,
  CosmosMonitoringDesign,
  CosmosPartitionKeyDesign,
  CosmosStorageDesign,
  DesignDocument,
  DynamoDbMonitoringDesign,
  DynamoDbTableDesign,
  DynamoDbWorkloadDesign,
  ExternalKeyDesign,
  ExternalResourceDesign,
  GlobalSecondaryIndexDesign,
  IndexWorkloadDesign,
  InvariantDesign,
  KeyPartDesign,
  LocalSecondaryIndexDesign,
  OnDemandThroughputDesign,
  PartitionKeyAttributeDesign,
  ProvisionedCapacityDesign,
  ShardingDesign,
  SortKeyAttributeDesign,
  StorageDesign,
  ThresholdOverrides,
  WarmThroughputDesign,
  WorkloadDesign,
} from './input';
import { MAX_SHARDS_ACCEPTED } from './limits';
import { bool, calendarDay, describe, either, list, num, oneOf, pathOf, record, text, type Props, type Shape } from './shape';

/** DynamoDB table and index names: 3–255 of `A-Z a-z 0-9 _ - .` (Developer Guide, "Naming rules"). */
const dynamoDbName = text({
  minLength: 3,
  lengthRule:
    'DynamoDB table and index names are 3 to 255 characters (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html)',
  maxLength: 255,
  pattern: /^[A-Za-z0-9_.-]{3,255}$/,
  patternHint: '3 to 255 letters, digits, "_", "-" and "."',
});
/**
 * Cosmos DB database and container ids: up to 255 characters (Azure Cosmos DB service limits), none of
 * `/ \ ? #` ("The following characters are restricted and cannot be used in the Id property",
 * https://learn.microsoft.com/dotnet/api/microsoft.azure.cosmos.databaseproperties.id), and no control,
 * bidi or zero-width character: the id is a segment of the resource's URI
 * (https://learn.microsoft.com/azure/cosmos-db/nosql/how-to-dotnet-create-container), and the skew
 * alerts' names and queries and Azure's logs show it as written, where such a character hides or reorders it.
 */
export const cosmosNameShape = text({
  maxLength: 255,
  pattern: /^[^/\\?#]+$/,
  patternHint: 'up to 255 characters, none of "/", "\\", "?" or "#"',
  visibleBecause:
    "a Cosmos DB id is a segment of its resource's URI, and the alerts and Azure's logs show it as written, where such a character hides or reorders it; use letters, digits and visible punctuation",
});
/** External resources of either engine: a label for reports (a template's logical ID, say). */
const anyResourceName = text({ maxLength: 255 });
/** DynamoDB attribute names are 1 byte to 64 KB in UTF-8 (Developer Guide, "Naming rules"); a key
 *  attribute's name, of the table or of a secondary index, at most 255 (API Reference,
 *  KeySchemaElement: https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_KeySchemaElement.html;
 *  counted in UTF-8 bytes, as the Developer Guide counts index key names). Cosmos paths are checked by SG005. */
const attributeName = text({ maxBytes: 65_536 });
const keyAttributeName = text({ maxBytes: 255 });
const cardinality = either(num({ integer: true, min: 1 }), oneOf(['unique']));
const attributeKind = oneOf(['time-bucket', 'value']);
/** The most units per second one resource of an engine can be provisioned with, and why: a figure above it is a typo, not a design. */
interface UnitsCeiling {
  readonly provider: string;
  readonly max: number;
  readonly unit: string;
  readonly why: string;
}

const DYNAMODB_UNITS: UnitsCeiling = {
  provider: 'DynamoDB',
  max: DYNAMODB_LIMITS.apiCapacityUnitsMax,
  unit: 'units per second',
  why: 'its capacity units are 64-bit integers (ProvisionedThroughput), carried exactly by a JSON number up to',
};
// The bound `requestUnitsShape` puts on declared RU/s: a peak above what any container can be given throttles whatever the design.
const COSMOS_UNITS: UnitsCeiling = {
  provider: 'Azure',
  max: COSMOS_LIMITS.apiRequestUnitsMax,
  unit: 'RU/s',
  why: "a container's throughput is a 32-bit integer, at most",
};

/** `base`, refusing a number above the engine's ceiling with an error that names the bound and its reason. */
function unitsUpTo({ provider, max, unit, why }: UnitsCeiling, base: Shape<number>): Shape<number> {
  return {
    expected: base.expected,
    is: base.is,
    read(value, place, issues, key) {
      if (typeof value !== 'number' || !(value > max) || value === Infinity) return base.read(value, place, issues, key);
      issues.push({
        path: pathOf(place, key),
        message: `is ${describe(value)} ${unit}, more than ${provider} can provision (${why} ${max.toLocaleString('en-US')}); declare a figure per second, not a count per day or month`,
      });
      return undefined;
    },
    schema: () => ({ ...base.schema(), maximum: max }),
  };
}

const dynamoDbUnits = unitsUpTo(DYNAMODB_UNITS, num({ min: 0 }));
const cosmosUnits = unitsUpTo(COSMOS_UNITS, num({ min: 0 }));
const share = num({ min: 0, max: 1 });
const hotKeyShare = num({ above: 0, max: 1 });

const keyPart = record<KeyPartDesign>(
  {
    name: { shape: attributeName, doc: 'Name of this part of the composite value.' },
    cardinality: { shape: cardinality, optional: true, doc: 'Distinct values of this part, or "unique".' },
    kind: { shape: attributeKind, optional: true, doc: '"time-bucket" for dates and hours; inferred from the name when omitted.' },
  },
  // A part is often first written as a bare attribute name: the error names the fields it needs.
  {
    expected: 'an object { name, cardinality, kind? } (e.g. { "name": "deviceId", "cardinality": 50000 }; cardinality is required with two or more parts)',
    blank: () => ({ name: undefined, cardinality: undefined, kind: undefined }),
  },
);

function keyAttributeProps(name: typeof attributeName) {
  return {
    name: { shape: name, doc: 'Attribute name as stored in the item.' },
    type: { shape: oneOf(['S', 'N', 'B']), optional: true, doc: 'DynamoDB attribute type: S, N or B.' },
    kind: { shape: attributeKind, optional: true, doc: '"time-bucket" for dates and hours; inferred from the name when omitted.' },
    components: { shape: list(keyPart, { minItems: 1 }), optional: true, doc: 'Parts of a composite string value, in order (COUNTRY#STATE#CITY).' },
    mutable: {
      shape: bool(),
      optional: true,
      doc: "Index keys: the application changes this attribute on existing items (a score, a status; for a composite, any of its components, as `status` of `status#dueDate`: the stored value then changes); inferred from the names (the attribute's and its components') when omitted, and then a finding over only at the doubled index writes it implies is a warning.",
    },
  } as const;
}

function partitionKeyAttributeShape(name: typeof attributeName) {
  return record<PartitionKeyAttributeDesign>(
    {
      ...keyAttributeProps(name),
      cardinality: {
        shape: cardinality,
        doc: 'Expected distinct values at peak, or "unique" for id-like keys. With components, the whole value\'s: at most the product of the parts\' cardinalities, fewer when one part decides another (a city its state). With sharding, the values before sharding: --fix leaves it as it is when it writes the shards.',
      },
    },
    { blank: () => ({ name: undefined, type: undefined, kind: undefined, components: undefined, mutable: undefined, cardinality: undefined }) },
  );
}

/** `{ required: names }`, with the names repeated under `properties` so strict validators (ajv `strictRequired`) accept it. */
function requires(...names: string[]) {
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, true])), required: names };
}

/** A sort key of several parts is checked for order (SG004): each part needs its cardinality. */
const ORDERED_PARTS_NEED_CARDINALITY = {
  if: { properties: { components: { type: 'array', minItems: 2 } }, required: ['components'] },
  then: { properties: { components: { type: 'array', items: requires('cardinality') } } },
};

function sortKeyAttributeShape(name: typeof attributeName) {
  return record<SortKeyAttributeDesign>(
    {
      ...keyAttributeProps(name),
      cardinality: { shape: cardinality, optional: true, doc: 'Distinct values; required when a key has several ordered parts.' },
    },
    {
      constraints: [ORDERED_PARTS_NEED_CARDINALITY],
      blank: () => ({ name: undefined, type: undefined, kind: undefined, components: undefined, mutable: undefined, cardinality: undefined }),
    },
  );
}

const partitionKeyAttribute = partitionKeyAttributeShape(keyAttributeName);
const sortKeyAttribute = sortKeyAttributeShape(keyAttributeName);

/** The fields of a design's workload, its peaks in the engine's units (`units`: bounded by what it can provision). */
const workloadProps = (units: Shape<number>): Props<WorkloadDesign> => ({
  peakReadUnits: {
    shape: units,
    doc: 'Peak reads per second: RCU (DynamoDB) or RU/s (Cosmos DB), before fan-out: each read as the application issues it, one query of one key (the lint multiplies fan-out reads by the shards they query), not the units measured with the fan-out.',
  },
  peakWriteUnits: { shape: units, doc: 'Peak writes per second: WCU (DynamoDB) or RU/s (Cosmos DB).' },
  hotKeyShare: {
    shape: hotKeyShare,
    optional: true,
    doc: 'Share (0–1] of the traffic its key serves (where access patterns read a GSI, the reads they leave the table key) the hottest key value takes; default uniform.',
  },
  hotKeyOperations: {
    shape: oneOf(['reads', 'writes', 'both']),
    optional: true,
    doc: "Which operations carry the hottest key value's share: reads, writes or both (default both).",
  },
  hotKeyMoves: {
    shape: bool(),
    optional: true,
    doc: 'Which value is the hottest is not known ahead or changes over time: a write-sharding fix shards every value, not the hottest alone (default false).',
  },
});

const workloadShape = (units: Shape<number>) =>
  record<WorkloadDesign>(workloadProps(units), {
    blank: () => ({ peakReadUnits: undefined, peakWriteUnits: undefined, hotKeyShare: undefined, hotKeyOperations: undefined, hotKeyMoves: undefined }),
  });

const dynamoDbWorkload = record<DynamoDbWorkloadDesign>(
  {
    ...workloadProps(dynamoDbUnits),
    newItemShare: {
      shape: hotKeyShare,
      optional: true,
      doc: "Share (0–1] of the peak writes that put or delete an item (the rest update existing items): a KEYS_ONLY index is counted at this share of the table's writes, an INCLUDE one at least at it; default 1 on a table keyed by a unique value, else unknown.",
    },
  },
  {
    blank: () => ({
      peakReadUnits: undefined,
      peakWriteUnits: undefined,
      hotKeyShare: undefined,
      hotKeyOperations: undefined,
      hotKeyMoves: undefined,
      newItemShare: undefined,
    }),
  },
);

const indexWorkload = record<IndexWorkloadDesign>(
  {
    peakReadUnits: {
      shape: dynamoDbUnits,
      optional: true,
      doc: "Peak RCU on this index; default the table's peak reads times the share of the access patterns that read this index (plus the share no pattern claims).",
    },
    peakWriteUnits: {
      shape: dynamoDbUnits,
      optional: true,
      doc: "Peak WCU on this index; default the table's, or twice them when an index key attribute changes on updates (mutable, or a name like status or score: a finding over only at twice them, on a name alone, is a warning).",
    },
    hotKeyShare: { shape: hotKeyShare, optional: true, doc: "Share (0–1] of the index's traffic the hottest key value takes." },
    hotKeyMoves: {
      shape: bool(),
      optional: true,
      doc: "Which value of the index's key is the hottest is not known ahead or changes over time (default the table's, where the index's hottest share is the table's).",
    },
  },
  { blank: () => ({ peakReadUnits: undefined, peakWriteUnits: undefined, hotKeyShare: undefined, hotKeyMoves: undefined }) },
);

const storage = record<StorageDesign>(
  {
    largestPartitionGb: { shape: num({ min: 0 }), optional: true, doc: 'Expected GB of the largest logical partition / item collection.' },
  },
  { blank: () => ({ largestPartitionGb: undefined }) },
);

const cosmosStorage = record<CosmosStorageDesign>(
  {
    largestPartitionGb: { shape: num({ min: 0 }), optional: true, doc: 'Expected GB of the largest logical partition.' },
    totalGb: {
      shape: num({ min: 0 }),
      optional: true,
      doc: 'Expected total GB of the container: one physical partition per 50 GB; with replicated sharding, its copies included.',
    },
  },
  { blank: () => ({ largestPartitionGb: undefined, totalGb: undefined }) },
);

const sharding = record<ShardingDesign>(
  {
    strategy: {
      shape: oneOf(['random', 'calculated', 'replicated']),
      doc: '"random" (reads fan out), "calculated" (hash of sourceAttribute picks the shard) or "replicated" (N copies written together, read at random).',
    },
    shards: {
      shape: num({ integer: true, min: 2, max: MAX_SHARDS_ACCEPTED }),
      doc: "Number of keys N per logical key (shards, or copies); size it with shardsFor() / replicasFor(). The key's cardinality stays its values before sharding.",
    },
    sourceAttribute: { shape: attributeName, optional: true, doc: 'Attribute hashed to pick the shard (calculated only).' },
    separator: { shape: text({ maxLength: 8 }), optional: true, doc: 'Text between the key and the shard number; default "#".' },
    logicalAttribute: {
      shape: attributeName,
      optional: true,
      doc: 'Global secondary index only: the attribute whose value the partition key (a separate shard attribute the application writes) holds before its shard suffix; an undeclared kind of that key is inferred from this name.',
    },
    hotValues: {
      shape: num({ integer: true, min: 1, max: MAX_SHARDS_ACCEPTED }),
      optional: true,
      doc: "Shard only this many of the key's hottest values (random or calculated sharding), listed in the application's configuration; the other values stay unsharded, read as one key. Default: every value is sharded.",
    },
    sourceCardinality: {
      shape: cardinality,
      optional: true,
      doc: 'Distinct values of sourceAttribute (calculated only); default the cardinality the design declares for that attribute.',
    },
    sourceMutable: {
      shape: bool(),
      optional: true,
      doc: 'sourceAttribute changes on existing items (calculated only); default inferred (table keys never change).',
    },
  },
  {
    constraints: [
      {
        if: { properties: { strategy: { type: 'string', const: 'calculated' } } },
        then: requires('sourceAttribute'),
        else: { not: { anyOf: [requires('sourceAttribute'), requires('sourceCardinality'), requires('sourceMutable')] } },
      },
    ],
    blank: () => ({
      strategy: undefined,
      shards: undefined,
      sourceAttribute: undefined,
      separator: undefined,
      logicalAttribute: undefined,
      hotValues: undefined,
      sourceCardinality: undefined,
      sourceMutable: undefined,
    }),
  },
);

const invariant = record<InvariantDesign>({
  kind: {
    shape: oneOf(['conditional-write', 'running-total', 'transaction', 'transactional-batch', 'stored-procedure']),
    doc: 'What must stay within one key value: a conditional write or running total on one item; a DynamoDB transaction (TransactWriteItems); a Cosmos DB transactional batch or stored procedure.',
  },
  description: { shape: text({ maxLength: 2000 }), optional: true, doc: 'What must hold, for reports.' },
  scopeAttribute: {
    shape: attributeName,
    optional: true,
    doc: 'Attribute all items of one transaction or batch share within the key value, or (conditional-write) that identifies the conditioned item within it (DynamoDB: the sort key or one of its components); a shard calculated on it keeps each on one shard.',
  },
  splitPerShard: {
    shape: bool(),
    optional: true,
    doc: 'The aggregate is kept per shard (sub-balances, per-shard counters read together); default false.',
  },
});

const accessPattern = record<AccessPatternDesign>(
  {
    name: { shape: text({ maxLength: 255 }), doc: 'A name for reports.' },
    index: { shape: attributeName, optional: true, doc: 'DynamoDB index the query reads; default the table.' },
    keyAttributes: {
      shape: list(attributeName),
      doc: 'Attributes the query supplies with equality (partition key, and the leading sort-key attributes or parts).',
    },
    rangeAttribute: {
      shape: attributeName,
      optional: true,
      doc: 'DynamoDB: the sort-key attribute or composite part the query bounds with a range, right after its equality ones (Cosmos DB has no sort key: keyAttributes alone say how a query is routed).',
    },
    share: { shape: share, doc: 'Share (0–1) of all queries that use this pattern.' },
    fanOut: {
      shape: bool(),
      optional: true,
      doc: 'The read queries every shard (or every bucket of a synthetic bucketed first level it names) and merges results; no effect on a key with neither (SG009 warns); default false.',
    },
    limit: {
      shape: num({ integer: true, min: 1 }),
      optional: true,
      doc: 'The query reads a page of at most this many items at a time (DynamoDB Limit); default none: every item it matches.',
    },
    resultKb: {
      shape: num({ above: 0 }),
      optional: true,
      doc: 'KB one read returns from an unsharded key value; each shard is charged its part (DynamoDB: per 4 KB, at least one unit; Cosmos DB: at least about 2.5 RU); default unknown: split 1/N.',
    },
    wants: {
      shape: oneOf(['all', 'any']),
      optional: true,
      doc: '"all": every matching item (a sharded key must fan out); "any": any matching item will do (a queue poll), one shard serves it; default "all".',
    },
    keyValue: {
      shape: text({ maxLength: 1024 }),
      optional: true,
      doc: "The one partition-key value all of this pattern's reads ask for (QUEUED), which then takes them all; default none.",
    },
    consistentRead: {
      shape: bool(),
      optional: true,
      doc: 'DynamoDB: the read is strongly consistent (ConsistentRead): twice the read units of an eventually consistent read, never served by DAX, refused on a global secondary index; default false (eventually consistent).',
    },
  },
  {
    blank: () => ({
      name: undefined,
      index: undefined,
      keyAttributes: undefined,
      rangeAttribute: undefined,
      share: undefined,
      fanOut: undefined,
      limit: undefined,
      resultKb: undefined,
      wants: undefined,
      keyValue: undefined,
      consistentRead: undefined,
    }),
  },
);

/** Marks where the schema lists the catalogue's rule ids (the design model does not know the rules). */
export const RULE_ID_SCHEMA_MARKER = 'skewguard:rule-id';
/** `sg3`, `SG-3`, `sg 003` → `SG003`: the id a user typed loosely (`skewguard explain` takes any of them). */
const canonicalRuleId = (value: string): string | undefined => {
  const digits = /^sg[-_ ]?(\d{1,3})$/i.exec(value)?.[1];
  return digits === undefined ? undefined : `SG${digits.padStart(3, '0')}`;
};
const ruleIdText = text({ pattern: /^SG\d{3}$/, patternHint: 'a rule id such as "SG014"', suggest: canonicalRuleId });
const ruleId: typeof ruleIdText = { ...ruleIdText, schema: () => ({ ...ruleIdText.schema(), $comment: RULE_ID_SCHEMA_MARKER }) };

export const acknowledgementShape = record<AcknowledgementDesign>({
  rule: { shape: ruleId, doc: 'Rule id, e.g. "SG014".' },
  reason: { shape: text({ minLength: 10, maxLength: 2000, minVisible: true }), doc: 'Why the finding is accepted (at least 10 visible characters).' },
  index: { shape: attributeName, optional: true, doc: 'Waive only on this DynamoDB index.' },
  appliesTo: {
    shape: list(text({ pattern: /^[A-Za-z][A-Za-z0-9]*$/, patternHint: 'a message id such as "overQuota"' }), { minItems: 1 }),
    optional: true,
    doc: "Waive only these kinds of the rule's findings: their message ids (a finding's messageId, or the kind it is a variant of, its variantOf: SG003's hotKey waives hotNamedKey), or parts of one (a finding's parts, SG003's hotKeyReads), each part of a finding named, here or by other waivers of the rule on its key space, to waive it. Default: every kind.",
  },
  expires: {
    shape: calendarDay(),
    optional: true,
    doc: 'Last day (UTC, YYYY-MM-DD) the waiver holds; from the next day its findings count again, reported with the waiver and its date. Default: never.',
  },
});

const thresholds = record<ThresholdOverrides>({
  headroom: { shape: num({ above: 0, max: 1 }), optional: true, doc: 'Usable share of a vendor ceiling; default 0.8.' },
  minCardinality: { shape: num({ integer: true, min: 1 }), optional: true, doc: 'SG001 minimum distinct key values; default 100.' },
  maxShards: {
    shape: num({ integer: true, min: 2 }),
    optional: true,
    doc: 'SG008 shard-count ceiling, and the most buckets SG003 offers a hot first level before it leads with more throughput; default 100.',
  },
  fanOutFactor: { shape: num({ min: 1 }), optional: true, doc: 'SG008 allowed multiple of the computed shard need; default 2.' },
  maxCrossPartitionShare: { shape: share, optional: true, doc: 'SG012 allowed share of cross-partition queries; default 0.05.' },
  maxHotKeyShare: { shape: share, optional: true, doc: 'SG014 allowed share of one key value; default 0.1.' },
  minGrowthHeadroom: {
    shape: num({ above: 1 }),
    optional: true,
    doc: 'SG014 growth the hottest declared value must have left before its partition saturates (a factor above 1; SG007 keeps a sharding whose removal would leave less; a share above maxHotKeyShare warns only where growth left × share is below it); default 1.5.',
  },
  crowdConfidence: {
    shape: num({ min: 0, max: 0.9999 }),
    optional: true,
    doc: 'SG003: how sure a shard count must be that the shards hashed onto one partition fit its hard maximum (0.99: the crowd that would pass it gathers at most 1% of the time); default 0, the rule of thumb of two on one partition (past P, the pigeonhole crowd and one more).',
  },
});

const designBaseProps = {
  storage: { shape: storage, optional: true, doc: 'Expected partition sizes.' },
  sharding: { shape: sharding, optional: true, doc: 'Write sharding of the partition key.' },
  invariants: {
    shape: list(invariant),
    optional: true,
    doc: 'What must stay within one partition-key value (transactions, conditional writes, running totals).',
  },
  accessPatterns: { shape: list(accessPattern), optional: true, doc: 'Queries the application runs.' },
  acknowledgements: { shape: list(acknowledgementShape), optional: true, doc: 'Waived findings, each with a reason.' },
  thresholds: { shape: thresholds, optional: true, doc: 'Rule threshold overrides for this design.' },
} as const;

/** Capacity units per second: whole numbers of at least 1, as DynamoDB takes them. */
const capacityUnits = unitsUpTo(DYNAMODB_UNITS, num({ integer: true, min: 1 }));

/** `{ fixed }` or `{ min?, max }`; one record so a wrong field gets a typo suggestion, the forms checked in normalize. */
const capacityUnitsShape = record<{ fixed?: number; min?: number; max?: number; targetUtilizationPercent?: number }>(
  {
    fixed: { shape: capacityUnits, optional: true, doc: 'Fixed provisioned units per second (Capacity.fixed).' },
    min: { shape: capacityUnits, optional: true, doc: 'Least units auto scaling provisions; default 1.' },
    max: { shape: capacityUnits, optional: true, doc: 'Most units auto scaling provisions (Capacity.autoscaled maxCapacity).' },
    targetUtilizationPercent: {
      shape: num({ min: DYNAMODB_AUTO_SCALING_TARGET.min, max: DYNAMODB_AUTO_SCALING_TARGET.max }),
      optional: true,
      doc: `Auto scaling's target utilization in percent; default ${DYNAMODB_AUTO_SCALING_TARGET.default}.`,
    },
  },
  {
    constraints: [{ oneOf: [requires('fixed'), requires('max')] }, { not: requires('fixed', 'min') }, { not: requires('fixed', 'targetUtilizationPercent') }],
  },
) as unknown as Shape<CapacityUnitsDesign>;

const provisionedCapacity = record<ProvisionedCapacityDesign>({
  read: { shape: capacityUnitsShape, optional: true, doc: 'Read capacity units: { fixed } or { min, max }.' },
  write: { shape: capacityUnitsShape, optional: true, doc: 'Write capacity units: { fixed } or { min, max }.' },
});

const onDemandThroughput = record<OnDemandThroughputDesign>({
  maxReadRequestUnits: { shape: capacityUnits, optional: true, doc: 'Most read request units per second; more is throttled.' },
  maxWriteRequestUnits: { shape: capacityUnits, optional: true, doc: 'Most write request units per second; more is throttled.' },
});

const warmThroughput = record<WarmThroughputDesign>({
  readUnitsPerSecond: { shape: capacityUnits, optional: true, doc: 'Read units per second served instantly (pre-warmed).' },
  writeUnitsPerSecond: { shape: capacityUnits, optional: true, doc: 'Write units per second served instantly (pre-warmed).' },
});

const capacityProps = {
  capacity: { shape: provisionedCapacity, optional: true, doc: 'Provisioned capacity (billing "provisioned"); a GSI defaults to the table\'s.' },
  onDemand: { shape: onDemandThroughput, optional: true, doc: 'On-demand maximums (billing "on-demand").' },
  warmThroughput: { shape: warmThroughput, optional: true, doc: "Warm throughput (pre-warming); default DynamoDB's initial throughput." },
} as const;

/** An index's `projectionType` (documented as `typeDoc`) and the `nonKeyAttributes` an `INCLUDE` one lists. */
function projectionProps(typeDoc: string) {
  return {
    projectionType: { shape: oneOf(['ALL', 'KEYS_ONLY', 'INCLUDE'] as const), optional: true as const, doc: typeDoc },
    nonKeyAttributes: {
      shape: list(attributeName, { minItems: 1 }),
      optional: true as const,
      doc: 'The non-key attributes an INCLUDE projection copies (only with projectionType "INCLUDE").',
    },
  };
}

/** CloudFormation's `Projection`: `NonKeyAttributes` lists what an `INCLUDE` projection copies, and only it. */
const includeListsAttributes = {
  if: { properties: { projectionType: { type: 'string', const: 'INCLUDE' } }, required: ['projectionType'] },
  then: requires('nonKeyAttributes'),
  else: { not: requires('nonKeyAttributes') },
};

const globalSecondaryIndex = record<GlobalSecondaryIndexDesign>(
  {
    indexName: { shape: dynamoDbName, doc: 'Index name.' },
    partitionKey: { shape: partitionKeyAttribute, optional: true, doc: 'Single-attribute partition key (or use partitionKeys).' },
    partitionKeys: { shape: list(partitionKeyAttribute, { minItems: 1 }), optional: true, doc: 'Multi-attribute partition key, up to 4.' },
    sortKey: { shape: sortKeyAttribute, optional: true, doc: 'Single-attribute sort key.' },
    sortKeys: { shape: list(sortKeyAttribute, { minItems: 1 }), optional: true, doc: 'Multi-attribute sort key, up to 4, low to high cardinality.' },
    workload: { shape: indexWorkload, optional: true, doc: "Index traffic; default the table's." },
    sharding: { shape: sharding, optional: true, doc: "Write sharding of the index's partition key." },
    contributorInsights: { shape: bool(), optional: true, doc: "Contributor Insights on this index; default the table's." },
    ...projectionProps(
      "What the index copies besides its keys; under KEYS_ONLY or INCLUDE, the table's writes it is counted at are an upper bound (declare workload.peakWriteUnits).",
    ),
    copiesCarry: {
      shape: oneOf(['every', 'first']),
      optional: true,
      doc: 'Which replicated copies carry the index\'s key attributes: "every" (default; the index holds each item N times) or "first" (copy 0 only: one entry per item).',
    },
    ...capacityProps,
  },
  {
    constraints: [
      { oneOf: [requires('partitionKey'), requires('partitionKeys')] },
      includeListsAttributes,
      { not: requires('sortKey', 'sortKeys') },
      {
        if: { properties: { sortKeys: { type: 'array', minItems: 2 } }, required: ['sortKeys'] },
        then: { properties: { sortKeys: { type: 'array', items: requires('cardinality') } } },
      },
    ],
    blank: () => ({
      indexName: undefined,
      partitionKey: undefined,
      partitionKeys: undefined,
      sortKey: undefined,
      sortKeys: undefined,
      workload: undefined,
      sharding: undefined,
      contributorInsights: undefined,
      projectionType: undefined,
      nonKeyAttributes: undefined,
      copiesCarry: undefined,
      capacity: undefined,
      onDemand: undefined,
      warmThroughput: undefined,
    }),
  },
);

const localSecondaryIndex = record<LocalSecondaryIndexDesign>(
  {
    indexName: { shape: dynamoDbName, doc: 'Index name.' },
    sortKey: { shape: sortKeyAttribute, doc: 'The alternative sort key.' },
    ...projectionProps(
      "What the index copies besides its keys; default ALL, as CDK deploys. Under ALL each item write writes the index at the item's size, charged to the table's WCU.",
    ),
  },
  { constraints: [includeListsAttributes] },
);

const dynamoDbMonitoring = record<DynamoDbMonitoringDesign>({
  contributorInsights: { shape: bool(), optional: true, doc: 'Contributor Insights on the table; default true.' },
  latencyAlarms: { shape: bool(), optional: true, doc: 'Ignored (read by SG011, retired before the first release); kept so older files stay valid.' },
});

export const dynamoDbTableShape = record<DynamoDbTableDesign>(
  {
    name: { shape: dynamoDbName, doc: 'Table name.' },
    workload: { shape: dynamoDbWorkload, doc: 'Peak traffic, hot-key share and the share of writes that create items.' },
    ...designBaseProps,
    engine: { shape: oneOf(['dynamodb']), optional: true, doc: '"dynamodb" (implied inside "tables").' },
    partitionKey: { shape: partitionKeyAttribute, doc: 'The table partition key.' },
    sortKey: { shape: sortKeyAttribute, optional: true, doc: 'The table sort key.' },
    billing: { shape: oneOf(['on-demand', 'provisioned']), optional: true, doc: 'Capacity mode; default "provisioned" with capacity, else "on-demand".' },
    launchAtPeak: {
      shape: bool(),
      optional: true,
      doc: 'The peak arrives as soon as the table exists (SG017 asks for warm throughput on demand, an auto-scaling minimum that covers it when provisioned); default false.',
    },
    ...capacityProps,
    globalSecondaryIndexes: { shape: list(globalSecondaryIndex), optional: true, doc: 'Global secondary indexes.' },
    localSecondaryIndexes: { shape: list(localSecondaryIndex), optional: true, doc: 'Local secondary indexes.' },
    monitoring: { shape: dynamoDbMonitoring, optional: true, doc: 'Contributor Insights and latency alarms; default on.' },
  },
  { title: 'DynamoDB table design' },
);

const cosmosKeyPath = record<CosmosKeyPathDesign>(
  {
    path: { shape: attributeName, doc: 'JSON path, e.g. "/tenantId".' },
    cardinality: {
      shape: cardinality,
      doc: 'Expected distinct values of this level across the container (its own, not its prefix\'s), or "unique". Business levels nest (a device in one tenant); a time-bucket level repeats under every value above (each device has each day), so a value\'s largestGb spreads over its buckets. With sharding, the values before sharding: --fix leaves it as it is when it writes the shards.',
    },
    hotKeyShare: { shape: hotKeyShare, optional: true, doc: 'Share (0–1] of the traffic the hottest value of this level (with the levels above) takes.' },
    largestGb: { shape: num({ min: 0 }), optional: true, doc: 'GB held by the largest value of this level (with the levels above).' },
    kind: { shape: attributeKind, optional: true, doc: '"time-bucket" for dates and hours; inferred when omitted.' },
    components: { shape: list(keyPart, { minItems: 1 }), optional: true, doc: 'Parts of a composite string value, in order.' },
  },
  { blank: () => ({ path: undefined, cardinality: undefined, hotKeyShare: undefined, largestGb: undefined, kind: undefined, components: undefined }) },
);

const cosmosPartitionKey = record<CosmosPartitionKeyDesign>(
  {
    paths: { shape: list(cosmosKeyPath, { minItems: 1 }), doc: 'One path, or up to 3 from low to high cardinality.' },
    kind: { shape: oneOf(['Hash', 'MultiHash']), optional: true, doc: 'Default "Hash" for one path, "MultiHash" for several.' },
    version: { shape: oneOf([1, 2]), optional: true, doc: 'Partition key version; default 2.' },
  },
  { blank: () => ({ paths: undefined, kind: undefined, version: undefined }) },
);

const containerJoin = record<ContainerJoinDesign>({
  container: { shape: cosmosNameShape, doc: 'Name of the container queried together with this one.' },
  partitionKeyPaths: { shape: list(attributeName, { minItems: 1 }), optional: true, doc: "The other container's key paths, when it is not in this file." },
});

const cosmosMonitoring = record<CosmosMonitoringDesign>({
  partitionKeyDiagnostics: { shape: bool(), optional: true, doc: 'Partition-key diagnostic logs; default true.' },
});

export const cosmosContainerShape = record<CosmosContainerDesign>(
  {
    name: { shape: cosmosNameShape, doc: 'Container id.' },
    workload: { shape: workloadShape(cosmosUnits), doc: 'Peak traffic and hot-key share.' },
    ...designBaseProps,
    engine: { shape: oneOf(['cosmosdb']), optional: true, doc: '"cosmosdb" (implied inside "containers").' },
    partitionKey: { shape: cosmosPartitionKey, doc: 'The container partition key.' },
    throughput: {
      shape: cosmosThroughputShape,
      optional: true,
      doc: 'Provisioned throughput: { manual }, { autoscaleMax }, { sharedDatabase, containers? } or "serverless"; physical partitions and capacity follow from it.',
    },
    physicalPartitions: {
      shape: num({ integer: true, min: 1 }),
      optional: true,
      doc: 'Physical partitions the container has (Insights > Throughput > Normalized RU Consumption by PartitionKeyRangeID, or instantMaximumThroughput ÷ 10,000); default derived from throughput and storage.totalGb.',
    },
    splitFrom: {
      shape: num({ integer: true, min: 1 }),
      optional: true,
      doc: 'The even physical partitions a raise in place split some of to physicalPartitions (5 from 3): the unsplit ones keep a larger share of the key space; default physicalPartitions taken as evenly split.',
    },
    storage: { shape: cosmosStorage, optional: true, doc: 'Expected partition and container sizes.' },
    joins: { shape: list(containerJoin), optional: true, doc: 'Containers queried together with this one.' },
    monitoring: { shape: cosmosMonitoring, optional: true, doc: 'Partition-key diagnostics; default on.' },
  },
  { title: 'Cosmos DB container design' },
);

const externalKey = record<ExternalKeyDesign>({
  attribute: { shape: attributeName, doc: 'Partition-key attribute name or path.' },
  index: { shape: attributeName, optional: true, doc: 'Index the key belongs to; default the table.' },
});

export const externalResourceShape = record<ExternalResourceDesign>({
  engine: { shape: oneOf(ENGINES), doc: `${ENGINE_LIST}.` },
  name: { shape: anyResourceName, doc: 'Name of the table or container.' },
  partitionKeys: {
    shape: list(externalKey),
    doc: 'Partition keys of the table and its indexes (empty when none can be read, e.g. a key named by a CloudFormation parameter: Contributor Insights is still checked).',
  },
  keyMonitoring: { shape: bool(), optional: true, doc: 'Contributor Insights / partition-key diagnostics on; unknown when omitted.' },
  partitionKeyKind: {
    shape: oneOf(['Hash', 'MultiHash']),
    optional: true,
    doc: 'Cosmos DB key kind; default "Hash" (as ARM\'s ContainerPartitionKey.kind), which takes one path: a hierarchical key says "MultiHash".',
  },
  partitionKeyVersion: { shape: oneOf([1, 2]), optional: true, doc: 'Cosmos DB partition key version; unknown (not checked) when omitted.' },
  acknowledgements: { shape: list(acknowledgementShape), optional: true, doc: 'Waived findings, each with a reason.' },
});

export const designDocumentShape = record<DesignDocument>(
  {
    description: { shape: text({ maxLength: 4000 }), optional: true, doc: 'Free text for readers of the file.' },
    tables: { shape: list(dynamoDbTableShape), optional: true, doc: 'DynamoDB table designs.' },
    containers: { shape: list(cosmosContainerShape), optional: true, doc: 'Cosmos DB container designs.' },
    external: { shape: list(externalResourceShape), optional: true, doc: 'Resources created outside the guarded constructs.' },
    thresholds: { shape: thresholds, optional: true, doc: 'Rule threshold overrides for every design in the file.' },
  },
  { ignored: ['$schema'], title: 'skewguard design file' },
);

export { thresholds as thresholdsShape };

/** A raised quota: a whole number of units per second, at least its published default (a quota is only ever raised). */
const raisedQuota = (field: keyof DynamoDbQuotas, doc: string) => ({
  shape: num({ integer: true, min: DEFAULT_QUOTAS[field] }),
  optional: true as const,
  doc: `${doc}; default ${DEFAULT_QUOTAS[field]}, and a quota is only raised, so a smaller figure is an error.`,
});

/** The account's raised DynamoDB throughput quotas (Service Quotas), declared once for every table linted. */
export const quotasShape = record<DynamoDbQuotas>(
  {
    tableReadUnits: raisedQuota('tableReadUnits', 'Table-level read throughput quota (per table and per GSI), units per second'),
    tableWriteUnits: raisedQuota('tableWriteUnits', 'Table-level write throughput quota (per table and per GSI), units per second'),
    accountReadUnits: raisedQuota('accountReadUnits', 'Account-level read throughput quota (provisioned tables and GSIs together), units per second'),
    accountWriteUnits: raisedQuota('accountWriteUnits', 'Account-level write throughput quota (provisioned tables and GSIs together), units per second'),
  },
  { title: 'DynamoDB throughput quotas' },
);
