/**
 * Props → TableV2 props, with GuardedTable's data-safety defaults. Pure: no construct is created here.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import {
  GSI_SETTINGS,
  LSI_SETTINGS,
  type GuardedGlobalSecondaryIndex,
  type GuardedLocalSecondaryIndex,
  type GuardedPartitionKey,
  type GuardedSortKey,
  type GuardedTableDesign,
  type GuardedTableSettings,
} from './props';

/** A key attribute as TableV2 takes it: name and type only. */
export function attribute(key: GuardedPartitionKey | GuardedSortKey): dynamodb.Attribute {
  return { name: key.name, type: key.type as dynamodb.AttributeType };
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]])) as Pick<T, K>;
}

export function globalSecondaryIndexProps(gsi: GuardedGlobalSecondaryIndex): dynamodb.GlobalSecondaryIndexPropsV2 {
  return {
    indexName: gsi.indexName,
    ...(gsi.partitionKey ? { partitionKey: attribute(gsi.partitionKey) } : {}),
    ...(gsi.partitionKeys ? { partitionKeys: gsi.partitionKeys.map(attribute) } : {}),
    ...(gsi.sortKey ? { sortKey: attribute(gsi.sortKey) } : {}),
    ...(gsi.sortKeys ? { sortKeys: gsi.sortKeys.map(attribute) } : {}),
    ...pick(gsi, GSI_SETTINGS),
  };
}

function localSecondaryIndexProps(lsi: GuardedLocalSecondaryIndex): dynamodb.LocalSecondaryIndexProps {
  return { indexName: lsi.indexName, sortKey: attribute(lsi.sortKey), ...pick(lsi, LSI_SETTINGS) };
}

/**
 * Everything TableV2 needs; the design's Contributor Insights switch and the chosen mode go to the
 * table (GSIs inherit them). Without `billing`, TableV2 bills on demand, as `Billing.onDemand()` does.
 */
export function tableV2Props(
  design: GuardedTableDesign,
  settings: GuardedTableSettings,
  contributorInsights: { enabled: boolean; mode: dynamodb.ContributorInsightsMode },
): dynamodb.TablePropsV2 {
  return {
    ...settings,
    partitionKey: attribute(design.partitionKey),
    ...(design.sortKey ? { sortKey: attribute(design.sortKey) } : {}),
    removalPolicy: settings.removalPolicy ?? RemovalPolicy.RETAIN,
    deletionProtection: settings.deletionProtection ?? true,
    pointInTimeRecoverySpecification: settings.pointInTimeRecoverySpecification ?? { pointInTimeRecoveryEnabled: true },
    contributorInsightsSpecification: contributorInsights.enabled ? { enabled: true, mode: contributorInsights.mode } : { enabled: false },
    globalSecondaryIndexes: design.globalSecondaryIndexes?.map(globalSecondaryIndexProps),
    localSecondaryIndexes: design.localSecondaryIndexes?.map(localSecondaryIndexProps),
  };
}
