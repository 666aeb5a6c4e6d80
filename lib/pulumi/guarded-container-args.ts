import type { LintOptions, Severity } from '../index';
import type { CosmosAccountMonitoring } from './account-monitoring';
import type { SkewAlertsOptions } from './alert-settings';
import type { ContainerSettings } from './container-resource';
import type { ContainerDesign } from './design-gate';
import type { AccountInput, DatabaseInput, ResourceGroupInput } from './references';

export interface GuardedContainerArgs extends ContainerSettings {
  /**
   * The partition-key design: the core's Cosmos DB container design (`CosmosContainerDesign` without
   * `name`, `engine` and `monitoring`): the partition key as ordered paths with their cardinality
   * (1–3 levels, low to high), workload, storage, sharding, access patterns, joins,
   * acknowledgements and thresholds. Plain values only: the rules decide at construction whether
   * anything is created, so a Pulumi Output here is refused, not skipped.
   */
  readonly design: ContainerDesign;
  /**
   * Diagnostics of the account, shared by all its containers. Attaching it turns SG010 off and
   * enables the log alerts; the container's resource group and account come from it.
   * @default - none: SG010 (monitoring-off) refuses the design unless acknowledged with a reason
   */
  readonly monitoring?: CosmosAccountMonitoring;
  /** Resource group of the account: its name or the resource. Required without `monitoring`
   *  (which knows it); not allowed with it.
   *  @default - `monitoring.resourceGroupName` */
  readonly resourceGroupName?: ResourceGroupInput;
  /** The Cosmos DB account: a `cosmosdb.DatabaseAccount`, `{ name, id }`, or its name. Required
   *  without `monitoring`; not allowed with it.
   *  @default - the account of `monitoring` */
  readonly account?: AccountInput;
  /** The SQL database: its name or a `cosmosdb.SqlResourceSqlDatabase`. */
  readonly database: DatabaseInput;
  /** Container name (also its `resource.id`, and the name in skewguard reports). Pin it when the
   *  component might be renamed: without it, a renamed component would name (and so replace) the
   *  container, which `protect` then refuses.
   *  @default - the component's name */
  readonly containerName?: string;
  /** Skew alerts: thresholds, windows, tiers, severities and action groups (docs/pulumi.md, "Skew alerts").
   *  @default - every alert that can fire for this container, with its defaults (the log alerts only with `monitoring`) */
  readonly alerts?: SkewAlertsOptions;
  /** `protect` on the container: a partition key cannot change in place, and replacing the container
   *  deletes its data. To change the key, create a new container, copy the data, cut over, then
   *  unprotect and delete the old one (docs/pulumi.md, "Changing a partition key"). `protect` in the
   *  component's resource options reaches the container too.
   *  @default - the component's `protect` option, else true */
  readonly protect?: boolean;
  /** `retainOnDelete` on the container: when Pulumi deletes or replaces it (the component removed from
   *  the program, `pulumi destroy`), the container and its data stay in Azure and only leave the
   *  stack's state. To delete it with Pulumi, set `retainOnDelete: false` and `protect: false`, run
   *  `pulumi up`, then remove it (docs/pulumi.md, "Data safety"). `retainOnDelete` in the component's
   *  resource options reaches the container too (the SDK does not pass it to children by itself).
   *  @default - the component's `retainOnDelete` option, else true */
  readonly retainOnDelete?: boolean;
  /** Lowest severity that refuses deployment: `warning` also refuses on unacknowledged warnings.
   *  @default 'error' */
  readonly failOn?: Severity;
  /** Project-wide thresholds and per-rule severities, as for the core's `lint()`; a design's own
   *  `thresholds` take precedence.
   *  @default - DEFAULT_THRESHOLDS, every rule at its catalogue severity */
  readonly lintOptions?: LintOptions;
}
