/**
 * The skew dashboard of a stack: one section per GuardedTable that asks for one (`dashboard: true`),
 * each with the table's alarms and, per key space, the most throttled (and most accessed) keys,
 * throttles by cause and consumed capacity. One dashboard holds `tablesPerDashboard` tables; more
 * tables continue on `<name>-2`, `<name>-3`… (a CloudWatch dashboard holds at most 500 widgets).
 */
import { Aws, Stack, Token } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { shapes } from '../index';
import { checkWith } from '../internal';
import type { SkewAlarm } from './alarm-types';
import { custom } from './cdk-shapes';
import type { InsightRuleNames } from './insight-rules';
import { consumedCapacity, PERIOD, provisionedCapacity, throttleEvents, throttleEventsMetricName, type KeySpaceRef, type ThrottleCause } from './metrics';

const FULL_WIDTH = 24;
const DEFAULT_ID = 'SkewguardDashboard';

export interface ContributorInsightsWidgetProps {
  /** The widget's title. */
  readonly title: string;
  /** The Contributor Insights rule whose top contributors it shows (a literal or a token, e.g. `CfnInsightRule.attrRuleName`). */
  readonly ruleName: string;
  /** Width in dashboard grid units, 1 to 24. @default 12 */
  readonly width?: number;
  /** Height in dashboard grid units, 1 to 1000. @default 6 */
  readonly height?: number;
  /** How many contributors to show, 1 to 100. @default 10 */
  readonly topContributors?: number;
}

const nameOrToken = (what: string) =>
  custom<string>(`${what}: a non-empty string (or a token)`, (value) => typeof value === 'string' && (Token.isUnresolved(value) || value.trim() !== ''));

/** A widget's size is 1 to 24 grid units wide and 1 to 1000 high (CloudWatch dashboard body structure,
 *  https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/CloudWatch-Dashboard-Body-Structure.html);
 *  a report shows 1 to 100 contributors (GetInsightRuleReport, MaxContributorCount,
 *  https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html).
 *  Outside them the dashboard is refused at deployment, or a NaN is written as null into its body. */
const WIDGET_PROPS = shapes.record<ContributorInsightsWidgetProps>(
  {
    title: { shape: nameOrToken('a title'), doc: "The widget's title." },
    ruleName: { shape: nameOrToken('a Contributor Insights rule name'), doc: 'The Contributor Insights rule.' },
    width: { shape: shapes.num({ integer: true, min: 1, max: FULL_WIDTH }), optional: true, doc: 'Width in grid units.' },
    height: { shape: shapes.num({ integer: true, min: 1, max: 1000 }), optional: true, doc: 'Height in grid units.' },
    topContributors: { shape: shapes.num({ integer: true, min: 1, max: 100 }), optional: true, doc: 'How many contributors to show.' },
  },
  { title: 'ContributorInsightsWidget props' },
);

/** A Contributor Insights rule's top contributors (CDK has no widget for it). Throws UsageError for bad props, naming each. */
export class ContributorInsightsWidget extends cloudwatch.ConcreteWidget {
  private readonly props: ContributorInsightsWidgetProps;

  constructor(given: ContributorInsightsWidgetProps) {
    const props = checkWith(WIDGET_PROPS, given, { subject: 'ContributorInsightsWidget props' });
    super(props.width ?? 12, props.height ?? 6);
    this.props = props;
  }

  toJson(): unknown[] {
    return [
      {
        type: 'metric',
        width: this.width,
        height: this.height,
        x: this.x,
        y: this.y,
        properties: {
          title: this.props.title,
          region: Aws.REGION,
          view: 'timeSeries',
          stacked: false,
          period: PERIOD.toSeconds(),
          insightRule: { maxContributorCount: this.props.topContributors ?? 10, orderBy: 'Sum', ruleName: this.props.ruleName },
          legend: { position: 'bottom' },
        },
      },
    ];
  }
}

/** One key space of a table section. */
export interface KeySpaceSection {
  readonly space: KeySpaceRef;
  /** Absent when Contributor Insights is off for this key space. */
  readonly rules?: InsightRuleNames;
  readonly provisioned: boolean;
  readonly causes: readonly ThrottleCause[];
}

export interface SkewDashboardProps {
  /** Name of the first dashboard (letters, digits, `-`, `_`); the next ones get `-2`, `-3`…
   *  @default - `<stack name>-<region>-skewguard`: dashboard names are unique per account */
  readonly dashboardName?: string;
  /** Tables per dashboard. @default 20 */
  readonly tablesPerDashboard?: number;
}

/** CloudWatch dashboard names: up to 255 letters, digits, `-` and `_` (PutDashboard, DashboardName); 251 leave room
 *  for the `-2`, `-3`… of the next dashboards. A count that is not a whole number ≥ 1 would name them `-NaN` or `-Infinity`. */
const DASHBOARD_PROPS = shapes.record<SkewDashboardProps>(
  {
    dashboardName: {
      shape: custom(
        'a dashboard name: 1 to 251 letters, digits, "-" and "_" (or a token)',
        (value) => typeof value === 'string' && (Token.isUnresolved(value) || /^[A-Za-z0-9_-]{1,251}$/.test(value)),
      ),
      optional: true,
      doc: 'Name of the first dashboard.',
    },
    tablesPerDashboard: { shape: shapes.num({ integer: true, min: 1 }), optional: true, doc: 'Tables per dashboard.' },
  },
  { title: 'SkewDashboard props' },
);

