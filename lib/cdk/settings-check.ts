/**
 * The GuardedTable settings that are not part of the design: checked before anything is built, so a
 * wrong type is a DesignError naming the prop, never a TypeError from inside aws-cdk-lib and never a
 * template that silently drops something (alarms that page nobody).
 */
import { RemovalPolicy, Token } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { DesignIssue } from '../index';
import type { GuardedTableProps } from './props';

const MODES: readonly string[] = Object.values(dynamodb.ContributorInsightsMode);
const TABLE_CLASSES: readonly string[] = Object.values(dynamodb.TableClass);
const STREAM_VIEWS: readonly string[] = Object.values(dynamodb.StreamViewType);
const REMOVAL_POLICIES: readonly string[] = Object.values(RemovalPolicy);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Enum.MEMBER` for each value of a CDK enum, for messages. */
function members(enumName: string, values: readonly string[], object: Record<string, string>): string {
  return values.map((v) => `${enumName}.${Object.keys(object).find((k) => object[k] === v) ?? v}`).join(', ');
}

/** Point-in-time recovery keeps 1 to 35 days (or a token CDK resolves at deploy time). */
const isRecoveryPeriod = (value: unknown) => typeof value === 'number' && (Token.isUnresolved(value) || (Number.isInteger(value) && value >= 1 && value <= 35));

/** A whole number of units above zero, or a token CDK resolves at deploy time. */
const isUnits = (value: unknown) => typeof value === 'number' && (Token.isUnresolved(value) || (Number.isInteger(value) && value > 0));

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

function isObjectWith(value: unknown, member: string, type: 'function' | 'string'): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[member] === type;
}

export function checkSettings(props: GuardedTableProps, issues: DesignIssue[]): void {
  const add = (path: string, message: string) => issues.push({ path, message });
  const { billing, tableName, contributorInsightsMode, alarmTopic, alarmActions, dashboard, dashboardName } = props;
  if (billing !== undefined && !(billing instanceof dynamodb.Billing)) {
    add('billing', `expected a Billing from aws-cdk-lib/aws-dynamodb (Billing.onDemand() or Billing.provisioned({ … })), got ${kind(billing)}`);
  }
  if (tableName !== undefined && typeof tableName !== 'string') add('tableName', `expected a string, got ${kind(tableName)}`);
  if (contributorInsightsMode !== undefined && !MODES.includes(contributorInsightsMode)) {
    add('contributorInsightsMode', `expected one of ${MODES.map((m) => `ContributorInsightsMode.${m}`).join(', ')}, got ${kind(contributorInsightsMode)}`);
  }
  if (alarmTopic !== undefined && !isObjectWith(alarmTopic, 'topicArn', 'string')) {
    add('alarmTopic', `expected an SNS topic (ITopic), got ${kind(alarmTopic)}${typeof alarmTopic === 'string' ? ': for a topic ARN use sns.Topic.fromTopicArn(scope, id, arn)' : ''}`);
  }
  if (alarmActions !== undefined) {
    if (!Array.isArray(alarmActions)) add('alarmActions', `expected an array of alarm actions (IAlarmAction, e.g. new SnsAction(topic)), got ${kind(alarmActions)}`);
    else alarmActions.forEach((action, i) => {
      if (!isObjectWith(action, 'bind', 'function')) add(`alarmActions[${i}]`, `expected an alarm action (IAlarmAction, e.g. new SnsAction(topic)), got ${kind(action)}`);
    });
  }
  if (dashboard !== undefined && typeof dashboard !== 'boolean') add('dashboard', `expected true or false, got ${kind(dashboard)}`);
  if (dashboardName !== undefined && typeof dashboardName !== 'string') add('dashboardName', `expected a string, got ${kind(dashboardName)}`);
  checkTableV2Settings(props, add);
}

/** The TableV2 settings passed through: checked here, because TableV2 checks few of them (a wrong
 *  `tableClass` or stream view reaches the template as written; a wrong `tags` is a TypeError).
 *  Tokens (a CfnParameter's value, say) pass: CloudFormation checks them at deploy time. */
function checkTableV2Settings(props: GuardedTableProps, add: (path: string, message: string) => void): void {
  const { encryption, timeToLiveAttribute, dynamoStream, tableClass, tags, kinesisStream, resourcePolicy, warmThroughput } = props;
  const { removalPolicy, deletionProtection, pointInTimeRecoverySpecification: pitr } = props;
  if (encryption !== undefined && !(encryption instanceof dynamodb.TableEncryptionV2)) {
    add('encryption', `expected a TableEncryptionV2 (TableEncryptionV2.awsManagedKey(), .dynamoOwnedKey() or .customerManagedKey(key)), got ${kind(encryption)}`);
  }
  if (timeToLiveAttribute !== undefined && (typeof timeToLiveAttribute !== 'string' || timeToLiveAttribute.length === 0)) {
    add('timeToLiveAttribute', `expected the name of the expiry attribute, got ${kind(timeToLiveAttribute)}`);
  }
  if (dynamoStream !== undefined && !STREAM_VIEWS.includes(dynamoStream) && !Token.isUnresolved(dynamoStream)) {
    add('dynamoStream', `expected one of ${members('StreamViewType', STREAM_VIEWS, dynamodb.StreamViewType)}, got ${kind(dynamoStream)}`);
  }
  if (tableClass !== undefined && !TABLE_CLASSES.includes(tableClass) && !Token.isUnresolved(tableClass)) {
    add('tableClass', `expected one of ${members('TableClass', TABLE_CLASSES, dynamodb.TableClass)}, got ${kind(tableClass)}`);
  }
  if (tags !== undefined) {
    if (!Array.isArray(tags)) add('tags', `expected an array of { key, value } (CfnTag), got ${kind(tags)}`);
    else tags.forEach((tag: unknown, i) => {
      if (!isRecord(tag) || typeof tag.key !== 'string' || typeof tag.value !== 'string') add(`tags[${i}]`, `expected { key: string, value: string }, got ${isRecord(tag) ? 'an object without a string key and value' : kind(tag)}`);
    });
  }
  if (kinesisStream !== undefined && !isObjectWith(kinesisStream, 'streamArn', 'string')) {
    add('kinesisStream', `expected a Kinesis stream (IStream), got ${kind(kinesisStream)}${typeof kinesisStream === 'string' ? ': for a stream ARN use kinesis.Stream.fromStreamArn(scope, id, arn)' : ''}`);
  }
  if (resourcePolicy !== undefined && !isObjectWith(resourcePolicy, 'addStatements', 'function')) {
    add('resourcePolicy', `expected an iam.PolicyDocument, got ${kind(resourcePolicy)}`);
  }
  if (warmThroughput !== undefined) {
    if (!isRecord(warmThroughput)) add('warmThroughput', `expected { readUnitsPerSecond?, writeUnitsPerSecond? }, got ${kind(warmThroughput)}`);
    else for (const field of ['readUnitsPerSecond', 'writeUnitsPerSecond'] as const) {
      const units = warmThroughput[field];
      if (units !== undefined && !isUnits(units)) add(`warmThroughput.${field}`, `expected a whole number of units above 0, got ${kind(units)}`);
    }
  }
  if (removalPolicy !== undefined && !REMOVAL_POLICIES.includes(removalPolicy)) {
    add('removalPolicy', `expected one of ${members('RemovalPolicy', REMOVAL_POLICIES, RemovalPolicy)}, got ${kind(removalPolicy)}`);
  }
  if (deletionProtection !== undefined && typeof deletionProtection !== 'boolean') add('deletionProtection', `expected true or false, got ${kind(deletionProtection)}`);
  if (pitr !== undefined) {
    if (!isRecord(pitr) || typeof pitr.pointInTimeRecoveryEnabled !== 'boolean') {
      add('pointInTimeRecoverySpecification', `expected { pointInTimeRecoveryEnabled: boolean, recoveryPeriodInDays?: 1-35 }, got ${isRecord(pitr) ? 'an object without pointInTimeRecoveryEnabled' : kind(pitr)}`);
    } else if (pitr.recoveryPeriodInDays !== undefined && !isRecoveryPeriod(pitr.recoveryPeriodInDays)) {
      add('pointInTimeRecoverySpecification.recoveryPeriodInDays', `expected a whole number of days from 1 to 35, got ${kind(pitr.recoveryPeriodInDays)}`);
    }
  }
}
