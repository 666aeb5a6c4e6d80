/**
 * Partition-key diagnostics for one Cosmos DB account: the Cosmos DB counterpart of DynamoDB
 * Contributor Insights. Azure allows only a few diagnostic settings per resource, and the
 * statistics are per account anyway, so this is an account-level component that owns the single
 * setting; every GuardedContainer of the account attaches to it (`monitoring: accountMonitoring`).
 */
import * as pulumi from '@pulumi/pulumi';
import * as monitor from '@pulumi/azure-native/monitor';
import * as operationalinsights from '@pulumi/azure-native/operationalinsights';
import { Issues } from './issues';
import { PARTITION_KEY_CATEGORIES } from './partition-key-categories';
import { checkNamed, nameOf, resolveAccount, type AccountInput, type ResourceGroupInput } from './references';
import { ACCOUNT_MONITORING_TYPE } from './type-tokens';
import { isDeferred } from './values';


export interface CosmosAccountMonitoringArgs {
  /** Resource group of the account (and of the workspace, if one is created): its name or the resource. */
  readonly resourceGroupName: ResourceGroupInput;
  /** The Cosmos DB account: a `cosmosdb.DatabaseAccount`, `{ name, id }`, or its name (looked up at deployment). */
  readonly account: AccountInput;
  /** Log Analytics workspace receiving the logs: an `operationalinsights.Workspace` or `{ id }`.
   *  @default - a new workspace (PerGB2018) in the account's resource group */
  readonly workspace?: { readonly id: pulumi.Input<string> };
  /** Retention of the created workspace, in days (ignored when `workspace` is given).
   *  @default 30 */
  readonly workspaceRetentionInDays?: number;
  /** Other log categories of this account to send through the same setting (e.g. `DataPlaneRequests`),
   *  so one setting serves every need.
   *  @default - none */
  readonly additionalLogCategories?: readonly string[];
  /** Action groups (resource ids) the skew alerts of attached containers notify.
   *  @default - none */
  readonly actionGroupIds?: pulumi.Input<string>[];
  /** Tags of the created workspace.
   *  @default - none */
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

const BRAND = '__skewguardAccountMonitoring';

export class CosmosAccountMonitoring extends pulumi.ComponentResource {
  /** Resource group of the account. */
  public readonly resourceGroupName: pulumi.Output<string>;
  public readonly accountName: pulumi.Output<string>;
  /** ARM resource id of the account: the scope of the diagnostic setting and the metric alerts. */
  public readonly accountId: pulumi.Output<string>;
  /** The Log Analytics workspace the partition-key logs land in (tables CDBPartitionKeyStatistics,
   *  CDBPartitionKeyRUConsumption): the scope of the log alerts. */
  public readonly workspaceId: pulumi.Output<string>;
  /** The workspace, when this component created it. */
  public readonly workspace?: operationalinsights.Workspace;
  /** The account's one diagnostic setting for partition-key statistics. */
  public readonly diagnosticSetting: monitor.DiagnosticSetting;
  public readonly actionGroupIds: pulumi.Input<string>[];

  /** True for a CosmosAccountMonitoring, even from another copy of skewguard. */
  public static isInstance(value: unknown): value is CosmosAccountMonitoring {
    return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BRAND] === true;
  }

  constructor(name: string, args: CosmosAccountMonitoringArgs, opts?: pulumi.ComponentResourceOptions) {
    checkMonitoringArgs(name, args);
    super(ACCOUNT_MONITORING_TYPE, name, {}, opts);
    Object.defineProperty(this, BRAND, { value: true });
    const parent = { parent: this };
    this.resourceGroupName = nameOf(args.resourceGroupName);
    const account = resolveAccount(args.account, this.resourceGroupName, this);
    this.accountName = account.name;
    this.accountId = account.id;
    this.actionGroupIds = args.actionGroupIds ?? [];
    if (args.workspace === undefined) {
      this.workspace = new operationalinsights.Workspace(`${name}-workspace`, {
        resourceGroupName: this.resourceGroupName,
        sku: { name: 'PerGB2018' },
        retentionInDays: args.workspaceRetentionInDays ?? 30,
        tags: args.tags,
      }, parent);
    }
    this.workspaceId = pulumi.output(this.workspace?.id ?? (args.workspace as { id: pulumi.Input<string> }).id);
    this.diagnosticSetting = new monitor.DiagnosticSetting(`${name}-partition-keys`, {
      resourceUri: this.accountId,
      workspaceId: this.workspaceId,
      // Resource-specific tables (CDBPartitionKeyStatistics, …); without it rows land in AzureDiagnostics
      // and the log alerts find nothing.
      logAnalyticsDestinationType: 'Dedicated',
      logs: [...PARTITION_KEY_CATEGORIES, ...(args.additionalLogCategories ?? [])].map((category) => ({ category, enabled: true })),
    }, parent);
    this.registerOutputs({
      accountId: this.accountId,
      workspaceId: this.workspaceId,
      diagnosticSetting: this.diagnosticSetting,
      workspace: this.workspace,
    });
  }
}

function checkMonitoringArgs(name: string, args: CosmosAccountMonitoringArgs): void {
  const issues = new Issues();
  const component = `CosmosAccountMonitoring "${name}"`;
  if (typeof args !== 'object' || args === null) {
    issues.add('', 'args are required: { resourceGroupName, account }');
    issues.throwIfAny(component);
  }
  checkNamed(args.resourceGroupName, 'resourceGroupName', 'resource group', issues);
  checkNamed(args.account, 'account', 'Cosmos DB account', issues, true);
  if (args.workspace !== undefined) {
    const id = (args.workspace as { id?: unknown } | null)?.id;
    if (!(isDeferred(id) || (typeof id === 'string' && id.trim() !== ''))) {
      issues.add('workspace.id', 'expected the Log Analytics workspace resource id (an operationalinsights.Workspace or { id })');
    }
    if (args.workspaceRetentionInDays !== undefined) issues.add('workspaceRetentionInDays', 'applies only to a workspace this component creates; set retention on the workspace you pass');
  }
  const retention = args.workspaceRetentionInDays;
  if (retention !== undefined && !(typeof retention === 'number' && Number.isInteger(retention) && retention > 0)) {
    issues.add('workspaceRetentionInDays', `expected a whole number of days, got ${JSON.stringify(retention)}`);
  }
  const extra = args.additionalLogCategories;
  if (extra !== undefined) {
    if (!Array.isArray(extra)) {
      issues.add('additionalLogCategories', 'expected an array of diagnostic log category names');
    } else {
      extra.forEach((category, i) => {
        const path = `additionalLogCategories[${i}]`;
        if (typeof category !== 'string' || category.trim() === '') issues.add(path, `expected a log category name, got ${JSON.stringify(category)}`);
        else if ((PARTITION_KEY_CATEGORIES as readonly string[]).includes(category) || extra.indexOf(category) !== i) issues.add(path, `"${category}" is already in the setting; list each category once`);
      });
    }
  }
  if (args.actionGroupIds !== undefined && !Array.isArray(args.actionGroupIds)) {
    issues.add('actionGroupIds', 'expected an array of action group resource ids');
  }
  issues.throwIfAny(component);
}
