/**
 * The Contributor Insights rule quota, counted per account and Region: by a GuardedTable at construction
 * (lib/cdk/rule-quota.ts) and by `skewguard lint cdk.out/` from the templates (lib/cli/rule-quota-count.ts), in
 * the same unit and the same words. DynamoDB creates per table or GSI a PKT rule (most throttled partition
 * keys), an SKT rule with a sort key, and in ACCESSED_AND_THROTTLED_KEYS mode PKC and SKC too.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html
 * The default quota is 100 rules per Region per account, shared with every other app in the account, and
 * adjustable in Service Quotas ("CloudWatch service quotas": Contributor Insights rules, "You can request a
 * quota increase"). Past it, enabling Contributor Insights fails (`LimitExceededException`), and so does the
 * deployment that tried.
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_limits.html
 */

/** The check's id: `[skewguard:contributor-insights-rule-quota]` in the synth, the finding's rule id in the CLI. */
export const RULE_QUOTA_CHECK = 'contributor-insights-rule-quota';
export const DEFAULT_RULE_QUOTA = 100;
/** The share of the quota at which the count warns. */
const WARN_AT = 0.8;

/** Rules one key space creates. */
export function rulesOfKeySpace(hasSortKey: boolean, accessedToo: boolean): number {
  return (hasSortKey ? 2 : 1) * (accessedToo ? 2 : 1);
}

/** The rules counted in one account and Region, and how many of them the accessed-keys rules (PKC, SKC) of key
 *  spaces in ACCESSED_AND_THROTTLED_KEYS mode make, with those key spaces: what THROTTLED_KEYS mode would save. */
export interface RulesCounted {
  readonly total: number;
  readonly accessedRules: number;
  readonly accessedSpaces: number;
}

/** A count that has just reached 80% of the quota (`warning`) or passed it (`error`). */
export interface QuotaCrossing extends RulesCounted {
  readonly severity: 'error' | 'warning';
  readonly quota: number;
}

/** Running counts of Contributor Insights rules, by account and Region (any key that tells them apart). */
export class RuleCount {
  private readonly byEnv = new Map<string, RulesCounted>();

  /**
   * Adds one key space's rules to `env`'s count. Returns the count when they take it to 80% of `quota` or past
   * `quota`; undefined otherwise: the key spaces between would repeat the same advice.
   */
  add(env: string, hasSortKey: boolean, accessedToo: boolean, quota: number): QuotaCrossing | undefined {
    const rules = rulesOfKeySpace(hasSortKey, accessedToo);
    const before = this.byEnv.get(env) ?? { total: 0, accessedRules: 0, accessedSpaces: 0 };
    const counted = {
      total: before.total + rules,
      accessedRules: before.accessedRules + (accessedToo ? rules / 2 : 0),
      accessedSpaces: before.accessedSpaces + (accessedToo ? 1 : 0),
    };
    this.byEnv.set(env, counted);
    if (before.total <= quota && counted.total > quota) return { ...counted, severity: 'error', quota };
    if (before.total < quota * WARN_AT && counted.total >= quota * WARN_AT) return { ...counted, severity: 'warning', quota };
    return undefined;
  }
}

/** How the count is described: whose tables (`the GuardedTables of this app`), where, and how a granted raise is declared. */
export interface QuotaWording {
  readonly whose: string;
  readonly where: string;
  readonly declareRaise: string;
}

/** What a crossing means and what to do, in the words both the synth and the CLI use. */
export function quotaVerdict(crossing: QuotaCrossing, { whose, where, declareRaise }: QuotaWording): { message: string; fix: string } {
  const { total, quota, accessedSpaces, accessedRules } = crossing;
  // Only what applies to the tables counted: THROTTLED_KEYS mode saves rules only where a key space is in accessed mode.
  const throttledOnly =
    accessedSpaces > 0
      ? `; or switch the ${accessedSpaces} key space${accessedSpaces === 1 ? '' : 's'} in ACCESSED_AND_THROTTLED_KEYS mode to THROTTLED_KEYS mode (the default: ${accessedRules} rule${accessedRules === 1 ? '' : 's'} fewer)`
      : '';
  const counting = `with this table ${whose} create ${total} Contributor Insights rules in ${where}, against a quota of ${quota} per account and Region (shared with every other app there)`;
  const raise = 'request a raise of the CloudWatch quota "Contributor Insights rules" in Service Quotas';
  if (crossing.severity === 'error')
    return {
      message: `${counting}; past it the deployment fails (LimitExceededException) unless the quota was raised`,
      fix: `${raise} (it is adjustable), then declare the granted quota with ${declareRaise}${throttledOnly}; or spread the tables over Regions or accounts`,
    };
  return {
    message: `${counting}; every table after this one adds to the count`,
    fix: `${raise} (adjustable; then ${declareRaise})${throttledOnly}; or spread the tables over Regions`,
  };
}

/** Where the count is, for a message: `account 111111111111, eu-west-1`, or the environment-agnostic stacks' (`undefined`
 *  for an account or Region the app left to deploy time: all such stacks are counted together). */
export function quotaPlace(account: string | undefined, region: string | undefined): string {
  return account === undefined || region === undefined ? 'the account and Region of the environment-agnostic stacks' : `account ${account}, ${region}`;
}
