/**
 * The Contributor Insights rules an app's GuardedTables create, counted per account and Region at
 * construction (the count and its words: lib/cfn/rule-quota.ts): a warning on the table that takes the
 * count to 80% of the quota, and an error on the one that takes it past the quota, since a deployment past
 * it fails and rolls back (`LimitExceededException`). A granted raise is declared with the context key below.
 */
import { Annotations, Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { DEFAULT_RULE_QUOTA, quotaPlace, quotaVerdict, RULE_QUOTA_CHECK, RuleCount } from '../internal';

/** Context key: the account's Contributor Insights rule quota, when raised. */
export const RULE_QUOTA_CONTEXT = 'skewguard:contributorInsightsRuleQuota';
export { DEFAULT_RULE_QUOTA, RULE_QUOTA_CHECK } from '../internal';

/** Per app (its root construct). */
const counts = new WeakMap<IConstruct, RuleCount>();

/**
 * Adds the rules of one key space (`hasSortKey`, `accessedToo`: ACCESSED_AND_THROTTLED_KEYS mode) for `scope`'s account
 * and Region; warns on `scope` when they take the app's count to 80% of the quota, and reports an error when they take
 * it past the quota. Only those tables are told: the ones between would repeat the same advice (and each annotation
 * carries a stack trace into the assembly).
 */
export function countRules(scope: IConstruct, hasSortKey: boolean, accessedToo: boolean): void {
  const stack = Stack.of(scope);
  const count = counts.get(scope.node.root) ?? new RuleCount();
  counts.set(scope.node.root, count);
  const quota = Number(scope.node.tryGetContext(RULE_QUOTA_CONTEXT) ?? DEFAULT_RULE_QUOTA);
  // Every environment-agnostic stack's account (and Region) is the same token, so they are counted together.
  const crossing = count.add(`${stack.account}/${stack.region}`, hasSortKey, accessedToo, quota);
  if (!crossing) return;
  const agnostic = Token.isUnresolved(stack.account) || Token.isUnresolved(stack.region);
  const { message, fix } = quotaVerdict(crossing, {
    whose: 'the GuardedTables of this app',
    where: agnostic ? quotaPlace(undefined, undefined) : quotaPlace(stack.account, stack.region),
    declareRaise: `-c ${RULE_QUOTA_CONTEXT}=<new quota>`,
  });
  if (crossing.severity === 'error') Annotations.of(scope).addError(`[skewguard:${RULE_QUOTA_CHECK}] ${message}: ${fix}`);
  else Annotations.of(scope).addWarningV2(`skewguard:${RULE_QUOTA_CHECK}`, `${message}: ${fix}`);
}
