/**
 * The GuardedTable settings that are not part of the design: checked before anything is built, so a
 * wrong type is a DesignError naming the prop, never a TypeError from inside aws-cdk-lib and never a
 * template that silently drops something (alarms that page nobody).
 */
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { DesignIssue } from '../index';
import type { GuardedTableProps } from './props';

const MODES: readonly string[] = Object.values(dynamodb.ContributorInsightsMode);

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
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
}
