import { nearestToCeiling, storedKeyLoads } from '../../design/sharding';
import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import type { SpaceAnalysis } from '../analysis';
import { totalUpdatedInPlace } from '../invariants';
import { defineRule, type RuleHit } from '../rule';
import { sourceFacts, type SourceFacts } from '../shard-source';
import { SOURCES } from '../sources';

type Id =
  | 'fewValues'
  | 'overOnFilled'
  | 'fitsOnFilled'
  | 'mutableSource'
  | 'timeBucketSource'
  | 'timeBucketOver'
  | 'timeBucketFits'
  | 'inPlaceSource'
  | 'inPlaceOver'
  | 'inPlaceFits'
  | 'movesTableItem'
  | 'movesIndexEntry'
  | 'unknownCardinality'
  | 'declareCardinality'
  | AdviceId;

const MUTABLE_FROM = { declared: 'declared', name: 'inferred from its name', 'table-key': 'a table key' } as const satisfies Record<
  NonNullable<SourceFacts['mutableFrom']>,
  string
>;

/** The plan's advice as a finding's fix: made only once a source is found wanting (most sources fill their shards). */
function planFix(a: SpaceAnalysis) {
  const advice = adviceFor(a);
  const [fixId, ...fixNotes] = advice.ids;
  return { advice, fixId, fixNotes };
}

/** The finding for one calculated sharding whose source cannot spread the load, if any. */
function check(a: SpaceAnalysis): RuleHit<Id>[] {
  const { space, design } = a;
  const sharding = space.sharding;
  // Only where the load needs write shards: needless sharding is SG007's, replicated copies need no source.
  if (sharding?.strategy !== 'calculated' || sharding.sourceAttribute === undefined) return [];
  if (a.plan.layout !== 'random' && a.plan.layout !== 'calculated') return [];
  const source = sharding.sourceAttribute;
  const facts = sourceFacts(design, space, source, a.owner.declaredAttributes);
  const base = { key: space.partitionKey.map((k) => k.name), index: space.index, declaredShards: sharding.shards, source };
  const at = `${sharding.path}.sourceAttribute`;

  if (facts.mutable === true) {
    const { advice, fixId, fixNotes } = planFix(a);
    return [
      {
        path: at,
        index: space.index,
        messageId: 'mutableSource',
        notes: [space.index === undefined ? 'movesTableItem' : 'movesIndexEntry'],
        fixId,
        fixNotes,
        data: Object.assign({}, advice.data, base, { mutableFrom: MUTABLE_FROM[facts.mutableFrom ?? 'declared'] }),
        edits: advice.edits,
      },
    ];
  }
  /**
   * The finding for a source whose values fill only `filled` shards: the hottest value's load divides over
   * those alone, an error when that passes the usable ceiling, a warning when it fits.
   */
  const onFilledShards = (
    filled: number,
    messageId: 'timeBucketSource' | 'fewValues' | 'inPlaceSource',
    notes: readonly [Id, Id],
    data: object,
    loads = a.hot,
  ): RuleHit<Id>[] => {
    const perShard = nearestToCeiling(a.owner.profile.loadDimensions(storedKeyLoads(loads, 'calculated', filled, a.collection), design.thresholds.headroom));
    const over = perShard.load > perShard.usable;
    const { advice, fixId, fixNotes } = planFix(a);
    return [
      {
        path: at,
        index: space.index,
        severity: over ? 'error' : 'warning',
        messageId,
        notes: [over ? notes[0] : notes[1]],
        fixId,
        fixNotes,
        data: Object.assign({}, advice.data, base, data, { perShardLoad: perShard.load, usable: perShard.usable, unit: perShard.unit }),
        edits: advice.edits,
      },
    ];
  };
  // Every write updates the one item a running total (or a condition on one aggregate item) keeps, in place: its source
  // value never changes, so all of those updates hash to one shard, its sub-totals kept per shard or not (invariants.ts).
  const inPlace = space === design.primaryKey ? totalUpdatedInPlace(design) : undefined;
  if (inPlace) {
    const data = { invariantKind: inPlace.kind, invariantPath: inPlace.path };
    return onFilledShards(1, 'inPlaceSource', ['inPlaceOver', 'inPlaceFits'], data, { reads: 0, writes: a.hot.writes });
  }
  // Every write of the current period carries one value of the source, so it lands on one shard: the hottest value's
  // load as if unsharded (its reads of recent data too), whatever the source's cardinality over time.
  if (facts.timeBucket) return onFilledShards(1, 'timeBucketSource', ['timeBucketOver', 'timeBucketFits'], { timeBucketFrom: facts.timeBucketFrom });
  if (facts.cardinality === undefined) {
    return [{ path: at, index: space.index, severity: 'warning', messageId: 'unknownCardinality', fixId: 'declareCardinality', data: base }];
  }
  if (facts.cardinality >= sharding.shards) return [];
  // Each source value hashes to one shard: C values fill at most C shards.
  const filled = facts.cardinality;
  return onFilledShards(filled, 'fewValues', ['overOnFilled', 'fitsOnFilled'], { sourceCardinality: filled, cardinalityAt: facts.cardinalityAt ?? '', filled });
}

