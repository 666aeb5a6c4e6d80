/**
 * The Cosmos DB container itself: the partition key exactly as the core normalized it (paths in
 * order, kind, version), throughput, and the pass-through settings.
 */
import * as pulumi from '@pulumi/pulumi';
import type * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import type * as inputs from '@pulumi/azure-native/types/input';
import type { CosmosKeyDesign } from '../index';
import type { Issues } from './issues';
import { isDeferred } from './values';

/** Dedicated container throughput: manual RU/s, or an autoscale maximum (scales between 10% and 100% of it). */
export type ThroughputInput = { readonly manual: pulumi.Input<number> } | { readonly autoscaleMax: pulumi.Input<number> };

/** Container settings that skewguard passes through to Azure unchanged. */
export interface ContainerSettings {
  /** Dedicated throughput for this container.
   *  @default - none: the container shares its database's throughput (or the account is serverless) */
  readonly throughput?: ThroughputInput;
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

/** Azure's limits for dedicated container throughput: manual from 400 RU/s in steps of 100,
 *  autoscale maximum from 1,000 RU/s in steps of 1,000. */
const THROUGHPUT = {
  manual: { min: 400, step: 100 },
  autoscaleMax: { min: 1_000, step: 1_000 },
} as const;

/** Validates the settings; returns what could not be checked because it is only known at deployment. */
export function checkContainerSettings(settings: ContainerSettings, issues: Issues): string[] {
  const unchecked: string[] = [];
  const throughput = settings.throughput as Record<string, unknown> | undefined;
  if (throughput !== undefined) {
    const forms = typeof throughput === 'object' && throughput !== null ? Object.keys(throughput) : [];
    if (forms.length !== 1 || !(forms[0] in THROUGHPUT)) {
      issues.add('throughput', 'expected { manual: RU/s } or { autoscaleMax: RU/s }, exactly one');
    } else {
      const form = forms[0] as keyof typeof THROUGHPUT;
      const value = throughput[form];
      const { min, step } = THROUGHPUT[form];
      if (isDeferred(value)) {
        unchecked.push(`throughput.${form} (at least ${min} RU/s, in steps of ${step})`);
      } else if (!(typeof value === 'number' && Number.isInteger(value) && value >= min && value % step === 0)) {
        issues.add(`throughput.${form}`, `expected at least ${min} RU/s in steps of ${step}, got ${JSON.stringify(value)}`);
      }
    }
  }
  const ttl: unknown = settings.defaultTtl;
  if (isDeferred(ttl)) {
    unchecked.push('defaultTtl (-1, or whole seconds above 0)');
  } else if (ttl !== undefined && !(typeof ttl === 'number' && Number.isInteger(ttl) && (ttl === -1 || ttl > 0))) {
    issues.add('defaultTtl', `expected -1 (TTL on, no default expiry) or whole seconds above 0, got ${JSON.stringify(ttl)}`);
  }
  return unchecked;
}

function throughputOptions(throughput: ThroughputInput | undefined): inputs.cosmosdb.CreateUpdateOptionsArgs | undefined {
  if (throughput === undefined) return undefined;
  return 'manual' in throughput ? { throughput: throughput.manual } : { autoscaleSettings: { maxThroughput: throughput.autoscaleMax } };
}

/** The container's ARM inputs. `containerName` is also `resource.id`: ARM requires them equal. */
export function containerArgs(
  where: { resourceGroupName: pulumi.Input<string>; accountName: pulumi.Input<string>; databaseName: pulumi.Input<string> },
  containerName: string, design: CosmosKeyDesign, settings: ContainerSettings,
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
