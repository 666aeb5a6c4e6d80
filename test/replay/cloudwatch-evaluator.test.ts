// The CloudWatch evaluator against hand-worked cases: M of N, each TreatMissingData, the edge of the
// evaluation range, the AWS/DynamoDB missing-data rule, percentiles, metric math with
// INSIGHT_RULE_METRIC, composite rules, actions per transition, and errors that name the field.
import { evaluateSeries, nextState, type AlarmRule, type AlarmState, type MissingDataTreatment } from '../../lib/testing/replay/cloudwatch/alarm-state';
import { replayAlarms } from '../../lib/testing/replay/cloudwatch/replay-alarms';
import { fromValues, single, Telemetry, type MetricId } from '../../lib/testing/replay/telemetry';

const X = 5; // breaches a threshold of 1 (>=)
const O = 0; // does not
const _ = undefined;
const rule = (over: Partial<AlarmRule> = {}): AlarmRule => ({
  threshold: 1,
  comparison: 'GreaterThanOrEqualToThreshold',
  evaluationPeriods: 3,
  datapointsToAlarm: 3,
  treatMissingData: 'missing',
  ...over,
});
const TREATMENTS: MissingDataTreatment[] = ['missing', 'ignore', 'breaching', 'notBreaching'];
/** Next state from OK under each treatment, for a 5-datapoint evaluation range (3 of 3). */
const fromOk = (range: (number | undefined)[]) => Object.fromEntries(TREATMENTS.map((t) => [t, nextState(range, 'OK', rule({ treatMissingData: t })).state]));

describe('M of N', () => {
  it('3 of 5 goes to ALARM on the third breaching datapoint within 5, not necessarily consecutive, and back to OK when only 2 of the last 5 breach', () => {
    const { states } = evaluateSeries([X, O, X, O, X, O, O, X], rule({ evaluationPeriods: 5, datapointsToAlarm: 3 }));
    expect(states.slice(4)).toEqual(['ALARM', 'OK', 'OK', 'OK']);
  });

  it('AWS\'s figure ("Alarm evaluation", 3 of 3): ALARM in the 5th period after the 3rd to 5th breach, back to OK in the 6th, when one of the periods evaluated is not breaching, and OK through a lone breach in the 9th', () => {
    const { states } = evaluateSeries([O, O, X, X, X, O, O, O, X, O], rule());
    expect(states).toEqual(['OK', 'OK', 'OK', 'OK', 'ALARM', 'OK', 'OK', 'OK', 'OK', 'OK']);
  });

  it('no hysteresis: an alarm in ALARM goes back to OK at the first evaluation with fewer than M of the last N breaching (4 of 10, a breach every 3rd period: ALARM and OK by turns)', () => {
    const everyThird = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? X : O));
    const { states } = evaluateSeries(everyThird, rule({ evaluationPeriods: 10, datapointsToAlarm: 4 }));
    expect(states.slice(9, 16)).toEqual(['ALARM', 'OK', 'OK', 'ALARM', 'OK', 'OK', 'ALARM']);
    expect(evaluateSeries(everyThird, rule({ evaluationPeriods: 12, datapointsToAlarm: 4 })).states.slice(9)).toEqual(new Array(21).fill('ALARM'));
  });

  it('1 of 1 follows every datapoint; 2 of 2 needs two in a row', () => {
    expect(evaluateSeries([X, O, X, X], rule({ evaluationPeriods: 1, datapointsToAlarm: 1 })).states).toEqual(['ALARM', 'OK', 'ALARM', 'ALARM']);
    expect(evaluateSeries([X, O, X, X], rule({ evaluationPeriods: 2, datapointsToAlarm: 2 })).states.slice(1)).toEqual(['OK', 'OK', 'ALARM']);
  });

  it('compares with each operator as documented (≥ fires at the threshold, > does not)', () => {
    expect(nextState([1, 1, 1], 'OK', rule()).state).toBe('ALARM');
    expect(nextState([1, 1, 1], 'OK', rule({ comparison: 'GreaterThanThreshold' })).state).toBe('OK');
    expect(nextState([0, 0, 0], 'OK', rule({ comparison: 'LessThanThreshold' })).state).toBe('ALARM');
  });
});