export const shardSourceCannotSpread = defineRule({
  id: 'SG018',
  title: 'shard-source-cannot-spread',
  summary: 'A calculated shard source that cannot fill the shards, changes, or is fixed for an in-place update',
  severity: 'error',
  thresholds: ['headroom'],
  fires:
    "A key the load needs to shard is calculated-sharded on a source attribute that cannot fill the shards: a time bucket, one with fewer distinct values than shards, one that changes on existing items, or any source where every write updates one item in place (a running total). An error when the filled shards cannot carry the hottest value's load, a warning when they can.",
  firesAlso: [
    "A time-bucket source (a date, hour or month: the kind of a key attribute or component of that name, else inferred from its name as a key's kind is): the current period's writes all carry one value and so land on one shard.",
    'Fewer distinct values than shards: as declared in `sharding.sourceCardinality`, or where the attribute is a key attribute or component.',
    "A source that changes on existing items: declared `mutable`/`sourceMutable`, or named like a score or status; a table's own key attributes never change.",
    "Writes that update one item in place (a declared `running-total`, or a `conditional-write` on one aggregate item, with no `transaction` that writes an item of its own beside the update): that item's source value never changes, so every update lands on one shard, kept per shard (`splitPerShard`) or not.",
    'A source whose cardinality the design does not declare: a warning, since skewguard cannot tell whether it fills the shards.',
  ],
  rationale:
    'A calculated shard is hash(source) mod N: each source value always lands on the same shard, so the source decides how many shards are filled and when (AWS: "Using write sharding to distribute workloads evenly"; Azure: "Create a synthetic partition key").',
  rationaleDetails: [
    'Few values: a source with C values fills at most C of the N shards, and the hottest key value still lands on those (a 1-valued region puts every write on one shard, however many are declared).',
    'A source that changes moves the item to another shard on each update: a table item must be deleted and put under its new key, since UpdateItem cannot change key attributes (AWS: "UpdateItem"); an index entry costs a delete and a put (AWS: "Provisioned throughput considerations for global secondary indexes"); a value many items share (a default score) keeps one shard hot.',
    'An update in place (UpdateItem ADD on a counter) writes only the one item its key names (AWS: "Atomic counters"), and a calculated suffix is computed from that item\'s own value: one shard for every update. A random suffix spreads them (AWS: "Using write sharding to distribute workloads evenly"): N sub-counters, each update to one drawn at random, the read summing N; a posting that writes its own entry can pick the sub-total of that entry\'s shard.',
    'A time bucket has many values over time but one at a time: hash(eventDate) mod N sends all of today\'s writes to one shard, as a time-bucket key sends them to one partition (AWS: "Best practices for handling time series data").',
  ],
  fix: "Calculate the shard on a stable, high-cardinality attribute the reads carry (the table's unique key, an entity id), or use random sharding where the reads fan out anyway; declare sharding.sourceCardinality when the design does not say how many values the source has.",
  sources: [
    SOURCES.dynamoSharding,
    SOURCES.dynamoAtomicCounters,
    SOURCES.dynamoTimeSeries,
    SOURCES.dynamoGsiSharding,
    SOURCES.dynamoUpdateItem,
    SOURCES.dynamoGsiThroughput,
    SOURCES.cosmosSynthetic,
    SOURCES.cosmosPartitioning,
    // The fix's count assumes its keys hash onto different partitions (hashed-keys.ts): what each engine does when two do not.
    SOURCES.dynamoAdaptive,
  ],
  messages: () => ({
    fewValues:
      '{{key|key}}{{index|onIndex}} is calculated into {{declaredShards}} shards on {{source|code}}, which has {{sourceCardinality|one=# distinct value|other=# distinct values}} ({{cardinalityAt|code}}): at most {{filled}} of the {{declaredShards}} shards ever take writes',
    overOnFilled: ', so the hottest value puts {{perShardLoad}} {{unit}} on each of them against a usable {{usable}} {{unit}}',
    fitsOnFilled: '; they carry the hottest value today ({{perShardLoad}} of a usable {{usable}} {{unit}} each), and the others only add fan-out',
    mutableSource:
      '{{key|key}}{{index|onIndex}} is calculated into {{declaredShards}} shards on {{source|code}}, which changes on existing items ({{mutableFrom}}): each change moves the item to another shard',
    timeBucketSource:
      '{{key|key}}{{index|onIndex}} is calculated into {{declaredShards}} shards on {{source|code}}, a time bucket ({{timeBucketFrom|key=its kind as a key attribute|name=inferred from its name}}): every write of the current period carries the same {{source}}, so hash({{source}}) mod {{declaredShards}} puts them all on one shard',
    timeBucketOver: ', {{perShardLoad}} {{unit}} against a usable {{usable}} {{unit}}, however many shards are declared',
    timeBucketFits: '; it carries the hottest value today ({{perShardLoad}} of a usable {{usable}} {{unit}}), and the other shards only add fan-out',
    inPlaceSource:
      '{{key|key}}{{index|onIndex}} is calculated into {{declaredShards}} shards on {{source|code}}, but every write of a value updates the one item its {{invariantKind|code}} keeps ({{invariantPath|code}}) in place, whose {{source}} never changes: hash of it mod {{declaredShards}} names one shard for every update, so sub-totals chosen that way are one sub-total',
    inPlaceOver: ', {{perShardLoad}} {{unit}} against a usable {{usable}} {{unit}}, however many shards are declared',
    inPlaceFits: '; that shard carries them today ({{perShardLoad}} of a usable {{usable}} {{unit}}), and the other shards take none of them',
    movesTableItem: ' (a delete and a put under a new key; reads that compute the shard from the new value miss an item left under the old one)',
    movesIndexEntry: ' (a delete and a put in the index for every update, and a value many items share, such as a default score, keeps one shard hot)',
    unknownCardinality:
      '{{key|key}}{{index|onIndex}} is calculated into {{declaredShards}} shards on {{source|code}}, whose number of distinct values the design does not declare: skewguard cannot tell whether it fills {{declaredShards}} shards',
    declareCardinality:
      'declare sharding.sourceCardinality (the distinct values of {{source|code}}), or calculate the shard on an attribute whose cardinality the design declares',
    ...ADVICE_MESSAGES,
  }),
  check(_design, { spaces }) {
    return spaces.flatMap(check);
  },
});
