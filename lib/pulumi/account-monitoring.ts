/**
 * Partition-key diagnostics for one Cosmos DB account: the Cosmos DB counterpart of DynamoDB
 * Contributor Insights. Azure allows at most 5 diagnostic settings per resource, and refuses a second
 * setting that sends the same category to the same workspace, so this is an account-level component
 * that owns (or reuses) the single setting; every GuardedContainer of the account attaches to it.
 */
import * as monitor from '@pulumi/azure-native/monitor';
import * as operationalinsights from '@pulumi/azure-native/operationalinsights';
import * as pulumi from '@pulumi/pulumi';
import { shapes } from '../index';
import { tierActionGroupsShape, type TierActionGroups } from './alert-settings';
import {
  accountShape,
  actionGroupIds,
  componentNameIssues,
  deployTime,
  ownArgs,
  planTime,
  readArgs,
  resourceGroupShape,
  tagsShape,
  withId,
} from './arg-shapes';
import { diagnosticSettingGaps } from './diagnostic-gaps';
import { MONITORING_CATEGORIES } from './partition-key-categories';
import { nameOf, resolveAccount, type AccountInput, type ResourceGroupInput } from './references';
import { ACCOUNT_MONITORING_TYPE } from './type-tokens';

export interface CosmosAccountMonitoringArgs {
  /** Resource group of the account (and of the workspace, if one is created): its name or the resource. */
  readonly resourceGroupName: ResourceGroupInput;
  /** The Cosmos DB account: a `cosmosdb.DatabaseAccount`, `{ name, id }`, or its name (looked up at deployment). */
  readonly account: AccountInput;
  /** Region of the created workspace and of the attached containers' log alerts (keep them in the
   *  region of your data). The metric alert is always `global`.
   *  @default - the resource group's region (azure-native's default) */
  readonly location?: pulumi.Input<string>;
  /** Log Analytics workspace receiving the logs: an `operationalinsights.Workspace` or `{ id }`.
   *  @default - a new workspace (PerGB2018) in the account's resource group */
  readonly workspace?: {
    /** ARM resource id of the Log Analytics workspace. */
    readonly id: pulumi.Input<string>;
  };
  /** The name of a diagnostic setting the account already has, to use instead of creating one (Azure
   *  refuses a second setting that sends the same category to the same workspace). It is read at
   *  deployment and must send PartitionKeyStatistics, PartitionKeyRUConsumption and
   *  DataPlaneRequests5M to a workspace with Dedicated tables; the alerts query that workspace.
   *  @default - a new setting */
  readonly existingDiagnosticSetting?: string;
  /** Retention of the created workspace, in days (not with `workspace` or `existingDiagnosticSetting`).
   *  @default 30 */
  readonly workspaceRetentionInDays?: number;
  /** Other log categories of this account to send through the same setting (e.g. `DataPlaneRequests`),
   *  so one setting serves every need.
   *  @default - none */
  readonly additionalLogCategories?: readonly string[];
  /** Action groups (resource ids) every tier of the attached containers' alerts notifies.
   *  @default - none */
  readonly actionGroupIds?: pulumi.Input<string>[];
  /** Action groups per tier (`page`, `ticket`) for the attached containers' alerts.
   *  @default - `actionGroupIds` for both */
  readonly actionGroups?: TierActionGroups;
  /** Tags of the created workspace.
   *  @default - none */
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

const BRAND = '__skewguardAccountMonitoring';

const categoryName = shapes.text();
const argsShape = shapes.record<CosmosAccountMonitoringArgs>({
  resourceGroupName: { shape: resourceGroupShape as shapes.Shape<ResourceGroupInput>, doc: "The account's resource group." },
  account: { shape: accountShape as shapes.Shape<AccountInput>, doc: 'The Cosmos DB account.' },
  location: { shape: deployTime(shapes.text()), optional: true, doc: 'Region of the workspace and log alerts.' },
  workspace: { shape: withId('Log Analytics workspace'), optional: true, doc: 'The workspace receiving the logs.' },
  existingDiagnosticSetting: { shape: planTime(shapes.text()), optional: true, doc: 'A diagnostic setting to reuse.' },
  workspaceRetentionInDays: { shape: planTime(shapes.num({ integer: true, min: 1 })), optional: true, doc: 'Retention of the created workspace.' },
  additionalLogCategories: { shape: shapes.list(categoryName), optional: true, doc: 'Other log categories for the setting.' },
  actionGroupIds: { shape: actionGroupIds, optional: true, doc: 'Action groups of every tier.' },
  actionGroups: { shape: tierActionGroupsShape, optional: true, doc: 'Action groups per tier.' },
  tags: { shape: tagsShape, optional: true, doc: 'Tags of the created workspace.' },
});

export class CosmosAccountMonitoring extends pulumi.ComponentResource {
  /** Resource group of the account. */
  public readonly resourceGroupName: pulumi.Output<string>;
  /** Name of the Cosmos DB account whose diagnostics this component sends to the workspace. */
  public readonly accountName: pulumi.Output<string>;
  /** ARM resource id of the account: the scope of the diagnostic setting and the metric alerts. */
  public readonly accountId: pulumi.Output<string>;
  /** The Log Analytics workspace the logs land in: the scope of the log alerts. */
  public readonly workspaceId: pulumi.Output<string>;
  /** Region of the created workspace and the log alerts, when given. */
  public readonly location?: pulumi.Input<string>;
  /** The workspace, when this component created it. */
  public readonly workspace?: operationalinsights.Workspace;
  /** The account's diagnostic setting, when this component created it (not with `existingDiagnosticSetting`). */
  public readonly diagnosticSetting?: monitor.DiagnosticSetting;
  /** Action groups (resource ids) notified by every tier of the attached containers' alerts, unless `actionGroups`
   *  names a tier's own; empty when none was given. */
  public readonly actionGroupIds: pulumi.Input<string>[];
  /** Action groups per tier, as given; absent when not given (`actionGroupIds` serves both tiers). */
  public readonly actionGroups?: TierActionGroups;

