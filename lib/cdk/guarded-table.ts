/**
 * GuardedTable: a DynamoDB TableV2 whose key design is checked by the core, with Contributor
 * Insights on the table and every GSI, skew alarms, a skew dashboard, and the synth refused while
 * an unwaived design error remains.
 */
import { Aws, Lazy, Names, Stack, Token } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import {
  DesignError, lintDocument, normalize,
  type DesignIssue, type DynamoDbKeyDesign, type DynamoDbTableDesign, type Finding, type KeySpace,
} from '../index';
import { validAcknowledgementsFor } from './acknowledgements';
import { resolveThresholds, type ResolvedThresholds } from './alarm-thresholds';
import { hotKeyAlarm, latencyAlarms, SkewAlarmFactory, throttleAlarms, type CapacityShape, type InsightRuleNames, type SkewAlarm } from './alarms';
import { keySpaceRows, latencyRow } from './dashboard';
import { gsiDesign, plainDesign, splitProps, tableDesignInput, type TableDesignInput } from './design-input';
import { overrideIndexContributorInsights } from './index-contributor-insights';
import { InsightRuleLookup, InsightRuleLookupProvider } from './insight-rules';
import { METADATA_KEY, METADATA_VERSION, type GuardedTableMetadata } from './metadata';
import type { ThrottleCause } from './metrics';
import { SkewguardPlugin } from './plugin';
import { checkSettings } from './settings-check';
import type { GuardedGlobalSecondaryIndex, GuardedTableProps } from './props';
import { globalSecondaryIndexProps, tableV2Props } from './table-props';

const GUARDED_TABLE = Symbol.for('skewguard.cdk.GuardedTable');

