// A Cosmos DB range's per-second load about its minute's mean: the rate's 10% spread and the Poisson spread of 6-RU
// requests are independent, so their variances add (a mixed Poisson count, law of total variance), as in the DynamoDB
// model since margin34. Added as deviations (before alerts35) they gave 341 RU/s at 2,250 instead of 253, and a range at
// the 80% usable line throttled about 80 requests a minute instead of about 17 (3% spread of ranges' shares included).
import { Random, SCOPE_DIMENSION, simulateContainer, Telemetry } from '../../lib/testing/replay';
import { perSecondSd } from '../../lib/testing/replay/scenarios/load';

const NAMES = { accountId: 'a', databaseName: 'db', containerName: 'c' };

/** 429s a minute, on average over a day, of a one-range container (3,000 RU/s manual) at a flat `share` of its budget. */
function throttledPerMinute(share: number): number {
  const telemetry = new Telemetry(1440);
  simulateContainer({ throughput: { kind: 'manual', ru: 3_000 }, storageGb: 1, ru: () => share * 3_000 }, NAMES, telemetry, new Random(7));
  const series = telemetry.series({
    namespace: 'Microsoft.DocumentDB/databaseAccounts',
    metricName: 'TotalRequests',
    dimensions: { [SCOPE_DIMENSION]: 'a', DatabaseName: 'db', CollectionName: 'c', StatusCode: '429' },
  });
  return series.reduce((sum, p) => sum + (p?.sum ?? 0), 0) / 1440;
}

it('the spread of 2,250 RU/s is 253 RU/s: hypot(10% of it, the sd of 6-RU Poisson arrivals), not their sum (341)', () => {
  expect(Math.round(perSecondSd(2_250, 0.1, 6))).toBe(253);
});

it('a range at 80% of its budget throttles about 17 requests a minute (80 while the deviations were added); at 60%, none', () => {
  expect(Math.round(throttledPerMinute(0.8))).toBe(17);
  expect(throttledPerMinute(0.6)).toBe(0);
});
