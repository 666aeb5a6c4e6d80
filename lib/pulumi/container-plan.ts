/**
 * Everything GuardedContainer decides before it registers: args checked (all problems at once),
 * the design linted by the core, alert settings resolved. Throws InvalidArgsError or
 * DesignRefusedError; nothing here creates a resource, so a refusal leaves nothing behind.
 */
import { CosmosAccountMonitoring } from './account-monitoring';
import { checkAlertOptions, resolveAlerts, type ResolvedAlerts } from './alert-settings';
import { checkContainerSettings } from './container-resource';
import { checkDesign, refuseBlocking, type DesignVerdict } from './design-gate';
import type { GuardedContainerArgs } from './guarded-container-args';
import { Issues } from './issues';
import { checkNamed } from './references';

export interface ContainerPlan {
  readonly containerName: string;
  readonly verdict: DesignVerdict;
  readonly alerts: ResolvedAlerts;
  /** Settings known only at deployment, so not checked here (reported with pulumi.log.warn). */
  readonly unchecked: readonly string[];
}

const SEVERITIES = ['error', 'warning'];

export function planContainer(name: string, args: GuardedContainerArgs): ContainerPlan {
  const component = `GuardedContainer "${name}"`;
  const issues = new Issues();
  if (typeof args !== 'object' || args === null) {
    issues.add('', 'args are required: { design, database, monitoring | resourceGroupName + account }');
    issues.throwIfAny(component);
  }
  const monitoring = args.monitoring;
  if (monitoring !== undefined && !CosmosAccountMonitoring.isInstance(monitoring)) {
    issues.add('monitoring', 'expected a CosmosAccountMonitoring (the account\'s partition-key diagnostics)');
  }
  if (monitoring === undefined) {
    checkNamed(args.resourceGroupName, 'resourceGroupName', 'resource group', issues);
    checkNamed(args.account, 'account', 'Cosmos DB account', issues, true);
  } else {
    for (const field of ['resourceGroupName', 'account'] as const) {
      if (args[field] !== undefined) issues.add(field, 'comes from args.monitoring (the account it monitors): remove it');
    }
  }
  checkNamed(args.database, 'database', 'database', issues);
  const containerName = args.containerName ?? name;
  if (args.protect !== undefined && typeof args.protect !== 'boolean') issues.add('protect', `expected true or false, got ${JSON.stringify(args.protect)}`);
  const failOn = args.failOn ?? 'error';
  if (!SEVERITIES.includes(failOn)) issues.add('failOn', `expected "error" or "warning", got ${JSON.stringify(failOn)}`);
  const unchecked = checkContainerSettings(args, issues);
  checkAlertOptions(args.alerts, issues);

  // The design is read even when other args are wrong, so one run reports every input problem;
  // the rules' verdict comes once the args are all readable.
  const verdict = checkDesign({ component, containerName, design: args.design, diagnostics: monitoring !== undefined, lintOptions: args.lintOptions }, issues);
  issues.throwIfAny(component);
  const checked = verdict as DesignVerdict;
  refuseBlocking(component, checked, failOn);
  return {
    containerName,
    verdict: checked,
    alerts: resolveAlerts(args.alerts, checked.design, monitoring !== undefined, monitoring?.actionGroupIds ?? []),
    unchecked,
  };
}