/** A design name the core accepts: the literal table name, else the construct path with dots. */
function designName(tableName: string | undefined, path: string): string {
  if (tableName !== undefined && !Token.isUnresolved(tableName)) return tableName;
  const name = path.replace(/\//g, '.').replace(/[^A-Za-z0-9_.-]/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  // DynamoDB names take 3 to 255 characters.
  return (name.length >= 3 ? name : `${name || 'Guarded'}-table`).slice(0, 255);
}

/** `<stack name>-<region>-<path in the stack>`: unique in the account, readable in the console. */
function defaultDashboardName(table: Construct): string {
  const stack = Stack.of(table);
  const inStack = table.node.path.slice(stack.node.path.length + 1).replace(/\//g, '-').replace(/[^A-Za-z0-9_-]/g, '_');
  const local = inStack.length <= 100 ? inStack : Names.uniqueResourceName(table, { maxLength: 100, separator: '-' });
  return `${stack.stackName}-${Aws.REGION}-${local}`;
}

/**
 * On-demand maximums as set on `Billing.onDemand()`. Billing keeps them private; its render methods
 * (part of the published typings) are the only way to read them back.
 */
function onDemandMaximums(billing: dynamodb.Billing): CapacityShape['maxOnDemand'] {
  if (billing.mode !== dynamodb.BillingMode.PAY_PER_REQUEST) return { Read: false, Write: false };
  return { Read: billing._renderReadCapacity() !== undefined, Write: billing._renderWriteCapacity() !== undefined };
}

/**
 * A DynamoDB table (TableV2, exposed as `table`) whose partition-key design is declared with it and
 * checked by skewguard: invalid input throws at construction, design errors refuse the synth.
 *
 * @example
 * new GuardedTable(this, 'Tickets', {
 *   partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 5000 },
 *   sortKey: { name: 'userId', type: AttributeType.STRING, cardinality: 'unique' },
 *   workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
 *   sharding: { strategy: 'calculated', shards: 25, sourceAttribute: 'userId' },
 * });
 */
export class GuardedTable extends Construct {
  /** Whether `x` is a GuardedTable (works across copies of the library). */
  static isGuardedTable(x: unknown): x is GuardedTable {
    return typeof x === 'object' && x !== null && GUARDED_TABLE in x;
  }

  /** The table: grant access, read `tableName`, add replicas… as with any TableV2. */
  readonly table: dynamodb.TableV2;
  /** The skew dashboard, unless `dashboard: false`. */
  readonly dashboard?: cloudwatch.Dashboard;

  private readonly resource: dynamodb.CfnGlobalTable;
  private input: TableDesignInput;
  private readonly billing: dynamodb.Billing;
  private readonly mode: dynamodb.ContributorInsightsMode;
  private readonly thresholds: ResolvedThresholds;
  private readonly alarmFactory: SkewAlarmFactory;
  /** The lookup's permission for this table, made with the first key space that needs it. */
  private lookupStatement?: iam.PolicyStatement;

  constructor(scope: Construct, id: string, props: GuardedTableProps) {
    super(scope, id);
    Object.defineProperty(this, GUARDED_TABLE, { value: true });
    if (typeof props !== 'object' || props === null) {
      throw new DesignError([{ path: '', message: 'expected the GuardedTable props (partitionKey, workload, …)' }], `GuardedTable ${this.node.path}`);
    }
    const { design, settings, monitoring } = splitProps(props);
    const issues: DesignIssue[] = [];
    checkSettings(props, issues);
    // After a wrong billing or mode (reported above), go on with the defaults so the design's problems are reported too.
    this.billing = settings.billing instanceof dynamodb.Billing ? settings.billing : dynamodb.Billing.onDemand();
    this.mode = monitoring.contributorInsightsMode ?? dynamodb.ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS;

    const billingMode = this.billing.mode === dynamodb.BillingMode.PROVISIONED ? 'provisioned' : 'on-demand';
    const beforeDesign = issues.length;
    this.input = plainDesign(tableDesignInput(design, designName(typeof settings.tableName === 'string' ? settings.tableName : undefined, this.node.path), billingMode), '', issues);
    // Tokens in the design (reported by plainDesign) leave nothing the core could check.
    const normalized = issues.length === beforeDesign ? this.check(this.input, issues) : undefined;
    this.thresholds = resolveThresholds(monitoring.alarmThresholds, {
      headroom: normalized?.thresholds.headroom ?? 0.8,
      throttledKeysOnly: this.mode === dynamodb.ContributorInsightsMode.THROTTLED_KEYS,
    }, issues);
    if (issues.length > 0 || normalized === undefined) throw new DesignError(issues, `GuardedTable ${this.node.path}`);

    // 'Default': the TableV2 gets the logical ID a `new TableV2(scope, id)` would have, so an
    // existing table can be wrapped in a GuardedTable without being replaced.
    this.table = new dynamodb.TableV2(this, 'Default', tableV2Props(design, settings, { enabled: normalized.primaryKey.keyMonitoring, mode: this.mode }));
    this.resource = this.table.node.defaultChild as dynamodb.CfnGlobalTable;
    overrideIndexContributorInsights(this.resource, () => this.indexContributorInsights());
    this.resource.addMetadata(METADATA_KEY, Lazy.any({ produce: (): GuardedTableMetadata => ({ version: METADATA_VERSION, constructPath: this.node.path, design: this.effectiveInput() }) }));
    SkewguardPlugin.of(this).trackGuarded(this.resource, this);

    // A name known without a Ref to the dashboard, so alarm descriptions can link to it (a Ref would
    // make a cycle: the dashboard shows the alarms). Dashboard names are unique per account, so the
    // stack name and region are part of it: one app deployed twice in an account must not collide.
    const dashboardName = monitoring.dashboardName ?? defaultDashboardName(this);
    if (monitoring.dashboard ?? true) this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName });
    const alarmActions = [...(monitoring.alarmTopic ? [new actions.SnsAction(monitoring.alarmTopic)] : []), ...(monitoring.alarmActions ?? [])];
    this.alarmFactory = new SkewAlarmFactory(new Construct(this, 'Alarms'), {
      actions: alarmActions,
      dashboardUrl: this.dashboard ? `https://console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards/dashboard/${dashboardName}` : undefined,
    });

    if (normalized.latencyAlarms) {
      latencyAlarms(this.alarmFactory, this.table.tableName, this.thresholds);
      this.dashboard?.addWidgets(...latencyRow(this.table.tableName, this.thresholds.latency.operations, this.thresholds.latency.threshold));
    }
    this.watch(normalized.primaryKey, undefined);
    for (const [i, gsi] of (design.globalSecondaryIndexes ?? []).entries()) this.watch(normalized.globalSecondaryIndexes[i], gsi);
  }

  /** The design as the core normalized it (every default explicit), waivers from `Validations.acknowledge()` included. */
  get design(): DynamoDbKeyDesign {
    return normalize(this.lintInput()).designs[0].design as DynamoDbKeyDesign;
  }

  /** The core's findings for this table, paths relative to it (`globalSecondaryIndexes[0].partitionKey`). */
  get findings(): Finding[] {
    return lintDocument(this.lintInput()).findings;
  }

  /** Every skew alarm, for composite alarms or extra actions. */
  get alarms(): cloudwatch.Alarm[] {
    return this.alarmFactory.alarms.map((a) => a.alarm);
  }

  /** Every skew alarm with what it watches (signal, index, direction, operation). */
  get skewAlarms(): readonly SkewAlarm[] {
    return this.alarmFactory.alarms;
  }

  /**
   * Adds a GSI, checked like one given in props: invalid input throws (path
   * `globalSecondaryIndexes[n]…`), its findings count at synth, and it gets Contributor Insights,
   * alarms and dashboard rows.
   */
  addGlobalSecondaryIndex(gsi: GuardedGlobalSecondaryIndex): void {
    const issues: DesignIssue[] = [];
    const position = this.input.globalSecondaryIndexes?.length ?? 0;
    const added = plainDesign(gsiDesign(gsi), `globalSecondaryIndexes[${position}]`, issues);
    const next: TableDesignInput = { ...this.input, globalSecondaryIndexes: [...(this.input.globalSecondaryIndexes ?? []), added] };
    const normalized = issues.length === 0 ? this.check(next, issues) : undefined;
    if (issues.length > 0 || normalized === undefined) throw new DesignError(issues, `GuardedTable ${this.node.path}`);
    this.table.addGlobalSecondaryIndex(globalSecondaryIndexProps(gsi));
    this.input = next;
    this.watch(normalized.globalSecondaryIndexes[position], gsi);
  }

  /** The core's normalization, its issues added to `issues`. */
  private check(input: TableDesignInput, issues: DesignIssue[]): DynamoDbKeyDesign | undefined {
    try {
      return normalize({ ...input, engine: 'dynamodb' }).designs[0].design as DynamoDbKeyDesign;
    } catch (error) {
      if (!(error instanceof DesignError)) throw error;
      issues.push(...error.issues);
      return undefined;
    }
  }

  /** The design with every waiver in effect: the props' and those given with `Validations.acknowledge()`. */
  private effectiveInput(): TableDesignInput {
    const acknowledgements = [...(this.input.acknowledgements ?? []), ...validAcknowledgementsFor(this)];
    return acknowledgements.length > 0 ? { ...this.input, acknowledgements } : this.input;
  }

  private lintInput(): DynamoDbTableDesign {
    return { ...this.effectiveInput(), engine: 'dynamodb' };
  }

  /** GSIs whose Contributor Insights setting differs from the table's. */
  private indexContributorInsights(): Map<string, dynamodb.CfnGlobalTable.ContributorInsightsSpecificationProperty> {
    const overrides = new Map<string, dynamodb.CfnGlobalTable.ContributorInsightsSpecificationProperty>();
    if (!(this.input.globalSecondaryIndexes ?? []).some((gsi) => gsi.contributorInsights !== undefined)) return overrides;
    const design = normalize(this.lintInput()).designs[0].design as DynamoDbKeyDesign;
    for (const gsi of design.globalSecondaryIndexes) {
      if (gsi.keyMonitoring !== design.primaryKey.keyMonitoring) {
        overrides.set(gsi.index as string, gsi.keyMonitoring ? { enabled: true, mode: this.mode } : { enabled: false });
      }
    }
    return overrides;
  }

  /** The deploy-time lookup of a key space's Contributor Insights rule names. */
  private insightRules(id: string, indexName: string | undefined): InsightRuleNames {
    const provider = InsightRuleLookupProvider.of(this);
    this.lookupStatement ??= provider.allowTable(this.table);
    if (indexName !== undefined) this.lookupStatement.addResources(`${this.table.tableArn}/index/${indexName}`);
    return new InsightRuleLookup(this, `ContributorInsightsRules-${id}`, { table: this.table, indexName, mode: this.mode, provider }).rules;
  }

  /** Contributor Insights lookup, alarms and dashboard rows of one key space. */
  private watch(space: KeySpace, gsi: GuardedGlobalSecondaryIndex | undefined): void {
    const indexName = space.index;
    const id = indexName === undefined ? 'Table' : `Index-${indexName}`;
    const ref = { tableName: this.table.tableName, indexName };
    const provisioned = this.billing.mode === dynamodb.BillingMode.PROVISIONED;
    const capacity: CapacityShape = {
      provisioned,
      maxOnDemand: gsi === undefined
        ? onDemandMaximums(this.billing)
        : { Read: !provisioned && gsi.maxReadRequestUnits !== undefined, Write: !provisioned && gsi.maxWriteRequestUnits !== undefined },
    };
    const alarms = throttleAlarms(this.alarmFactory, id, ref, capacity, this.thresholds);
    const rules = space.keyMonitoring ? this.insightRules(id, indexName) : undefined;
    if (rules) alarms.push(hotKeyAlarm(this.alarmFactory, id, ref, rules, this.thresholds));
    const causes: ThrottleCause[] = ['KeyRange', ...(provisioned ? ['Provisioned' as const] : []), ...(capacity.maxOnDemand.Read || capacity.maxOnDemand.Write ? ['MaxOnDemand' as const] : []), 'AccountLimit'];
    for (const row of keySpaceRows({ space: ref, alarms, rules, provisioned, causes })) this.dashboard?.addWidgets(...row);
  }
}
