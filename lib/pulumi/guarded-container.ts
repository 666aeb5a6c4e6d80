/**
 * GuardedContainer: a Cosmos DB SQL container whose partition-key design the skewguard rules accept,
 * created with partition-key diagnostics attached and skew alerts, or not created at all.
 */
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as pulumi from '@pulumi/pulumi';
import { describeFinding, type CosmosKeyDesign, type Finding } from '../index';
import { listed, notJudgedNote, unusedWaiverNote } from '../internal';
import { createSkewAlerts, type SkewAlerts } from './alerts';
import { planContainer, type ContainerPlan, type DataSafetyOptions } from './container-plan';
import { containerArgs } from './container-resource';
import { checkedAtDeployment, planAtDeployment, unknownInPreview, whenUnknownInPreview, type DeployTimePlan } from './deferred-throughput';
import { argPath, refusedVerdict, type DesignVerdict } from './design-gate';
import { DesignRefusedError, keepMessage } from './errors';
import type { GuardedContainerArgs } from './guarded-container-args';
import { nameOf, resolveAccount, type AccountReference } from './references';
import { loosenedThresholdWarnings } from './thresholds-loosened';
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

/**
 * The plan, or, in a preview, the refusal of a design the rules refuse with its verdict: a preview creates nothing, so
 * the program may go on and every refused container be reported (Pulumi's program host reports each rejected input
 * once, and fails the preview). An update throws the refusal, so that no resource after it is sent either.
 */
function planOrRefusedInPreview(
  name: string,
  given: GuardedContainerArgs,
  options: DataSafetyOptions,
): ContainerPlan | { refusal: DesignRefusedError; verdict: DesignVerdict } {
  try {
    return planContainer(name, given, options);
  } catch (error) {
    const verdict = error instanceof DesignRefusedError && pulumi.runtime.isDryRun() ? refusedVerdict(error) : undefined;
    if (verdict === undefined) throw error;
    return { refusal: error as DesignRefusedError, verdict };
  }
}

/**
 * The container of a design refused in a preview: every input is an Output that rejects with the refusal, so the SDK
 * never registers it (it resolves inputs first), and the program host reports the refusal, once, as an unhandled
 * rejection that fails the preview (what a refusal at deployment does: deferred-throughput.ts). Code that reads the
 * container's outputs (`container.id`) gets the same rejection, not a TypeError that would stop the program.
 */
function refusedContainer(name: string, refusal: DesignRefusedError, parent: pulumi.Resource): cosmosdb.SqlResourceSqlContainer {
  const refused = pulumi.output(Promise.reject(keepMessage(refusal)) as Promise<never>);
  return new cosmosdb.SqlResourceSqlContainer(name, { resourceGroupName: refused, accountName: refused, databaseName: refused, resource: refused }, { parent });
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
   * refuse throws `DesignRefusedError`, both before the component registers, so nothing of it is created.
   * In a preview (`pulumi preview`, and the preview `pulumi up` makes first), a refused design does not
   * stop the program: the component registers alone, its container never does (its inputs reject with
   * the `DesignRefusedError`, which fails the preview), and the program goes on, so the preview reports
   * every refused container. Either way none of its Azure resources is created, as the refusal says. An update without a preview (`pulumi up --skip-preview`) throws, as above.
   */
  constructor(name: string, given: GuardedContainerArgs, opts?: pulumi.ComponentResourceOptions) {
    const planned = planOrRefusedInPreview(name, given, { protect: opts?.protect, retainOnDelete: opts?.retainOnDelete });
    const verdict = planned.verdict;
    super(GUARDED_CONTAINER_TYPE, name, waiverInputs(verdict.design), opts);
    this.containerName = verdict.design.name;
    this.design = verdict.design;
    this.findings = verdict.findings;
    this.partitionKeyPaths = this.design.primaryKey.partitionKey.map((attribute) => attribute.name);
    if ('refusal' in planned) {
      this.container = refusedContainer(name, planned.refusal, this);
      this.alerts = {};
      return;
    }
    const plan = planned;
    const args = plan.args;
    for (const warning of loosenedThresholdWarnings(args)) pulumi.log.warn(`skewguard: ${warning}`, this);
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

  /** Warnings, waivers and what the rules did not judge go to the Pulumi log, attributed to this component. */
  private report(plan: ContainerPlan): void {
    for (const finding of plan.verdict.findings) {
      if (finding.acknowledged) pulumi.log.info(`skewguard: ${describeFinding(finding)}`, this);
      else pulumi.log.warn(`skewguard: ${describeFinding(finding)}`, this);
    }
    for (const ack of plan.verdict.unusedAcknowledgements) {
      pulumi.log.warn(`skewguard: the acknowledgement at ${ack.path} (${ack.ruleId}) waives nothing: ${unusedWaiverNote(ack)}; remove it`, this);
    }
    // Information, never a warning: nothing is known to be wrong.
    for (const entry of plan.verdict.notJudged) pulumi.log.info(notJudgedNote(entry), this);
    for (const { alerts, reason } of plan.alerts.skipped) {
      pulumi.log.info(`skewguard: no ${listed(alerts, 'or')} alert: ${reason}`, this);
    }
    for (const warning of plan.alerts.warnings) pulumi.log.warn(`skewguard: ${warning}`, this);
    for (const setting of plan.unchecked) {
      pulumi.log.warn(`skewguard: ${setting} is not known until deployment and was not checked`, this);
    }
  }
}
