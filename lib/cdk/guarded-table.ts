/**
 * GuardedTable: a DynamoDB TableV2 whose key design is checked by the core, with Contributor
 * Insights on the table and every GSI, tiered skew alarms, an opt-in section of the stack's skew
 * dashboard, and the synth refused while an unwaived design error remains.
 */
import { Annotations, Lazy, RemovalPolicy, Stack, Token, type ResourceEnvironment } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import {
  asPropFinding,
  asPropIssue,
  DesignError,
  UsageError,
  lintNormalized,
  normalize,
  printable,
  type CapacityDeclarations,
  type DesignIssue,
  type DynamoDbKeyDesign,
  type DynamoDbQuotas,
  type Finding,
  type KeySpace,
  type LintedDesign,
  type NormalizedDocument,
} from '../index';
import { dynamoHotKeyReach } from '../internal';
import { acknowledgedAtOf, asDesignAcknowledgements, validAcknowledgementsFor, withCdkWaiverSource, type RecordedAcknowledgement } from './acknowledgements';
import { dashboardLink } from './alarm-text';
import {
  hotKeyLine,
  resolveAlarmSettings,
  type HotKeyLine,
  unreachableHotKeyThreshold,
  cappedHotKeyLine,
  unreachableKeyRangeThreshold,
  type AlarmSettings,
} from './alarm-thresholds';
import {
  hotKeyAlarm,
  latencyAlarms,
  SkewAlarmFactory,
  throttlesAndErrorsAlarms,
  throttlesAndErrorsSetting,
  type CapacityShape,
  type SkewAlarm,
  type TierActions,
} from './alarms';
import { recordTableWithoutActions } from './alarms-without-actions';
import { atMaximumAlarms, type AutoScaledDirection } from './at-maximum-alarm';
import { inCdkTerms } from './billing-words';
import { SkewDashboard, type TableSection } from './dashboard';
import { gsiDesign, ownProps, plainDesign, splitProps, tableDesignInput, type TableDesignInput } from './design-input';
import { overrideIndexContributorInsights, type Replica } from './index-contributor-insights';
import { InsightRuleLookup, type InsightRuleNames } from './insight-rules';
import { METADATA_KEY, METADATA_VERSION, type GuardedTableMetadata } from './metadata';
import type { KeySpaceRef, ThrottleCause } from './metrics';
import { sayNotJudgedAtSynth } from './not-judged';
import { pageComposite } from './page-composite';
import { pinnedDay } from './pinned-day';
import { SkewguardPlugin } from './plugin';
import type { GuardedGlobalSecondaryIndex, GuardedTableProps, SkewMonitoringProps } from './props';
import { declaredQuotas, sayRaisedQuotas } from './quotas';
import { onAddReplica, replicationLatencyAlarm, warnUnwatchedReplica } from './replica-alarms';
import { regionalInvariants, warnRegionalInvariants } from './replica-invariants';
import { indexIssues, settingsIssues } from './settings-check';
import { derivedCapacity, noDerivedCapacity, settingsDeclareCapacity, withDerivedCapacity, type DerivedCapacity } from './table-capacity';
import { globalSecondaryIndexProps, tableV2Props } from './table-props';
import { sayLoosenedThresholds } from './thresholds-loosened';
import { TableThrottleAlarms } from './throttle-alarms';

const GUARDED_TABLE = Symbol.for('skewguard.cdk.GuardedTable');

