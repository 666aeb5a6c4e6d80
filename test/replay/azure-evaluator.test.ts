// The Azure Monitor evaluator against hand-worked cases: metric alerts (window, frequency, time
// aggregation, dimension splitting and filtering, stateful resolution after 3 quiet checks) and log
// search alerts (failing periods, ingestion delay, resolution, refusal of a query without semantics).
import { replayLogAlert, type QueryRegistry } from '../../lib/testing/replay/azure/log-alert';
import { replayMetricAlert, SCOPE_DIMENSION } from '../../lib/testing/replay/azure/metric-alert';
import { single, Telemetry } from '../../lib/testing/replay/telemetry';

const ACCOUNT = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.DocumentDB/databaseAccounts/acc';
const NS = 'Microsoft.DocumentDB/databaseAccounts';
const include = (name: string, values: string[]) => ({ name, operator: 'Include', values });
const normalizedRu = (over: Record<string, unknown> = {}) => ({
  scopes: [ACCOUNT],
  windowSize: 'PT5M',
  evaluationFrequency: 'PT1M',
  severity: 2,
  autoMitigate: true,
  criteria: {
    odataType: 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria',
    allOf: [
      {
        criterionType: 'StaticThresholdCriterion',
        name: 'c',
        metricNamespace: NS,
        metricName: 'NormalizedRUConsumption',
        timeAggregation: 'Maximum',
        operator: 'GreaterThan',
        threshold: 80,
        dimensions: [include('CollectionName', ['events']), include('PartitionKeyRangeId', ['*'])],
      },
    ],
  },
  ...over,
});
const range = (collection: string, id: string) => ({
  namespace: NS,
  metricName: 'NormalizedRUConsumption',
  dimensions: { [SCOPE_DIMENSION]: ACCOUNT, DatabaseName: 'db', CollectionName: collection, PartitionKeyRangeId: id },
});

describe('metric alerts', () => {
  const telemetry = new Telemetry(20);
  for (let m = 0; m < 20; m++) {
    telemetry.put(range('events', '0'), m, single(m === 3 ? 90 : 40));
    telemetry.put(range('events', '1'), m, single(50));
    telemetry.put(range('other', '0'), m, single(100));
  }

  it('Maximum over a 5-minute window checked every minute: one range at 90% in minute 3 fires at the check of minute 4, stays fired while the window holds it, and resolves after 3 checks without it (minute 11)', () => {
    const replay = replayMetricAlert('hot', normalizedRu(), telemetry, ['oncall']);
    expect(replay.events.map((e) => [e.minute, e.kind, e.series])).toEqual([
      [4, 'fired', 'CollectionName=events,PartitionKeyRangeId=0'],
      [11, 'resolved', 'CollectionName=events,PartitionKeyRangeId=0'],
    ]);
    expect(replay.events[0]).toMatchObject({ value: 90, actionGroups: ['oncall'] });
  });

  it('a dimension with one value filters: the other container at 100% never fires this rule; without the filter it does', () => {
    const unfiltered = normalizedRu({ criteria: { allOf: [{ ...normalizedRu().criteria.allOf[0], dimensions: [include('PartitionKeyRangeId', ['*'])] }] } });
    const replay = replayMetricAlert('all', unfiltered, telemetry, []);
    // Split by range only: range 0 aggregates both containers (100%) from the first check.
    expect(replay.events.map((e) => [e.minute, e.series])).toEqual([[1, 'PartitionKeyRangeId=0']]);
  });

  it('autoMitigate false (stateless): a notification at every check that meets the condition, 5 for one hot minute in a 5-minute window', () => {
    expect(replayMetricAlert('hot', normalizedRu({ autoMitigate: false }), telemetry, []).events.map((e) => e.minute)).toEqual([4, 5, 6, 7, 8]);
  });

  it('Count of TotalRequests with StatusCode 429 over 5 minutes against a threshold of 100: 101 fires, 100 does not', () => {
    const t = new Telemetry(5);
    const throttled = { namespace: NS, metricName: 'TotalRequests', dimensions: { [SCOPE_DIMENSION]: ACCOUNT, CollectionName: 'events', StatusCode: '429' } };
    const ok = { ...throttled, dimensions: { ...throttled.dimensions, StatusCode: '200' } };
    [20, 20, 20, 20, 21].forEach((n, m) => {
      t.put(throttled, m, single(1, n));
      t.put(ok, m, single(1, 5000));
    });
    const rule = (threshold: number) =>
      normalizedRu({
        criteria: {
          allOf: [
            {
              criterionType: 'StaticThresholdCriterion',
              name: 't',
              metricNamespace: NS,
              metricName: 'TotalRequests',
              timeAggregation: 'Count',
              operator: 'GreaterThan',
              threshold,
              dimensions: [include('CollectionName', ['events']), include('StatusCode', ['429'])],
            },
          ],
        },
      });
    expect(replayMetricAlert('t', rule(100), t, []).events.map((e) => [e.minute, e.value])).toEqual([[5, 101]]);
    expect(replayMetricAlert('t', rule(101), t, []).events).toEqual([]);
  });

  it('errors name the rule and the field: the "gt" operator, a dynamic threshold, a frequency longer than the window', () => {
    const criterion = normalizedRu().criteria.allOf[0];
    expect(() => replayMetricAlert('x', normalizedRu({ criteria: { allOf: [{ ...criterion, operator: 'gt' }] } }), telemetry, [])).toThrow(
      /MetricAlert x\.criteria\.allOf\[0\]\.operator: expected one of GreaterThan/,
    );
    expect(() =>
      replayMetricAlert('x', normalizedRu({ criteria: { allOf: [{ ...criterion, criterionType: 'DynamicThresholdCriterion' }] } }), telemetry, []),
    ).toThrow(/StaticThresholdCriterion only/);
    expect(() => replayMetricAlert('x', normalizedRu({ evaluationFrequency: 'PT15M' }), telemetry, [])).toThrow(
      /MetricAlert x\.evaluationFrequency: PT15M is longer than windowSize PT5M/,
    );
  });
});