describe('TreatMissingData (3 of 3, evaluation range of 5)', () => {
  it('an all-missing range: INSUFFICIENT_DATA under missing, the state kept under ignore, ALARM under breaching, OK under notBreaching', () => {
    expect(fromOk([_, _, _, _, _])).toEqual({ missing: 'INSUFFICIENT_DATA', ignore: 'OK', breaching: 'ALARM', notBreaching: 'OK' });
    expect(nextState([_, _, _, _, _], 'ALARM', rule({ treatMissingData: 'ignore' })).state).toBe('ALARM');
  });

  it('enough real datapoints in the range: the most recent 3 real ones decide and the treatment is not used, even breaching', () => {
    expect(fromOk([X, X, O, _, X])).toEqual({ missing: 'OK', ignore: 'OK', breaching: 'OK', notBreaching: 'OK' });
    expect(fromOk([X, X, X, _, _])).toEqual({ missing: 'ALARM', ignore: 'ALARM', breaching: 'ALARM', notBreaching: 'ALARM' });
  });

  it('one non-breaching datapoint and the rest missing: 3 of 3 can no longer be reached, so OK under every treatment', () => {
    expect(fromOk([_, _, O, _, _])).toEqual({ missing: 'OK', ignore: 'OK', breaching: 'OK', notBreaching: 'OK' });
  });

  it('the edge of the range: a breaching datapoint 3 periods old with only missing ones after it goes to ALARM under missing and ignore (premature-transition rule)', () => {
    expect(fromOk([_, _, X, _, _])).toEqual({ missing: 'ALARM', ignore: 'ALARM', breaching: 'ALARM', notBreaching: 'OK' });
  });

  it('the edge of the range: a breaching newest datapoint with missing ones before it does not decide under missing and ignore (state kept)', () => {
    expect(fromOk([_, _, _, _, X])).toEqual({ missing: 'OK', ignore: 'OK', breaching: 'ALARM', notBreaching: 'OK' });
    expect(nextState([_, _, _, _, X], 'ALARM', rule()).state).toBe('ALARM');
  });
});

/** A one-alarm template on a metric, with one topic for both lists. */
function template(props: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    Resources: {
      Topic: { Type: 'AWS::SNS::Topic' },
      A: {
        Type: 'AWS::CloudWatch::Alarm',
        Properties: {
          AlarmActions: [{ Ref: 'Topic' }],
          OKActions: [{ Ref: 'Topic' }],
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          Threshold: 1,
          EvaluationPeriods: 3,
          DatapointsToAlarm: 3,
          Period: 60,
          Statistic: 'Sum',
          ...props,
        },
      },
      ...extra,
    },
  };
}
const throttles = (namespace: string): MetricId => ({
  namespace,
  metricName: 'WriteKeyRangeThroughputThrottleEvents',
  dimensions: { TableName: '${Ref:Table}' },
});

describe('the AWS/DynamoDB missing-data rule (PutMetricAlarm: always ignore)', () => {
  function replay(namespace: string, options = {}) {
    const telemetry = new Telemetry(12);
    for (const m of [2, 3, 4]) telemetry.put(throttles(namespace), m, single(40));
    const [alarm] = replayAlarms(
      template({
        Namespace: namespace,
        MetricName: 'WriteKeyRangeThroughputThrottleEvents',
        Dimensions: [{ Name: 'TableName', Value: { Ref: 'Table' } }],
        TreatMissingData: 'notBreaching',
      }),
      telemetry,
      options,
    );
    return alarm;
  }

  it('a DynamoDB throttle alarm with notBreaching stays in ALARM after the throttles stop, when no zero datapoints are published', () => {
    const alarm = replay('AWS/DynamoDB');
    expect(alarm.changes.map((c) => [c.minute, c.to])).toEqual([[4, 'ALARM']]);
    expect(alarm.states[11]).toBe('ALARM');
    expect(alarm.actions).toEqual([expect.objectContaining({ minute: 4, list: 'AlarmActions', targets: ['${Ref:Topic}'] })]);
  });

  it('the same alarm on another namespace goes back to OK 3 minutes after the throttles stop (the 5-minute range still holds 3 real datapoints until then), and runs its OK actions', () => {
    const alarm = replay('Custom/App');
    expect(alarm.changes.map((c) => [c.minute, c.from, c.to])).toEqual([
      [0, 'INSUFFICIENT_DATA', 'OK'],
      [4, 'OK', 'ALARM'],
      [7, 'ALARM', 'OK'],
    ]);
    expect(alarm.actions.map((a) => [a.minute, a.list])).toEqual([
      [0, 'OKActions'],
      [4, 'AlarmActions'],
      [7, 'OKActions'],
    ]);
  });

  it('the rule can be switched off to see what TreatMissingData alone would do', () => {
    expect(replay('AWS/DynamoDB', { dynamoDbIgnoresMissingData: false }).changes.map((c) => c.to)).toEqual(['OK', 'ALARM', 'OK']);
  });
});

