/**
 * SG002's finding on a time bucket between the first and the last level of a hierarchical key (Cosmos DB
 * `/tenantId` → `/payPeriod` → `/employeeId`): every current write of the hottest first-level value carries one
 * (first, bucket) prefix, which sits on one physical partition however many the value's data spans
 * (`CurrentBucketPrefix`). The bucket's own hotKeyShare never spreads over its buckets (a time bucket's current value
 * takes every write), and that holds under a first-level value too.
 */
import { givesAttribute } from '../design/key-design';
import { fits } from '../design/sharding';
import type { SpaceAnalysis } from './analysis';
import { firstLevelJudged, middleTimeBucket } from './prefix-ingestion';
import { rekeyedEdits } from './reorder';
import { dominantAfterReorder, reorderDominantData } from './reorder-dominant';
import type { RuleHit } from './rule';

export const TIME_BUCKET_MIDDLE_MESSAGES = {
  timeMiddle:
    "the time bucket {{bucketLevel|code}} is a middle level of the hierarchical key {{key|levels}}: every current write of the hottest {{level|code}} value ({{share|percent}}) goes under one prefix {{prefix|levels}}, whose documents (about {{bucketGb}} GB, 1/{{periods}} of the value's {{prefixGb}} GB) are contiguous in the key space and so sit on one physical partition, not on the {{spanned|partitions}} the value spans: {{load}} RU/s of writes against a usable {{usable}} RU/s ({{usableShare|percent}} of that partition's {{partitionRu}} RU/s{{physicalPartitions|zero=|other=, the container's RU/s divided among # physical partitions}})",
  fixTimeLast:
    'order the levels {{order|levels}}: the time bucket last, so the current writes of one {{level|code}} value spread over its {{spreadBy|code}} values and the physical partitions its data spans',
  timeLastQueries:
    '; a query by {{prefix|levels}} is then routed by {{level|code}} alone, to the physical partitions its value spans (declare it with `fanOut` if its cost matters)',
} as const;

/** The rule's own `reorderDominant` (REORDER_DOMINANT) words the withheld reorder. */
export type TimeBucketMiddleId = keyof typeof TIME_BUCKET_MIDDLE_MESSAGES | 'reorderDominant';

/**
 * The error on a middle time bucket whose current prefix under the hottest first-level value takes more writes than one
 * physical partition's usable RU/s; undefined where there is none, or they fit (the value's spanned figures, SG014's).
 * The fix puts the time bucket last, so the value's current writes spread over its deeper level's values and the
 * partitions its data spans (the fix a time-bucket first level gets).
 */
export function timeBucketMiddleHit(a: SpaceAnalysis): RuleHit<TimeBucketMiddleId> | undefined {
  // Only a key with a middle time bucket has a current prefix to judge: no other needs its first level judged here.
  if (middleTimeBucket(a.space.partitionKey) === undefined) return undefined;
  const first = firstLevelJudged(a);
  const bucket = first?.currentBucket;
  if (!first || !bucket || fits(bucket.writes, bucket.usable)) return undefined;
  const levels = a.space.partitionKey;
  const order = levels.filter((l) => l.kind !== 'time-bucket').concat(levels.filter((l) => l.kind === 'time-bucket'));
  const prefix = levels.slice(0, levels.indexOf(bucket.bucket) + 1).map((l) => l.name);
  const queried = a.design.accessPatterns.some((p) => p.index === undefined && givesAttribute(p, bucket.bucket));
  // A whale dominant under the new order is SG014's warning there: advice, not an edit a re-lint reports (as SG002's first-level reorder).
  const dominant = dominantAfterReorder(a.design, a.owner, order);
  return {
    path: bucket.bucket.path,
    messageId: 'timeMiddle',
    fixId: 'fixTimeLast',
    fixNotes: [...(queried ? (['timeLastQueries'] as const) : []), ...(dominant ? (['reorderDominant'] as const) : [])],
    data: {
      key: levels.map((l) => l.name),
      level: first.level.name,
      bucketLevel: bucket.bucket.name,
      prefix,
      share: first.share,
      periods: bucket.buckets,
      bucketGb: bucket.bucketGb,
      prefixGb: first.gb,
      spanned: first.spanned,
      load: bucket.writes,
      unit: 'RU/s',
      usable: bucket.usable,
      usableShare: bucket.usable / bucket.partitionRu,
      partitionRu: bucket.partitionRu,
      physicalPartitions: bucket.physicalPartitions ?? 0,
      order: order.map((l) => l.name),
      spreadBy: order[1].name,
      ...(dominant ? reorderDominantData(dominant) : {}),
    },
    edits: dominant ? undefined : rekeyedEdits(a.design, order),
  };
}
