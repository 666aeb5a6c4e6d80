/**
 * Shared by the CDK tests. aws-cdk-lib's built-in CloudFormation validation costs 6–20 s on the
 * first synth of a process: it is off here, and on in the one test that is about it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack, type AppProps } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import type { GuardedTableProps } from '../../lib/cdk';
import { replayAlarms, Telemetry, type CfnTemplate, type MetricId } from '../../lib/testing/replay';

process.env.CDK_VALIDATION = 'false';

/** A healthy design: unique key, modest load. No findings. */
export function healthy(overrides: Partial<GuardedTableProps> = {}): GuardedTableProps {
  return {
    partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
    ...overrides,
  };
}

/** The seed failure case: five statuses under heavy load, one declared at 30% (SG001 and SG003 errors; on the uniform share SG001 alone). */
export function statusKeyed(overrides: Partial<GuardedTableProps> = {}): GuardedTableProps {
  return {
    partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 },
    sortKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 20000, peakWriteUnits: 20000, hotKeyShare: 0.3 },
    // Pre-warmed for its peak: only its key is wrong (SG017 would warn about a new table's launch).
    warmThroughput: { readUnitsPerSecond: 20000, writeUnitsPerSecond: 20000 },
    ...overrides,
  };
}

export function appWithStack(props: AppProps = {}): { app: App; stack: Stack } {
  const app = new App(props);
  return { app, stack: new Stack(app, 'Test', { env: { account: '111111111111', region: 'eu-west-1' } }) };
}

/** The error `app.synth()` throws (validation fails in-process under jest), or '' when it passes. */
export function synthError(app: App): string {
  try {
    app.synth();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

interface ReportViolation {
  readonly ruleName: string;
  readonly severity: string;
  readonly description: string;
  readonly ruleMetadata?: Record<string, string>;
  readonly violatingConstructs: { constructPath: string; cloudFormationResource?: { logicalId: string; propertyPaths?: string[] } }[];
  readonly reason?: string;
  readonly acknowledgedAt?: string;
}

/** The skewguard part of `cdk.out/validation-report.json`. */
export function skewguardReport(app: App): { conclusion: string; violations: ReportViolation[]; suppressedViolations: ReportViolation[] } | undefined {
  const report = JSON.parse(readFileSync(join(app.outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { pluginName: string; conclusion: string; violations: ReportViolation[]; suppressedViolations?: ReportViolation[] }[];
  };
  const plugin = report.pluginReports.find((r) => r.pluginName === 'skewguard');
  return plugin && { conclusion: plugin.conclusion, violations: plugin.violations, suppressedViolations: plugin.suppressedViolations ?? [] };
}

/** `[severity, rule id, construct path]` of each violation: what a test asserts, not sentences. */
export function verdicts(violations: readonly ReportViolation[]): [string, string, string][] {
  return violations.map((v) => [v.severity, v.ruleName, v.violatingConstructs[0]?.constructPath ?? '']);
}

export function templateOf(stack: Stack): Template {
  return Template.fromStack(stack);
}

/** The template a synth wrote, also when the validation then failed (`Template.fromStack` would synthesize again and throw). */
export function writtenTemplate(app: App, stack: Stack): Template {
  return Template.fromJSON(JSON.parse(readFileSync(join(app.outdir, stack.templateFile), 'utf8')), { skipCyclicalDependenciesCheck: true });
}

/** What a replay of a GuardedTable's accessed-mode alarms writes to: the table's name and its most-accessed-keys rule as
 *  the template's alarms resolve them, and its consumed-capacity metrics. */
export function accessedReplayIds(template: CfnTemplate): { rule: string; consumed: (direction: 'Read' | 'Write') => MetricId } {
  const idOf = (type: string) => Object.entries(template.Resources ?? {}).find(([, r]) => r.Type === type)![0];
  const tableName = `\${Ref:${idOf('AWS::DynamoDB::GlobalTable')}}`;
  return {
    rule: `\${${idOf('Custom::SkewguardContributorInsightsRules')}.AccessedKeysRule}`,
    consumed: (direction) => ({ namespace: 'AWS/DynamoDB', metricName: `Consumed${direction}CapacityUnits`, dimensions: { TableName: tableName } }),
  };
}

/** Reads and writes per second, RCU and WCU. */
export interface Units {
  readonly rcu: number;
  readonly wcu: number;
}

/**
 * The states of a GuardedTable's accessed-mode hot-key ticket over ten minutes in which one key (`keyValue`) consumes
 * `key` RCU/s and WCU/s and the rest of the table its plan (`peak` less the key's planned `planned`), the last five
 * minutes' distinct states (the first five fill the alarm's evaluation window). The rule counts 3 × WCU + RCU per key.
 */
export function hotKeyTicketStates(template: CfnTemplate, at: { peak: Units; planned: Units; keyValue: string; key: Units }): string[] {
  const { rule, consumed } = accessedReplayIds(template);
  const telemetry = new Telemetry(10);
  const others = { rcu: at.peak.rcu - at.planned.rcu, wcu: at.peak.wcu - at.planned.wcu };
  for (let minute = 0; minute < 10; minute++) {
    telemetry.contribute(rule, minute, at.keyValue, (3 * at.key.wcu + at.key.rcu) * 60);
    const rcu = others.rcu + at.key.rcu;
    const wcu = others.wcu + at.key.wcu;
    telemetry.put(consumed('Read'), minute, { sum: rcu * 60, count: 60, min: 0, max: rcu });
    telemetry.put(consumed('Write'), minute, { sum: wcu * 60, count: 60, min: 0, max: wcu });
  }
  const alarm = replayAlarms(template, telemetry).find((a) => a.name.includes('hot key approaching'))!;
  return [...new Set(alarm.states.slice(5))];
}