describe('statistics', () => {
  const latency: MetricId = { namespace: 'AWS/DynamoDB', metricName: 'SuccessfulRequestLatency', dimensions: { TableName: 't', Operation: 'GetItem' } };
  const p99Alarm = (extra = {}) =>
    template({
      Namespace: 'AWS/DynamoDB',
      MetricName: 'SuccessfulRequestLatency',
      Dimensions: [
        { Name: 'TableName', Value: 't' },
        { Name: 'Operation', Value: 'GetItem' },
      ],
      Statistic: undefined,
      ExtendedStatistic: 'p99',
      Threshold: 25,
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      ...extra,
    });

  it('p99 is the nearest rank of the raw values: 99 for 1..100, the maximum for 10 values', () => {
    const telemetry = new Telemetry(2);
    telemetry.put(latency, 0, fromValues(Array.from({ length: 100 }, (_, i) => i + 1)));
    telemetry.put(latency, 1, fromValues([1, 1, 1, 1, 1, 1, 1, 1, 1, 30]));
    const [alarm] = replayAlarms(p99Alarm({ Threshold: 99 }), telemetry);
    expect(alarm.states).toEqual(['ALARM', 'OK']);
    const [slow] = replayAlarms(p99Alarm({ Threshold: 30 }), telemetry);
    expect(slow.states).toEqual(['ALARM', 'ALARM']);
  });

  it('EvaluateLowSampleCountPercentile ignore keeps the state through a minute of 10 samples, evaluate lets one slow request fire', () => {
    const telemetry = new Telemetry(2);
    telemetry.put(latency, 0, fromValues(new Array(200).fill(3)));
    telemetry.put(latency, 1, fromValues([3, 3, 3, 3, 3, 3, 3, 3, 3, 80]));
    expect(replayAlarms(p99Alarm(), telemetry)[0].states).toEqual(['OK', 'ALARM']);
    expect(replayAlarms(p99Alarm({ EvaluateLowSampleCountPercentile: 'ignore' }), telemetry)[0].states).toEqual(['OK', 'OK']);
  });

  it('Sum, Average, Maximum and SampleCount of the same minute', () => {
    const telemetry = new Telemetry(1);
    const id: MetricId = { namespace: 'N', metricName: 'M', dimensions: {} };
    telemetry.put(id, 0, fromValues([2, 4, 6]));
    const stateAt = (statistic: string, threshold: number) =>
      replayAlarms(
        template({ Namespace: 'N', MetricName: 'M', Statistic: statistic, Threshold: threshold, EvaluationPeriods: 1, DatapointsToAlarm: 1 }),
        telemetry,
      )[0].states[0];
    expect([stateAt('Sum', 12), stateAt('Sum', 13)]).toEqual(['ALARM', 'OK']);
    expect([stateAt('Average', 4), stateAt('Average', 4.1)]).toEqual(['ALARM', 'OK']);
    expect([stateAt('Maximum', 6), stateAt('SampleCount', 3), stateAt('SampleCount', 4)]).toEqual(['ALARM', 'ALARM', 'OK']);
  });
});

