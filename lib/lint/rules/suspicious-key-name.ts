import { looksLikeTimeBucket, looksLowCardinality } from '../../design/key-names';
import { code, onIndex } from '../format';
import type { Rule } from '../rule';

export const suspiciousKeyName: Rule = {
  id: 'SG015',
  title: 'suspicious-key-name',
  severity: 'warning',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'A resource created outside the guarded constructs (no declared design) has a key attribute named like a low-cardinality or time field (status, state, type, region, country, is*, date, day, hour, …).',
  rationale: 'With no declared design only the name is known, and names like status, region or date are the seeds\' most common hot-partition causes (low cardinality; all writes on the current time bucket). Source: seed articles 000, 003 and 004.',
  fix: 'Declare the design with a guarded construct (or a design file), or acknowledge with a reason.',
  checkExternal(resource) {
    return resource.partitionKeys.flatMap((key) => {
      const lowCardinality = looksLowCardinality(key.attribute);
      if (!lowCardinality && !looksLikeTimeBucket(key.attribute)) return [];
      const like = lowCardinality ? 'a low-cardinality field (status, type, region…)' : 'a time bucket (date, hour, month…)';
      return [{
        path: key.path,
        index: key.index,
        message: `partition key ${code(key.attribute)}${onIndex(key.index)} of ${code(resource.name)} is named like ${like}, and no design declares its cardinality or peak`,
        fix: 'declare the design (GuardedTable / GuardedContainer, or a design file) so skewguard can check it, or acknowledge with a reason if the key is in fact high-cardinality',
      }];
    });
  },
};