/** The skew dashboard(s) of a stack. `SkewDashboard.of(stack)` is the one `dashboard: true` uses. */
export class SkewDashboard extends Construct {
  /** The stack's default skew dashboard, made on first use. */
  static of(scope: Construct): SkewDashboard {
    const stack = Stack.of(scope);
    return (stack.node.tryFindChild(DEFAULT_ID) as SkewDashboard | undefined) ?? new SkewDashboard(stack, DEFAULT_ID);
  }

  /** The dashboards made so far, one per `tablesPerDashboard` tables. */
  readonly dashboards: cloudwatch.Dashboard[] = [];
  private readonly baseName: string;
  private readonly tablesPerDashboard: number;
  private tables = 0;

  constructor(scope: Construct, id: string, given: SkewDashboardProps = {}) {
    super(scope, id);
    const props = checkWith(DASHBOARD_PROPS, given, { subject: `SkewDashboard ${this.node.path}` });
    this.baseName = props.dashboardName ?? `${Stack.of(this).stackName}-${Aws.REGION}-skewguard`;
    this.tablesPerDashboard = props.tablesPerDashboard ?? 20;
  }

  /** The name of the dashboard the next table's section goes on (alarm descriptions link to it). */
  reserve(): string {
    const n = Math.floor(this.tables / this.tablesPerDashboard);
    return n === 0 ? this.baseName : `${this.baseName}-${n + 1}`;
  }

  /** Adds a table's section: its title and alarms (the table's live list), then its key spaces as they come. */
  addTable(title: string, alarms: readonly SkewAlarm[]): TableSection {
    const name = this.reserve();
    const n = Math.floor(this.tables++ / this.tablesPerDashboard);
    const dashboard = this.dashboards[n] ?? new cloudwatch.Dashboard(this, n === 0 ? 'Dashboard' : `Dashboard${n + 1}`, { dashboardName: name });
    this.dashboards[n] = dashboard;
    dashboard.addWidgets(new cloudwatch.TextWidget({ markdown: `## ${title}`, width: FULL_WIDTH, height: 1 }));
    dashboard.addWidgets(new AlarmStatusOf(`Alarms (${title})`, alarms));
    return { dashboardName: name, addKeySpace: (section) => dashboard.addWidgets(...keySpaceRow(title, section)) };
  }
}

/** A table's section of a skew dashboard. */
export interface TableSection {
  readonly dashboardName: string;
  addKeySpace(section: KeySpaceSection): void;
}

/** An alarm status widget over a list read when the dashboard is rendered. */
class AlarmStatusOf extends cloudwatch.ConcreteWidget {
  constructor(
    private readonly title: string,
    private readonly alarms: readonly SkewAlarm[],
  ) {
    super(FULL_WIDTH, 3);
  }

  toJson(): unknown[] {
    return new cloudwatch.AlarmStatusWidget({ title: this.title, alarms: this.alarms.map((a) => a.alarm), width: this.width, height: this.height })
      .toJson()
      .map((widget) => ({ ...(widget as object), x: this.x, y: this.y }));
  }
}

/** A key space as its dashboard row names it: the table's section title, and `index <name>` for a GSI. */
const keySpaceTitle = (title: string, space: KeySpaceRef): string => (space.indexName ? `${title} index ${space.indexName}` : title);

/** The title of a key space's graph of its throttle events by cause (its key-range throttles among them), which the
 *  key-range page names so that the on-call finds which key space broke. */
export const throttleGraphTitle = (title: string, space: KeySpaceRef): string => `Throttle events by cause (${keySpaceTitle(title, space)})`;

/** One key space: its top keys, throttles by cause and consumed (vs provisioned) capacity, all with its own dimensions. */
function keySpaceRow(title: string, { space, rules, provisioned, causes }: KeySpaceSection): cloudwatch.IWidget[] {
  const name = keySpaceTitle(title, space);
  const width = rules?.accessed ? 6 : 8;
  return [
    ...(rules?.accessed ? [new ContributorInsightsWidget({ title: `Most accessed keys (${name})`, ruleName: rules.accessed, width })] : []),
    ...(rules ? [new ContributorInsightsWidget({ title: `Most throttled keys (${name})`, ruleName: rules.throttled, width })] : []),
    new cloudwatch.GraphWidget({
      title: throttleGraphTitle(title, space),
      left: causes.flatMap((cause) =>
        (['Read', 'Write'] as const).map((d) => throttleEvents(space, cause, d).with({ label: throttleEventsMetricName(cause, d) })),
      ),
      width: rules ? width : 12,
      height: 6,
    }),
    new cloudwatch.GraphWidget({
      title: `Consumed${provisioned ? ' vs provisioned' : ''} capacity, units/s (${name})`,
      left: [consumedCapacity(space, 'Read'), ...(provisioned ? [provisionedCapacity(space, 'Read')] : [])],
      right: [consumedCapacity(space, 'Write'), ...(provisioned ? [provisionedCapacity(space, 'Write')] : [])],
      width: rules ? width : 12,
      height: 6,
    }),
  ];
}
