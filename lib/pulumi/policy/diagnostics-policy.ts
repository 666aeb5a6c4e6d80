/**
 * Stack policy: every raw Cosmos DB container's account has a diagnostic setting that sends
 * PartitionKeyStatistics and PartitionKeyRUConsumption to a Log Analytics workspace with Dedicated
 * tables (SG010). A setting is matched to a container's account by resource dependency or by the
 * account name in its `resourceUri`, whichever the engine can show.
 */
import type { EnforcementLevel, PolicyConfigSchema, PolicyResource, ReportViolation, StackValidationArgs, StackValidationPolicy } from '@pulumi/policy';
import type { DesignIssue } from '../../index';
import { cosmosNameShape } from '../../internal';
import { diagnosticSettingGaps } from '../diagnostic-gaps';
import { PARTITION_KEY_CATEGORIES } from '../partition-key-categories';
import { checkPolicyConfig, POLICY_NAMES, type DiagnosticsManagedElsewhere, type PolicyConfig } from './options';
import { diagnosticsOffVerdict, reportName } from './raw-container';
import { isAccountType, isContainerType, isDiagnosticSettingType, isGuardedChild } from './resource-types';
import { WAIVER_CONFIG_SCHEMA, WaiverLog, withStackWaivers, type Waivers } from './stack-waivers';

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

/** What is wrong with a container's `accountName` (nothing when it is unknown during preview, or a valid name). */
function accountNameIssues(accountName: unknown): DesignIssue[] {
  const issues: DesignIssue[] = [];
  if (accountName !== undefined) cosmosNameShape.read(accountName, 'accountName', issues);
  return issues;
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
  return diagnosticSettingGaps(
    {
      logs: reader.read(() => setting.props.logs),
      workspaceId: reader.read(() => setting.props.workspaceId),
      logAnalyticsDestinationType: reader.read(() => setting.props.logAnalyticsDestinationType),
    },
    PARTITION_KEY_CATEGORIES,
  );
}

interface SettingView {
  readonly setting: PolicyResource;
  readonly accounts: Set<string>;
  readonly gaps: string[];
  /** During preview: what could not be read of the target account, and of the setting's contents. */
  readonly accountUnknown?: unknown;
  readonly gapsUnknown?: unknown;
}

function viewOf(setting: PolicyResource): SettingView {
  const target = new Reader();
  const contents = new Reader();
  return {
    setting,
    accounts: accountKeys(setting, 'resourceUri', target),
    gaps: settingGaps(setting, contents),
    accountUnknown: target.unknowns[0],
    gapsUnknown: contents.unknowns[0],
  };
}

/** The unknown value a verdict on this container still depends on, if any: a setting that may turn
 *  out to target its account and to lack nothing. */
function undecided(settings: readonly SettingView[], matching: readonly SettingView[], containerUnknown: unknown): unknown {
  for (const s of settings) {
    const mayTarget = matching.includes(s) || s.accountUnknown !== undefined || containerUnknown !== undefined;
    const maySuffice = s.gaps.length === 0 || s.gapsUnknown !== undefined;
    if (mayTarget && maySuffice) return s.gapsUnknown ?? s.accountUnknown ?? containerUnknown;
  }
  return undefined;
}

/** The diagnostics policy's config: the waivers, and the accounts whose diagnostics are managed elsewhere. */
const DIAGNOSTICS_CONFIG_SCHEMA: PolicyConfigSchema = {
  properties: {
    ...WAIVER_CONFIG_SCHEMA.properties,
    diagnosticsManagedElsewhere: {
      type: 'object',
      description:
        "Cosmos DB accounts whose diagnostic settings are set outside this stack (a platform stack, Azure Policy DeployIfNotExists): { accounts: account names or '*', reason }.",
      properties: {
        accounts: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        reason: { type: 'string', minLength: 10 },
      },
      required: ['accounts', 'reason'],
      additionalProperties: false,
    },
  },
};

/** The account keys (`name:…`, lower case) declared as managed elsewhere, in code and in the stack's config; `*` for every account. */
function accountsManagedElsewhere(inCode: DiagnosticsManagedElsewhere | undefined, config: PolicyConfig): Set<string> {
  const fromConfig = config.diagnosticsManagedElsewhere;
  const names = [...(inCode?.accounts ?? []), ...(fromConfig?.accounts ?? [])];
  return new Set(names.map((name) => (name === '*' ? name : `name:${name.toLowerCase()}`)));
}

export function diagnosticsPolicy(enforcementLevel: EnforcementLevel, waivers: Waivers, managedElsewhere?: DiagnosticsManagedElsewhere): StackValidationPolicy {
  const log = new WaiverLog();
  return {
    name: POLICY_NAMES.diagnostics,
    description: `skewguard SG010: the account of every Cosmos DB container sends ${PARTITION_KEY_CATEGORIES.join(' and ')} to a Log Analytics workspace with Dedicated tables, so hot partition keys can be seen.`,
    enforcementLevel,
    configSchema: DIAGNOSTICS_CONFIG_SCHEMA,
    validateStack: (args: StackValidationArgs, reportViolation: ReportViolation) => {
      const config = checkPolicyConfig(POLICY_NAMES.diagnostics, args.getConfig<object>());
      const waived = withStackWaivers(waivers, config, POLICY_NAMES.diagnostics, log);
      const elsewhere = accountsManagedElsewhere(managedElsewhere, config);
      const settings = args.resources.filter((r) => isDiagnosticSettingType(r.type)).map(viewOf);
      for (const container of args.resources) {
        if (!isContainerType(container.type) || isGuardedChild(container.urn, container.opts?.parent ?? container.parent?.urn)) continue;
        const reader = new Reader();
        // A name that is no string names no account: a type error at the field, not "diagnostics are off", which would send the user to the wrong setting.
        const nameIssues = accountNameIssues(reader.read(() => container.props.accountName));
        for (const issue of nameIssues)
          reportViolation(`SG010: ${reportName({ name: container.name, props: container.props })}: ${issue.path}: ${issue.message}`, container.urn);
        if (nameIssues.length > 0) continue;
        const accounts = accountKeys(container, 'accountName', reader);
        if (elsewhere.has('*') || [...accounts].some((key) => elsewhere.has(key))) continue;
        // An account not known during preview may be one declared as managed elsewhere: left to `pulumi up`.
        if (elsewhere.size > 0 && reader.unknowns.length > 0) throw reader.unknowns[0];
        const matching = settings.filter((s) => [...s.accounts].some((key) => accounts.has(key)));
        if (matching.some((s) => s.gaps.length === 0 && s.gapsUnknown === undefined)) continue;
        // During preview a setting may still turn out to target this account and lack nothing: only
        // then is the verdict left to `pulumi up` (the engine reports "can't run during preview").
        // When no setting could possibly serve the container, it fails now, before anything is created.
        const pending = undecided(settings, matching, reader.unknowns[0]);
        if (pending !== undefined) throw pending;
        const found =
          matching.length === 0
            ? `no diagnostic setting in this stack targets its account (if a platform stack or Azure Policy sets it, declare the account in the pack's diagnosticsManagedElsewhere option or this policy's config)`
            : matching.map((s) => `diagnostic setting "${s.setting.name}": ${s.gaps.join('; ')}`).join('; ');
        for (const line of diagnosticsOffVerdict({ name: container.name, props: container.props }, waived(container))) {
          reportViolation(`${line}\n  found: ${found}`, container.urn);
        }
      }
    },
  };
}
