/**
 * The example app (examples/cdk) and the example program (examples/pulumi) as the replay sees them:
 * their synthesized template / registered resources, the traffic profile of each table and container
 * (from their designs). The meaning of their log-alert queries ships as skewguardQueries (skewguard/testing/replay).
 */
import { App } from 'aws-cdk-lib';
import { SkewguardExampleStack } from '../../../examples/cdk/stack';
import type { CosmosKeyDesign, DynamoDbKeyDesign } from '../../../lib';
import { GuardedTable } from '../../../lib/cdk';
import type { CfnTemplate, CosmosContainerProfile, DynamoTableProfile } from '../../../lib/testing/replay';

/** The example stack, synthesized without aws-cdk-lib's validation (not under test here). */
export function exampleTemplate(): CfnTemplate {
  return withoutValidation((app, stack) => app.synth().getStackByName(stack.stackName).template as CfnTemplate);
}

/** The normalized design of each GuardedTable of the example stack, by construct id (`Tickets`, `Documents`). */
export function exampleTableDesigns(): Record<string, DynamoDbKeyDesign> {
  return withoutValidation((_app, stack) =>
    Object.fromEntries(stack.node.children.filter((c): c is GuardedTable => c instanceof GuardedTable).map((t) => [t.node.id, t.design])),
  );
}

function withoutValidation<T>(read: (app: App, stack: SkewguardExampleStack) => T): T {
  const previous = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    const app = new App();
    return read(app, new SkewguardExampleStack(app, 'SkewguardExample'));
  } finally {
    process.env.CDK_VALIDATION = previous;
  }
}

/** From the designs in examples/cdk/stack.ts: Tickets (on-demand, no maximum, the hot event sharded
 *  67 ways as its `sharding` declares) and Documents (on-demand with maximums, two GSIs receiving every write).
 *  test/replay/targets-cdk.test.ts checks these against the stack's designs. */
export const EXAMPLE_TABLES: Readonly<Record<string, DynamoTableProfile>> = {
  Tickets: { capacity: { mode: 'on-demand' }, peakRead: 6_000, peakWrite: 80_000, cardinality: 5_000 * 80, hotKey: { share: 0.25, shards: 80 } },
  Documents: {
    capacity: { mode: 'on-demand', maxRead: 20_000, maxWrite: 4_000 },
    peakRead: 9_000,
    peakWrite: 1_500,
    cardinality: 1_000_000,
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

/** `profiles` with each container's normalized design from the example program (`GuardedContainer.design`), so that
 *  the replay judges a hot key against the ceiling that container's hotKey alert uses (`ContainerModel.design`). */
export function withDesigns(
  profiles: Readonly<Record<string, CosmosContainerProfile>>,
  containers: Readonly<Record<string, { readonly design: CosmosKeyDesign }>>,
): Record<string, CosmosContainerProfile> {
  return Object.fromEntries(Object.entries(profiles).map(([name, profile]) => [name, { ...profile, design: containers[name].design }]));
}
