/**
 * The Lambda function behind the Contributor Insights rule lookup (one per stack, one request per
 * GuardedTable). DynamoDB names its rules `DynamoDBContributorInsights-PKT-<resource>-<creation
 * timestamp>`, so a name exists only once Contributor Insights is enabled: for the table and each
 * index asked for, the function polls `DescribeContributorInsights` until the status is ENABLED and
 * returns the rule names.
 *
 * Compiled by tsc with the rest of skewguard (dist/cdk/lookup-handler/index.js) and deployed inline
 * as that file's text: it imports nothing but Node.js and the AWS SDK v3 the Node.js runtime ships,
 * whose few calls it declares below. Tested in test/cdk/lookup-handler.test.ts with a stubbed SDK
 * and response endpoint.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html
 */
import { request } from 'node:https';

/** What `DescribeContributorInsights` returns that the lookup reads. */
export interface DescribeOutput {
  readonly ContributorInsightsStatus?: string;
  readonly ContributorInsightsRuleList?: readonly string[];
  readonly FailureException?: { readonly ExceptionName?: string; readonly ExceptionDescription?: string };
}

/** The lookup's properties, as the custom resource sends them (CloudFormation sends strings). */
export interface LookupProperties {
  readonly TableName: string;
  /** GSIs whose rules are wanted; the table's are always looked up. */
  readonly IndexNames?: readonly string[];
  readonly Mode: string;
}

export interface CustomResourceEvent {
  readonly RequestType: 'Create' | 'Update' | 'Delete';
  readonly ResponseURL: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly PhysicalResourceId?: string;
  readonly ResourceProperties: LookupProperties;
}

export interface LambdaContext {
  getRemainingTimeInMillis(): number;
}

/** What the handler needs from outside: injected in tests, the AWS SDK and HTTPS in Lambda. */
export interface LookupDependencies {
  describe(tableName: string, indexName: string | undefined): Promise<DescribeOutput>;
  respond(url: string, body: string): Promise<void>;
  sleep(ms: number): Promise<void>;
  readonly pollMs: number;
}

const RULE_PREFIX = { accessed: 'DynamoDBContributorInsights-PKC-', throttled: 'DynamoDBContributorInsights-PKT-' } as const;
/** CloudFormation refuses a custom resource response above 4,096 bytes. */
const MAX_RESPONSE_BYTES = 4096;
/** A role's new permission can take a while to apply everywhere: AccessDenied is retried this long. */
export const IAM_PROPAGATION_MS = 120_000;

/** The attribute names of one key space's rules: `ThrottledKeysRule` for the table, `ThrottledKeysRule.<index>` for a GSI. */
export function attributeName(kind: 'Accessed' | 'Throttled', indexName: string | undefined): string {
  return `${kind}KeysRule${indexName === undefined ? '' : `.${indexName}`}`;
}

function where(props: LookupProperties, indexName: string | undefined): string {
  return indexName === undefined ? `table ${props.TableName}` : `index ${indexName} of table ${props.TableName}`;
}

function isAccessDenied(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AccessDeniedException' || name === 'AccessDenied';
}

