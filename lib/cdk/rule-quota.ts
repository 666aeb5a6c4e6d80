/**
 * The Contributor Insights rules an app's GuardedTables create, counted per account and Region at
 * construction: a warning on the table that takes the count to 80% of the quota, and an error on the
 * one that takes it past the quota, since a deployment past it fails and rolls back
 * (`LimitExceededException`). DynamoDB creates per table or GSI a PKT rule (most throttled partition
 * keys), an SKT rule with a sort key, and in ACCESSED_AND_THROTTLED_KEYS mode PKC and SKC too.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html
 * The default quota is 100 rules per Region per account, shared with every other app in the account,
 * and adjustable in Service Quotas ("CloudWatch service quotas": Contributor Insights rules, "You can
 * request a quota increase"): a granted raise is declared with the context key below.
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_limits.html
 */
import { Annotations, Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Context key: the account's Contributor Insights rule quota, when raised. */
export const RULE_QUOTA_CONTEXT = 'skewguard:contributorInsightsRuleQuota';
export const DEFAULT_RULE_QUOTA = 100;
const WARN_AT = 0.8;

/** Per app, by `account/region`: the rules counted, and how many of them the accessed-keys rules (PKC, SKC) of key
 *  spaces in ACCESSED_AND_THROTTLED_KEYS mode make, with those key spaces: what THROTTLED_KEYS mode would save. */
interface Counted {
  total: number;
  accessedRules: number;
  accessedSpaces: number;
}
const counts = new WeakMap<IConstruct, Map<string, Counted>>();

/** Rules one key space creates. */
export function rulesOfKeySpace(hasSortKey: boolean, accessedToo: boolean): number {
  return (hasSortKey ? 2 : 1) * (accessedToo ? 2 : 1);
}

/**
 * Adds the rules of one key space (`hasSortKey`, `accessedToo`: ACCESSED_AND_THROTTLED_KEYS mode) for `scope`'s account
 * and Region; warns on `scope` when they take the app's count to 80% of the quota, and reports an error when they take
 * it past the quota. Only those tables are told: the ones between would repeat the same advice (and each annotation
 * carries a stack trace into the assembly).
 */
export function countRules(scope: IConstruct, hasSortKey: boolean, accessedToo: boolean): void {
  const rules = rulesOfKeySpace(hasSortKey, accessedToo);
  const stack = Stack.of(scope);
  const env = `${stack.account}/${stack.region}`;
  const byEnv = counts.get(scope.node.root) ?? new Map<string, Counted>();
  counts.set(scope.node.root, byEnv);
  const counted = byEnv.get(env) ?? { total: 0, accessedRules: 0, accessedSpaces: 0 };
  byEnv.set(env, counted);
  const before = counted.total;
  counted.total += rules;
  if (accessedToo) {
    counted.accessedRules += rules / 2;
    counted.accessedSpaces += 1;
  }
  const total = counted.total;
  const quota = Number(scope.node.tryGetContext(RULE_QUOTA_CONTEXT) ?? DEFAULT_RULE_QUOTA);
  const reachesWarning = before < quota * WARN_AT && total >= quota * WARN_AT;
  const exceeds = before <= quota && total > quota;
  if (!reachesWarning && !exceeds) return;
  const where =
    Token.isUnresolved(stack.account) || Token.isUnresolved(stack.region)
      ? 'the account and Region of the environment-agnostic stacks'
      : `account ${stack.account}, ${stack.region}`;
  // Only what applies to the tables counted: THROTTLED_KEYS mode saves rules only where a key space is in accessed mode.
  const throttledOnly =
    counted.accessedSpaces > 0
      ? `; or switch the ${counted.accessedSpaces} key space${counted.accessedSpaces === 1 ? '' : 's'} in ACCESSED_AND_THROTTLED_KEYS mode to THROTTLED_KEYS mode (the default: ${counted.accessedRules} rule${counted.accessedRules === 1 ? '' : 's'} fewer)`
      : '';
  const counting = `with this table the GuardedTables of this app create ${total} Contributor Insights rules in ${where}, against a quota of ${quota} per account and Region (shared with every other app there)`;
  if (total > quota) {
    Annotations.of(scope).addError(
      `[skewguard:contributor-insights-rule-quota] ${counting}; past it the deployment fails (LimitExceededException) unless the quota was raised: ` +
        `request a raise of the CloudWatch quota "Contributor Insights rules" in Service Quotas (it is adjustable), then declare the granted quota with -c ${RULE_QUOTA_CONTEXT}=<new quota>` +
        `${throttledOnly}; or spread the tables over Regions or accounts`,
    );
    return;
  }
  Annotations.of(scope).addWarningV2(
    'skewguard:contributor-insights-rule-quota',
    `${counting}; every table after this one adds to the count: ` +
      `request a raise of the CloudWatch quota "Contributor Insights rules" in Service Quotas (adjustable; then -c ${RULE_QUOTA_CONTEXT}=<new quota>)${throttledOnly}; or spread the tables over Regions`,
  );
}
