import type { AccessPattern, KeyDesign, KeySpace } from '../../design/key-design';
import { code, percent } from '../format';
import { carries, spaceOf } from '../key-load';
import type { Rule } from '../rule';

/** DynamoDB needs every partition-key attribute; Cosmos DB routes on a hierarchical prefix (the first level). */
function carriesKey(design: KeyDesign, space: KeySpace, pattern: AccessPattern): boolean {
  const needed = design.engine === 'cosmosdb' ? space.partitionKey.slice(0, 1) : space.partitionKey;
  return needed.every((a) => carries(pattern, a.name));
}

export const crossPartitionQueries: Rule = {
  id: 'SG012',
  title: 'cross-partition-queries',
  severity: 'warning',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'Declared access patterns that do not carry the full partition key (or a hierarchical prefix) exceed 5% (default) of query traffic.',
  rationale: 'A query without the partition key visits every partition (DynamoDB: a Scan; Cosmos DB: a cross-partition fan-out whose RU cost grows with the partition count). Keep them under about 5% of queries. Source: seed article 001; Azure Cosmos DB "Query an Azure Cosmos DB container".',
  fix: 'Carry the key, add an index keyed for the query, or maintain a change-feed projection.',
  checkDesign(design) {
    const crossing = design.accessPatterns.filter((p) => !carriesKey(design, spaceOf(design, p), p));
    const share = crossing.reduce((sum, p) => sum + p.share, 0);
    const limit = design.thresholds.maxCrossPartitionShare;
    if (share <= limit + 1e-9) return [];
    const listed = crossing.map((p) => `${code(p.name)} (${percent(p.share)})`).join(', ');
    return [{
      path: 'accessPatterns',
      message: `${listed} ${crossing.length === 1 ? 'does' : 'do'} not carry the partition key: ${percent(share)} of queries cross partitions, above the ${percent(limit)} limit`,
      fix: design.engine === 'dynamodb'
        ? 'carry the partition key, or add a GSI keyed on what these queries filter by'
        : 'carry the partition key (or its first level), or maintain a change-feed projection keyed for these queries',
      data: { crossPartitionShare: share },
    }];
  },
};
