/**
 * GuardedContainer: a Cosmos DB SQL container whose partition-key design the skewguard rules accept,
 * created with partition-key diagnostics attached and skew alerts, or not created at all.
 */
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as pulumi from '@pulumi/pulumi';
import { describeFinding, type CosmosKeyDesign, type Finding } from '../index';
import { retiredRuleNote } from '../internal';
import { createSkewAlerts, type SkewAlerts } from './alerts';
import { planContainer, type ContainerPlan } from './container-plan';
import { containerArgs } from './container-resource';
import { checkedAtDeployment, planAtDeployment, unknownInPreview, whenUnknownInPreview, type DeployTimePlan } from './deferred-throughput';
import { argPath } from './design-gate';
import type { GuardedContainerArgs } from './guarded-container-args';
import { nameOf, resolveAccount, type AccountReference } from './references';
import { GUARDED_CONTAINER_TYPE } from './type-tokens';

/**
 * The design's acknowledgements (rule, path, reason) as the component's inputs, when it has any: the engine records a
 * component's inputs in the stack's state, so `pulumi preview --diff` and `pulumiSnapshot` show a new waiver and its
 * reason to the reviewer, as GuardedTable's template metadata does. Only inputs: no cloud resource changes with them.
 */
function waiverInputs(design: CosmosKeyDesign): pulumi.Inputs {
  if (design.acknowledgements.length === 0) return {};
  return { acknowledgements: design.acknowledgements.map(({ rule, path, reason }) => ({ rule, path: argPath(path), reason })) };
}

export class GuardedContainer extends pulumi.ComponentResource {
  /** The Cosmos DB SQL container (protected and retained on delete unless `protect: false` / `retainOnDelete: false`). */
  public readonly container: cosmosdb.SqlResourceSqlContainer;
  /** The skew alerts; a field is absent when that alert is off or cannot fire for this container. */
  public readonly alerts: SkewAlerts;
  /** Container name, also its `resource.id`. */
  public readonly containerName: string;
  /** Partition-key paths in order, e.g. for another container's `joins[].partitionKeyPaths`. */
  public readonly partitionKeyPaths: readonly string[];
  /** The normalized design the rules checked: every default explicit. */
  public readonly design: CosmosKeyDesign;
  /** Every finding (warnings, acknowledged errors), with paths as in the args. */
  public readonly findings: readonly Finding[];

  /**
   * Checks the args and the design first: invalid args throw `InvalidArgsError`, a design the rules
   * refuse throws `DesignRefusedError`, both before the component registers, so nothing is created.
   */
  constructor(name: string, given: GuardedContainerArgs, opts?: pulumi.ComponentResourceOptions) {
    const plan = planContainer(name, given, { protect: opts?.protect, retainOnDelete: opts?.retainOnDelete });
    const args = plan.args;
    super(GUARDED_CONTAINER_TYPE, name, waiverInputs(plan.verdict.design), opts);
    this.containerName = plan.containerName;
    this.design = plan.verdict.design;
    this.findings = plan.verdict.findings;
    this.partitionKeyPaths = this.design.primaryKey.partitionKey.map((attribute) => attribute.name);
    // RU/s given as an Output: planned again once known, and that plan's report is the one logged (deferred-throughput.ts).
    const deferred = plan.deferredThroughput;
    let atDeployment: pulumi.Output<DeployTimePlan> | undefined;
    if (deferred) {
      atDeployment = planAtDeployment(name, plan, { protect: opts?.protect, retainOnDelete: opts?.retainOnDelete }, deferred).apply((resolved) => {
        pulumi.log.info(`skewguard: ${checkedAtDeployment(deferred, resolved.requestUnits)}`, this);
        this.report(resolved.plan);
        return resolved;
      });
      whenUnknownInPreview(deferred, () => {
        this.report(plan);
        pulumi.log.warn(`skewguard: ${unknownInPreview(deferred)}`, this);
      });
    } else this.report(plan);

    const monitoring = args.monitoring;
    const resourceGroupName = monitoring?.resourceGroupName ?? nameOf(args.resourceGroupName as NonNullable<typeof args.resourceGroupName>);
    const account: AccountReference = monitoring
      ? { name: monitoring.accountName, id: monitoring.accountId }
      : resolveAccount(args.account as NonNullable<typeof args.account>, resourceGroupName, this);
    const databaseName = nameOf(args.database);

    this.container = new cosmosdb.SqlResourceSqlContainer(
      name,
      containerArgs(
        { resourceGroupName, accountName: account.name, databaseName },
        this.containerName,
        this.design,
        // The RU/s the rules accepted: a refusal at deployment rejects them, and the container is never sent.
        atDeployment && deferred ? { ...args, throughput: { [deferred.form]: atDeployment.apply((r) => r.requestUnits) } as typeof args.throughput } : args,
      ),
      // The SDK passes a parent's `protect` and providers on to its children, not `retainOnDelete` or
      // `deletedWith`: the container gets them here.
      { parent: this, protect: plan.protect, retainOnDelete: plan.retainOnDelete, deletedWith: opts?.deletedWith },
    );

    const dependsOn: pulumi.Resource[] = [this.container];
    if (monitoring?.diagnosticSetting) dependsOn.push(monitoring.diagnosticSetting);
    this.alerts = createSkewAlerts(
      name,
      {
        resourceGroupName,
        accountId: account.id,
        workspaceId: monitoring?.workspaceId,
        // Absent on a monitoring component of an older skewguard: every category, as it sent them all.
        logCategories: monitoring?.logCategories,
        location: monitoring?.location,
        databaseName,
        containerName: this.containerName,
        tags: args.tags,
      },
      plan.alerts,
      { parent: this, dependsOn },
      atDeployment?.apply((resolved) => resolved.plan.alerts),
    );

    // Plain values, as Pulumi's component examples register (names, endpoints), not the child
    // resources: those are the `container` and `alerts` properties.
    this.registerOutputs({ containerName: this.containerName, partitionKeyPaths: this.partitionKeyPaths });
  }

  /** Warnings and waivers go to the Pulumi log, attributed to this component. */
  private report(plan: ContainerPlan): void {
    for (const finding of plan.verdict.findings) {
      if (finding.acknowledged) pulumi.log.info(`skewguard: ${describeFinding(finding)}`, this);
      else pulumi.log.warn(`skewguard: ${describeFinding(finding)}`, this);
    }
    for (const ack of plan.verdict.unusedAcknowledgements) {
      pulumi.log.warn(
        `skewguard: the acknowledgement at ${ack.path} (${ack.ruleId}) waives nothing: ${retiredRuleNote(ack.ruleId) ?? `no ${ack.ruleId} finding remains`}; remove it`,
        this,
      );
    }
    for (const { alert, reason } of plan.alerts.skipped) {
      pulumi.log.info(`skewguard: no ${alert} alert: ${reason}`, this);
    }
    for (const warning of plan.alerts.warnings) pulumi.log.warn(`skewguard: ${warning}`, this);
    for (const setting of plan.unchecked) {
      pulumi.log.warn(`skewguard: ${setting} is not known until deployment and was not checked`, this);
    }
  }
}
