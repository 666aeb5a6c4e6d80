/**
 * Which deployed table a GuardedTable of a cloud assembly (`cdk.out/`) is. CDK gives a table without
 * a `tableName` a physical name CloudFormation generates at deploy time (`Stack-Tickets83B11BB2-1A2B3C`),
 * so the template alone does not say it: the stack's resources map each logical id to its physical id.
 * Read from what the AWS CLI prints for `aws cloudformation describe-stack-resources` (`StackResources`,
 * each naming its stack; the API returns at most 100 resources) or `list-stack-resources`
 * (`StackResourceSummaries`, every page), and from the same ListStackResources response live.
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_DescribeStackResources.html
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_ListStackResources.html
 */
import { ObservationError, Reader } from './read-json';

/** A GuardedTable as its template places it. */
export interface DeployedTable {
  /** The CloudFormation stack name (the assembly manifest's `stackName`, or its artifact id). */
  readonly stack: string;
  readonly logicalId: string;
  /** A literal `TableName` in the template: the physical name, with no lookup. */
  readonly tableName?: string;
  /** The stack's Region when the assembly names one (`aws://123456789012/eu-west-1`). */
  readonly region?: string;
}

/** Logical id → physical id, of one stack. */
export type StackResources = ReadonlyMap<string, string>;

/** The resources of `stack` in either printed shape; a row naming another stack is an error. */
export function readStackResources(file: string, stack: string, value: unknown): StackResources {
  const root = new Reader(file, '', value);
  const rows = root.has('StackResources')
    ? root.field('StackResources').array()
    : root.has('StackResourceSummaries')
      ? root.field('StackResourceSummaries').array()
      : root.fail(
          'expected what `aws cloudformation describe-stack-resources` prints ("StackResources") or `aws cloudformation list-stack-resources` ("StackResourceSummaries")',
        );
  const resources = new Map<string, string>();
  for (const row of rows) {
    const named = row.field('StackName').optionalString();
    if (named !== undefined && named !== stack)
      row.fail(`is a resource of the stack ${JSON.stringify(named)}, not of ${JSON.stringify(stack)}`, `${row.path}.StackName`);
    const physical = row.field('PhysicalResourceId').optionalString();
    // A resource still being created (or that failed to) has no physical id yet.
    if (physical !== undefined) resources.set(row.field('LogicalResourceId').string(), physical);
  }
  return resources;
}

/** The deployed name of `table`: its literal TableName, or its stack's physical id for its logical id. */
export function deployedName(table: DeployedTable, resources: StackResources | undefined, source: string): string {
  if (table.tableName !== undefined) return table.tableName;
  if (!resources)
    throw new ObservationError(
      source,
      '',
      `the table ${table.logicalId} of the stack ${table.stack} has a name CloudFormation generated: give the stack's resources (\`aws cloudformation list-stack-resources --stack-name ${table.stack}\`) under "stacks" in the manifest`,
    );
  const physical = resources.get(table.logicalId);
  if (physical === undefined)
    throw new ObservationError(
      source,
      '',
      `the stack ${table.stack} has no deployed resource ${table.logicalId}: deploy the template first, or observe the cdk.out the deployed stack was made from`,
    );
  return physical;
}
