/**
 * The Contributor Insights rules a DynamoDB resource of a template makes: one entry per key space whose
 * switch is on (the table and each GSI, in every replica of a global table), in the unit the rule quota is
 * counted in (lib/cfn/rule-quota.ts). A switch CloudFormation resolves at deploy time (an intrinsic) is not
 * counted: SG010 already reports it as unchecked.
 */
import { own } from './intrinsics';
import { contributorInsightsSwitches } from './template-table';

/** One key space with Contributor Insights on. */
export interface InsightRuleSpace {
  /** Where its switch is in the resource, e.g. `Properties.Replicas[0].GlobalSecondaryIndexes[0].ContributorInsightsSpecification`. */
  readonly location: string;
  readonly hasSortKey: boolean;
  /** In ACCESSED_AND_THROTTLED_KEYS mode, or with no `Mode` (the only mode before THROTTLED_KEYS existed; counting it
   *  so never understates the count). */
  readonly accessedToo: boolean;
  /** A replica's Region when it is written as a literal; undefined for the stack's own (an `AWS::DynamoDB::Table`, or
   *  `{ "Ref": "AWS::Region" }`). */
  readonly region?: string;
}

const hasRangeKey = (keySchema: unknown) => Array.isArray(keySchema) && keySchema.some((element) => own(element, 'KeyType') === 'RANGE');

export function insightRuleSpacesOf(resource: unknown): InsightRuleSpace[] {
  const properties = own(resource, 'Properties');
  const indexes = own(properties, 'GlobalSecondaryIndexes');
  const replicas = own(properties, 'Replicas');
  const gsi = (name: string) => (Array.isArray(indexes) ? indexes.find((entry) => own(entry, 'IndexName') === name) : undefined);
  // A GSI named by an intrinsic cannot be matched to its key schema: counted with a sort key, the most it can make.
  const unnamedIndex = (location: string) => location.includes('GlobalSecondaryIndexes');
  const sortKeyOf = (index: string | undefined, location: string) =>
    index !== undefined ? hasRangeKey(own(gsi(index), 'KeySchema')) : unnamedIndex(location) || hasRangeKey(own(properties, 'KeySchema'));
  return contributorInsightsSwitches(resource)
    .filter((s) => s.enabled === true)
    .map((s) => {
      const region = s.replica === undefined || !Array.isArray(replicas) ? undefined : own(replicas[s.replica], 'Region');
      return {
        location: s.location,
        hasSortKey: sortKeyOf(s.index, s.location),
        accessedToo: s.mode !== 'THROTTLED_KEYS',
        ...(typeof region === 'string' ? { region } : {}),
      };
    });
}
