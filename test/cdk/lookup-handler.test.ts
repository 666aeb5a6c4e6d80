/**
 * The inline Lambda source behind the Contributor Insights rule lookup, run as Lambda would run it
 * (CommonJS, `exports.handler`), with the AWS SDK and the CloudFormation response endpoint stubbed.
 */
import { LOOKUP_HANDLER_SOURCE } from '../../lib/cdk/lookup-handler';

interface Describe { ContributorInsightsStatus: string; ContributorInsightsRuleList?: string[]; FailureException?: { ExceptionName: string } }

function loadHandler(responses: Describe[]) {
  const calls: Record<string, unknown>[] = [];
  const sent: { options: Record<string, unknown>; body: Record<string, unknown> }[] = [];
  class DescribeContributorInsightsCommand { constructor(readonly input: Record<string, unknown>) {} }
  class DynamoDBClient {
    async send(command: DescribeContributorInsightsCommand) {
      calls.push(command.input);
      return responses[Math.min(calls.length - 1, responses.length - 1)];
    }
  }
  const https = {
    request(options: Record<string, unknown>, callback: (response: { resume(): void; on(event: string, fn: () => void): void }) => void) {
      let body = '';
      return {
        on() {},
        end(data: string) {
          body = data;
          sent.push({ options, body: JSON.parse(body) });
          callback({ resume() {}, on: (_event, fn) => fn() });
        },
      };
    },
  };
  const modules: Record<string, unknown> = { '@aws-sdk/client-dynamodb': { DynamoDBClient, DescribeContributorInsightsCommand }, https };
  const module = { exports: {} as { handler: (event: unknown, context: unknown) => Promise<void> } };
  const previous = process.env.POLL_MS;
  process.env.POLL_MS = '1';
  new Function('require', 'module', 'exports', LOOKUP_HANDLER_SOURCE)((name: string) => modules[name], module, module.exports);
  process.env.POLL_MS = previous;
  return { handler: module.exports.handler, calls, sent };
}

const event = (requestType: string, props: Record<string, string>) => ({
  RequestType: requestType,
  ResponseURL: 'https://cloudformation-custom-resource-response.example/path?sig=1',
  StackId: 'stack', RequestId: 'req', LogicalResourceId: 'Lookup',
  ResourceProperties: { ServiceToken: 'arn', ...props },
});
const context = (remaining = 600_000) => ({ getRemainingTimeInMillis: () => remaining });

describe('the Contributor Insights rule lookup (inline Lambda source)', () => {
  it('fits CloudFormation\'s inline code limit (4,096 characters)', () => {
    expect(LOOKUP_HANDLER_SOURCE.length).toBeLessThan(4096);
  });

  it('waits until ENABLED and returns the accessed and throttled partition-key rules of an index', async () => {
    const { handler, calls, sent } = loadHandler([
      { ContributorInsightsStatus: 'ENABLING' },
      { ContributorInsightsStatus: 'ENABLED', ContributorInsightsRuleList: ['DynamoDBContributorInsights-SKC-orders-by-day-1', 'DynamoDBContributorInsights-PKC-orders-by-day-1', 'DynamoDBContributorInsights-PKT-orders-by-day-1'] },
    ]);
    await handler(event('Create', { TableName: 'orders', IndexName: 'by-day', Mode: 'ACCESSED_AND_THROTTLED_KEYS' }), context());
    expect(calls).toEqual([{ TableName: 'orders', IndexName: 'by-day' }, { TableName: 'orders', IndexName: 'by-day' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0].options).toMatchObject({ hostname: 'cloudformation-custom-resource-response.example', path: '/path?sig=1', method: 'PUT' });
    expect(sent[0].body).toMatchObject({
      Status: 'SUCCESS', PhysicalResourceId: 'orders|by-day|ACCESSED_AND_THROTTLED_KEYS', RequestId: 'req', LogicalResourceId: 'Lookup',
      Data: { AccessedKeysRule: 'DynamoDBContributorInsights-PKC-orders-by-day-1', ThrottledKeysRule: 'DynamoDBContributorInsights-PKT-orders-by-day-1' },
    });
  });

  it('needs only the throttled-keys rule in THROTTLED_KEYS mode', async () => {
    const { handler, sent } = loadHandler([{ ContributorInsightsStatus: 'ENABLED', ContributorInsightsRuleList: ['DynamoDBContributorInsights-PKT-jobs-1', 'DynamoDBContributorInsights-SKT-jobs-1'] }]);
    await handler(event('Update', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }), context());
    expect(sent[0].body).toMatchObject({ Status: 'SUCCESS', Data: { AccessedKeysRule: '', ThrottledKeysRule: 'DynamoDBContributorInsights-PKT-jobs-1' } });
  });

  it('fails the deployment with the reason when Contributor Insights FAILED, or is still not ENABLED near the timeout', async () => {
    // The function logs the error for its CloudWatch log stream.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = loadHandler([{ ContributorInsightsStatus: 'FAILED', FailureException: { ExceptionName: 'LimitExceededException' } }]);
    await failed.handler(event('Create', { TableName: 'jobs', Mode: 'ACCESSED_AND_THROTTLED_KEYS' }), context());
    expect(failed.sent[0].body).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('LimitExceededException') });

    const slow = loadHandler([{ ContributorInsightsStatus: 'ENABLING' }]);
    await slow.handler(event('Create', { TableName: 'jobs', Mode: 'ACCESSED_AND_THROTTLED_KEYS' }), context(1000));
    expect(slow.sent[0].body).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('still ENABLING') });
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('deletes without calling DynamoDB', async () => {
    const { handler, calls, sent } = loadHandler([]);
    await handler({ ...event('Delete', { TableName: 'jobs', Mode: 'THROTTLED_KEYS' }), PhysicalResourceId: 'jobs||THROTTLED_KEYS' }, context());
    expect(calls).toEqual([]);
    expect(sent[0].body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'jobs||THROTTLED_KEYS' });
  });
});
