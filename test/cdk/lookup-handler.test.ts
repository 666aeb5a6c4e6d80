/**
 * The Lambda function behind the Contributor Insights rule lookup: its TypeScript source with stubbed
 * dependencies, and the compiled text deployed inline, run as Lambda runs it (CommonJS,
 * `exports.handler`) with the AWS SDK and the CloudFormation response endpoint stubbed.
 */
import { lookupHandlerSource } from '../../lib/cdk/insight-rules';
import { IAM_PROPAGATION_MS, lookupHandler, type DescribeOutput, type LookupProperties } from '../../lib/cdk/lookup-handler';

type Describe = DescribeOutput | Error;

function stubbed(responses: Describe[], remaining = 600_000) {
  const calls: { table: string; index?: string }[] = [];
  const sent: Record<string, unknown>[] = [];
  const handler = lookupHandler({
    describe: async (table, index) => {
      calls.push(index === undefined ? { table } : { table, index });
      const response = responses[Math.min(calls.length - 1, responses.length - 1)];
      if (response instanceof Error) throw response;
      return response;
    },
    respond: async (_url, body) => {
      sent.push(JSON.parse(body));
    },
    sleep: async () => undefined,
    pollMs: 1,
  });
  const context = { getRemainingTimeInMillis: () => remaining };
  return { run: (event: ReturnType<typeof eventOf>) => handler(event, context), calls, sent };
}

const eventOf = (requestType: 'Create' | 'Update' | 'Delete', props: LookupProperties, physicalId?: string) => ({
  RequestType: requestType,
  ResponseURL: 'https://cloudformation-custom-resource-response.example/path?sig=1',
  StackId: 'stack',
  RequestId: 'req',
  LogicalResourceId: 'Lookup',
  ...(physicalId ? { PhysicalResourceId: physicalId } : {}),
  ResourceProperties: props,
});

const enabled = (...rules: string[]): DescribeOutput => ({ ContributorInsightsStatus: 'ENABLED', ContributorInsightsRuleList: rules });

describe('the Contributor Insights rule lookup (TypeScript source)', () => {
  it('waits until ENABLED and returns the throttled-keys rule of the table and of each index asked for', async () => {
    const { run, calls, sent } = stubbed([
      { ContributorInsightsStatus: 'ENABLING' },
      enabled('DynamoDBContributorInsights-SKT-orders-1', 'DynamoDBContributorInsights-PKT-orders-1'),
      enabled('DynamoDBContributorInsights-PKT-orders-by-day-1'),
    ]);
    await run(eventOf('Create', { TableName: 'orders', IndexNames: ['by-day'], Mode: 'THROTTLED_KEYS' }));
    expect(calls).toEqual([{ table: 'orders' }, { table: 'orders' }, { table: 'orders', index: 'by-day' }]);
    expect(sent).toEqual([
      expect.objectContaining({
        Status: 'SUCCESS',
        PhysicalResourceId: 'orders|THROTTLED_KEYS',
        RequestId: 'req',
        LogicalResourceId: 'Lookup',
        Data: {
          ThrottledKeysRule: 'DynamoDBContributorInsights-PKT-orders-1',
          AccessedKeysRule: '',
          'ThrottledKeysRule.by-day': 'DynamoDBContributorInsights-PKT-orders-by-day-1',
          'AccessedKeysRule.by-day': '',
        },
      }),
    ]);
  });

  it('needs the accessed-keys rule too in ACCESSED_AND_THROTTLED_KEYS mode', async () => {
    const { run, sent } = stubbed([
      enabled('DynamoDBContributorInsights-PKT-jobs-1'),
      enabled('DynamoDBContributorInsights-PKT-jobs-1', 'DynamoDBContributorInsights-PKC-jobs-1'),
    ]);
    await run(eventOf('Update', { TableName: 'jobs', Mode: 'ACCESSED_AND_THROTTLED_KEYS' }, 'jobs|THROTTLED_KEYS'));
    expect(sent[0]).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'jobs|THROTTLED_KEYS',
      Data: { AccessedKeysRule: 'DynamoDBContributorInsights-PKC-jobs-1' },
    });
  });

  it('retries AccessDenied while a new IAM permission propagates, and gives up after that', async () => {
    const denied = Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' });
    const { run, calls, sent } = stubbed([denied, denied, enabled('DynamoDBContributorInsights-PKT-jobs-1')]);
    await run(eventOf('Create', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }));
    expect(calls).toHaveLength(3);
    expect(sent[0]).toMatchObject({ Status: 'SUCCESS' });

    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValueOnce(0).mockReturnValue(IAM_PROPAGATION_MS + 1);
    const forever = stubbed([denied]);
    await forever.run(eventOf('Create', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }));
    expect(forever.sent[0]).toMatchObject({ Status: 'FAILED', Reason: 'not authorized' });
    now.mockRestore();
    logged.mockRestore();
  });

  it('fails the deployment with the reason when Contributor Insights FAILED, or its rule is gone near the timeout', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = stubbed([{ ContributorInsightsStatus: 'FAILED', FailureException: { ExceptionName: 'LimitExceededException' } }]);
    await failed.run(eventOf('Create', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }));
    expect(failed.sent[0]).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('LimitExceededException') });

    // Contributor Insights re-enabled outside CloudFormation, or turned off: the rule the alarm read is gone.
    const gone = stubbed([{ ContributorInsightsStatus: 'DISABLED', ContributorInsightsRuleList: [] }], 1000);
    await gone.run(eventOf('Update', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }, 'jobs|THROTTLED_KEYS'));
    expect(gone.sent[0]).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('is DISABLED without its rules') });
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('deletes without calling DynamoDB', async () => {
    const { run, calls, sent } = stubbed([]);
    await run(eventOf('Delete', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }, 'jobs|THROTTLED_KEYS'));
    expect(calls).toEqual([]);
    expect(sent[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'jobs|THROTTLED_KEYS' });
  });
});

