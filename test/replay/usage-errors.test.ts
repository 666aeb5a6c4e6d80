// One error vocabulary (issue 13): every bad argument of skewguard/testing/replay is a UsageError (not a
// bare Error, not a DesignError: the replay reads templates, resource inputs and its own options, not a
// design) whose issue names the field as the caller wrote it, with a message that says what to give instead.
import { DesignError, UsageError } from '../../lib';
import {
  cosmosIncident,
  dynamoIncident,
  healthyCosmosWeek,
  healthyWeek,
  Random,
  simulateContainer,
  skewguardQueries,
  replayAlarms,
  replayLogAlert,
  replayMetricAlert,
  replayProgram,
  replayStack,
  single,
  Telemetry,
  type CfnTemplate,
  type Scenario,
  type TableModel,
} from '../../lib/testing/replay';

const ORDERS = { capacity: { mode: 'on-demand' as const }, peakRead: 1_000, peakWrite: 500, cardinality: 100_000 };
const EVENTS = { throughput: { kind: 'manual' as const, ru: 1_000 }, storageGb: 5, peakRu: 800 };
const alarm = (props: Record<string, unknown>): CfnTemplate => ({
  Resources: {
    A: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        Namespace: 'N',
        MetricName: 'M',
        Statistic: 'Sum',
        Period: 60,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: 1,
        ...props,
      },
    },
  },
});
const math = (expression: string) =>
  alarm({ Namespace: undefined, MetricName: undefined, Statistic: undefined, Period: undefined, Metrics: [{ Id: 'e', Expression: expression, Period: 60 }] });
const composites = (): CfnTemplate => ({
  Resources: {
    X: { Type: 'AWS::CloudWatch::CompositeAlarm', Properties: { AlarmName: 'x', AlarmRule: { 'Fn::Sub': 'ALARM(${Y.Arn})' } } },
    Y: { Type: 'AWS::CloudWatch::CompositeAlarm', Properties: { AlarmName: 'y', AlarmRule: { 'Fn::Sub': 'ALARM(${X.Arn})' } } },
  },
});
const metricAlert = (over: Record<string, unknown>) => ({
  scopes: ['/acc'],
  windowSize: 'PT5M',
  evaluationFrequency: 'PT1M',
  criteria: { allOf: [{ criterionType: 'StaticThresholdCriterion', metricName: 'M', timeAggregation: 'Maximum', operator: 'GreaterThan', threshold: 1 }] },
  ...over,
});
const logAlert = {
  windowSize: 'PT5M',
  evaluationFrequency: 'PT5M',
  criteria: { allOf: [{ query: 'T', timeAggregation: 'Maximum', metricMeasureColumn: 'V', operator: 'GreaterThan', threshold: 1 }] },
};
const withRows = (rows: Record<string, unknown>[]) => () => () => rows as never;
const telemetry = () => {
  const t = new Telemetry(10);
  t.put({ namespace: 'N', metricName: 'M', dimensions: {} }, 0, single(1));
  return t;
};
const orders = () => healthyWeek({ Orders: ORDERS }, 1, 4);
const scenario = (over: Partial<Scenario<TableModel>>) => ({ ...orders(), ...over });

