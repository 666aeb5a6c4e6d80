/**
 * The GuardedTable settings that are not part of the design, read with the core's shape toolkit
 * before anything is built: a wrong type is an issue naming the prop, never a TypeError from inside
 * aws-cdk-lib and never a template that silently drops something (alarms that page nobody). Props
 * that were replaced say by what.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { shapes, type DesignIssue } from '../index';
import { didYouMean, isObject } from '../internal';
import { cdkEnum, custom, instanceOf, numberOrToken, withMember } from './cdk-shapes';
import { DESIGN_PROPS, LINT_PROPS, MONITORING_PROPS, TABLE_SETTINGS, type GuardedTableProps } from './props';

const arnHint = (what: string, how: string) => (value: unknown) => (typeof value === 'string' ? ` (for ${what} ARN use ${how})` : '');

const topic = withMember('an SNS topic (ITopic)', 'topicArn', 'string', arnHint('a topic', 'sns.Topic.fromTopicArn(scope, id, arn)'));
const alarmActions = shapes.list(withMember('an alarm action (IAlarmAction, e.g. new SnsAction(topic))', 'bind', 'function'), { minItems: 0 });
const boolean = shapes.bool();

const warmThroughput = shapes.record<dynamodb.WarmThroughput>({
  readUnitsPerSecond: { shape: numberOrToken({ integer: true, above: 0 }), optional: true, doc: 'Read units per second to pre-warm.' },
  writeUnitsPerSecond: { shape: numberOrToken({ integer: true, above: 0 }), optional: true, doc: 'Write units per second to pre-warm.' },
});

const pointInTimeRecovery = shapes.record<dynamodb.PointInTimeRecoverySpecification>({
  pointInTimeRecoveryEnabled: { shape: boolean, doc: 'Whether point-in-time recovery is on.' },
  recoveryPeriodInDays: { shape: numberOrToken({ integer: true, min: 1, max: 35 }), optional: true, doc: 'Days of recovery, 1 to 35.' },
});

/** Each setting and the shape that reads it. TableV2 checks few of its own (a wrong `tableClass` or
 *  stream view reaches the template as written; a wrong `tags` is a TypeError); tokens pass. */
const SETTINGS: { readonly [K in keyof GuardedTableProps]?: shapes.Shape<unknown> } = {
  billing: instanceOf('a Billing from aws-cdk-lib/aws-dynamodb (Billing.onDemand() or Billing.provisioned({ … }))', dynamodb.Billing),
  tableName: custom('a string', (value) => typeof value === 'string'),
  contributorInsightsMode: cdkEnum('ContributorInsightsMode', dynamodb.ContributorInsightsMode),
  hotKeyAlarm: boolean,
  pageTopic: topic,
  ticketTopic: topic,
  notifyOnRecovery: boolean,
  pageActions: alarmActions,
  ticketActions: alarmActions,
  compositeAlarm: boolean,
  dashboard: custom('true, false or a SkewDashboard', (value) => typeof value === 'boolean' || (isObject(value) && typeof value.addTable === 'function')),
  encryption: instanceOf('a TableEncryptionV2 (TableEncryptionV2.awsManagedKey(), .dynamoOwnedKey() or .customerManagedKey(key))', dynamodb.TableEncryptionV2),
  timeToLiveAttribute: custom('the name of the expiry attribute', (value) => typeof value === 'string' && value.length > 0),
  dynamoStream: cdkEnum('StreamViewType', dynamodb.StreamViewType),
  tableClass: cdkEnum('TableClass', dynamodb.TableClass),
  tags: custom('an array of { key, value } (CfnTag)', Array.isArray),
  kinesisStream: withMember('a Kinesis stream (IStream)', 'streamArn', 'string', arnHint('a stream', 'kinesis.Stream.fromStreamArn(scope, id, arn)')),
  resourcePolicy: withMember('an iam.PolicyDocument', 'addStatements', 'function'),
  warmThroughput,
  replicas: custom(
    'an array of replicas ({ region, … } as TableV2 takes them)',
    (value) => Array.isArray(value) && value.every((replica) => isObject(replica) && typeof replica.region === 'string'),
  ),
  multiRegionConsistency: cdkEnum('MultiRegionConsistency', dynamodb.MultiRegionConsistency),
  witnessRegion: custom('a Region name such as "us-east-2"', (value) => typeof value === 'string' && value.length > 0),
  removalPolicy: cdkEnum('RemovalPolicy', RemovalPolicy),
  deletionProtection: boolean,
  pointInTimeRecoverySpecification: pointInTimeRecovery,
};

