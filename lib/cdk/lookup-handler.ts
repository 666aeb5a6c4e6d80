/**
 * Source of the Lambda function behind the Contributor Insights rule lookup, deployed inline (no
 * asset to bundle or publish). DynamoDB names its rules `DynamoDBContributorInsights-PKC-<…>-<creation
 * timestamp>`, so the name exists only once Contributor Insights is enabled: the function polls
 * `DescribeContributorInsights` until the status is ENABLED and returns the rule names.
 *
 * Plain CommonJS for the Node.js runtime, which ships the AWS SDK v3; tested in
 * test/cdk/lookup-handler.test.ts with a stubbed SDK and response endpoint.
 */
export const LOOKUP_HANDLER_SOURCE = String.raw`'use strict';
const { DynamoDBClient, DescribeContributorInsightsCommand } = require('@aws-sdk/client-dynamodb');
const https = require('https');

const client = new DynamoDBClient({});
const POLL_MS = Number(process.env.POLL_MS || 10000);
const RULE_PREFIX = { accessed: 'DynamoDBContributorInsights-PKC-', throttled: 'DynamoDBContributorInsights-PKT-' };

exports.handler = async (event, context) => {
  const props = event.ResourceProperties || {};
  const where = props.IndexName ? 'index ' + props.IndexName + ' of table ' + props.TableName : 'table ' + props.TableName;
  const physicalId = [props.TableName, props.IndexName || '', props.Mode].join('|');
  try {
    if (event.RequestType === 'Delete') return await respond(event, 'SUCCESS', event.PhysicalResourceId || physicalId, {});
    const data = await waitForRules(props, where, context);
    await respond(event, 'SUCCESS', physicalId, data);
  } catch (error) {
    console.error(error);
    await respond(event, 'FAILED', event.PhysicalResourceId || physicalId, {}, String(error && error.message || error));
  }
};

async function waitForRules(props, where, context) {
  const wanted = props.Mode === 'THROTTLED_KEYS' ? ['throttled'] : ['accessed', 'throttled'];
  let status = 'unknown';
  for (;;) {
    const out = await client.send(new DescribeContributorInsightsCommand({ TableName: props.TableName, IndexName: props.IndexName || undefined }));
    status = out.ContributorInsightsStatus;
    if (status === 'FAILED') {
      const failure = out.FailureException || {};
      throw new Error('Contributor Insights failed for ' + where + ': ' + (failure.ExceptionName || '') + ' ' + (failure.ExceptionDescription || ''));
    }
    if (status === 'ENABLED') {
      const rules = out.ContributorInsightsRuleList || [];
      const found = {};
      for (const kind of wanted) found[kind] = rules.find((name) => name.startsWith(RULE_PREFIX[kind]));
      if (wanted.every((kind) => found[kind])) return { AccessedKeysRule: found.accessed || '', ThrottledKeysRule: found.throttled };
    }
    if (context.getRemainingTimeInMillis() < POLL_MS + 5000) {
      throw new Error('Contributor Insights of ' + where + ' is still ' + status + ' (expected ENABLED with its rules): check the table resource, then retry the deployment');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function respond(event, status, physicalId, data, reason) {
  const body = JSON.stringify({
    Status: status,
    Reason: reason ? reason.slice(0, 3000) : 'see the CloudWatch log stream ' + (process.env.AWS_LAMBDA_LOG_STREAM_NAME || ''),
    PhysicalResourceId: physicalId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: data,
  });
  const url = new URL(event.ResponseURL);
  return new Promise((resolve, reject) => {
    const request = https.request({
      hostname: url.hostname,
      path: url.pathname + url.search,
      method: 'PUT',
      headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) },
    }, (response) => { response.resume(); response.on('end', resolve); });
    request.on('error', reject);
    request.end(body);
  });
}
`;