describe('the lookup as deployed: the compiled handler, inline', () => {
  function loadDeployed(responses: DescribeOutput[]) {
    const calls: Record<string, unknown>[] = [];
    const sent: Record<string, unknown>[] = [];
    class DescribeContributorInsightsCommand {
      constructor(readonly input: Record<string, unknown>) {}
    }
    class DynamoDBClient {
      async send(command: DescribeContributorInsightsCommand) {
        calls.push(command.input);
        return responses[Math.min(calls.length - 1, responses.length - 1)];
      }
    }
    const https = {
      request(_options: unknown, callback: (response: { resume(): void; on(event: string, fn: () => void): void }) => void) {
        return {
          on() {},
          end(body: string) {
            sent.push(JSON.parse(body));
            callback({ resume() {}, on: (_event, fn) => fn() });
          },
        };
      },
    };
    const modules: Record<string, unknown> = { '@aws-sdk/client-dynamodb': { DynamoDBClient, DescribeContributorInsightsCommand }, 'node:https': https };
    const module = { exports: {} as { handler: (event: unknown, context: unknown) => Promise<void> } };
    // The text CloudFormation gets as Code.ZipFile, run as Lambda's Node.js runtime loads index.js.
    new Function('require', 'module', 'exports', lookupHandlerSource())((name: string) => modules[name], module, module.exports);
    return { handler: module.exports.handler, calls, sent };
  }

  it('uses the SDK v3 of the Lambda runtime and answers CloudFormation', async () => {
    const { handler, calls, sent } = loadDeployed([enabled('DynamoDBContributorInsights-PKT-jobs-1')]);
    await handler(eventOf('Create', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }), { getRemainingTimeInMillis: () => 600_000 });
    expect(calls).toEqual([{ TableName: 'jobs' }]);
    expect(sent[0]).toMatchObject({ Status: 'SUCCESS', Data: { ThrottledKeysRule: 'DynamoDBContributorInsights-PKT-jobs-1' } });
  });

  it('is plain CommonJS with no source-map comment', () => {
    const source = lookupHandlerSource();
    expect(source).toContain('exports.handler');
    expect(source).not.toContain('sourceMappingURL');
  });
});