async function rulesOf(
  deps: LookupDependencies,
  props: LookupProperties,
  indexName: string | undefined,
  context: LambdaContext,
  started: number,
): Promise<Record<string, string>> {
  const accessedToo = props.Mode !== 'THROTTLED_KEYS';
  let status = 'unknown';
  for (;;) {
    let out: DescribeOutput | undefined;
    try {
      out = await deps.describe(props.TableName, indexName);
    } catch (error) {
      if (!isAccessDenied(error) || Date.now() - started > IAM_PROPAGATION_MS) throw error;
    }
    if (out) {
      status = out.ContributorInsightsStatus ?? 'unknown';
      if (status === 'FAILED') {
        const failure = out.FailureException ?? {};
        throw new Error(`Contributor Insights failed for ${where(props, indexName)}: ${failure.ExceptionName ?? ''} ${failure.ExceptionDescription ?? ''}`);
      }
      const rules = out.ContributorInsightsRuleList ?? [];
      const throttled = rules.find((name) => name.startsWith(RULE_PREFIX.throttled));
      const accessed = rules.find((name) => name.startsWith(RULE_PREFIX.accessed));
      if (status === 'ENABLED' && throttled && (accessed || !accessedToo)) {
        return { [attributeName('Throttled', indexName)]: throttled, [attributeName('Accessed', indexName)]: accessed ?? '' };
      }
    }
    if (context.getRemainingTimeInMillis() < deps.pollMs + 5000) {
      throw new Error(
        `Contributor Insights of ${where(props, indexName)} is ${status} without its rules (expected ENABLED with the ${accessedToo ? 'PKC and PKT' : 'PKT'} rules): ` +
          'it was turned off or re-enabled outside CloudFormation, or is still being enabled; check the table, then deploy again',
      );
    }
    await deps.sleep(deps.pollMs);
  }
}

/** The handler, given its dependencies. */
export function lookupHandler(deps: LookupDependencies) {
  return async (event: CustomResourceEvent, context: LambdaContext): Promise<void> => {
    const props = event.ResourceProperties;
    const physicalId = event.PhysicalResourceId ?? `${props.TableName}|${props.Mode}`;
    const send = (status: 'SUCCESS' | 'FAILED', data: Record<string, string>, reason?: string) =>
      deps.respond(
        event.ResponseURL,
        JSON.stringify({
          Status: status,
          Reason: reason ? reason.slice(0, 1000) : 'see the CloudWatch log stream of the lookup function',
          PhysicalResourceId: physicalId,
          StackId: event.StackId,
          RequestId: event.RequestId,
          LogicalResourceId: event.LogicalResourceId,
          Data: data,
        }),
      );
    try {
      if (event.RequestType === 'Delete') return await send('SUCCESS', {});
      const started = Date.now();
      const data: Record<string, string> = {};
      for (const indexName of [undefined, ...(props.IndexNames ?? [])]) Object.assign(data, await rulesOf(deps, props, indexName, context, started));
      const size = Buffer.byteLength(JSON.stringify(data));
      if (size > MAX_RESPONSE_BYTES - 1000) {
        throw new Error(
          `the rule names of table ${props.TableName} take ${size} bytes, more than a custom resource response holds: turn the dashboard and hot-key alarms off for some of its indexes`,
        );
      }
      await send('SUCCESS', data);
    } catch (error) {
      console.error(error);
      await send('FAILED', {}, error instanceof Error ? error.message : String(error));
    }
  };
}

/** PUT of the response to CloudFormation's pre-signed URL. */
function respondTo(url: string, body: string): Promise<void> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const put = request(
      {
        hostname: target.hostname,
        path: target.pathname + target.search,
        method: 'PUT',
        headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve());
      },
    );
    put.on('error', reject);
    put.end(body);
  });
}

interface DynamoDbSdk {
  DynamoDBClient: new (config: object) => { send(command: object): Promise<DescribeOutput> };
  DescribeContributorInsightsCommand: new (input: { TableName: string; IndexName?: string }) => object;
}

/** The Lambda entry point: the AWS SDK v3 of the Node.js runtime (loaded on first use, so tests never need it). */
export const handler = (event: CustomResourceEvent, context: LambdaContext): Promise<void> => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- provided by the Lambda runtime, not a dependency of skewguard
  const sdk = require('@aws-sdk/client-dynamodb') as DynamoDbSdk;
  const client = new sdk.DynamoDBClient({});
  return lookupHandler({
    describe: (TableName, IndexName) =>
      client.send(new sdk.DescribeContributorInsightsCommand({ TableName, ...(IndexName === undefined ? {} : { IndexName }) })),
    respond: respondTo,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    pollMs: Number(process.env.POLL_MS ?? 10_000),
  })(event, context);
};
