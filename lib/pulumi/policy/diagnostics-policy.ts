/**
 * Stack policy: every raw Cosmos DB container's account has a diagnostic setting that sends
 * PartitionKeyStatistics and PartitionKeyRUConsumption to a Log Analytics workspace with Dedicated
 * tables (SG010). A setting is matched to a container's account by resource dependency or by the
 * account name in its `resourceUri`, whichever the engine can show.
 */
import type { EnforcementLevel, PolicyResource, ReportViolation, StackValidationArgs, StackValidationPolicy } from '@pulumi/policy';
import type { AcknowledgementDesign } from '../../index';
import { PARTITION_KEY_CATEGORIES } from '../partition-key-categories';
import { POLICY_NAMES } from './options';
import { diagnosticsOffVerdict } from './raw-container';
import { isAccountType, isContainerType, isDiagnosticSettingType, isGuardedChild } from './resource-types';

/**
 * During `pulumi preview` a value computed by another resource is unknown, and reading it throws.
 * Reads go through here; the first such error is rethrown only if the verdict depended on it, so the
 * engine reports "can't run during preview" instead of a false pass or a false violation.
 */
class Reader {
  readonly unknowns: unknown[] = [];
  read<T>(get: () => T): T | undefined {
    try {
      return get();
    } catch (error) {
      this.unknowns.push(error);
      return undefined;
    }
  }
}

const ACCOUNT_IN_URI = /\/providers\/Microsoft\.DocumentDB\/databaseAccounts\/([^/]+)\/?$/i;

/** Identities of the account(s) a resource refers to through `property`: `urn:…` of an account
 *  resource it depends on, `name:…` (lower case) of an account it names. */
function accountKeys(resource: PolicyResource, property: 'accountName' | 'resourceUri', reader: Reader): Set<string> {
  const keys = new Set<string>();
  const addName = (name: unknown) => {
    if (typeof name === 'string' && name !== '') keys.add(`name:${name.toLowerCase()}`);
  };
  for (const dependency of reader.read(() => resource.propertyDependencies?.[property]) ?? []) {
    if (!isAccountType(dependency.type)) continue;
    keys.add(`urn:${dependency.urn}`);
    addName(reader.read(() => dependency.props.accountName));
  }
  const value = reader.read(() => resource.props[property]);
  if (property === 'accountName') addName(value);
  else if (typeof value === 'string') addName(ACCOUNT_IN_URI.exec(value)?.[1]);
  return keys;
}

/** What a diagnostic setting lacks for partition-key statistics to be usable; empty when nothing. */
function settingGaps(setting: PolicyResource, reader: Reader): string[] {
  const logs = reader.read(() => setting.props.logs);
  const entries = Array.isArray(logs) ? logs as { category?: unknown; categoryGroup?: unknown; enabled?: unknown }[] : [];
  const enabled = (category: string) => entries.some((log) => log?.enabled === true && (log.category === category || log.categoryGroup === 'allLogs'));
  const gaps = PARTITION_KEY_CATEGORIES.filter((category) => !enabled(category)).map((category) => `${category} is not enabled`);
  const workspace = reader.read(() => setting.props.workspaceId);
  if (typeof workspace !== 'string' || workspace === '') gaps.push('no Log Analytics workspace (workspaceId)');
  const destination = reader.read(() => setting.props.logAnalyticsDestinationType);
  if (destination !== 'Dedicated') gaps.push('logAnalyticsDestinationType is not "Dedicated" (rows land in AzureDiagnostics, not CDBPartitionKeyStatistics / CDBPartitionKeyRUConsumption)');
  return gaps;
}

export function diagnosticsPolicy(enforcementLevel: EnforcementLevel, waivers: (resourceName: string) => readonly AcknowledgementDesign[]): StackValidationPolicy {
  return {
    name: POLICY_NAMES.diagnostics,
    description: `skewguard SG010: the account of every Cosmos DB container sends ${PARTITION_KEY_CATEGORIES.join(' and ')} to a Log Analytics workspace with Dedicated tables, so hot partition keys can be seen.`,
    enforcementLevel,
    validateStack: (args: StackValidationArgs, reportViolation: ReportViolation) => {
      const reader = new Reader();
      const settings = args.resources
        .filter((r) => isDiagnosticSettingType(r.type))
        .map((setting) => ({ setting, accounts: accountKeys(setting, 'resourceUri', reader), gaps: settingGaps(setting, reader) }));
      for (const container of args.resources) {
        if (!isContainerType(container.type) || isGuardedChild(container.urn)) continue;
        const accounts = accountKeys(container, 'accountName', reader);
        const matching = settings.filter((s) => [...s.accounts].some((key) => accounts.has(key)));
        if (matching.some((s) => s.gaps.length === 0)) continue;
        if (reader.unknowns.length > 0) throw reader.unknowns[0];
        const found = matching.length === 0
          ? 'no diagnostic setting in this stack targets its account'
          : matching.map((s) => `diagnostic setting "${s.setting.name}": ${s.gaps.join('; ')}`).join('; ');
        for (const line of diagnosticsOffVerdict({ name: container.name, props: container.props }, waivers(container.name))) {
          reportViolation(`${line}\n  found: ${found}`, container.urn);
        }
      }
    },
  };
}