describe('metric math', () => {
  const read: MetricId = { namespace: 'AWS/DynamoDB', metricName: 'ReadKeyRangeThroughputThrottleEvents', dimensions: { TableName: 't' } };
  const write: MetricId = { ...read, metricName: 'WriteKeyRangeThroughputThrottleEvents' };
  const stat = (id: string, m: MetricId) => ({
    Id: id,
    ReturnData: false,
    MetricStat: { Metric: { Namespace: m.namespace, MetricName: m.metricName, Dimensions: [{ Name: 'TableName', Value: 't' }] }, Period: 60, Stat: 'Sum' },
  });
  const mathAlarm = (expression: string, threshold = 1) =>
    template({
      Namespace: undefined,
      MetricName: undefined,
      Period: undefined,
      Statistic: undefined,
      Threshold: threshold,
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      TreatMissingData: 'missing',
      Metrics: [stat('r', read), stat('w', write), { Id: 'e', Expression: expression, Period: 60, ReturnData: true }],
    });
  const telemetry = new Telemetry(3);
  telemetry.put(read, 0, single(3));
  telemetry.put(write, 1, single(2));
  telemetry.put(read, 2, single(1));
  telemetry.put(write, 2, single(1));

  it('SUM of a list adds the values present at each minute; + of two series is missing where either is', () => {
    const sum = replayAlarms(mathAlarm('SUM([r, w])', 2), telemetry)[0];
    expect(sum.states).toEqual(['ALARM', 'ALARM', 'ALARM']);
    const plus = replayAlarms(mathAlarm('r + w', 2), telemetry)[0];
    // Minutes 0 and 1 have one operand missing: no datapoint, INSUFFICIENT_DATA under missing.
    expect(plus.states).toEqual(['INSUFFICIENT_DATA', 'INSUFFICIENT_DATA', 'ALARM']);
  });

  it('FILL, IF and PERIOD: FILL(r, 0) + FILL(w, 0) per second, IF keeps only the read side', () => {
    expect(replayAlarms(mathAlarm('(FILL(r, 0) + FILL(w, 0)) / PERIOD(r) * 60', 3), telemetry)[0].states).toEqual(['ALARM', 'OK', 'OK']);
    expect(replayAlarms(mathAlarm('IF(FILL(r, 0) > 0, 1, 0)'), telemetry)[0].states).toEqual(['ALARM', 'OK', 'ALARM']);
  });

  it("INSIGHT_RULE_METRIC(rule, 'MaxContributorValue') is the top key's value per period; minutes without contributors are missing, INSUFFICIENT_DATA once the 3-minute range holds none", () => {
    const ci = new Telemetry(5);
    ci.contribute('${Lookup.AccessedKeysRule}', 0, 'event#1', 150_000);
    ci.contribute('${Lookup.AccessedKeysRule}', 0, 'event#2', 1_000);
    ci.contribute('${Lookup.AccessedKeysRule}', 1, 'event#2', 2_000);
    const alarm = template({
      Namespace: undefined,
      MetricName: undefined,
      Period: undefined,
      Statistic: undefined,
      Threshold: 144_000,
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      TreatMissingData: 'missing',
      Metrics: [
        {
          Id: 'expr_1',
          Period: 60,
          ReturnData: true,
          Expression: { 'Fn::Join': ['', ["INSIGHT_RULE_METRIC('", { 'Fn::GetAtt': ['Lookup', 'AccessedKeysRule'] }, "', 'MaxContributorValue')"]] },
        },
      ],
    });
    expect(replayAlarms(alarm, ci)[0].states).toEqual(['ALARM', 'OK', 'OK', 'OK', 'INSUFFICIENT_DATA']);
  });

  it('an unknown function, an unknown id and a rule without telemetry are errors naming the place', () => {
    expect(() => replayAlarms(mathAlarm('ANOMALY_DETECTION_BAND(r)'), telemetry)).toThrow(/does not implement ANOMALY_DETECTION_BAND/);
    expect(() => replayAlarms(mathAlarm('r + q'), telemetry)).toThrow(/Resources\.A\.Properties\.Metrics: the expression uses q/);
    expect(() => replayAlarms(mathAlarm("INSIGHT_RULE_METRIC('nope', 'MaxContributorValue')"), telemetry)).toThrow(
      /rule nope, for which the scenario wrote no contributors/,
    );
  });
});

