/**
 * Per-GSI Contributor Insights. TableV2 gives every GSI the table's setting and offers a per-index
 * override only for *other* regions' replicas; a design may switch one index off (or on) on its own
 * (`globalSecondaryIndexes[i].contributorInsights`). This wraps the rendered `Replicas` of the
 * CfnGlobalTable and sets that index's specification in every replica, leaving the rest as TableV2
 * rendered it.
 */
import { Lazy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';

export type Replica = dynamodb.CfnGlobalTable.ReplicaSpecificationProperty & {
  globalSecondaryIndexes?: dynamodb.CfnGlobalTable.ReplicaGlobalSecondaryIndexSpecificationProperty[];
};

/**
 * `settings()` is read at synth time: index name → Contributor Insights specification for the
 * indexes whose setting differs from the table's (an empty map leaves the template untouched).
 * `check()` sees the rendered replicas first (replicas added with `addReplica()` included) and may
 * throw to refuse the synth.
 */
export function overrideIndexContributorInsights(
  resource: dynamodb.CfnGlobalTable,
  settings: () => ReadonlyMap<string, dynamodb.CfnGlobalTable.ContributorInsightsSpecificationProperty>,
  check: (replicas: readonly Replica[]) => void,
): void {
  const rendered = resource.replicas;
  resource.replicas = Lazy.any({
    produce: () => {
      const replicas = Stack.of(resource).resolve(rendered) as Replica[] | undefined;
      if (!Array.isArray(replicas)) return replicas;
      check(replicas);
      const overrides = settings();
      if (overrides.size === 0) return replicas;
      return replicas.map((replica) => ({
        ...replica,
        globalSecondaryIndexes: replica.globalSecondaryIndexes?.map((gsi) => {
          const spec = overrides.get(gsi.indexName);
          return spec ? { ...gsi, contributorInsightsSpecification: spec } : gsi;
        }),
      }));
    },
  });
}
