/**
 * Deploy-time lookup of the Contributor Insights rule names of a key space, for the hot-key alarm
 * and the dashboard: a custom resource per key space, served by one function per stack. The
 * function's role may only call `DescribeContributorInsights`, and only on the GuardedTables of its
 * stack and their indexes (each table adds its own statement, listing its index ARNs, no wildcard).
 */
import { CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { InsightRuleNames } from './alarms';
import { LOOKUP_HANDLER_SOURCE } from './lookup-handler';

const PROVIDER_ID = 'SkewguardContributorInsightsLookup';
export const LOOKUP_RESOURCE_TYPE = 'Custom::SkewguardContributorInsightsRules';

/** The stack's lookup function (created by the first GuardedTable of the stack). */
export class InsightRuleLookupProvider extends Construct {
  static of(scope: Construct): InsightRuleLookupProvider {
    const stack = Stack.of(scope);
    return (stack.node.tryFindChild(PROVIDER_ID) as InsightRuleLookupProvider | undefined) ?? new InsightRuleLookupProvider(stack, PROVIDER_ID);
  }

  readonly function: lambda.Function;
  readonly role: iam.Role;

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    // An explicit role and log group: no AWS managed policy, logs kept for a year and not beyond.
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.DESTROY });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'skewguard: reads the Contributor Insights rule names of the GuardedTables of this stack',
    });
    logGroup.grantWrite(this.role);
    this.function = new lambda.Function(this, 'Function', {
      runtime: lambda.Runtime.NODEJS_LATEST,
      handler: 'index.handler',
      code: lambda.Code.fromInline(LOOKUP_HANDLER_SOURCE),
      role: this.role,
      logGroup,
      // Enabling Contributor Insights takes a few minutes; the function waits for it.
      timeout: Duration.minutes(14),
      memorySize: 128,
      description: 'skewguard: waits until Contributor Insights is ENABLED on a DynamoDB table or index and returns its rule names',
    });
  }

  /** Lets the function describe `table` and each index later passed to `allowIndex()`. */
  allowTable(table: dynamodb.ITableV2): iam.PolicyStatement {
    const statement = new iam.PolicyStatement({ actions: ['dynamodb:DescribeContributorInsights'], resources: [table.tableArn] });
    this.role.addToPrincipalPolicy(statement);
    return statement;
  }
}

/** The rule names of one key space, as tokens resolved at deploy time. */
export class InsightRuleLookup extends Construct {
  readonly rules: InsightRuleNames;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: { table: dynamodb.ITableV2; indexName?: string; mode: dynamodb.ContributorInsightsMode; provider: InsightRuleLookupProvider }) {
    super(scope, id);
    this.resource = new CustomResource(this, 'Resource', {
      resourceType: LOOKUP_RESOURCE_TYPE,
      serviceToken: props.provider.function.functionArn,
      serviceTimeout: Duration.minutes(15),
      properties: {
        TableName: props.table.tableName,
        ...(props.indexName !== undefined ? { IndexName: props.indexName } : {}),
        // A new mode re-creates the rules under new names: the lookup runs again.
        Mode: props.mode,
      },
    });
    // The function must be allowed to describe this key space before it is asked to.
    const policy = props.provider.role.node.tryFindChild('DefaultPolicy');
    if (policy) this.resource.node.addDependency(policy);
    this.rules = {
      accessed: props.mode === 'THROTTLED_KEYS' ? undefined : this.resource.getAttString('AccessedKeysRule'),
      throttled: this.resource.getAttString('ThrottledKeysRule'),
    };
  }
}