const tag = custom('{ key: string, value: string }', (value) => isObject(value) && typeof value.key === 'string' && typeof value.value === 'string');

const CONTRIBUTOR_INSIGHTS =
  "GuardedTable sets Contributor Insights itself, on unless the design turns it off, since its hot-key alarms read it: choose its mode with contributorInsightsMode (ContributorInsightsMode.THROTTLED_KEYS, the default, or ACCESSED_AND_THROTTLED_KEYS); turn it off with the design's monitoring.contributorInsights: false, which SG010 reports as an error that needs a waiver";

/** Props of earlier versions, and TableV2 props a GuardedTable takes another way: what to use instead. */
export const REPLACED_PROPS: Readonly<Record<string, string>> = {
  alarmTopic:
    'alarms now come in two tiers: give pageTopic (a hot partition now) and/or ticketTopic (everything else); each alarm tells its recovery to the topic it fired to',
  alarmActions: 'alarms now come in two tiers: give pageActions and/or ticketActions',
  recoveryTopic:
    'an alarm now tells its recovery (OK) to the topic it fired to, pageTopic or ticketTopic, so the incident tool that opened an incident resolves it; notifyOnRecovery: false sends recoveries nowhere',
  dashboardName: 'the dashboard is shared per stack and opt-in: dashboard: new SkewDashboard(stack, id, { dashboardName })',
  // The design's own name and engine come from the construct: taken from props, they would be silently replaced.
  name: "the design is named by tableName (or, without one, by the construct's path)",
  engine: 'a GuardedTable is a DynamoDB table; for Cosmos DB use GuardedContainer from skewguard/pulumi',
  // TableV2 props a migrating user brings: GuardedTable sets Contributor Insights itself, which
  // its hot-key alarms read, and takes point-in-time recovery only in TableV2's current form.
  contributorInsightsSpecification: CONTRIBUTOR_INSIGHTS,
  contributorInsights: CONTRIBUTOR_INSIGHTS,
  pointInTimeRecovery:
    "TableV2's deprecated boolean; use pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled } (GuardedTable's default: { pointInTimeRecoveryEnabled: true })",
};

/** TableV2 index props a GuardedTable index takes another way: reported here, and left out of the index's design. */
export const REPLACED_INDEX_PROPS: Readonly<Record<string, string>> = {
  contributorInsightsSpecification:
    "set the index's contributorInsights: true or false (by default the table's); its mode is the table's contributorInsightsMode",
};

/** Every prop a GuardedTable takes, for the guess at a misspelt one. */
const KNOWN_PROPS: readonly string[] = [...DESIGN_PROPS, ...TABLE_SETTINGS, ...MONITORING_PROPS, ...LINT_PROPS];

/** A design file's capacity fields, possible from JavaScript: taken where they say what `billing` makes (withDerivedCapacity
 *  names a difference), never guessed, since a GuardedTable declares them in `billing`. */
const DESIGN_FILE_CAPACITY: readonly string[] = ['capacity', 'onDemand'];

/** Whether `key` is a prop GuardedTable reads, or one it names a replacement for: `splitProps` sends the rest nowhere. */
export function isGuardedTableProp(key: string): boolean {
  return KNOWN_PROPS.includes(key) || DESIGN_FILE_CAPACITY.includes(key) || key in REPLACED_PROPS;
}

