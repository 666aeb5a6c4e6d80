/**
 * `skewguard lint cdk.out/`: the Contributor Insights rules of the templates of cloud assemblies, counted per
 * account and Region over the whole run, as the synth counts a GuardedTable's (lib/cfn/rule-quota.ts, the same
 * unit and words): a warning on the table that takes a count to 80% of the quota, an error on the one that passes
 * it. Every table of a template counts, GuardedTable or not (the quota is the account's). Several assemblies on one
 * command line share the count: each is an app deployed to the same accounts and Regions. Stacks whose account
 * or Region is left to deploy time are counted together, as the synth counts them. Only templates an assembly's
 * manifest lists are counted: a template named on its own has no environment to count it in.
 */
import { DYNAMODB_TEMPLATE_TYPES, insightRuleSpacesOf, joinPath, quotaPlace, quotaVerdict, RULE_QUOTA_CHECK, RuleCount } from '../internal';
import type { LocatedFinding } from './file-result';
import type { LocatedJson } from './json-locations';
import { RULE_QUOTA_CONFIG_KEY, RULE_QUOTA_FLAG, RULE_QUOTA_TITLE } from './rule-quota-rule';

/** `aws://111111111111/eu-west-1` → its account and Region; CDK writes `unknown-account` / `unknown-region` for either left to deploy time. */
function accountAndRegion(environment: string): { account?: string; region?: string } {
  const [, account, region] = /^aws:\/\/([^/]*)\/(.*)$/.exec(environment) ?? [];
  return {
    ...(account && account !== 'unknown-account' ? { account } : {}),
    ...(region && region !== 'unknown-region' ? { region } : {}),
  };
}

export class AssemblyRuleCount {
  private readonly count = new RuleCount();

  constructor(private readonly quota: number) {}

  /** Counts the rules of one template of a stack deployed to `environment`; returns the findings of the tables that cross 80% or the quota. */
  findingsOf(located: LocatedJson, environment: string): LocatedFinding[] {
    const resources = (located.value as { Resources?: unknown }).Resources;
    if (typeof resources !== 'object' || resources === null) return [];
    const stack = accountAndRegion(environment);
    const findings: LocatedFinding[] = [];
    for (const [logicalId, resource] of Object.entries(resources)) {
      const type = (resource as { Type?: unknown } | null)?.Type;
      if (typeof type !== 'string' || !DYNAMODB_TEMPLATE_TYPES.includes(type)) continue;
      for (const space of insightRuleSpacesOf(resource)) {
        // A replica's rules count in the replica's Region.
        const region = space.region ?? stack.region;
        const crossing = this.count.add(`${stack.account ?? 'unknown-account'}/${region ?? 'unknown-region'}`, space.hasSortKey, space.accessedToo, this.quota);
        if (!crossing) continue;
        const { message, fix } = quotaVerdict(crossing, {
          whose: 'the tables of the cloud assemblies linted',
          where: quotaPlace(stack.account, region),
          declareRaise: `--${RULE_QUOTA_FLAG} <new quota> (or "${RULE_QUOTA_CONFIG_KEY}" in the config)`,
        });
        const path = `${joinPath('Resources', logicalId)}.${space.location}`;
        findings.push({
          ruleId: RULE_QUOTA_CHECK,
          title: RULE_QUOTA_TITLE,
          messageId: crossing.severity === 'error' ? 'pastQuota' : 'nearQuota',
          severity: crossing.severity,
          engine: 'dynamodb',
          resource: logicalId,
          path,
          message,
          fix,
          acknowledged: false,
          data: { rules: crossing.total, quota: crossing.quota, account: stack.account, region },
          ...located.positionOf(path),
        });
      }
    }
    return findings;
  }
}
