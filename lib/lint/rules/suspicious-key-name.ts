import { looksLikeTimeBucket, looksLowCardinality } from '../../design/key-names';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

export const suspiciousKeyName = defineRule({
  id: 'SG015',
  title: 'suspicious-key-name',
  summary: 'A key of a resource created outside the constructs is named like a low-cardinality or time field',
  severity: 'warning',
  thresholds: [],
  fires:
    'A resource created outside the guarded constructs (no declared design) has a partition-key attribute named like a low-cardinality or time field (status, state, type, region, country, is*, date, day, hour, …).',
  rationale:
    'With no declared design only the name is known, and names like status, region or date are the most common hot-partition causes: few values, or every write on the current time bucket (AWS: "Best practices for designing and using partition keys"; Azure: "Partitioning and horizontal scaling").',
  fix: 'Declare the design with a guarded construct (or a design file), or acknowledge with a reason.',
  sources: [SOURCES.dynamoKeyDesign, SOURCES.dynamoKeyRangeThrottling, SOURCES.cosmosPartitioning],
  messages: () => ({
    lowCardinalityName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a low-cardinality field (status, type, region…), and no design declares its cardinality or peak',
    timeBucketName:
      'partition key {{attribute|code}}{{index|onIndex}} of {{name|code}} is named like a time bucket (date, hour, month…), and no design declares its cardinality or peak',
    fix: 'declare the design (GuardedTable / GuardedContainer, or a design file) so skewguard can check it, or acknowledge with a reason if the key is in fact high-cardinality',
  }),
  checkExternal(resource) {
    return resource.partitionKeys.flatMap((key) => {
      const lowCardinality = looksLowCardinality(key.attribute);
      if (!lowCardinality && !looksLikeTimeBucket(key.attribute)) return [];
      return [
        {
          path: key.path,
          index: key.index,
          messageId: lowCardinality ? ('lowCardinalityName' as const) : ('timeBucketName' as const),
          fixId: 'fix' as const,
          data: { attribute: key.attribute, index: key.index, name: resource.name },
        },
      ];
    });
  },
});
