import type { ExternalResource } from '../../design/key-design';
import { looksLikeCityId, looksLikeTimeBucket, looksLikeTrendingCategory, looksLowCardinality } from '../../design/key-names';
import { profileOf, type EngineProfile } from '../../engines';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

/** What a key's name suggests, read by the functions the design lint reads the same names with (key-names.ts). */
function suspicion(name: string): 'lowCardinalityName' | 'timeBucketName' | 'trendingName' | undefined {
  if (looksLowCardinality(name) || looksLikeCityId(name)) return 'lowCardinalityName';
  if (looksLikeTimeBucket(name)) return 'timeBucketName';
  return looksLikeTrendingCategory(name) ? 'trendingName' : undefined;
}

type ExternalKey = ExternalResource['partitionKeys'][number];

/**
 * What a time bucket's key makes of it: `spread` where another attribute not itself suspicious spreads the current
 * period's writes — any other one where the engine hashes them together (DynamoDB's multi-attribute keys), a level before
 * it where a prefix routes them (a Cosmos DB hierarchical key's later level: /deviceId → /day is the key Azure recommends
 * for IoT, "Choose a partition key for IoT workloads"); `first` where it is the first of several levels, a prefix every
 * current write shares; `alone` otherwise.
 */
function timeBucketIn(keys: readonly ExternalKey[], key: ExternalKey, profile: EngineProfile): 'alone' | 'first' | 'spread' {
  const sameKey = keys.filter((k) => k.index === key.index);
  const before = profile.routing === 'key-prefix' ? sameKey.slice(0, sameKey.indexOf(key)) : sameKey.filter((k) => k !== key);
  if (before.some((k) => suspicion(k.attribute) === undefined)) return 'spread';
  return profile.routing === 'key-prefix' && sameKey.length > 1 && sameKey[0] === key ? 'first' : 'alone';
}

const DECLARE = 'declare the design (GuardedTable / GuardedContainer, or a design file)';

export const suspiciousKeyName = defineRule({
  id: 'SG015',
  title: 'suspicious-key-name',
  summary: 'A key of a resource made outside the constructs is named like a few-valued, time or trending field',
  severity: 'warning',
  thresholds: [],
  fires:
    'A resource created outside the guarded constructs (no declared design) has a partition-key attribute named like a low-cardinality or time field (status, state, type, region, country, city, is*, date, day, hour, …), or like a category that trends (tag, hashtag, topic, keyword), as the design lint reads those names.',
  rationale:
    'With no declared design only the name is known, and names like status, region or date are the most common hot-partition causes: few values, or every write on the current time bucket; a trending tag or topic concentrates traffic on one value at a time (AWS: "Best practices for designing and using partition keys", "Key range throughput exceeded"; Azure: "Partitioning and horizontal scaling").',
  fix: 'Declare the design with a guarded construct (or a design file), or acknowledge with a reason.',
  firesAlso: [
    'A time-bucket name beside other key attributes: only as the first level of a Cosmos DB hierarchical key (every current write shares that prefix); not as a later level (/deviceId → /day, the key Azure recommends for IoT) or in a DynamoDB multi-attribute key, whose attributes are hashed together.',
  ],
  sources: [SOURCES.dynamoKeyDesign, SOURCES.dynamoKeyRangeThrottling, SOURCES.cosmosPartitioning, SOURCES.cosmosIotPartitioning],
  messages: () => ({
    lowCardinalityName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a low-cardinality field (status, type, region…), and no design declares its cardinality or peak',
    trendingName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a category that trends (a tag, a topic), whose trending value takes a burst of the traffic on one partition, and no design declares its hottest share or peak',
    timeBucketName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a time bucket (date, hour, month…), and no design declares its cardinality or peak',
    timeBucketFirstLevel:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a time bucket (date, hour, month…) and is the first level of the key: every write of the current period shares that prefix, and no design declares its cardinality or peak',
    fixFirstLevel: `put the time bucket last, after the level that spreads the writes (a device or tenant id), or ${DECLARE} so skewguard can check it`,
    fixTrending: `${DECLARE} with the trending value's share (hotKeyShare) so skewguard can check it, or acknowledge with a reason if no value of the key trends`,
    fix: `${DECLARE} so skewguard can check it, or acknowledge with a reason if the key is in fact high-cardinality`,
  }),
  checkExternal(resource) {
    const profile = profileOf(resource.engine);
    return resource.partitionKeys.flatMap((key) => {
      const named = suspicion(key.attribute);
      const within = named === 'timeBucketName' ? timeBucketIn(resource.partitionKeys, key, profile) : 'alone';
      if (named === undefined || within === 'spread') return [];
      const messageId = within === 'first' ? 'timeBucketFirstLevel' : named;
      return [
        {
          path: key.path,
          index: key.index,
          messageId,
          fixId: messageId === 'trendingName' ? ('fixTrending' as const) : messageId === 'timeBucketFirstLevel' ? ('fixFirstLevel' as const) : ('fix' as const),
          data: { attribute: key.attribute, index: key.index, name: resource.name },
        },
      ];
    });
  },
});
