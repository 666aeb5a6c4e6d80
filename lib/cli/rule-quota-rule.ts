/**
 * The Contributor Insights rule quota as `lint cdk.out/` reports it (lib/cli/rule-quota-count.ts), described as the
 * catalogue describes a rule, for SARIF's `tool.driver.rules` (its help and sources). Not in the core catalogue
 * (`RULES`): the core judges one design at a time, and the quota is a count over every table of an account and
 * Region, which only a run over cloud assemblies (or the synth of a whole app) sees.
 */
import type { RuleDescription } from '../index';
import { DEFAULT_RULE_QUOTA, RULE_QUOTA_CHECK } from '../internal';

/** The finding's name, printed after its id. */
export const RULE_QUOTA_TITLE = 'contributor-insights-rules-per-region';
/** How a user with a raised quota declares it: the flag, or the config key. */
export const RULE_QUOTA_FLAG = 'contributor-insights-rule-quota';
export const RULE_QUOTA_CONFIG_KEY = 'contributorInsightsRuleQuota';

export const RULE_QUOTA_RULE: RuleDescription = {
  id: RULE_QUOTA_CHECK,
  title: RULE_QUOTA_TITLE,
  summary: 'The Contributor Insights rules of the tables linted pass the quota of their account and Region',
  severity: 'error',
  engines: ['dynamodb'],
  fires: `\`skewguard lint cdk.out/\` only: the tables of the cloud assemblies linted make more Contributor Insights rules in one account and Region than its quota (${DEFAULT_RULE_QUOTA} by default, or --${RULE_QUOTA_FLAG}); a warning on the table that takes the count to 80% of it.`,
  rationale:
    'An account has 100 Contributor Insights rules per Region by default, shared by every app there; past it, turning Contributor Insights on fails (LimitExceededException), and with it the deployment. DynamoDB makes one rule per key space, two with a sort key, twice that in ACCESSED_AND_THROTTLED_KEYS mode.',
  fix: `request a raise of the CloudWatch quota "Contributor Insights rules" in Service Quotas, then declare it with --${RULE_QUOTA_FLAG} <n> (or "${RULE_QUOTA_CONFIG_KEY}" in the config); or spread the tables over Regions or accounts.`,
  sources: [
    {
      title: 'CloudWatch service quotas (Contributor Insights rules)',
      url: 'https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_limits.html',
    },
    {
      title: 'Contributor Insights for DynamoDB: how it works',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html',
    },
    {
      title: 'AWS::DynamoDB::GlobalTable ContributorInsightsSpecification',
      url: 'https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-properties-dynamodb-globaltable-contributorinsightsspecification.html',
    },
  ],
  thresholds: [],
  messages: {},
};
