/**
 * The synth's verdict on the Contributor Insights rule quota: the validation plugin counts the templates CDK wrote, per
 * account and Region, with the count `skewguard lint cdk.out/` makes (`RuleCount`, lib/cfn/rule-quota.ts): every table
 * with Contributor Insights on, GuardedTable or not, a GlobalTable's replica in its own Region. A warning on the table
 * that takes the count to 80% of the quota, an error on the one that takes it past the quota, since a deployment past
 * it fails and rolls back (`LimitExceededException`). A granted raise is declared with the context key below.
 */
import { resolve, sep } from 'node:path';
import type { IPolicyValidationContext, PolicyViolation } from 'aws-cdk-lib';
import { DEFAULT_RULE_QUOTA, quotaVerdict, RULE_QUOTA_CHECK, RuleCount, ruleName, stackNameOf } from '../internal';

/** Why `Validations.acknowledge()` does not end the verdict: a deployment past the quota fails whatever the report says. */
const NOT_WAIVABLE = `CDK's "Acknowledge with" line does not apply here: skewguard refuses that waiver (the quota is AWS's, not a design choice), so declare the raise instead`;

/** Context key: the account's Contributor Insights rule quota, when raised. */
export const RULE_QUOTA_CONTEXT = 'skewguard:contributorInsightsRuleQuota';
export { DEFAULT_RULE_QUOTA, RULE_QUOTA_CHECK } from '../internal';

/** The quota the app declares (`-c skewguard:contributorInsightsRuleQuota=200` gives the string "200"), or why it is refused. */
function declaredQuota(given: unknown): number | string {
  if (given === undefined) return DEFAULT_RULE_QUOTA;
  const quota = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
  return typeof quota === 'number' && Number.isInteger(quota) && quota >= 1
    ? quota
    : `the context value ${RULE_QUOTA_CONTEXT}=${JSON.stringify(given)} is not a quota: it must be a whole number ≥ 1 (the quota AWS granted)`;
}

/** Absolute template paths in the order `lint cdk.out/` reads them: each directory's entries sorted by name. */
function walkOrder(a: string, b: string): number {
  const [x, y] = [a.split(sep), b.split(sep)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}

/**
 * The quota's violations for the stacks of `context`. `constructOf` names the construct behind a table resource (its
 * GuardedTable, or the table itself), for `Validations` and the report; `failOn: 'warning'` raises the warning. `templateAt` reads a stack's
 * template (the plugin's reads, shared with its table checks).
 */
export function ruleQuotaViolations(
  context: IPolicyValidationContext,
  failOn: 'error' | 'warning',
  templateAt: (templatePath: string) => unknown,
  constructOf: (templatePath: string, logicalId: string) => string | undefined,
): PolicyViolation[] {
  const given: unknown = context.appConstruct.node.tryGetContext(RULE_QUOTA_CONTEXT);
  const quota = declaredQuota(given);
  if (typeof quota === 'string') {
    const fix = `cdk synth -c ${RULE_QUOTA_CONTEXT}=<the granted quota>, or leave it out (default ${DEFAULT_RULE_QUOTA})`;
    return [
      {
        ruleName: ruleName(RULE_QUOTA_CHECK),
        description: quota,
        fix,
        severity: 'fatal',
        violatingResources: [{ constructPath: '', locations: [`context ${RULE_QUOTA_CONTEXT}`] }],
      },
    ];
  }
  const count = new RuleCount(quota);
  const stacks = context.stackTemplates.map((stack) => ({ ...stack, templatePath: resolve(stack.templatePath) }));
  // Every template first: the verdicts name the rules the app needs in all, known once the last one is counted.
  const crossed = stacks
    .sort((a, b) => walkOrder(a.templatePath, b.templatePath))
    .flatMap((stack) => {
      const { templatePath } = stack;
      const crossings = count.addTemplate({ name: stackNameOf(templatePath), account: stack.accountId, region: stack.region }, templateAt(templatePath));
      return crossings.map((crossing) => ({ stack, crossing }));
    });
  return crossed.map(({ stack: { templatePath, stackConstructPath }, crossing: { logicalId, location, crossing } }): PolicyViolation => {
    const constructPath = constructOf(templatePath, logicalId) ?? stackConstructPath;
    const { message, fix } = quotaVerdict(crossing, {
      whose: 'the tables of this app',
      declareRaise: `-c ${RULE_QUOTA_CONTEXT}=<new quota>`,
      needed: count.totalIn(crossing.account, crossing.region),
    });
    const raised = crossing.severity === 'warning' && failOn === 'warning';
    return {
      ruleName: ruleName(RULE_QUOTA_CHECK),
      description: `${message}${raised ? ' (a warning, failing because skewguard:failOn is "warning")' : ''}`,
      // CDK prints "Acknowledge with '…'" under every violation that is not fatal; skewguard refuses that waiver.
      fix: `${fix}. ${NOT_WAIVABLE}`,
      severity: raised ? 'error' : crossing.severity,
      ruleMetadata: {
        rule: RULE_QUOTA_CHECK,
        severity: crossing.severity,
        constructPath,
        rules: String(crossing.total),
        quota: String(crossing.quota),
        ...(crossing.account !== undefined ? { account: crossing.account } : {}),
        ...(crossing.region !== undefined ? { region: crossing.region } : {}),
      },
      violatingResources: [{ constructPath, resourceLogicalId: logicalId, templatePath, locations: [location] }],
    };
  });
}
