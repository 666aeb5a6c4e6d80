// The work a replay does, pinned by counts (never wall-clock): the throttle-rate alert's query looks back 23 hours at
// every 5-minute check, and reads each request row once per minute it sums, not once per check that looks over it.
// Reading them all at every check grew with partitions × minutes × checks, and a 4-day replay of 1,944 partitions did
// not finish in 14 minutes.
import { hotKeyQuery, throttledHotValueQuery, throttleRateQuery } from '../../lib/internal';
import { replayLogAlert } from '../../lib/testing/replay/azure/log-alert';
import { skewguardQueries } from '../../lib/testing/replay/azure/skewguard-queries';
import { healthyCosmosWeek } from '../../lib/testing/replay/scenarios/cosmos-scenarios';
import { Telemetry } from '../../lib/testing/replay/telemetry';

const PARTITIONS = 40;
const DAYS = 2;

/** A request row per partition and 5-minute interval (a 429 row too on partition 0), ingested 3 to 12 minutes later. */
function requests(): { telemetry: Telemetry; logged: number } {
  const telemetry = new Telemetry(DAYS * 1440);
  let logged = 0;
  for (let start = 0; start < telemetry.minutes; start += 5) {
    for (let p = 0; p < PARTITIONS; p++) {
      for (const [status, count] of p === 0
        ? [
            ['200', 900],
            ['429', 100],
          ]
        : [['200', 1000]]) {
        const columns = { DatabaseName: 'db', CollectionName: 'c', RegionName: 'West Europe', PartitionId: String(p), StatusCode: status, RequestCount: count };
        telemetry.log('CDBDataPlaneRequests5M', { timeGenerated: start, ingestedAt: start + 5 + 3 + ((start / 5) % 10), columns });
        logged++;
      }
    }
  }
  return { telemetry, logged };
}

const throttleRateRule = {
  windowSize: 'P1D',
  evaluationFrequency: 'PT5M',
  severity: 1,
  criteria: {
    allOf: [
      {
        query: throttleRateQuery('db', 'c', 100),
        timeAggregation: 'Maximum',
        metricMeasureColumn: 'SustainedThrottledShare',
        operator: 'GreaterThan',
        threshold: 0.05,
      },
    ],
  },
};

it('the throttle-rate alert reads each request row at most twice over a 2-day replay (28,208 reads of 23,616 rows), not at every check of its day', () => {
  const { telemetry, logged } = requests();
  replayLogAlert('throttle-rate', throttleRateRule, telemetry, [], skewguardQueries([{ databaseName: 'db', containerName: 'c' }]));
  // 576 checks of a 1,380-minute look-back: reading every row of it at each would be ~270 reads per row.
  expect(telemetry.rowsRead).toBeLessThanOrEqual(2 * logged);
  expect(telemetry.rowsRead).toBeGreaterThanOrEqual(logged / 2);
});

it('the throttle-rate share it reports is the one the rows give: 10% of partition 0, 1/40 of that over the container', () => {
  const { telemetry } = requests();
  const replay = replayLogAlert(
    'throttle-rate',
    { ...throttleRateRule, criteria: { allOf: [{ ...throttleRateRule.criteria.allOf[0], threshold: 0 }] } },
    telemetry,
    [],
    skewguardQueries([{ databaseName: 'db', containerName: 'c' }]),
  );
  // 100 of 40,000 requests an interval: 0.25%, every interval alike, so the sustained share is 0.0025.
  expect(replay.events[0]).toMatchObject({ kind: 'fired', value: 0.0025 });
});

it('a healthy smoke run of 1 day is accepted and says the planned peak is not in it; 0 days names the field and the least value', () => {
  const profiles = { c: { throughput: { kind: 'manual' as const, ru: 20_000 }, storageGb: 10, peakRu: 10_000 } };
  expect(healthyCosmosWeek(profiles, 3, 1).assumptions).toContainEqual(
    expect.stringMatching(/^no planned peak: it is on day 3, 19:00–19:45, after the end of this 1-day run/),
  );
  expect(healthyCosmosWeek(profiles, 3, 4).assumptions).toContain('the planned peak on day 3, 19:00–19:45, spread evenly over the ranges');
  expect(() => healthyCosmosWeek(profiles, 3, 0)).toThrow(
    /days: must be a whole number of days, at least 1 \(4 or more to include the planned peak on day 3\), got 0/,
  );
});

/** A day of the RU log (20 keys a minute on 2 partitions, ingested 3 to 12 minutes later) and each partition's request
 *  rows (200s only) per 5-minute interval. */
function keyRows(): { telemetry: Telemetry; ruRows: number } {
  const telemetry = new Telemetry(1440);
  const base = { DatabaseName: 'db', CollectionName: 'c', RegionName: 'West Europe' };
  let ruRows = 0;
  for (let minute = 0; minute < telemetry.minutes; minute++) {
    const ingestedAt = minute + 1 + 3 + (minute % 9);
    for (let k = 0; k < 20; k++) {
      const columns = { ...base, PartitionKey: `k-${k}`, PartitionKeyRangeId: String(k % 2), RequestCharge: 600 };
      telemetry.log('CDBPartitionKeyRUConsumption', { timeGenerated: minute, ingestedAt, columns });
      ruRows++;
    }
    if (minute % 5 === 0)
      for (const p of ['0', '1'])
        telemetry.log('CDBDataPlaneRequests5M', {
          timeGenerated: minute,
          ingestedAt: ingestedAt + 5,
          columns: { ...base, PartitionId: p, StatusCode: '200', RequestCount: 100 },
        });
  }
  return { telemetry, ruRows };
}
const ruleOf = (query: string, windowSize: string) => ({
  windowSize,
  evaluationFrequency: 'PT5M',
  severity: 2,
  criteria: { allOf: [{ query, timeAggregation: 'Maximum', metricMeasureColumn: 'SustainedRUPerSecond', operator: 'GreaterThan', threshold: 1_000 }] },
});

// Each check judges 5 minutes (ending 10 minutes ago) of a 15-minute or 2-hour window: reading the whole window at every
// 5-minute check read each RU row 3 times (hotKey) or 24 times (throttledHotValue, whose hour of ranges it asks of the
// RU log at every check), and those reads were most of a Cosmos DB week's replay.
it('the hotKey and throttledHotValue queries read each RU-log row about once a replay, not once per check whose window holds it', () => {
  const queries = skewguardQueries([{ databaseName: 'db', containerName: 'c' }]);
  const reads = [ruleOf(hotKeyQuery('db', 'c'), 'PT15M'), ruleOf(throttledHotValueQuery('db', 'c', 'PartitionKey'), 'PT2H')].map((rule) => {
    const { telemetry, ruRows } = keyRows();
    replayLogAlert('rule', rule, telemetry, [], queries);
    return telemetry.rowsRead / ruRows;
  });
  // hotKey: 1 (3 before); throttledHotValue: 0.4, its hour's first minute naming a range the request rows name, with the
  // request rows' reads (23.5 before).
  expect(reads.map((r) => Math.round(r * 10) / 10)).toEqual([1, 0.4]);
});