/** Every issue with the settings, each at its prop's path. */
export function settingsIssues(props: GuardedTableProps): DesignIssue[] {
  const issues: DesignIssue[] = [];
  const given = props as unknown as Record<string, unknown>;
  for (const [key, instead] of Object.entries(REPLACED_PROPS)) {
    if (given[key] !== undefined) issues.push({ path: key, message: `is not a GuardedTable prop: ${instead}` });
  }
  // Guessed among GuardedTable's props: the core's guess would be among a design file's fields, some taken here another way.
  for (const key of Object.keys(given)) {
    if (given[key] !== undefined && !isGuardedTableProp(key)) issues.push({ path: key, message: `is not a GuardedTable prop${didYouMean(key, KNOWN_PROPS)}` });
  }
  for (const [key, shape] of Object.entries(SETTINGS) as [string, shapes.Shape<unknown>][]) {
    if (given[key] !== undefined) shape.read(given[key], key, issues);
  }
  if (Array.isArray(given.tags)) given.tags.forEach((t, i) => tag.read(t, 'tags', issues, i));
  indexSettingsIssues(given, issues);
  keyTypeIssues(given, issues);
  return issues;
}

const projection = { projectionType: cdkEnum('ProjectionType', dynamodb.ProjectionType), nonKeyAttributes: shapes.list(shapes.text()) };

/** Each index's projection settings and key types (see {@link indexIssues}). */
function indexSettingsIssues(given: Record<string, unknown>, issues: DesignIssue[]): void {
  for (const list of ['globalSecondaryIndexes', 'localSecondaryIndexes']) {
    const indexes = given[list];
    if (Array.isArray(indexes)) indexes.forEach((index, i) => issues.push(...indexIssues(index, `${list}[${i}]`)));
  }
}

/**
 * What TableV2 takes from an index as given and the core does not check: its projection settings,
 * which TableV2 copies into the template unchecked, and its key attributes' types. Either, wrong,
 * would fail only at synth, inside CloudFormation's property validation, naming no prop.
 * `addGlobalSecondaryIndex()` checks its index with this too.
 */
export function indexIssues(index: unknown, at: string): DesignIssue[] {
  const issues: DesignIssue[] = [];
  if (!isObject(index)) return issues;
  for (const [key, instead] of Object.entries(REPLACED_INDEX_PROPS)) {
    if (index[key] !== undefined) issues.push({ path: `${at}.${key}`, message: `is not a GuardedTable index prop: ${instead}` });
  }
  for (const [key, shape] of Object.entries(projection) as [keyof typeof projection, shapes.Shape<unknown>][]) {
    if (index[key] !== undefined) shape.read(index[key], at, issues, key);
  }
  checkKeyType(index.partitionKey, `${at}.partitionKey`, issues);
  checkKeyType(index.sortKey, `${at}.sortKey`, issues);
  for (const list of ['partitionKeys', 'sortKeys']) {
    const keys = index[list];
    if (Array.isArray(keys)) keys.forEach((key, i) => checkKeyType(key, `${at}.${list}[${i}]`, issues));
  }
  return issues;
}

/** Every key attribute's `type`, which a design file may leave out but TableV2 needs: without it the
 *  synth fails inside CloudFormation's property validation ("attributeType: required but missing"). */
function checkKeyType(key: unknown, path: string, issues: DesignIssue[]): void {
  if (isObject(key) && key.type === undefined) {
    issues.push({
      path: `${path}.type`,
      message: "is required: TableV2 needs every key attribute's type, 'S', 'N' or 'B' (AttributeType.STRING, NUMBER or BINARY)",
    });
  }
}

function keyTypeIssues(given: Record<string, unknown>, issues: DesignIssue[]): void {
  checkKeyType(given.partitionKey, 'partitionKey', issues);
  checkKeyType(given.sortKey, 'sortKey', issues);
}
