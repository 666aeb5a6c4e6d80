/**
 * Deploy-time lookup of the Contributor Insights rule names of a GuardedTable (its table and the
 * GSIs whose rules a hot-key alarm or the dashboard needs): one custom resource per table, served
 * by one function per stack. The function's role may only call `DescribeContributorInsights`, and
 * only on the GuardedTables of its stack and their indexes (each table adds its own statement,
 * listing its index ARNs, no wildcard).
 *
 * The lookup runs on every deployment (its `Nonce` property changes with each synth): a rule
 * renamed because Contributor Insights was re-enabled outside CloudFormation is found again at the
 * next deployment, and a rule that is gone fails that deployment with the reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { attributeName } from './lookup-handler';

const PROVIDER_ID = 'SkewguardContributorInsightsLookup';
export const LOOKUP_RESOURCE_TYPE = 'Custom::SkewguardContributorInsightsRules';
/** Context key pinning the lookup's per-synth nonce (reproducible templates, snapshot tests). */
export const LOOKUP_NONCE_CONTEXT = 'skewguard:lookupNonce';

/**
 * The compiled handler (dist/cdk/lookup-handler/index.js), deployed as inline code. From the
 * TypeScript sources (ts-jest, ts-node) the build output next to them is used.
 */
export function lookupHandlerSource(): string {
  const compiled = __filename.endsWith('.ts')
    ? join(__dirname, '..', '..', 'dist', 'cdk', 'lookup-handler', 'index.js')
    : join(__dirname, 'lookup-handler', 'index.js');
  let source: string;
  try {
    source = readFileSync(compiled, 'utf8');
  } catch {
    throw new Error(
      `skewguard: the Contributor Insights lookup handler ${compiled} is missing: run \`npm run build\` (skewguard's own tests need the build; an installed package ships it)`,
    );
  }
  return source.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
}

/** The rule names of one key space, as tokens resolved at deploy time. */
export interface InsightRuleNames {
  /** Most accessed partition keys (PKC); undefined in THROTTLED_KEYS mode. */
  readonly accessed?: string;
  /** Most throttled partition keys (PKT). */
  readonly throttled: string;
}

/** The stack's lookup function (created by the first GuardedTable of the stack that needs it). */
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
      code: lambda.Code.fromInline(lookupHandlerSource()),
      role: this.role,
      logGroup,
      // Enabling Contributor Insights takes a few minutes; the function waits for it.
      timeout: Duration.minutes(14),
      memorySize: 128,
      description: 'skewguard: waits until Contributor Insights is ENABLED on a DynamoDB table and its indexes and returns their rule names',
    });
  }
}

/** The rule names of a table and some of its GSIs, looked up on every deployment. */
export class InsightRuleLookup extends Construct {
  readonly resource: CustomResource;
  private readonly indexNames: string[] = [];
  private readonly statement: iam.PolicyStatement;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: { table: dynamodb.ITableV2; mode: dynamodb.ContributorInsightsMode },
  ) {
    super(scope, id);
    const provider = InsightRuleLookupProvider.of(this);
    this.statement = new iam.PolicyStatement({ actions: ['dynamodb:DescribeContributorInsights'], resources: [props.table.tableArn] });
    const { policyDependable } = provider.role.addToPrincipalPolicy(this.statement);
    this.resource = new CustomResource(this, 'Resource', {
      resourceType: LOOKUP_RESOURCE_TYPE,
      serviceToken: provider.function.functionArn,
      serviceTimeout: Duration.minutes(15),
      properties: {
        TableName: props.table.tableName,
        IndexNames: this.indexNames,
        // A new mode re-creates the rules under new names.
        Mode: props.mode,
        // Changes with every synth, so every deployment looks the rules up again.
        Nonce: String(this.node.tryGetContext(LOOKUP_NONCE_CONTEXT) ?? Date.now()),
      },
    });
    // The function must be allowed to describe the table before it is asked to.
    if (policyDependable) this.resource.node.addDependency(policyDependable);
  }

  /** The rule names of the table (`indexName` undefined) or of one GSI, which this adds to the lookup. */
  rulesOf(indexName: string | undefined): InsightRuleNames {
    if (indexName !== undefined && !this.indexNames.includes(indexName)) {
      this.indexNames.push(indexName);
      this.statement.addResources(`${this.props.table.tableArn}/index/${indexName}`);
    }
    return {
      accessed: this.props.mode === 'THROTTLED_KEYS' ? undefined : this.resource.getAttString(attributeName('Accessed', indexName)),
      throttled: this.resource.getAttString(attributeName('Throttled', indexName)),
    };
  }
}
