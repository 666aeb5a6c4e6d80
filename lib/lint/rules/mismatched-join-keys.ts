import { sameAttribute, type CosmosKeyDesign } from '../../design/key-design';
import type { DesignAnalysis } from '../analysis';
import { code } from '../format';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

/** One key is a prefix of the other: a lookup gives the shorter key and is routed to its partitions. */
function prefixOfEachOther(own: readonly string[], other: readonly string[]): boolean {
  const shorter = own.length <= other.length ? own : other;
  const longer = shorter === own ? other : own;
  return shorter.every((path, i) => sameAttribute(path, longer[i]));
}

/** The key both containers could share; never one that SG001/SG002 would flag on this container. */
function sharedKeySuggestion(design: CosmosKeyDesign, analysis: DesignAnalysis, other: readonly string[]): string {
  const own = design.primaryKey.partitionKey;
  const a = analysis.of(design.primaryKey);
  const ownFlagged = own[0].kind === 'time-bucket' || a.cardinality < design.thresholds.minCardinality;
  if (!ownFlagged) return `partition both by ${own.map((l) => code(l.name)).join(' → ')}`;
  return `partition both by a high-cardinality key both carry (not ${code(own[0].name)}, which is ${own[0].kind === 'time-bucket' ? 'a time bucket' : 'low-cardinality'}${other.length ? `; ${other.map(code).join(' → ')} if it is not` : ''})`;
}

export const mismatchedJoinKeys = defineRule({
  id: 'SG013',
  title: 'mismatched-join-keys',
  severity: 'warning',
  engines: ['cosmosdb'],
  thresholds: ['minCardinality'],
  fires: 'Two containers declared as joined (queried together) use partition keys that are not a prefix of one another.',
  rationale:
    'Cosmos DB has no join across containers: the application queries both, and when their keys differ every lookup on the second container is a cross-partition fan-out. When one key is a prefix of the other (/tenantId, /deviceId and /tenantId, /deviceId, /yyyyMM), a lookup is a targeted prefix query and costs nothing extra.',
  fix: 'Decide keys across containers together (a shared prefix is enough), or maintain a materialized view via the change feed.',
  sources: [SOURCES.cosmosJoins, SOURCES.cosmosHierarchical, SOURCES.cosmosChangeFeedPatterns],
  messages: {
    sharedFirst:
      'this container is joined with {{other}}, but is partitioned by {{own}} and {{other}} by {{otherKey}}: a joined lookup can target only by the shared first level {{first}}, not by the full key',
    disjoint:
      'this container is joined with {{other}}, but is partitioned by {{own}} and {{other}} by {{otherKey}}: each joined lookup fans out over every partition',
    fix: '{{suggestion}}, or maintain a materialized view of {{other}} keyed like this container via the change feed',
  },
  check(design, analysis) {
    const own = design.primaryKey.partitionKey.map((a) => a.name);
    return design.joins
      .filter((join) => !prefixOfEachOther(own, join.partitionKeyPaths))
      .map((join) => ({
        path: join.path,
        messageId: sameAttribute(own[0], join.partitionKeyPaths[0] ?? '') ? ('sharedFirst' as const) : ('disjoint' as const),
        fixId: 'fix' as const,
        data: {
          other: code(join.container),
          own: own.map(code).join(' → '),
          otherKey: join.partitionKeyPaths.map(code).join(' → '),
          first: code(own[0]),
          suggestion: sharedKeySuggestion(design, analysis, join.partitionKeyPaths),
        },
      }));
  },
});