describe('composite alarms', () => {
  const id: MetricId = { namespace: 'N', metricName: 'M', dimensions: {} };
  const other: MetricId = { namespace: 'N', metricName: 'Other', dimensions: {} };
  const telemetry = new Telemetry(4);
  [X, X, O, O].forEach((v, m) => telemetry.put(id, m, single(v)));
  [O, X, X, O].forEach((v, m) => telemetry.put(other, m, single(v)));
  const child = (metric: string) => ({
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      Namespace: 'N',
      MetricName: metric,
      Statistic: 'Sum',
      Period: 60,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    },
  });
  const composite = (rule: unknown) => ({
    Resources: {
      Page: { Type: 'AWS::SNS::Topic' },
      First: child('M'),
      Second: { ...child('Other'), Properties: { ...child('Other').Properties, AlarmName: 'second' } },
      Both: { Type: 'AWS::CloudWatch::CompositeAlarm', Properties: { AlarmRule: rule, AlarmActions: [{ Ref: 'Page' }] } },
    },
  });
  const statesOf = (rule: unknown): AlarmState[] => [...(replayAlarms(composite(rule), telemetry).find((a) => a.logicalId === 'Both')?.states ?? [])];

  it('AND of ALARM() by ARN (Fn::GetAtt) and by name: ALARM only in the minute both are', () => {
    expect(statesOf({ 'Fn::Join': ['', ['ALARM("', { 'Fn::GetAtt': ['First', 'Arn'] }, '") AND ALARM(second)']] })).toEqual(['OK', 'ALARM', 'OK', 'OK']);
  });

  it('OR, NOT and OK(): NOT OK(First) OR ALARM(second)', () => {
    expect(statesOf({ 'Fn::Join': ['', ['NOT OK("', { 'Fn::GetAtt': ['First', 'Arn'] }, '") OR (ALARM("second") AND TRUE)']] })).toEqual([
      'ALARM',
      'ALARM',
      'ALARM',
      'OK',
    ]);
  });

  it('runs its AlarmActions once per transition to ALARM', () => {
    const both = replayAlarms(composite('ALARM(second)'), telemetry).find((a) => a.logicalId === 'Both');
    expect(both?.actions.map((a) => [a.minute, a.list])).toEqual([[1, 'AlarmActions']]);
  });

  it('a rule naming no alarm of the template is an error naming the rule', () => {
    expect(() => replayAlarms(composite('ALARM(ghost)'), telemetry)).toThrow(/Resources\.Both\.Properties\.AlarmRule: ghost is no alarm of this template/);
  });
});

describe('bad alarm properties are errors naming the field', () => {
  const telemetry = new Telemetry(1);
  it.each([
    [{ ComparisonOperator: 'GreaterThan' }, /Resources\.A\.Properties\.ComparisonOperator: expected GreaterThanThreshold/],
    [{ DatapointsToAlarm: 4 }, /Resources\.A\.Properties\.DatapointsToAlarm: 4 is more than EvaluationPeriods \(3\)/],
    [{ Period: 10 }, /Resources\.A\.Properties\.Period: the replay works in whole minutes/],
    [{ TreatMissingData: 'zero' }, /TreatMissingData: expected one of missing, ignore, breaching, notBreaching/],
    [{ Statistic: 'tm99' }, /Statistic: the replay supports Sum, Average/],
    [{ Threshold: { 'Fn::If': ['c', 1, 2] } }, /Resources\.A\.Properties\.Threshold: the replay cannot resolve Fn::If/],
  ])('%j', (props, message) => {
    const t = new Telemetry(1);
    t.put({ namespace: 'N', metricName: 'M', dimensions: {} }, 0, single(1));
    expect(() => replayAlarms(template({ Namespace: 'N', MetricName: 'M', ...props }), t)).toThrow(message);
    expect(telemetry.minutes).toBe(1);
  });
});
