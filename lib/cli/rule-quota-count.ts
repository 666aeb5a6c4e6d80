/**
 * `skewguard lint cdk.out/`: the Contributor Insights rules of the templates of cloud assemblies, counted per
 * account and Region over the whole run by the count the synth makes (`RuleCount`, lib/cfn/rule-quota.ts: the same
 * tables, unit and words): a warning on the table that takes a count to 80% of the quota, an error on the one that
 * passes it. Several assemblies on one command line share the count: each is an app deployed to the same accounts and
 * Regions. Only templates an assembly's manifest lists are counted: a template named on its own has no environment to
 * count it in.
 */
import { joinPath, quotaVerdict, RULE_QUOTA_CHECK, RuleCount, stackNameOf } from '../internal';
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
  private readonly count: RuleCount;

  constructor(quota: number) {
    this.count = new RuleCount(quota);
  }

  /** Counts the rules of the template `file` of a stack deployed to `environment`; returns the findings of the tables that cross 80% or the quota. */
  findingsOf(file: string, located: LocatedJson, environment: string): LocatedFinding[] {
    return this.count.addTemplate({ name: stackNameOf(file), ...accountAndRegion(environment) }, located.value).map(({ logicalId, location, crossing }) => {
      const path = `${joinPath('Resources', logicalId)}.${location}`;
      const { message, fix } = quotaVerdict(crossing, {
        whose: 'the tables of the cloud assemblies linted',
        declareRaise: `--${RULE_QUOTA_FLAG} <new quota> (or "${RULE_QUOTA_CONFIG_KEY}" in the config)`,
      });
      return {
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
        data: {
          rules: crossing.total,
          quota: crossing.quota,
          account: crossing.account,
          region: crossing.region,
          tables: crossing.contributors.map((c) => `${c.stack}/${c.table}`),
          tableRules: crossing.contributors.map((c) => c.rules),
        },
        ...located.positionOf(path),
      };
    });
  }
}
