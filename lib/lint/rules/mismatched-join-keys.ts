import { sameAttribute, type CosmosKeyDesign } from '../../design/key-design';
import type { DesignAnalysis } from '../analysis';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

/** One key is a prefix of the other: a lookup gives the shorter key and is routed to its partitions. */
function prefixOfEachOther(own: readonly string[], other: readonly string[]): boolean {
  const shorter = own.length <= other.length ? own : other;
  const longer = shorter === own ? other : own;
  return shorter.every((path, i) => sameAttribute(path, longer[i]));
}

type FixId = 'fix' | 'fixNotTimeBucket' | 'fixNotLowCardinality' | 'fixOtherKey' | 'fixClose' | 'fixView';

/** The key both containers could share, as fix clauses; never one that SG001/SG002 would flag on this container. */
function sharedKeyFix(design: CosmosKeyDesign, analysis: DesignAnalysis, other: readonly string[]): { fixId: FixId; fixNotes: FixId[] } {
  const own = design.primaryKey.partitionKey;
  const a = analysis.of(design.primaryKey);
  const timeBucket = own[0].kind === 'time-bucket';
  if (!timeBucket && a.cardinality >= design.thresholds.minCardinality) return { fixId: 'fix', fixNotes: ['fixView'] };
  return {
    fixId: timeBucket ? 'fixNotTimeBucket' : 'fixNotLowCardinality',
    fixNotes: [...(other.length ? (['fixOtherKey'] as const) : []), 'fixClose', 'fixView'],
  };
}

export const mismatchedJoinKeys = defineRule({
  id: 'SG013',
  title: 'mismatched-join-keys',
  summary: 'Containers queried together are partitioned on different keys',
  severity: 'warning',
  engines: ['cosmosdb'],
  thresholds: ['minCardinality'],
  fires: 'Two containers declared as joined (queried together) use partition keys that are not a prefix of one another.',
  rationale:
    'Cosmos DB has no join across containers (Azure: "Self-joins"): the application queries both, and when their keys differ every lookup on the second container is a cross-partition fan-out. When one key is a prefix of the other (/tenantId, /deviceId and /tenantId, /deviceId, /yyyyMM), a lookup is a prefix query routed to that prefix\'s partitions only (Azure: "Hierarchical partition keys").',
  fix: 'Decide keys across containers together (a shared prefix is enough), or maintain a materialized view via the change feed.',
  sources: [SOURCES.cosmosJoins, SOURCES.cosmosHierarchical, SOURCES.cosmosChangeFeedPatterns],
  messages: () => ({
    sharedFirst:
      'this container is joined with {{other|code}}, but is partitioned by {{own|levels}} and {{other|code}} by {{otherKey|levels}}: a joined lookup can target only by the shared first level {{first|code}}, not by the full key',
    disjoint:
      'this container is joined with {{other|code}}, but is partitioned by {{own|levels}} and {{other|code}} by {{otherKey|levels}}: each joined lookup fans out over every partition',
    fix: 'partition both by {{own|levels}}',
    fixNotTimeBucket: 'partition both by a high-cardinality key both carry (not {{first|code}}, which is a time bucket',
    fixNotLowCardinality: 'partition both by a high-cardinality key both carry (not {{first|code}}, which is low-cardinality',
    fixOtherKey: '; {{otherKey|levels}} if it is not',
    fixClose: ')',
    fixView: ', or maintain a materialized view of {{other|code}} keyed like this container via the change feed',
  }),
  check(design, analysis) {
    const own = design.primaryKey.partitionKey.map((a) => a.name);
    return design.joins
      .filter((join) => !prefixOfEachOther(own, join.partitionKeyPaths))
      .map((join) => ({
        path: join.path,
        messageId: sameAttribute(own[0], join.partitionKeyPaths[0] ?? '') ? ('sharedFirst' as const) : ('disjoint' as const),
        ...sharedKeyFix(design, analysis, join.partitionKeyPaths),
        data: { other: join.container, own, otherKey: join.partitionKeyPaths, first: own[0] },
      }));
  },
});
