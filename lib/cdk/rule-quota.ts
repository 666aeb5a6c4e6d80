/**
 * The Contributor Insights rules an app's GuardedTables create, counted per account and Region at
 * construction, with a warning on the table that takes the count to 80% of the quota and on the one
 * that takes it past the quota: a failed,
 * rolled-back deployment (`LimitExceededException`) is the wrong place to learn it. DynamoDB creates
 * per table or GSI a PKT rule (most throttled partition keys), an SKT rule with a sort key, and in
 * ACCESSED_AND_THROTTLED_KEYS mode PKC and SKC too; the default quota is 100 rules per account per
 * Region (CloudWatch service quotas), shared with every other app in the account.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html
 */
import { Annotations, Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Context key: the account's Contributor Insights rule quota, when raised. */
export const RULE_QUOTA_CONTEXT = 'skewguard:contributorInsightsRuleQuota';
export const DEFAULT_RULE_QUOTA = 100;
const WARN_AT = 0.8;

/** Rules counted per app, by `account/region`. */
const counts = new WeakMap<IConstruct, Map<string, number>>();

/** Rules one key space creates. */
export function rulesOfKeySpace(hasSortKey: boolean, accessedToo: boolean): number {
  return (hasSortKey ? 2 : 1) * (accessedToo ? 2 : 1);
}

/**
 * Adds `rules` for `scope`'s account and Region; warns on `scope` when they take the app's count to
 * 80% of the quota, and again when they take it past the quota. Only those tables warn: the ones
 * between would repeat the same advice (and each warning carries a stack trace into the assembly).
 */
export function countRules(scope: IConstruct, rules: number): void {
  if (rules === 0) return;
  const stack = Stack.of(scope);
  const env = `${stack.account}/${stack.region}`;
  const byEnv = counts.get(scope.node.root) ?? new Map<string, number>();
  counts.set(scope.node.root, byEnv);
  const before = byEnv.get(env) ?? 0;
  const total = before + rules;
  byEnv.set(env, total);
  const quota = Number(scope.node.tryGetContext(RULE_QUOTA_CONTEXT) ?? DEFAULT_RULE_QUOTA);
  const reachesWarning = before < quota * WARN_AT && total >= quota * WARN_AT;
  const exceeds = before <= quota && total > quota;
  if (!reachesWarning && !exceeds) return;
  const where =
    Token.isUnresolved(stack.account) || Token.isUnresolved(stack.region)
      ? 'the account and Region of the environment-agnostic stacks'
      : `account ${stack.account}, ${stack.region}`;
  const outcome = total > quota ? 'past it the deployment fails (LimitExceededException)' : 'every table after this one adds to the count';
  Annotations.of(scope).addWarningV2(
    'skewguard:contributor-insights-rule-quota',
    `with this table the GuardedTables of this app create ${total} Contributor Insights rules in ${where}, against a quota of ${quota} per account and Region (shared with every other app there); ${outcome}: ` +
      `raise the quota in Service Quotas (then -c ${RULE_QUOTA_CONTEXT}=<new quota>), use THROTTLED_KEYS mode (1 rule per key space, 2 with a sort key), or spread the tables over Regions`,
  );
}

/** The count so far (tests, reports). */
export function rulesCounted(scope: IConstruct): number {
  const stack = Stack.of(scope);
  return counts.get(scope.node.root)?.get(`${stack.account}/${stack.region}`) ?? 0;
}
