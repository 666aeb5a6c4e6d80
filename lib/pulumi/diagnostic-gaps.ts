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

/** Empty when the setting sends every category in `categories` where the alerts can query it. */
export function diagnosticSettingGaps(setting: DiagnosticSettingView, categories: readonly string[]): string[] {
  const entries = Array.isArray(setting.logs) ? (setting.logs as { category?: unknown; categoryGroup?: unknown; enabled?: unknown }[]) : [];
  const enabled = (category: string) => entries.some((log) => log?.enabled === true && (log.category === category || log.categoryGroup === 'allLogs'));
  const gaps = categories.filter((category) => !enabled(category)).map((category) => `${category} is not enabled`);
  if (typeof setting.workspaceId !== 'string' || setting.workspaceId === '') gaps.push('no Log Analytics workspace (workspaceId)');
  if (setting.logAnalyticsDestinationType !== 'Dedicated') {
    gaps.push('logAnalyticsDestinationType is not "Dedicated" (rows land in AzureDiagnostics, not the resource-specific CDB… tables)');
  }
  return gaps;
}