// [what, the call, the path its issue names, what the message says (the fix)]
const CASES: [string, () => unknown, string, RegExp][] = [
  ['a seed that is not an integer', () => new Random(1.5), 'seed', /must be an integer.*got 1\.5; pass a whole number/],
  ['a replay of no minutes', () => new Telemetry(0), 'minutes', /whole number of minutes above 0, got 0; a replay of d days has d × 1440/],
  [
    'a datapoint after the replay',
    () => telemetry().put({ namespace: 'N', metricName: 'M', dimensions: {} }, 10, single(1)),
    'minute',
    /10 is outside the replay: expected a whole minute from 0 to 9/,
  ],
  ['a contributor at a fractional minute', () => telemetry().contribute('rule', 1.5, 'k', 1), 'minute', /1\.5 is outside the replay/],
  [
    'a log row before the replay',
    () => telemetry().log('T', { timeGenerated: -1, ingestedAt: 0, columns: {} }),
    'row.timeGenerated',
    /-1 is outside the replay: expected a minute from 0 to 9/,
  ],
  ['replayStack of no template', () => replayStack({} as CfnTemplate, orders()), 'template.Resources', /synthesized CloudFormation template.*getStackByName/],
  [
    'replayStack of a scenario of no days',
    () => replayStack({ Resources: {} }, scenario({ days: 0 })),
    'scenario.days',
    /whole number of days above 0, got 0; build the scenario with healthyWeek/,
  ],
  [
    'replayStack of a scenario without a seed',
    () => replayStack({ Resources: {} }, scenario({ seed: undefined as never })),
    'scenario.seed',
    /expected an integer, got nothing/,
  ],
  [
    'replayStack of a table the template lacks',
    () => replayStack({ Resources: {} }, orders()),
    'scenario.models["Orders"]',
    /models table Orders, which the template does not have \(tables: none\); name each model after a table's construct id/,
  ],
  [
    'replayProgram of no resources',
    () => replayProgram(undefined as never, healthyCosmosWeek({ events: EVENTS }, 3, 4), { queries: () => undefined }),
    'resources',
    /list of \{ type, name, inputs \}/,
  ],
  [
    'replayProgram without queries',
    () => replayProgram([], healthyCosmosWeek({ events: EVENTS }, 3, 4), {} as never),
    'options.queries',
    /QueryRegistry.*skewguardQueries\(containers\)/,
  ],
  [
    'replayProgram of a container the program lacks',
    () => replayProgram([], healthyCosmosWeek({ events: EVENTS }, 3, 4), { queries: () => undefined }),
    'scenario.models["events"]',
    /did not register \(containers: none\); name each model after a registered container/,
  ],
  ['replayAlarms of no template', () => replayAlarms(undefined as never, telemetry()), 'template.Resources', /synthesized CloudFormation template/],
  [
    'an alarm period that is not whole minutes',
    () => replayAlarms(alarm({ Period: 90 }), telemetry()),
    'Resources.A.Properties.Period',
    /multiple of 60 seconds, got 90/,
  ],
  [
    'more datapoints to alarm than periods',
    () => replayAlarms(alarm({ DatapointsToAlarm: 2 }), telemetry()),
    'Resources.A.Properties.DatapointsToAlarm',
    /more than EvaluationPeriods \(1\); give at most EvaluationPeriods/,
  ],
  [
    'metric math the replay cannot parse',
    () => replayAlarms(math('SUM(('), telemetry()),
    'Resources.A.Properties.Metrics[0].Expression',
    /metric math: unexpected end/,
  ],
  [
    'a metric-math function the replay lacks',
    () => replayAlarms(math('ANOMALY_DETECTION_BAND(e)'), telemetry()),
    'Resources.A.Properties.Metrics[0].Expression',
    /does not implement ANOMALY_DETECTION_BAND\(\); add it/,
  ],
  [
    'composite alarms in a cycle',
    () => replayAlarms(composites(), telemetry()),
    'Resources.X.Properties.AlarmRule, Resources.Y.Properties.AlarmRule',
    /read each other in a cycle.*read the metric alarms directly/,
  ],
  [
    'an intrinsic the replay cannot resolve',
    () => replayAlarms(alarm({ AlarmName: { 'Fn::ImportValue': 'x' } }), telemetry()),
    'Resources.A.Properties.AlarmName',
    /cannot resolve Fn::ImportValue; give the alarm a literal value/,
  ],
  [
    'a metric alert checked less often than its window',
    () => replayMetricAlert('m', metricAlert({ evaluationFrequency: 'PT15M' }), telemetry(), []),
    'MetricAlert m.evaluationFrequency',
    /longer than windowSize PT5M; give an evaluationFrequency no longer/,
  ],
  [
    'a metric alert window that is no ISO duration',
    () => replayMetricAlert('m', metricAlert({ windowSize: '5m' }), telemetry(), []),
    'MetricAlert m.windowSize',
    /ISO 8601 duration in whole minutes \(PT5M/,
  ],
  [
    'a log alert query without a meaning',
    () => replayLogAlert('l', logAlert, telemetry(), [], () => undefined),
    'ScheduledQueryRule l.criteria.allOf[0].query',
    /no semantics registered for this query.*skewguardQueries/,
  ],
  [
    'a meaning that returns no number',
    () => replayLogAlert('l', logAlert, telemetry(), [], withRows([{ V: 'x' }])),
    'ScheduledQueryRule l.criteria.allOf[0].metricMeasureColumn',
    /without a number in V; make it return one in every row/,
  ],
  // A typo or a missing peak used to replay a week of zero load, whose "pages nobody" proves nothing (review 16).
  [
    'a Cosmos DB profile with a misspelt field',
    () => healthyCosmosWeek({ events: { ...EVENTS, peakRuu: 1 } as never }, 3, 4),
    'profiles.events.peakRuu',
    /is not a known field \(did you mean "peakRu"\?\)/,
  ],
  [
    'a Cosmos DB profile without its peak',
    () => healthyCosmosWeek({ events: { throughput: EVENTS.throughput, storageGb: 5 } as never }, 3, 4),
    'profiles.events.peakRu',
    /is required|expected a finite number > 0/,
  ],
  [
    'a Cosmos DB profile over no keys',
    () => healthyCosmosWeek({ events: { ...EVENTS, uniformKeys: 0 } }, 3, 4),
    'profiles.events.uniformKeys',
    /expected a number ≥ 1, or Infinity for one key value per item, got 0/,
  ],
  [
    'a Cosmos DB incident skewguard does not model',
    () => cosmosIncident('x' as never, { events: EVENTS }, 'events'),
    'incident',
    /"x" is not a Cosmos DB incident; expected one of: whale prefix under a hierarchical key, hot key growing for days/,
  ],
  [
    'a Cosmos DB incident on a profile that is not there',
    () => cosmosIncident('hot key growing for days', { events: EVENTS }, 'toString'),
    'target',
    /no profile for container toString; expected one of events/,
  ],
  [
    'a DynamoDB profile whose hot key share is a percentage',
    () => healthyWeek({ Orders: { ...ORDERS, hotKey: { share: 40, shards: 1 } } }, 1, 4),
    'profiles.Orders.hotKey.share',
    /expected a finite number > 0 and ≤ 1, got 40/,
  ],
  [
    'a DynamoDB profile of an unknown capacity mode',
    () => healthyWeek({ Orders: { ...ORDERS, capacity: { mode: 'ondemand' } as never } }, 1, 4),
    'profiles.Orders.capacity.mode',
    /expected one of "on-demand", "provisioned", got "ondemand"/,
  ],
  [
    'a DynamoDB incident on a misspelt profile field',
    () => dynamoIncident('viral read-hot key', { Orders: { ...ORDERS, peakReads: 1 } as never }, { table: 'Orders' }),
    'profiles.Orders.peakReads',
    /is not a known field \(did you mean "peakRead"\?\)/,
  ],
  // stranger33b: arguments of the wrong type are named with their expected type and described (shapes.describe),
  // never interpolated: `{ container: 'events' }` read "no profile for container [object Object]".
  [
    'a Cosmos DB incident on a target given as an object',
    () => cosmosIncident('hot key growing for days', { events: EVENTS }, { container: 'events' } as never),
    'target',
    /^expected the container's name, a string: one of events, got an object$/,
  ],
  [
    'a DynamoDB incident on a target given as a name',
    () => dynamoIncident('viral read-hot key', { Orders: ORDERS }, 'Orders' as never),
    'target',
    /^expected \{ table, index\? \}, the table's construct id: one of Orders and a GSI's name, got "Orders"$/,
  ],
  [
    'a DynamoDB incident on a table given as an object',
    () => dynamoIncident('viral read-hot key', { Orders: ORDERS }, { table: { name: 'Orders' } } as never),
    'target.table',
    /^expected the table's construct id, a string: one of Orders, got an object$/,
  ],
  [
    'a DynamoDB incident on an index given as a number',
    () => dynamoIncident('viral read-hot key', { Orders: ORDERS }, { table: 'Orders', index: 0 } as never),
    'target.index',
    /^expected a GSI's name, a string, or nothing, got 0$/,
  ],
  [
    'a GSI surge that names no GSI',
    () => dynamoIncident('GSI read surge beyond the per-table quota', { Orders: ORDERS }, { table: 'Orders' }),
    'target.index',
    /^the incident "GSI read surge beyond the per-table quota" needs the GSI to surge: give target.index, one of: none$/,
  ],
  [
    'a DynamoDB incident that is not a name',
    () => dynamoIncident({} as never, { Orders: ORDERS }, { table: 'Orders' }),
    'incident',
    /^an object is not a DynamoDB incident/,
  ],
  ['a healthy week of days given as an object', () => healthyWeek({ Orders: ORDERS }, 1, {} as never), 'days', /, got an object$/],
  ['a healthy Cosmos DB week of days given as a string', () => healthyCosmosWeek({ events: EVENTS }, 1, '7' as never), 'days', /, got "7"$/],
  [
    'replayStack of a scenario whose seed is an object',
    () => replayStack({ Resources: {} }, scenario({ seed: {} as never })),
    'scenario.seed',
    /got an object;/,
  ],
  ['a Random of an object seed', () => new Random({} as never), 'seed', /got an object;/],
  ['a Telemetry of minutes given as a string', () => new Telemetry('10' as never), 'minutes', /got "10";/],
  [
    'a metric at a minute given as an object',
    () => telemetry().put({ namespace: 'N', metricName: 'M', dimensions: {} }, {} as never, single(1)),
    'minute',
    /^an object is outside the replay/,
  ],
  [
    'skewguardQueries of a container name given as an Output-like object',
    () => skewguardQueries([{ databaseName: 'd', containerName: { apply: () => 'c' } as never }]),
    'containers[0].containerName',
    /\(resolved, not an Output\), got an object$/,
  ],
  [
    'a container model over no keys',
    () =>
      simulateContainer(
        { throughput: { kind: 'manual', ru: 1_000 }, storageGb: 1, ru: () => 1, uniformKeys: 0 },
        { accountId: 'a', databaseName: 'd', containerName: 'c' },
        telemetry(),
        new Random(1),
      ),
    'uniformKeys',
    /distinct keys the uniform load spreads over \(at least 1, Infinity for one key per item\), got 0/,
  ],
];

it.each(CASES)('%s is a UsageError at its field, saying how to fix it', (_, call, path, message) => {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(UsageError);
  expect(thrown).not.toBeInstanceOf(DesignError);
  const { issues, message: text } = thrown as UsageError;
  expect(issues).toEqual([{ path, message: expect.stringMatching(message) }]);
  expect(text).toContain(path);
  expect(text).not.toContain('[object ');
});
