/**
 * DynamoDB: the hottest key's share, read in Contributor Insights units, written as a share the lint reads the same way.
 *
 * The most accessed keys rule (PKC) counts ConsumedThroughputUnits, "(3 x consumed write capacity units) + consumed read
 * capacity units" (AWS, "CloudWatch contributor insights for DynamoDB: How it works"), and the lint reads a share of both
 * directions as that share of each peak. A recorded table (1 hour, 60 s periods): 900 RCU/s and 300 WCU/s, and for ten
 * minutes 1,000 RCU/s and 1,200 WCU/s (60,000 + 3 × 72,000 = 276,000 units a minute), in which one order took 138,000
 * units a minute (2,300 units/s, a share of 0.5) and the table's partitions refused 1,500 writes a minute. Written as
 * 0.5 of both, the lint judged it at 0.5 × 1,200 = 600 WCU: "600 of a usable 650 WCU", a warning, for a key that was
 * throttled for ten minutes. Its units as writes are 2,300 ÷ 3 = 766.67 WCU: 0.638889 of the 1,200 WCU peak.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { findingsOf } from './support';

const PERIODS = 60;
const at = (m: number) => `2026-12-06T12:${String(m).padStart(2, '0')}:00Z`;
const burst = (m: number) => m >= 30 && m < 40;

const DESIGN = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 2000, peakWriteUnits: 1200, hotKeyShare: 0.5 },
    },
  ],
};

type Throttled = 'writes' | 'reads' | 'both' | 'none';

function metrics(throttled: Throttled) {
  const times = Array.from({ length: PERIODS }, (_, m) => at(m));
  const series = (id: string, value: (m: number) => number) => ({
    Id: id,
    Label: id,
    Timestamps: times,
    Values: times.map((_, m) => value(m)),
    StatusCode: 'Complete',
  });
  const refused = (direction: 'reads' | 'writes') => (m: number) => (burst(m) && (throttled === direction || throttled === 'both') ? 1500 : 0);
  return {
    MetricDataResults: [
      series('consumedRead', (m) => (burst(m) ? 60000 : 54000)),
      series('consumedWrite', (m) => (burst(m) ? 72000 : 18000)),
      series('readThrottles', refused('reads')),
      series('writeThrottles', refused('writes')),
    ],
  };
}

function contributorInsights() {
  const hot = (m: number) => (burst(m) ? 138000 : 200);
  return {
    KeyLabels: ['orderId'],
    AggregationStatistic: 'Sum',
    AggregateValue: 8160000,
    ApproximateUniqueCount: 400000,
    Contributors: [
      {
        Keys: ['ord-bot-000001'],
        ApproximateAggregateValue: 1390000,
        Datapoints: Array.from({ length: PERIODS }, (_, m) => ({ Timestamp: at(m), ApproximateValue: hot(m) })),
      },
    ],
    MetricDatapoints: Array.from({ length: PERIODS }, (_, m) => ({
      Timestamp: at(m),
      UniqueContributors: 50000,
      MaxContributorValue: hot(m),
      SampleCount: 1000,
      Sum: burst(m) ? 276000 : 108000,
    })),
  };
}

async function updateThenLint(throttled: Throttled) {
  const manifest = { periodSeconds: 60, observations: [{ table: 'orders', contributorInsights: 'orders.pkc.json', metrics: 'orders.metrics.json' }] };
  const dir = tempTree({
    'orders.json': JSON.stringify(DESIGN),
    'manifest.json': JSON.stringify(manifest),
    'orders.pkc.json': JSON.stringify(contributorInsights()),
    'orders.metrics.json': JSON.stringify(metrics(throttled)),
  });
  const observed = await cli(['observe', 'orders.json', '--observations', 'manifest.json', '--update', '--min-window', '30m', '--no-color'], { cwd: dir });
  expect(observed.stderr).toBe('');
  const workload = JSON.parse(readFileSync(join(dir, 'orders.json'), 'utf8')).tables[0].workload;
  const lint = await cli(['lint', 'orders.json', '--no-config', '--format', 'json'], { cwd: dir });
  return { workload, findings: findingsOf(lint.stdout), observed: observed.stdout };
}

describe('observe --update: a DynamoDB key whose partition throttled one way is written as a share of that way', () => {
  it('throttled writes: writes the share of the writes (2,300 units/s ÷ 3 ÷ 1,200 WCU) with hotKeyOperations "writes", and SG003 judges 766.67 WCU', async () => {
    const { workload, findings, observed } = await updateThenLint('writes');
    expect(workload).toEqual({ peakReadUnits: 2000, peakWriteUnits: 1200, hotKeyShare: 0.638889, hotKeyOperations: 'writes' });
    expect(observed).toContain('set tables[0].workload.hotKeyOperations to "writes"');
    const hot = findings.find((f) => f.ruleId === 'SG003');
    expect(hot?.message).toContain('takes 63.89% (declared) of the writes: 766.67 WCU writes against a usable 800 WCU');
    expect(hot?.message).toContain('its partition takes 875 WCU');
    expect(findings.find((f) => f.ruleId === 'SG014')?.message ?? '').not.toContain('600 of a usable 650 WCU');
  });

  it.each<Throttled>(['none', 'both', 'reads'])(
    'throttled %s: the direction is unknown (reads: its 2,300 units/s are more than the 1,000 RCU/s the table read then), and the share of both is left as measured',
    async (throttled) => {
      const { workload, observed } = await updateThenLint(throttled);
      expect(workload).toEqual(DESIGN.tables[0].workload);
      expect(observed).toContain("do not tell a key's reads from its writes: a share of both is judged as that share of each peak, the table's mix");
    },
  );
});

/**
 * Cosmos DB: CDBPartitionKeyRUConsumption's RequestCharge is RU, one unit for reads and writes, so its share needs no
 * weighting; but one logical partition is served at most 10,000 RU/s ("Partitioning and horizontal scaling"), so a key
 * that logged 18,000 RU/s in a minute (the rows of two regions, say: the table logs each region's) is a data problem.
 */
