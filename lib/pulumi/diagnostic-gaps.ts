/**
 * What a diagnostic setting lacks for the skew alerts' tables to fill: the categories enabled (one by
 * one, or through `categoryGroup: 'allLogs'`), a Log Analytics workspace, and Dedicated
 * (resource-specific) tables. Used on a setting read from Azure and by the policy pack. Free of
 * imports, so the policy pack reads it without loading the Pulumi SDK.
 */
export interface DiagnosticSettingView {
  readonly logs?: unknown;
  readonly workspaceId?: unknown;
  readonly logAnalyticsDestinationType?: unknown;
}

/** Those of `categories` the setting has enabled, one by one or through `categoryGroup: 'allLogs'` (the group of every
 *  category; Azure Monitor, "Diagnostic settings", category groups). */
export function enabledCategories(setting: DiagnosticSettingView, categories: readonly string[]): string[] {
  const entries = Array.isArray(setting.logs) ? (setting.logs as { category?: unknown; categoryGroup?: unknown; enabled?: unknown }[]) : [];
  const enabled = (category: string) => entries.some((log) => log?.enabled === true && (log.category === category || log.categoryGroup === 'allLogs'));
  return categories.filter(enabled);
}

/** What keeps every row of the setting out of the workspace tables the alerts query, whatever its categories: no
 *  workspace, or rows sent to the shared AzureDiagnostics table. */
export function destinationGaps(setting: DiagnosticSettingView): string[] {
  const gaps: string[] = [];
  if (typeof setting.workspaceId !== 'string' || setting.workspaceId === '') gaps.push('no Log Analytics workspace (workspaceId)');
  if (setting.logAnalyticsDestinationType !== 'Dedicated') {
    gaps.push('logAnalyticsDestinationType is not "Dedicated" (rows land in AzureDiagnostics, not the resource-specific CDB… tables)');
  }
  return gaps;
}

/** Empty when the setting sends every category in `categories` where the alerts can query it. */
export function diagnosticSettingGaps(setting: DiagnosticSettingView, categories: readonly string[]): string[] {
  const enabled = enabledCategories(setting, categories);
  const missing = categories.filter((category) => !enabled.includes(category)).map((category) => `${category} is not enabled`);
  return [...missing, ...destinationGaps(setting)];
}
