/**
 * The skew dashboard: one row group per key space with its alarms, the Contributor Insights top
 * partition keys (most accessed and most throttled), throttles by cause, consumed vs provisioned
 * capacity; and the table's p99 latency per operation.
 */
import { Aws } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { InsightRuleNames, SkewAlarm } from './alarms';
import { consumedCapacity, latencyP99, PERIOD, provisionedCapacity, throttleEvents, throttleEventsMetricName, type KeySpaceRef, type ThrottleCause } from './metrics';

const FULL_WIDTH = 24;

/** A Contributor Insights rule's top contributors (CDK has no widget for it). */
export class ContributorInsightsWidget extends cloudwatch.ConcreteWidget {
  constructor(private readonly props: { readonly title: string; readonly ruleName: string; readonly width?: number; readonly height?: number; readonly topContributors?: number }) {
    super(props.width ?? 12, props.height ?? 6);
  }

  toJson(): unknown[] {
    return [{
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
    }];
  }
}

export interface KeySpaceRows {
  readonly space: KeySpaceRef;
  readonly alarms: readonly SkewAlarm[];
  /** Absent when Contributor Insights is off for this key space. */
  readonly rules?: InsightRuleNames;
  readonly provisioned: boolean;
  readonly causes: readonly ThrottleCause[];
}

/** The rows of one key space. */
export function keySpaceRows({ space, alarms, rules, provisioned, causes }: KeySpaceRows): cloudwatch.IWidget[][] {
  const name = space.indexName ? `index ${space.indexName}` : 'table';
  const rows: cloudwatch.IWidget[][] = [[
    new cloudwatch.TextWidget({ markdown: `## ${name}\nSkew alarms, hot keys (Contributor Insights), throttles by cause and capacity of the ${name}.`, width: FULL_WIDTH, height: 2 }),
  ]];
  if (alarms.length > 0) rows.push([new cloudwatch.AlarmStatusWidget({ title: `Alarms (${name})`, alarms: alarms.map((a) => a.alarm), width: FULL_WIDTH, height: 3 })]);
  if (rules) {
    rows.push([
      ...(rules.accessed ? [new ContributorInsightsWidget({ title: `Most accessed partition keys (${name})`, ruleName: rules.accessed })] : []),
      new ContributorInsightsWidget({ title: `Most throttled partition keys (${name})`, ruleName: rules.throttled, width: rules.accessed ? 12 : FULL_WIDTH }),
    ]);
  }
  rows.push([
    new cloudwatch.GraphWidget({
      title: `Throttle events by cause (${name})`,
      left: causes.flatMap((cause) => (['Read', 'Write'] as const).map((d) => throttleEvents(space, cause, d).with({ label: throttleEventsMetricName(cause, d) }))),
      width: 12,
      height: 6,
    }),
    new cloudwatch.GraphWidget({
      title: `Consumed${provisioned ? ' vs provisioned' : ''} capacity, units/s (${name})`,
      left: [consumedCapacity(space, 'Read'), ...(provisioned ? [provisionedCapacity(space, 'Read')] : [])],
      right: [consumedCapacity(space, 'Write'), ...(provisioned ? [provisionedCapacity(space, 'Write')] : [])],
      width: 12,
      height: 6,
    }),
  ]);
  return rows;
}

/** The table's p99 latency per operation, with the alarm threshold drawn. */
export function latencyRow(tableName: string, operations: readonly string[], thresholdMs: number): cloudwatch.IWidget[] {
  return [new cloudwatch.GraphWidget({
    title: 'SuccessfulRequestLatency p99 per operation (ms)',
    left: operations.map((op) => latencyP99(tableName, op).with({ label: `${op} p99` })),
    leftAnnotations: [{ value: thresholdMs, label: 'alarm threshold' }],
    width: FULL_WIDTH,
    height: 6,
  })];
}