  /** True for a CosmosAccountMonitoring, even from another copy of skewguard. */
  public static isInstance(value: unknown): value is CosmosAccountMonitoring {
    return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BRAND] === true;
  }

  constructor(name: string, given: CosmosAccountMonitoringArgs, opts?: pulumi.ComponentResourceOptions) {
    const args = checkMonitoringArgs(name, given);
    super(ACCOUNT_MONITORING_TYPE, name, {}, opts);
    Object.defineProperty(this, BRAND, { value: true });
    const parent = { parent: this };
    this.resourceGroupName = nameOf(args.resourceGroupName);
    const account = resolveAccount(args.account, this.resourceGroupName, this);
    this.accountName = account.name;
    this.accountId = account.id;
    this.location = args.location;
    this.actionGroupIds = args.actionGroupIds ?? [];
    this.actionGroups = args.actionGroups;

    if (args.existingDiagnosticSetting !== undefined) {
      this.workspaceId = reusedSettingWorkspace(args.existingDiagnosticSetting, this.accountId, this);
    } else {
      if (args.workspace === undefined) {
        this.workspace = new operationalinsights.Workspace(
          `${name}-workspace`,
          {
            resourceGroupName: this.resourceGroupName,
            location: args.location,
            sku: { name: 'PerGB2018' },
            retentionInDays: args.workspaceRetentionInDays ?? 30,
            tags: args.tags,
          },
          parent,
        );
      }
      this.workspaceId = pulumi.output(this.workspace?.id ?? (args.workspace as { id: pulumi.Input<string> }).id);
      this.diagnosticSetting = new monitor.DiagnosticSetting(
        `${name}-partition-keys`,
        {
          resourceUri: this.accountId,
          workspaceId: this.workspaceId,
          // Resource-specific tables (CDBPartitionKeyStatistics, …); without it rows land in AzureDiagnostics
          // and the log alerts find nothing.
          logAnalyticsDestinationType: 'Dedicated',
          logs: [...MONITORING_CATEGORIES, ...(args.additionalLogCategories ?? [])].map((category) => ({ category, enabled: true })),
        },
        parent,
      );
    }
    // Plain values (ids), as Pulumi's component examples register; the workspace and the setting
    // themselves are the `workspace` and `diagnosticSetting` properties.
    this.registerOutputs({ accountId: this.accountId, workspaceId: this.workspaceId });
  }
}

/** The workspace of the account's existing setting, read at deployment; fails the deployment (and
 *  the preview) naming what the setting lacks, since alerts on a workspace that gets no rows never fire. */
function reusedSettingWorkspace(settingName: string, accountId: pulumi.Output<string>, parent: pulumi.Resource): pulumi.Output<string> {
  const setting = monitor.getDiagnosticSettingOutput({ name: settingName, resourceUri: accountId }, { parent });
  return setting.apply((found) => {
    const gaps = diagnosticSettingGaps(found, MONITORING_CATEGORIES);
    if (gaps.length > 0)
      throw new pulumi.RunError(
        `CosmosAccountMonitoring: the existing diagnostic setting "${settingName}" cannot feed the skew alerts: ${gaps.join('; ')}. Add what it lacks, or let the component create its own setting.`,
      );
    return found.workspaceId as string;
  });
}

/** The args as read (`ownArgs`), once every problem with them is ruled out. */
function checkMonitoringArgs(name: string, received: CosmosAccountMonitoringArgs): CosmosAccountMonitoringArgs {
  const component = `CosmosAccountMonitoring "${name}"`;
  const args = ownArgs(received, component);
  const given = typeof args === 'object' && args !== null ? args : ({} as Partial<CosmosAccountMonitoringArgs>);
  // Checks across fields, reported together with the shape's issues.
  const conflicts: { path: string; message: string }[] = componentNameIssues(name);
  const extra = Array.isArray(given.additionalLogCategories) ? given.additionalLogCategories : [];
  extra.forEach((category, i) => {
    if ((MONITORING_CATEGORIES as readonly unknown[]).includes(category) || extra.indexOf(category) !== i) {
      conflicts.push({ path: `additionalLogCategories[${i}]`, message: `"${category}" is already in the setting; list each category once` });
    }
  });
  if (given.existingDiagnosticSetting !== undefined) {
    for (const field of ['workspace', 'workspaceRetentionInDays', 'additionalLogCategories'] as const) {
      if (given[field] !== undefined)
        conflicts.push({ path: field, message: 'belongs to the setting you reuse (existingDiagnosticSetting): set it there, and remove it here' });
    }
  } else if (given.workspace !== undefined && given.workspaceRetentionInDays !== undefined) {
    conflicts.push({
      path: 'workspaceRetentionInDays',
      message: 'applies only to a workspace this component creates; set retention on the workspace you pass',
    });
  }
  readArgs(argsShape, args, component, conflicts);
  return args;
}
