/**
 * The example app (examples/cdk) and the example program (examples/pulumi) as the replay sees them:
 * their synthesized template / registered resources, the traffic profile of each table and container
 * (from their designs), and the meaning of today's log-alert queries (lib/pulumi/queries.ts).
 */
import { App } from 'aws-cdk-lib';
import { SkewguardExampleStack } from '../../../examples/cdk/stack';
import { hottestKeyShareQuery, largestPartitionQuery } from '../../../lib/pulumi/queries';
import type { CfnTemplate, CosmosContainerProfile, DynamoTableProfile, QueryRegistry, QuerySemantics, ResultRow } from '../../../lib/testing/replay';

/** The example stack, synthesized without aws-cdk-lib's validation (not under test here). */
export function exampleTemplate(): CfnTemplate {
  const previous = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    const app = new App();
    const stack = new SkewguardExampleStack(app, 'SkewguardExample');
    return app.synth().getStackByName(stack.stackName).template as CfnTemplate;
  } finally {
    process.env.CDK_VALIDATION = previous;
  }
}

/** From the designs in examples/cdk/stack.ts: Tickets (on-demand, no maximum, the hot event sharded
 *  25 ways) and Documents (on-demand with maximums, two GSIs receiving every write). */
export const EXAMPLE_TABLES: Readonly<Record<string, DynamoTableProfile>> = {
  Tickets: { capacity: { mode: 'on-demand' }, peakRead: 6_000, peakWrite: 80_000, cardinality: 5_000 * 25, hotKey: { share: 0.25, shards: 25 } },
  Documents: {
    capacity: { mode: 'on-demand', maxRead: 20_000, maxWrite: 4_000 }, peakRead: 9_000, peakWrite: 1_500, cardinality: 1_000_000,
    indexes: [
      { name: 'by-tenant-owner', peakRead: 3_000, writeShare: 1, cardinality: 2_000 * 400_000 },
      { name: 'by-folder', peakRead: 1_000, writeShare: 1, cardinality: 250_000 },
    ],
  },
};

/** From examples/pulumi: events (autoscale to 40,000 RU/s, 4 ranges, 120 GB assumed) and devices
 *  (manual 1,000 RU/s, one range). The devices design declares 1,500 reads/s and 300 writes/s, more
 *  than 1,000 RU/s can serve; its profile peaks at 800 RU/s so that a healthy week is healthy. */
export const EXAMPLE_CONTAINERS: Readonly<Record<string, CosmosContainerProfile>> = {
  events: { throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 120, peakRu: 33_000, largestPartitionGb: 0.5 },
  devices: { throughput: { kind: 'manual', ru: 1_000 }, storageGb: 5, peakRu: 800, largestPartitionGb: 1.2 },
};

const inWindow = (rows: readonly { columns: Readonly<Record<string, string | number>> }[], db: string, container: string) =>
  rows.filter((r) => r.columns.DatabaseName === db && r.columns.CollectionName === container).map((r) => r.columns);

/** largestPartitionQuery: max SizeKb per key, in GB, top 1. */
function largestPartition(db: string, container: string): QuerySemantics {
  return (rowsOf) => {
    const size = new Map<string, number>();
    for (const c of inWindow(rowsOf('CDBPartitionKeyStatistics'), db, container)) size.set(String(c.PartitionKey), Math.max(size.get(String(c.PartitionKey)) ?? 0, Number(c.SizeKb)));
    const top = [...size].map(([PartitionKey, kb]): ResultRow => ({ PartitionKey, SizeGb: kb / 1_048_576 })).sort((a, b) => Number(b.SizeGb) - Number(a.SizeGb));
    return top.slice(0, 1);
  };
}

/** hottestKeyShareQuery: each key's RU over the container's RU in the window (when ≥ minimum), top 1. */
function hottestKeyShare(db: string, container: string, minimum: number): QuerySemantics {
  return (rowsOf) => {
    const charges = inWindow(rowsOf('CDBPartitionKeyRUConsumption'), db, container);
    const total = charges.reduce((s, c) => s + Number(c.RequestCharge), 0);
    if (total < minimum) return [];
    const perKey = new Map<string, number>();
    for (const c of charges) perKey.set(String(c.PartitionKey), (perKey.get(String(c.PartitionKey)) ?? 0) + Number(c.RequestCharge));
    const top = [...perKey].map(([PartitionKey, ru]): ResultRow => ({ PartitionKey, KeyShare: ru / total })).sort((a, b) => Number(b.KeyShare) - Number(a.KeyShare));
    return top.slice(0, 1);
  };
}

/** Recognises today's two queries by regenerating their exact text for each container. */
export function todaysQueries(containers: readonly { databaseName: string; containerName: string }[]): QueryRegistry {
  return (query) => {
    for (const { databaseName: db, containerName: c } of containers) {
      if (query === largestPartitionQuery(db, c)) return largestPartition(db, c);
      const minimum = /where total >= (\d+(?:\.\d+)?)/.exec(query)?.[1];
      if (minimum !== undefined && query === hottestKeyShareQuery(db, c, Number(minimum))) return hottestKeyShare(db, c, Number(minimum));
    }
    return undefined;
  };
}
