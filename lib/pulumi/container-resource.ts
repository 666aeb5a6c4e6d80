/**
 * The Cosmos DB container itself: the partition key exactly as the core normalized it (paths in
 * order, kind, version), throughput, and the pass-through settings.
 */
import type * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import type * as inputs from '@pulumi/azure-native/types/input';
import * as pulumi from '@pulumi/pulumi';
import { shapes, type CosmosKeyDesign } from '../index';
import { throughputOptions, type ThroughputInput } from './throughput';
import { isDeferred } from './values';

/** Container settings that skewguard passes through to Azure. */
export interface ContainerSettings {
  /** Where the container's RU/s come from: `{ manual: RU/s }`, `{ autoscaleMax: RU/s }`, `'shared'`
   *  (the database's throughput) or `'serverless'`. It decides which alerts can fire, so it is required.
   *  A new figure in the same form is applied to the live container by the next `pulumi up`, in place.
   *  Changing manual to autoscale (or back) in place needs Azure's throughput migration first
   *  (docs/pulumi.md, "Data safety"). */
  readonly throughput: ThroughputInput;
  /** The indexing policy, passed to `resource.indexingPolicy`.
   *  @default - Azure's default: consistent, every path indexed */
  readonly indexingPolicy?: pulumi.Input<inputs.cosmosdb.IndexingPolicyArgs>;
  /** Time to live of items in seconds; -1 turns TTL on with no default expiry.
   *  @default - TTL off */
  readonly defaultTtl?: pulumi.Input<number>;
  /** Unique keys (unique within one logical partition). They can only be set when the container is created.
   *  @default - none */
  readonly uniqueKeyPolicy?: pulumi.Input<inputs.cosmosdb.UniqueKeyPolicyArgs>;
  /** Tags of the container and its alerts.
   *  @default - none */
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/** The largest `defaultTtl`: Azure's field is a 32-bit integer ("Time to Live (TTL) in Azure Cosmos DB",
 *  https://learn.microsoft.com/azure/cosmos-db/nosql/time-to-live: "a maximum value of 2147483647"). */
const MAX_TTL = 2_147_483_647;

/** `defaultTtl`: -1 (on, no default expiry) or whole seconds above 0, up to 2,147,483,647. */
export const ttlShape: shapes.Shape<number> = {
  expected: '-1 (TTL on, no default expiry) or whole seconds from 1 to 2147483647',
  is: (value) => typeof value === 'number',
  read(value, place, issues, key) {
    if (typeof value === 'number' && Number.isInteger(value) && (value === -1 || (value > 0 && value <= MAX_TTL))) return value;
    issues.push({ path: shapes.pathOf(place, key), message: `expected ${ttlShape.expected}, got ${shapes.describe(value)}` });
    return undefined;
  },
  schema: () => ({ anyOf: [{ const: -1 }, { type: 'integer', minimum: 1, maximum: MAX_TTL }] }),
};

/** What could not be checked because it is only known at deployment (reported with pulumi.log.warn). An Output
 *  throughput is not among them: it is checked once known (deferred-throughput.ts). */
export function uncheckedSettings(settings: ContainerSettings): string[] {
  return isDeferred(settings.defaultTtl) ? [`defaultTtl (${ttlShape.expected})`] : [];
}

/** The container's ARM inputs. `containerName` is also `resource.id`: ARM requires them equal. */
export function containerArgs(
  where: { resourceGroupName: pulumi.Input<string>; accountName: pulumi.Input<string>; databaseName: pulumi.Input<string> },
  containerName: string,
  design: CosmosKeyDesign,
  settings: ContainerSettings,
): cosmosdb.SqlResourceSqlContainerArgs {
  return {
    resourceGroupName: where.resourceGroupName,
    accountName: where.accountName,
    databaseName: where.databaseName,
    containerName,
    resource: {
      id: containerName,
      partitionKey: {
        paths: design.primaryKey.partitionKey.map((attribute) => attribute.name),
        kind: design.partitionKeyKind,
        version: design.partitionKeyVersion,
      },
      indexingPolicy: settings.indexingPolicy,
      defaultTtl: settings.defaultTtl,
      uniqueKeyPolicy: settings.uniqueKeyPolicy,
    },
    options: throughputOptions(settings.throughput),
    tags: settings.tags,
  };
}