describe('log search alerts', () => {
  const TABLE = 'CDBPartitionKeyRUConsumption';
  /** Sum of RequestCharge per PartitionKey in the window: the semantics of a one-line query. */
  const perKey: QueryRegistry = (query) =>
    query === 'per-key RU'
      ? (rowsOf) => {
          const sums = new Map<string, number>();
          for (const r of rowsOf(TABLE))
            sums.set(String(r.columns.PartitionKey), (sums.get(String(r.columns.PartitionKey)) ?? 0) + Number(r.columns.RequestCharge));
          return [...sums].map(([PartitionKey, RU]) => ({ PartitionKey, RU }));
        }
      : undefined;
  const rule = (over: Record<string, unknown> = {}) => ({
    kind: 'LogAlert',
    scopes: ['ws'],
    windowSize: 'PT5M',
    evaluationFrequency: 'PT5M',
    severity: 2,
    autoMitigate: true,
    criteria: {
      allOf: [
        {
          query: 'per-key RU',
          timeAggregation: 'Maximum',
          metricMeasureColumn: 'RU',
          operator: 'GreaterThan',
          threshold: 1000,
          dimensions: [include('PartitionKey', ['*'])],
          failingPeriods: { numberOfEvaluationPeriods: 1, minFailingPeriodsToAlert: 1 },
          ...over,
        },
      ],
    },
  });
  const withDelay = (delay: number) => {
    const t = new Telemetry(30);
    t.log(TABLE, { timeGenerated: 2, ingestedAt: 2 + delay, columns: { PartitionKey: 'hot', RequestCharge: 5000 } });
    return t;
  };

  it('a row generated at minute 2 and ingested 2 minutes later is seen by the check at minute 5 and fires; the resolution comes 3 quiet checks later (minute 20)', () => {
    const replay = replayLogAlert('share', rule(), withDelay(2), ['oncall'], perKey);
    expect(replay.events.map((e) => [e.minute, e.kind, e.series, e.value])).toEqual([
      [5, 'fired', 'PartitionKey=hot', 5000],
      [20, 'resolved', 'PartitionKey=hot', undefined],
    ]);
  });

  it('the same row ingested 4 minutes later arrives after the check of its window (minute 5) and no later window covers it: never counted', () => {
    expect(replayLogAlert('share', rule(), withDelay(4), [], perKey).events).toEqual([]);
  });

  it('failingPeriods 2 of 3: one failing window does not alert, two within the 15-minute look-back do', () => {
    const t = new Telemetry(30);
    const hot = (m: number) => t.log(TABLE, { timeGenerated: m, ingestedAt: m + 0.5, columns: { PartitionKey: 'hot', RequestCharge: 5000 } });
    hot(2);
    hot(12);
    const replay = replayLogAlert('share', rule({ failingPeriods: { numberOfEvaluationPeriods: 3, minFailingPeriodsToAlert: 2 } }), t, [], perKey);
    expect(replay.events.map((e) => [e.minute, e.kind])).toEqual([
      [15, 'fired'],
      [30, 'resolved'],
    ]);
    const once = new Telemetry(30);
    once.log(TABLE, { timeGenerated: 2, ingestedAt: 2.5, columns: { PartitionKey: 'hot', RequestCharge: 5000 } });
    expect(replayLogAlert('share', rule({ failingPeriods: { numberOfEvaluationPeriods: 3, minFailingPeriodsToAlert: 2 } }), once, [], perKey).events).toEqual(
      [],
    );
  });

  it('a query without registered semantics is refused, naming the rule and the way out', () => {
    expect(() => replayLogAlert('size', rule({ query: 'CDBPartitionKeyStatistics | top 1 by SizeKb' }), withDelay(1), [], perKey)).toThrow(
      /ScheduledQueryRule size\.criteria\.allOf\[0\]\.query: no semantics registered for this query; the replay does not interpret KQL/,
    );
  });

  it('a 1-minute log alert resolves after 10 quiet minutes; a 15-minute one is still fired after 1 quiet check (it needs 2)', () => {
    const fast = replayLogAlert('f', { ...rule(), windowSize: 'PT5M', evaluationFrequency: 'PT1M' }, withDelay(0.5), [], perKey);
    expect(fast.events.map((e) => [e.minute, e.kind])).toEqual([
      [3, 'fired'],
      [17, 'resolved'],
    ]);
    const slow = replayLogAlert('s', { ...rule(), windowSize: 'PT15M', evaluationFrequency: 'PT15M' }, withDelay(0.5), [], perKey);
    expect(slow.events.map((e) => [e.minute, e.kind])).toEqual([[15, 'fired']]);
  });
});