/** A design name the core accepts: the literal table name, else the construct path with dots. */
function designName(tableName: string | undefined, path: string): string {
  if (tableName !== undefined && !Token.isUnresolved(tableName)) return tableName;
  const name = path
    .replace(/\//g, '.')
    .replace(/[^A-Za-z0-9_.-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  // DynamoDB names take 3 to 255 characters.
  return (name.length >= 3 ? name : `${name || 'Guarded'}-table`).slice(0, 255);
}

/** The table as alarm names and dashboards call it: its literal name, else `<stack name>/<path in the stack>` (unique in the account).
 *  A construct id may hold any character: control and bidi characters are written as visible escapes, as reports
 *  print them, since CloudWatch refuses control characters in an alarm name and a bidi override would spoof one. */
function tableLabel(table: Construct, tableName: unknown): string {
  if (typeof tableName === 'string' && !Token.isUnresolved(tableName)) return tableName;
  const stack = Stack.of(table);
  return printable(`${stack.stackName}/${table.node.path.slice(stack.node.path.length + 1)}`);
}

function tierActions(monitoring: SkewMonitoringProps): TierActions {
  const sns = (topic: SkewMonitoringProps['pageTopic']) => (topic ? [new actions.SnsAction(topic)] : []);
  return {
    page: [...sns(monitoring.pageTopic), ...(monitoring.pageActions ?? [])],
    ticket: [...sns(monitoring.ticketTopic), ...(monitoring.ticketActions ?? [])],
    recovery: monitoring.notifyOnRecovery === false ? { page: [], ticket: [] } : { page: sns(monitoring.pageTopic), ticket: sns(monitoring.ticketTopic) },
  };
}

/**
 * A DynamoDB table (TableV2, exposed as `table`) whose partition-key design is declared with it and
 * checked by skewguard: invalid input throws at construction, design errors refuse the synth.
 *
 * It is an `ITableV2`: names, ARNs, grants, metrics and `applyRemovalPolicy()` are the TableV2's, so it
 * goes wherever a TableV2 goes. Its `node.defaultChild` is the TableV2 (id `Default`, which keeps the
 * logical ID of a table it wraps); the CloudFormation resource is `table.node.defaultChild`, a
 * `CfnGlobalTable` (docs/cdk.md, "Escape hatches").
 *
 * @example
 * new GuardedTable(this, 'Tickets', {
 *   partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 5000 },
 *   sortKey: { name: 'userId', type: AttributeType.STRING, cardinality: 'unique' },
 *   workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
 *   sharding: { strategy: 'calculated', shards: 80, sourceAttribute: 'userId' },
 *   pageTopic: onCall,
 *   ticketTopic: backlog,
 * });
 */
export class GuardedTable extends Construct implements dynamodb.ITableV2 {
  /** Whether `x` is a GuardedTable (works across copies of the library). */
  static isGuardedTable(x: unknown): x is GuardedTable {
    return typeof x === 'object' && x !== null && GUARDED_TABLE in x;
  }

  /** The table: grant access, read `tableName`, add replicas… as with any TableV2. */
  readonly table: dynamodb.TableV2;
  /** The composite alarm over the page-tier alarms, with `compositeAlarm: true`. */
  readonly compositeAlarm?: cloudwatch.CompositeAlarm;

  /** Private, as TableV2's own `resource` is: users reach it by `table.node.defaultChild` (docs/cdk.md, "Escape hatches"). */
  private readonly resource: dynamodb.CfnGlobalTable;
  /** The replicas as TableV2 renders them, before the Contributor Insights override wraps them: where
   *  the table's and GSIs' read capacity is. */
  private readonly renderedReplicas: unknown;
  private input: TableDesignInput;
  /** Provisioned billing (else on-demand, TableV2's default when `billing` is not given). */
  private readonly provisioned: boolean;
  private readonly mode: dynamodb.ContributorInsightsMode;
  /** The account's raised throughput quotas the design is linted with (prop over context); undefined for the defaults. */
  private readonly quotas?: DynamoDbQuotas;
  /** CloudWatch alarm settings (not the design's `thresholds`, which size the design's headroom). */
  private readonly alarmSettings: AlarmSettings;
  private readonly alarmFactory: SkewAlarmFactory;
  /** The key-range page and the sustained-throttles ticket, over every key space. */
  private readonly throttleAlarms: TableThrottleAlarms;
  private readonly dashboardSection?: TableSection;
  private ruleLookup?: InsightRuleLookup;
  /** The design's Contributor Insights switch for the table (fixed at construction). */
  private readonly tableMonitored: boolean;
  /** Whether the on-demand table has a read and a write maximum, as its capacity was derived at construction. */
  private tableMaximumsSet: CapacityShape['maxOnDemand'] = { Read: false, Write: false };
  /** The last normalization, with the input (as JSON) it was made from: an unchanged input is not normalized again. */
  private normalized?: { readonly key: string; readonly document: NormalizedDocument };
  /** The last lint, with the input (as JSON) it was made from and its findings as `findings` gives them: `design`,
   *  `findings` and the plugin lint once per change. */
  private linted?: { readonly key: string; readonly lint: LintedDesign; readonly findings: readonly Finding[] };

  constructor(scope: Construct, id: string, given: GuardedTableProps) {
    super(scope, id);
    Object.defineProperty(this, GUARDED_TABLE, { value: true });
    if (typeof given !== 'object' || given === null) {
      throw new UsageError([{ path: '', message: 'expected the GuardedTable props (partitionKey, workload, …)' }], `GuardedTable ${this.node.path}`);
    }
    const props = ownProps(given, `GuardedTable ${this.node.path}`);
    const { design, settings, monitoring, lint } = splitProps(props);
    // Settings and alarm props are usage (UsageError); the design's own fields are the design (DesignError).
    const usage: DesignIssue[] = settingsIssues(props);
    // Before the first normalization: the quotas decide SG017's and SG003's findings.
    this.quotas = declaredQuotas(this, lint.quotas, usage);
    sayRaisedQuotas(this, this.quotas);
    const issues: DesignIssue[] = [];
    // After a wrong billing or mode (reported above), go on with the defaults so the design's problems are reported too.
    this.provisioned = settings.billing instanceof dynamodb.Billing && settings.billing.mode === dynamodb.BillingMode.PROVISIONED;
    this.mode = typeof monitoring.contributorInsightsMode === 'string' ? monitoring.contributorInsightsMode : dynamodb.ContributorInsightsMode.THROTTLED_KEYS;
    const throttledKeysOnly = this.mode === dynamodb.ContributorInsightsMode.THROTTLED_KEYS;

    const billingMode = this.provisioned ? 'provisioned' : 'on-demand';
    this.input = plainDesign(
      tableDesignInput(design, designName(typeof settings.tableName === 'string' ? settings.tableName : undefined, this.node.path), billingMode),
      '',
      issues,
    );
    // Tokens in the design (reported by plainDesign) leave nothing the core could check.
    const normalized = issues.length === 0 ? this.normalizeDesign(this.input, issues) : undefined;
    const alarmOptions = {
      headroom: normalized?.thresholds.headroom ?? 0.8,
      launchAtPeak: design.launchAtPeak === true,
      throttledKeysOnly,
      hotKeyAlarm: typeof monitoring.hotKeyAlarm === 'boolean' ? monitoring.hotKeyAlarm : undefined,
    };
    this.alarmSettings = resolveAlarmSettings(monitoring, alarmOptions, usage);
    refuseInvalid(issues, usage, normalized, `GuardedTable ${this.node.path}`);
    sayLoosenedThresholds(this, design.thresholds);
    const unreachable = unreachableHotKeyThreshold(this.alarmSettings, alarmOptions);
    if (unreachable) Annotations.of(this).addWarningV2('skewguard:hot-key-threshold-unreachable', unreachable);
    const unreachablePage = unreachableKeyRangeThreshold(this.alarmSettings, normalized.quotas);
    if (unreachablePage) Annotations.of(this).addWarningV2('skewguard:key-range-threshold-unreachable', unreachablePage);

    // 'Default': the TableV2 gets the logical ID a `new TableV2(scope, id)` would have, so an
    // existing table can be wrapped in a GuardedTable without being replaced.
    this.tableMonitored = normalized.primaryKey.keyMonitoring;
    this.table = new dynamodb.TableV2(this, 'Default', tableV2Props(design, settings, { enabled: this.tableMonitored, mode: this.mode }));
    this.resource = this.table.node.defaultChild as dynamodb.CfnGlobalTable;
    this.renderedReplicas = this.resource.replicas;
    const declared = settingsDeclareCapacity(this, settings, design.globalSecondaryIndexes ?? []);
    this.input = this.withCapacity(this.input, declared ? undefined : noDerivedCapacity());
    overrideIndexContributorInsights(
      this.resource,
      () => this.indexContributorInsights(),
      (replicas) => this.checkReplicas(replicas),
    );
    this.resource.addMetadata(
      METADATA_KEY,
      Lazy.any({
        produce: (): GuardedTableMetadata => {
          const waivers = validAcknowledgementsFor(this);
          return {
            version: METADATA_VERSION,
            constructPath: this.node.path,
            design: this.effectiveInput(waivers),
            ...(waivers.length > 0 ? { acknowledgedAt: acknowledgedAtOf(waivers) } : {}),
            ...(this.quotas ? { quotas: this.quotas } : {}),
          };
        },
      }),
    );
    SkewguardPlugin.of(this).trackGuarded(this.resource, this, (waivers) => this.lint(waivers));
    sayNotJudgedAtSynth(this, () => this.lint().result.notJudged);
    if (settings.removalPolicy === RemovalPolicy.DESTROY && settings.deletionProtection !== false) {
      Annotations.of(this).addWarningV2(
        'skewguard:destroy-with-deletion-protection',
        'removalPolicy is DESTROY but deletion protection is on (the GuardedTable default): `cdk destroy` and any stack update that removes the table will fail. Set deletionProtection: false too if the table may really be deleted',
      );
    }

    const label = tableLabel(this, settings.tableName);
    const dashboard = monitoring.dashboard === true ? SkewDashboard.of(this) : monitoring.dashboard || undefined;
    const composite = monitoring.compositeAlarm === true;
    const reserved = dashboard?.reserve();
    const tiers = tierActions(monitoring);
    const alarmsScope = new Construct(this, 'Alarms');
    this.alarmFactory = new SkewAlarmFactory(alarmsScope, {
      label,
      actions: tiers,
      composite,
      dashboard: reserved ? dashboardLink(reserved) : undefined,
    });
    this.dashboardSection = dashboard?.addTable(label, this.alarmFactory.alarms);
    if (tiers.page.length === 0) recordTableWithoutActions(this, 'page', () => this.pageAlarms.length);
    if (tiers.ticket.length === 0) recordTableWithoutActions(this, 'ticket', () => this.ticketAlarms.length);

    const spaces = [normalized.primaryKey, ...normalized.globalSecondaryIndexes].map((space, i) =>
      this.watch(space, i === 0 ? undefined : design.globalSecondaryIndexes?.[i - 1]),
    );
    this.throttleAlarms = new TableThrottleAlarms(this.alarmFactory, this.alarmSettings, {
      onDemand: !this.provisioned,
      launchAtPeak: design.launchAtPeak === true,
    });
    this.throttleAlarms.add(...spaces);
    this.throttlesAndErrorsAlarms('', spaces, true);
    atMaximumAlarms(
      this.alarmFactory,
      '',
      spaces.flatMap((s) => s.autoScaled),
    );
    latencyAlarms(this.alarmFactory, this.table.tableName, this.alarmSettings);
    // A global table: each replica Region gets what this stack can watch of it, and a warning for what it cannot.
    const regional = regionalInvariants(normalized.invariants, settings.multiRegionConsistency);
    let regionalWarned = false;
    const onReplica = (region: string) => {
      replicationLatencyAlarm(this.alarmFactory, this.table.tableName, region);
      warnUnwatchedReplica(this, region);
      // Once per table: its first replica makes it a global table.
      if (regional.length > 0 && !regionalWarned) warnRegionalInvariants(this, regional, region);
      regionalWarned = true;
    };
    for (const replica of settings.replicas ?? []) onReplica(replica.region);
    onAddReplica(this.table, onReplica);
    if (composite) this.compositeAlarm = pageComposite(this, label, () => this.pageAlarms, alarmsScope, tiers);
  }

  /** The design as the core normalized it (every default explicit), waivers from `Validations.acknowledge()` included. */
  get design(): DynamoDbKeyDesign {
    return designOf(this.lint().document);
  }

  /**
   * The core's findings for this table, paths relative to it (`globalSecondaryIndexes[0].partitionKey`).
   * A field the construct derives is named as the prop that sets it, in the path, the message and the
   * fix: `billing` for the table's `capacity.write.max`, `globalSecondaryIndexes[0].maxReadRequestUnits`
   * for a GSI's `onDemand.maxReadRequestUnits`. `data` and `edits` are in the design's terms.
   */
  get findings(): Finding[] {
    return [...this.lintWithFindings().findings];
  }

  /** Every skew alarm, page and ticket tiers, for composite alarms or extra actions. */
  get alarms(): cloudwatch.Alarm[] {
    return this.alarmFactory.alarms.map((a) => a.alarm);
  }

  /** Every skew alarm with its tier and what it watches (signal, index, operation, replica Region). */
  get skewAlarms(): readonly SkewAlarm[] {
    return this.alarmFactory.alarms;
  }

  /** The page-tier alarms: requests throttled now (a hot partition, a capacity limit). */
  get pageAlarms(): cloudwatch.Alarm[] {
    return this.alarmFactory.alarms.filter((a) => a.tier === 'page').map((a) => a.alarm);
  }

  /** The ticket-tier alarms. */
  get ticketAlarms(): cloudwatch.Alarm[] {
    return this.alarmFactory.alarms.filter((a) => a.tier === 'ticket').map((a) => a.alarm);
  }

  // ITableV2, forwarded to `table`: a GuardedTable goes wherever a TableV2 goes, and grants what it grants.

  /** The table's name (`table.tableName`). */
  get tableName(): string {
    return this.table.tableName;
  }

  /** The table's ARN (`table.tableArn`). */
  get tableArn(): string {
    return this.table.tableArn;
  }

  /** The table's ID (`table.tableId`). */
  get tableId(): string | undefined {
    return this.table.tableId;
  }

  /** The ARN of the table's stream, with `dynamoStream` (`table.tableStreamArn`). */
  get tableStreamArn(): string | undefined {
    return this.table.tableStreamArn;
  }

  /** The customer-managed KMS key, with `encryption` (`table.encryptionKey`). */
  get encryptionKey(): kms.IKey | undefined {
    return this.table.encryptionKey;
  }

  /** The table's name and ARN (`table.tableRef`). */
  get tableRef(): dynamodb.ITableV2['tableRef'] {
    return this.table.tableRef;
  }

  /** Grants on the table (`table.grants`). */
  get grants(): dynamodb.ITableV2['grants'] {
    return this.table.grants;
  }

  /** The stack of the table. */
  get stack(): Stack {
    return this.table.stack;
  }

  /** The account and Region of the table. */
  get env(): ResourceEnvironment {
    return this.table.env;
  }

  /** What happens to the table when it leaves the stack; the `removalPolicy` prop sets it at construction. */
  applyRemovalPolicy(policy: RemovalPolicy): void {
    this.table.applyRemovalPolicy(policy);
  }

  /** `table.grant()`. */
  grant(grantee: iam.IGrantable, ...actions: string[]): iam.Grant {
    return this.table.grant(grantee, ...actions);
  }

  /** `table.grantStream()`. */
  grantStream(grantee: iam.IGrantable, ...actions: string[]): iam.Grant {
    return this.table.grantStream(grantee, ...actions);
  }

  /** `table.grantReadData()`. */
  grantReadData(grantee: iam.IGrantable): iam.Grant {
    return this.table.grantReadData(grantee);
  }

  /** `table.grantTableListStreams()`. */
  grantTableListStreams(grantee: iam.IGrantable): iam.Grant {
    return this.table.grantTableListStreams(grantee);
  }

  /** `table.grantStreamRead()`. */
  grantStreamRead(grantee: iam.IGrantable): iam.Grant {
    return this.table.grantStreamRead(grantee);
  }

  /** `table.grantWriteData()`. */
  grantWriteData(grantee: iam.IGrantable): iam.Grant {
    return this.table.grantWriteData(grantee);
  }

  /** `table.grantReadWriteData()`. */
  grantReadWriteData(grantee: iam.IGrantable): iam.Grant {
    return this.table.grantReadWriteData(grantee);
  }

  /** `table.grantFullAccess()`. */
  grantFullAccess(grantee: iam.IGrantable): iam.Grant {
    return this.table.grantFullAccess(grantee);
  }

  /** `table.metric()`. */
  metric(metricName: string, props?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.table.metric(metricName, props);
  }

  /** `table.metricConsumedReadCapacityUnits()`. */
  metricConsumedReadCapacityUnits(props?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.table.metricConsumedReadCapacityUnits(props);
  }

  /** `table.metricConsumedWriteCapacityUnits()`. */
  metricConsumedWriteCapacityUnits(props?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.table.metricConsumedWriteCapacityUnits(props);
  }

  /** `table.metricSystemErrorsForOperations()`. */
  metricSystemErrorsForOperations(props?: dynamodb.SystemErrorsForOperationsMetricOptions): cloudwatch.IMetric {
    return this.table.metricSystemErrorsForOperations(props);
  }

  /** `table.metricUserErrors()`. */
  metricUserErrors(props?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.table.metricUserErrors(props);
  }

  /** `table.metricConditionalCheckFailedRequests()`. */
  metricConditionalCheckFailedRequests(props?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.table.metricConditionalCheckFailedRequests(props);
  }

  /** `table.metricThrottledRequests()`.
   *  @deprecated use `metricThrottledRequestsForOperations()`, as aws-cdk-lib says */
  metricThrottledRequests(props?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.table.metricThrottledRequests(props);
  }

  /** `table.metricThrottledRequestsForOperations()`. */
  metricThrottledRequestsForOperations(props?: dynamodb.OperationsMetricOptions): cloudwatch.IMetric {
    return this.table.metricThrottledRequestsForOperations(props);
  }

  /** `table.metricSuccessfulRequestLatency()`. */
  metricSuccessfulRequestLatency(props?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.table.metricSuccessfulRequestLatency(props);
  }

  /**
   * Adds a GSI, checked like one given in props: invalid input throws (path
   * `globalSecondaryIndexes[n]…`), its findings count at synth, and it gets Contributor Insights,
   * alarms and dashboard rows.
   */
  addGlobalSecondaryIndex(given: GuardedGlobalSecondaryIndex): void {
    const issues: DesignIssue[] = [];
    const position = this.input.globalSecondaryIndexes?.length ?? 0;
    const gsi = ownProps(given, `GuardedTable ${this.node.path}`, `globalSecondaryIndexes[${position}]`);
    const added = plainDesign(gsiDesign(gsi), `globalSecondaryIndexes[${position}]`, issues);
    const next: TableDesignInput = { ...this.input, globalSecondaryIndexes: [...(this.input.globalSecondaryIndexes ?? []), added] };
    const normalized = issues.length === 0 ? this.normalizeDesign(next, issues) : undefined;
    const usage = indexIssues(gsi, `globalSecondaryIndexes[${position}]`);
    refuseInvalid(issues, usage, normalized, `GuardedTable ${this.node.path}`);
    this.table.addGlobalSecondaryIndex(globalSecondaryIndexProps(gsi));
    this.input = this.withCapacity(next);
    const space = this.watch(normalized.globalSecondaryIndexes[position], gsi);
    this.throttleAlarms.add(space);
    // Its capacity throttles, if it has a cause of its own (the table's ticket alarm is already made).
    this.throttlesAndErrorsAlarms(`-${space.space.indexName}`, [space], false);
    atMaximumAlarms(this.alarmFactory, `-${space.space.indexName}`, space.autoScaled);
  }

  /**
   * The input with the capacity the props made of the table (billing, warmThroughput, each GSI's
   * capacity settings), checked by the core: SG017 compares it with the declared peaks. Figures that
   * are tokens are left out, with a warning naming them. `known`: the capacity when it is known
   * without reading the resource (no setting makes one).
   */
  private withCapacity(input: TableDesignInput, known?: DerivedCapacity): TableDesignInput {
    const derived = known ?? derivedCapacity(this.resource, this.renderedReplicas);
    const issues: DesignIssue[] = [];
    const merged = withDerivedCapacity(input, derived, issues);
    if (issues.length === 0) this.normalizeDesign(merged, issues);
    if (issues.length > 0) throw new DesignError(issues.map(inPropTerms), `GuardedTable ${this.node.path}`);
    this.tableMaximumsSet = derived.tableMaximums;
    if (derived.unchecked.length > 0) {
      Annotations.of(this).addWarningV2(
        'skewguard:capacity-unchecked',
        `SG017 cannot check ${derived.unchecked.join(', ')} against the declared peak: unresolved tokens, known only at deploy time. Give literal figures to have them checked`,
      );
    }
    return merged;
  }

  /** The core's normalization of `input` (throwing its DesignError); the last one again when `input` is unchanged. */
  private normalizedOf(input: TableDesignInput, key = JSON.stringify(input)): NormalizedDocument {
    if (this.normalized?.key !== key) this.normalized = { key, document: normalize({ ...input, engine: 'dynamodb' }, this.lintOptions()) };
    return this.normalized.document;
  }

  /** The lint options beside the design: the declared quotas, which the template metadata records with it. */
  private lintOptions(): { quotas?: DynamoDbQuotas } {
    return this.quotas ? { quotas: this.quotas } : {};
  }

  /** The core's normalization of `input`, its issues added to `issues`. */
  private normalizeDesign(input: TableDesignInput, issues: DesignIssue[]): DynamoDbKeyDesign | undefined {
    try {
      return designOf(this.normalizedOf(input));
    } catch (error) {
      if (!(error instanceof DesignError)) throw error;
      issues.push(...error.issues);
      return undefined;
    }
  }

  /** The design with every waiver in effect: the props' and `waivers`, those given with `Validations.acknowledge()`. */
  private effectiveInput(waivers: readonly RecordedAcknowledgement[] = validAcknowledgementsFor(this)): TableDesignInput {
    // CDK suppresses a waived rule on every key space of the table: the copies cover each index too.
    const indexNames = [...(this.input.globalSecondaryIndexes ?? []), ...(this.input.localSecondaryIndexes ?? [])].map((index) => index.indexName);
    const acknowledgements = [...(this.input.acknowledgements ?? []), ...asDesignAcknowledgements(waivers, indexNames)];
    return acknowledgements.length > 0 ? { ...this.input, acknowledgements } : this.input;
  }

  /**
   * The lint of the effective input, redone only when it changed (an index added, a waiver given): what
   * the template metadata records, so the plugin reuses it where the metadata is still exactly this.
   * `waivers`: the table's `Validations.acknowledge()` waivers, when the caller has already read them.
   */
  private lint(waivers?: readonly RecordedAcknowledgement[]): LintedDesign {
    return this.lintWithFindings(waivers).lint;
  }

  /** The lint, with its findings said in the props' terms (`findings`), both made once per change. */
  private lintWithFindings(waivers: readonly RecordedAcknowledgement[] = validAcknowledgementsFor(this)): NonNullable<GuardedTable['linted']> {
    const input = this.effectiveInput(waivers);
    const inputKey = JSON.stringify(input);
    // The day waivers' `expires` dates are judged on, when a test pinned it (pinned-day.ts), and the scopes the
    // `Validations.acknowledge()` waivers were given at (named by `findings`): part of the lint's key.
    const today = pinnedDay();
    const scopes = waivers.length > 0 ? JSON.stringify(acknowledgedAtOf(waivers)) : '';
    const key = today === undefined && scopes === '' ? inputKey : `${inputKey}\u0000${today ?? ''}\u0000${scopes}`;
    if (this.linted?.key !== key) {
      const document = this.normalizedOf(input, inputKey);
      const result = lintNormalized(document, today === undefined ? {} : { today });
      const own = this.input.acknowledgements?.length ?? 0;
      const findings = result.findings.map((f) => asPropFinding(withCdkWaiverSource(f, own, waivers)));
      this.linted = { key, lint: { design: input, document, result, ...this.lintOptions() }, findings };
    }
    return this.linted;
  }

  /** GSIs whose Contributor Insights setting differs from the table's. */
  private indexContributorInsights(): Map<string, dynamodb.CfnGlobalTable.ContributorInsightsSpecificationProperty> {
    const overrides = new Map<string, dynamodb.CfnGlobalTable.ContributorInsightsSpecificationProperty>();
    if (!(this.input.globalSecondaryIndexes ?? []).some((gsi) => gsi.contributorInsights !== undefined)) return overrides;
    const design = this.design;
    for (const gsi of design.globalSecondaryIndexes) {
      if (gsi.keyMonitoring !== design.primaryKey.keyMonitoring) {
        overrides.set(gsi.index as string, gsi.keyMonitoring ? { enabled: true, mode: this.mode } : { enabled: false });
      }
    }
    return overrides;
  }

  /** Refuses a replica added with `table.addReplica()` that turns Contributor Insights off where the design has it on. */
  private checkReplicas(replicas: readonly Replica[]): void {
    if (!this.tableMonitored) return;
    const off = replicas.filter((r) => (r.contributorInsightsSpecification as { enabled?: unknown } | undefined)?.enabled === false);
    if (off.length > 0) {
      throw new UsageError(
        off.map((r) => ({
          path: 'replicas',
          message: `the replica in ${String(r.region)} turns Contributor Insights off, which the design keeps on (SG010): remove contributorInsightsSpecification: { enabled: false } from its addReplica() call`,
        })),
        `GuardedTable ${this.node.path}`,
      );
    }
  }

  /** The Contributor Insights rule names of one key space, looked up at deploy time (one lookup per table). */
  private rulesOf(indexName: string | undefined): InsightRuleNames {
    this.ruleLookup ??= new InsightRuleLookup(this, 'ContributorInsightsRules', { table: this.table, mode: this.mode });
    return this.ruleLookup.rulesOf(indexName);
  }

  /** The page alarm on capacity throttles and errors, refusing a datapointsToAlarm above the evaluationPeriods its capacity mode defaults to. */
  private throttlesAndErrorsAlarms(idSuffix: string, spaces: readonly { space: KeySpaceRef; capacity: CapacityShape }[], tableWide: boolean): void {
    const { issues } = throttlesAndErrorsSetting(this.alarmSettings, spaces);
    if (issues.length > 0) throw new UsageError(issues, `GuardedTable ${this.node.path}`);
    throttlesAndErrorsAlarms(this.alarmFactory, idSuffix, this.table.tableName, spaces, this.alarmSettings, tableWide);
  }

  /** The accessed-mode hot-key line of a key space, from the design with the capacity the props made (its partitions). */
  private hotKeyLineOf(space: KeySpace, given: number | undefined): HotKeyLine {
    const design = designOf(this.normalizedOf(this.input));
    return hotKeyLine(dynamoHotKeyReach(design, space.index), design.thresholds.headroom, given);
  }

  /** Alarms, rule lookup and dashboard rows of one key space. */
  private watch(
    space: KeySpace,
    gsi: GuardedGlobalSecondaryIndex | undefined,
  ): { space: KeySpaceRef; capacity: CapacityShape; autoScaled: AutoScaledDirection[] } {
    const ref: KeySpaceRef = { tableName: this.table.tableName, indexName: space.index };
    const provisioned = this.provisioned;
    const declared = space.index === undefined ? this.input : this.input.globalSecondaryIndexes?.find((g) => g.indexName === space.index);
    const autoScaled = provisioned ? autoScaledDirections(ref, declared) : [];
    const capacity: CapacityShape = {
      provisioned,
      autoScaled: autoScaled.length > 0,
      autoScalingMaximum: Object.fromEntries(autoScaled.map(({ direction, maximum }) => [direction, maximum])),
      maxOnDemand:
        gsi === undefined
          ? this.tableMaximumsSet
          : { Read: !provisioned && gsi.maxReadRequestUnits !== undefined, Write: !provisioned && gsi.maxWriteRequestUnits !== undefined },
    };
    const needsRules = space.keyMonitoring && (this.alarmSettings.hotKey !== undefined || this.dashboardSection !== undefined);
    const rules = needsRules ? this.rulesOf(space.index) : undefined;
    if (rules?.accessed !== undefined && this.alarmSettings.hotKey) {
      const given = this.alarmSettings.hotKeyThresholdGiven ? this.alarmSettings.hotKey.threshold : undefined;
      const line = this.hotKeyLineOf(space, given);
      const capped = cappedHotKeyLine(line, space.index === undefined ? 'the table' : `index ${space.index}`);
      if (capped) Annotations.of(this).addWarningV2('skewguard:hot-key-line-capped', capped);
      hotKeyAlarm(this.alarmFactory, ref, rules.accessed, { ...this.alarmSettings, hotKey: this.alarmSettings.hotKey }, line);
    }
    const causes: ThrottleCause[] = [
      'KeyRange',
      ...(provisioned ? ['Provisioned' as const] : []),
      ...(capacity.maxOnDemand.Read || capacity.maxOnDemand.Write ? ['MaxOnDemand' as const] : []),
      'AccountLimit',
    ];
    this.dashboardSection?.addKeySpace({ space: ref, rules, provisioned, causes });
    return { space: ref, capacity, autoScaled };
  }
}

/** The directions whose capacity the props made (`withCapacity`) auto-scales: a maximum above its minimum (1 when not
 *  given), as `Capacity.autoscaled()` renders it. A maximum that is a token is not in the capacity (nor here). */
function autoScaledDirections(space: KeySpaceRef, declared: CapacityDeclarations | undefined): AutoScaledDirection[] {
  const capacity = declared?.capacity;
  return (['Read', 'Write'] as const).flatMap((direction) => {
    const units = direction === 'Read' ? capacity?.read : capacity?.write;
    return units !== undefined && 'max' in units && (units.min ?? 1) < units.max ? [{ space, direction, maximum: units.max }] : [];
  });
}

/** A design issue at the prop the user wrote, in a CDK user's terms. */
const inPropTerms = (issue: DesignIssue): DesignIssue => inCdkTerms(asPropIssue(issue));

/** The one table design of a document normalized from a GuardedTable's input. */
const designOf = (document: NormalizedDocument): DynamoDbKeyDesign => document.designs[0].design as DynamoDbKeyDesign;

/**
 * Throws when the props cannot be built: a DesignError when the design is wrong (listing the settings'
 * problems with it, so that one pass fixes all), a UsageError when only the construct's own settings
 * or alarm props are.
 */
function refuseInvalid(
  designIssues: readonly DesignIssue[],
  usage: readonly DesignIssue[],
  normalized: DynamoDbKeyDesign | undefined,
  subject: string,
): asserts normalized is DynamoDbKeyDesign {
  // The design's problems at a field the construct derived (its name, its capacity) are reported at the prop the user wrote.
  if (designIssues.length > 0 || normalized === undefined) throw new DesignError([...designIssues.map(inPropTerms), ...usage], subject);
  if (usage.length > 0) throw new UsageError(usage, subject);
}
