import { looksLikeCityId, looksLikeTimeBucket, looksLikeTrendingCategory, looksLowCardinality } from '../../design/key-names';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

/** What a key's name suggests, read by the functions the design lint reads the same names with (key-names.ts). */
function suspicion(name: string): 'lowCardinalityName' | 'timeBucketName' | 'trendingName' | undefined {
  if (looksLowCardinality(name) || looksLikeCityId(name)) return 'lowCardinalityName';
  if (looksLikeTimeBucket(name)) return 'timeBucketName';
  return looksLikeTrendingCategory(name) ? 'trendingName' : undefined;
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
  sources: [SOURCES.dynamoKeyDesign, SOURCES.dynamoKeyRangeThrottling, SOURCES.cosmosPartitioning],
  messages: () => ({
    lowCardinalityName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a low-cardinality field (status, type, region…), and no design declares its cardinality or peak',
    trendingName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a category that trends (a tag, a topic), whose trending value takes a burst of the traffic on one partition, and no design declares its hottest share or peak',
    timeBucketName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a time bucket (date, hour, month…), and no design declares its cardinality or peak',
    fixTrending: `${DECLARE} with the trending value's share (hotKeyShare) so skewguard can check it, or acknowledge with a reason if no value of the key trends`,
    fix: `${DECLARE} so skewguard can check it, or acknowledge with a reason if the key is in fact high-cardinality`,
  }),
  checkExternal(resource) {
    return resource.partitionKeys.flatMap((key) => {
      const messageId = suspicion(key.attribute);
      if (messageId === undefined) return [];
      return [
        {
          path: key.path,
          index: key.index,
          messageId,
          fixId: messageId === 'trendingName' ? ('fixTrending' as const) : ('fix' as const),
          data: { attribute: key.attribute, index: key.index, name: resource.name },
        },
      ];
    });
  },
});
