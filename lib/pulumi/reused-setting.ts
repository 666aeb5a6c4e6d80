/**
 * An account's existing diagnostic setting (`CosmosAccountMonitoring.existingDiagnosticSetting`), read at deployment
 * (`monitor.getDiagnosticSetting`, which runs in the preview too): the workspace the log alerts query, and which of
 * the alerts' categories it sends. Its shape is known only then. A setting no log alert can use (no workspace, the
 * AzureDiagnostics table, none of the categories) fails the run with one error, as one rejected check; a setting that
 * lacks some categories leaves the alerts on the others working (the containers disable, and name, the alerts whose
 * category is missing: alerts.ts).
 */
import * as monitor from '@pulumi/azure-native/monitor';
import * as pulumi from '@pulumi/pulumi';
import { printable } from '../index';
import { reportDeployTimeCheck } from '../internal';
import { destinationGaps, diagnosticSettingGaps, enabledCategories } from './diagnostic-gaps';
import { keepMessage } from './errors';
import { MONITORING_CATEGORIES } from './partition-key-categories';

export interface ReusedSetting {
  /** The setting's workspace (the account, when it has none and the check fails). */
  readonly workspaceId: pulumi.Output<string>;
  /** The alerts' categories the setting sends where they can query them: none when the check fails. */
  readonly logCategories: pulumi.Output<string[]>;
}

/** The check's error, reported once however many places take it (`keepMessage`). */
function reportedOnce(message: string): pulumi.RunError {
  return keepMessage(new pulumi.RunError(message));
}

function settingError(component: string, settingName: string, found: monitor.GetDiagnosticSettingResult): pulumi.RunError {
  return reportedOnce(
    `${printable(component)}: the existing diagnostic setting "${printable(settingName)}" (existingDiagnosticSetting) cannot feed the skew alerts: ` +
      `${diagnosticSettingGaps(found, MONITORING_CATEGORIES).join('; ')}. Fix the setting: send ${MONITORING_CATEGORIES.join(', ')} ` +
      '(or the category group allLogs) to a Log Analytics workspace with logAnalyticsDestinationType "Dedicated" (resource-specific tables); ' +
      'or remove existingDiagnosticSetting, and the component creates a setting of its own.',
  );
}

export function readReusedSetting(component: string, settingName: string, accountId: pulumi.Output<string>, parent: pulumi.Resource): ReusedSetting {
  const setting = monitor.getDiagnosticSettingOutput({ name: settingName, resourceUri: accountId }, { parent });
  const verdict = setting.apply((found) => {
    const sent = enabledCategories(found, MONITORING_CATEGORIES);
    const usable = destinationGaps(found).length === 0 && sent.length > 0;
    return { workspaceId: found.workspaceId, sent: usable ? sent : [], error: usable ? undefined : settingError(component, settingName, found) };
  });
  // The one failure: a promise of its own, not an input of the alerts (each would report it again). Unknown in a
  // preview that cannot read the setting: then it never settles, and nothing is reported.
  const check = new Promise<void>((resolve, reject) => verdict.apply((v) => (v.error ? reject(v.error) : resolve())));
  reportDeployTimeCheck(check);
  return {
    // Never rejected: an input that rejects fails every resource that takes it, each failure reported again. A setting
    // without a workspace (one sending to storage or an event hub only) fails the check; its alerts, disabled, are scoped
    // to the account meanwhile, a scope a log search alert takes ("the list of resource id's that this scheduled query
    // rule is scoped to", ScheduledQueryRuleResource, Azure REST reference), so nothing else fails.
    workspaceId: pulumi
      .all([verdict, accountId])
      .apply(([v, account]) => (typeof v.workspaceId === 'string' && v.workspaceId !== '' ? v.workspaceId : account)),
    logCategories: verdict.apply((v) => v.sent),
  };
}
