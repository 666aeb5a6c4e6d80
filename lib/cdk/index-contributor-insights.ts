/**
 * Per-GSI Contributor Insights. TableV2 gives every GSI the table's setting and offers a per-index
 * override only for *other* regions' replicas; a design may switch one index off (or on) on its own
 * (`globalSecondaryIndexes[i].contributorInsights`). This wraps the rendered `Replicas` of the
 * CfnGlobalTable and sets that index's specification in every replica, leaving the rest as TableV2
 * rendered it.
 */
import { Token, type IPostProcessor, type IResolvable, type IResolveContext } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';

export type Replica = dynamodb.CfnGlobalTable.ReplicaSpecificationProperty & {
  globalSecondaryIndexes?: dynamodb.CfnGlobalTable.ReplicaGlobalSecondaryIndexSpecificationProperty[];
};

type Overrides = ReadonlyMap<string, dynamodb.CfnGlobalTable.ContributorInsightsSpecificationProperty>;

/**
 * TableV2's replicas, resolved by CDK as they would be without this wrapper; the resolved list then
 * goes through `postProcess`, which checks it and applies the overrides. (Resolving them inside a
 * `Lazy` instead would render the replicas a second time.)
 */
class ReplicasWithIndexContributorInsights implements IResolvable, IPostProcessor {
  readonly creationStack: string[] = [];

  constructor(
    private readonly rendered: unknown,
    private readonly settings: () => Overrides,
    private readonly check: (replicas: readonly Replica[]) => void,
  ) {}

  resolve(context: IResolveContext): unknown {
    context.registerPostProcessor(this);
    return this.rendered;
  }

  postProcess(resolved: unknown): unknown {
    if (!Array.isArray(resolved)) return resolved;
    const replicas = resolved as Replica[];
    this.check(replicas);
    const overrides = this.settings();
    if (overrides.size === 0) return replicas;
    return replicas.map((replica) => ({
      ...replica,
      globalSecondaryIndexes: replica.globalSecondaryIndexes?.map((gsi) => {
        const spec = overrides.get(gsi.indexName);
        return spec ? { ...gsi, contributorInsightsSpecification: spec } : gsi;
      }),
    }));
  }

  toString(): string {
    return Token.asString(this);
  }
}

/**
 * `settings()` is read at synth time: index name → Contributor Insights specification for the
 * indexes whose setting differs from the table's (an empty map leaves the template untouched).
 * `check()` sees the rendered replicas first (replicas added with `addReplica()` included) and may
 * throw to refuse the synth.
 */
export function overrideIndexContributorInsights(
  resource: dynamodb.CfnGlobalTable,
  settings: () => Overrides,
  check: (replicas: readonly Replica[]) => void,
): void {
  resource.replicas = new ReplicasWithIndexContributorInsights(resource.replicas, settings, check);
}