describe('observe: a Cosmos DB key logged above the 10,000 RU/s one logical partition is served', () => {
  const CONTAINER = {
    containers: [
      {
        name: 'telemetry',
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        throughput: { autoscaleMax: 50000 },
        workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.3 },
      },
    ],
  };

  async function observeWhale(whaleRuPerSecond: number) {
    const rows = Array.from({ length: PERIODS }, (_, m) => [
      {
        TimeGenerated: at(m),
        DatabaseName: 'shop',
        CollectionName: 'telemetry',
        PartitionKey: '["whale"]',
        OperationName: 'Create',
        RequestCharge: whaleRuPerSecond * 60,
      },
      ...Array.from({ length: 20 }, (_, t) => ({
        TimeGenerated: at(m),
        DatabaseName: 'shop',
        CollectionName: 'telemetry',
        PartitionKey: `["t${t}"]`,
        OperationName: t % 2 ? 'Create' : 'Query',
        RequestCharge: 60000,
      })),
    ]).flat();
    const manifest = { periodSeconds: 60, observations: [{ container: 'telemetry', database: 'shop', ruConsumption: 'ru.json' }] };
    const dir = tempTree({ 'telemetry.json': JSON.stringify(CONTAINER), 'manifest.json': JSON.stringify(manifest), 'ru.json': JSON.stringify(rows) });
    const run = await cli(['observe', 'telemetry.json', '--observations', 'manifest.json', '--update', '--min-window', '30m', '--format', 'json'], {
      cwd: dir,
    });
    const workload = JSON.parse(readFileSync(join(dir, 'telemetry.json'), 'utf8')).containers[0].workload;
    return { findings: findingsOf(run.stdout), workload };
  }

  it('18,000 RU/s: a gap naming the ceiling and where such rows come from, and no figure of the rows judged or written', async () => {
    const { findings, workload } = await observeWhale(18000);
    const gap = findings.find((f) => f.messageId === 'incompleteObservations');
    expect(gap?.message).toContain('logged 18,000 RU/s at 2026-12-06T12:00:00.000Z, more than the 10,000 RU/s one logical partition can be served');
    expect(gap?.message).toContain('filter RegionName');
    expect(gap?.data).toMatchObject({ gap: 'keyAboveLogicalCeiling', unitsPerSecond: '18,000', ceiling: '10,000' });
    expect(findings.filter((f) => f.ruleId === 'SG020' && f.path.includes('workload'))).toEqual([]);
    expect(workload).toEqual(CONTAINER.containers[0].workload);
  });

  it('6,000 RU/s: within the ceiling, no gap, and its share is read from the rows (its logged operations, all writes, are written)', async () => {
    const { findings, workload } = await observeWhale(6000);
    expect(findings.filter((f) => f.messageId === 'incompleteObservations')).toEqual([]);
    expect(workload).toMatchObject({ hotKeyOperations: 'writes' });
  });
});
