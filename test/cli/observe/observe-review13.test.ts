/**
 * Review 13 of `skewguard observe` (the reviewer's inventory, flash sale and catalogue exports, rebuilt here at a
 * smaller size): each item fails before its change and passes after.
 */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_EXPORT_BYTES, readJsonFile } from '../../../lib/cli/observe/read-export';
import { cli, tempTree } from '../helpers';
import { keyStatisticsRows, metricData, ruConsumptionRows, type LoadProfile } from './recorded';
import { findingsOf, observeTable, ORDERS_DESIGN, TELEMETRY_DESIGN } from './support';

/** The reviewer's inventory table: one item per `skuId`, conditional stock decrements, a flash-sale SKU declared at 10%. */
const INVENTORY = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'skuId', type: 'S', cardinality: 50000 },
      billing: 'provisioned',
      capacity: { read: { min: 500, max: 8000 }, write: { min: 200, max: 4000 } },
      workload: { peakReadUnits: 6000, peakWriteUnits: 3000, hotKeyShare: 0.1 },
    },
  ],
};

/** A day of minutes at 2,500 RCU/s and 1,200 WCU/s; in the sale's hour, the SKU takes all one partition serves:
 *  3,000 RCU + 1,000 WCU (6,000 ConsumedThroughputUnits/s), its demand beyond that throttled. */
const SALE = (i: number) => i >= 720 && i < 780;
const FLASH_SALE: LoadProfile = {
  periods: 1440,
  reads: (i) => 2500 + (SALE(i) ? 3000 : 0),
  writes: (i) => 1200 + (SALE(i) ? 1000 : 0),
  hotShare: (i) => (SALE(i) ? 6000 / (3 * 2200 + 5500) : 0.02),
};

/** The metrics with key-range throttle events in the minutes `throttled` picks. */
function throttledMetrics(profile: LoadProfile, throttled: (i: number) => boolean) {
  const metrics = metricData(profile);
  const times = metrics.MetricDataResults[0].Timestamps.slice().reverse();
  const at = times.filter((_, i) => throttled(i));
  for (const [id, label, events] of [
    ['readThrottles', 'ReadKeyRangeThroughputThrottleEvents', 132000],
    ['writeThrottles', 'WriteKeyRangeThroughputThrottleEvents', 96000],
  ] as const)
    metrics.MetricDataResults.push({ Id: id, Label: label, Timestamps: at, Values: at.map(() => events), StatusCode: 'Complete' });
  return metrics;
}

const shareOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'design.json'), 'utf8')).tables[0].workload.hotKeyShare;

describe('observe, review 13 item 1: a hottest key throttled at its partition ceilings', () => {
  it('reports its share as a floor (an error that says what observe cannot know), and --update does not write it', async () => {
    const run = await observeTable(INVENTORY, FLASH_SALE, ['--update', '--format', 'json', '--min-window', '24h'], {
      metrics: throttledMetrics(FLASH_SALE, SALE),
    });
    const findings = findingsOf(run.stdout);
    const floor = findings.find((f) => f.messageId === 'hotKeySaturated');
    expect(floor).toMatchObject({ severity: 'error', path: 'tables[0].workload.hotKeyShare' });
    expect(floor?.message).toContain('it consumed 6,000 units/s at its busiest period');
    expect(floor?.message).toContain('132,000 read and 96,000 write key-range throttle events came in that period');
    expect(floor?.message).toContain('its share, 0.496');
    expect(floor?.message).toContain('is a floor of its demand, and the demand is what observe cannot know');
    expect(floor?.fix).toContain("size the key's sharding from its demand");
    expect(floor?.data).toMatchObject({ field: 'hotKeyShare', bound: 'lower', declared: 0.1 });
    // Not drift to write: sized from the floor, the lint asked for 2 shards where the demand needs 4.
    expect(findings.filter((f) => f.messageId === 'exceedsDeclared' && f.path.endsWith('hotKeyShare'))).toEqual([]);
    expect(shareOf(run.dir)).toBe(0.1);
    expect(run.code).toBe(1);
  });

  it('writes the share as measured when the throttles came only in a quiet minute (the key was served at its busiest)', async () => {
    const run = await observeTable(INVENTORY, FLASH_SALE, ['--update', '--format', 'json', '--min-window', '24h'], {
      metrics: throttledMetrics(FLASH_SALE, (i) => i === 5),
    });
    expect(findingsOf(run.stdout).filter((f) => f.messageId === 'hotKeySaturated')).toEqual([]);
    expect(shareOf(run.dir)).toBeCloseTo(0.496, 3);
  });
});

/** A table keyed by one of 12 warehouses, declared at 10% of 3,000 WCU: SG001 says "fine today" (a warning). */
const WAREHOUSES = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'warehouseId', type: 'S', cardinality: 12 },
      workload: { peakReadUnits: 600, peakWriteUnits: 3000, hotKeyShare: 0.1 },
    },
  ],
};

describe('observe, review 13 item 6: a rule whose warning becomes its error with the observed figures', () => {
  it('is reported as saying instead, and no note says it fires only on the declared figures', async () => {
    const run = await observeTable(WAREHOUSES, { periods: 60 * 24 * 7, reads: () => 600, writes: () => 3000, hotShare: () => 0.45 }, ['--format', 'json']);
    const sg001 = findingsOf(run.stdout).filter((f) => f.data?.rule === 'SG001' || f.ruleId === 'SG001');
    expect(sg001).toHaveLength(1);
    expect(sg001[0]).toMatchObject({ severity: 'error', messageId: 'firesWithObserved' });
    expect(sg001[0].message).toContain('SG001 low-cardinality-key says instead');
    const notes = (JSON.parse(run.stdout) as { files: { notes?: { message: string }[] }[] }).files.flatMap((f) => f.notes ?? []);
    expect(notes.filter((n) => n.message.includes('fires on the declared figures'))).toEqual([]);
  });
});

/** The reviewer's inbox: 30,000 RCU/s declared, 70% of them (21,000) on the table's own key, the rest on `unread`. */
const INBOX = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'userId', type: 'S', cardinality: 5000000 },
      sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 30000, peakWriteUnits: 20000, hotKeyShare: 0.002 },
      globalSecondaryIndexes: [
        {
          indexName: 'unread',
          partitionKey: { name: 'userId', type: 'S', cardinality: 5000000 },
          sortKey: { name: 'unreadAt', type: 'S', cardinality: 'unique' },
          workload: { peakReadUnits: 3000, peakWriteUnits: 4000 },
        },
      ],
      accessPatterns: [
        { name: 'inbox-page', keyAttributes: ['userId'], share: 0.7, limit: 50 },
        { name: 'unread-badge', index: 'unread', keyAttributes: ['userId'], share: 0.3 },
      ],
    },
  ],
};

describe('observe, review 13 item 5: a short window keeps a table read peak that is partly its indexes', () => {
  it('names the figure the field holds (30,000), and the part its own key reads (21,000) beside it', async () => {
    const run = await observeTable(INBOX, { periods: 1440, reads: () => 5000, writes: () => 6000, hotShare: () => 0.0008, uniqueKeys: 500000 });
    expect(run.stdout).toContain(
      "kept peakReadUnits 30,000, of which its access patterns send 70% (21,000) to the table's own key, the part the TableName metric measures: observed 5,000 over a 1-day window",
    );
    expect(run.stdout).not.toContain('kept peakReadUnits 21,000');
  });
});

/** TELEMETRY_DESIGN (largestPartitionGb 2) against a half hour of logs and a largest logical partition of `gb`. */
async function observeSize(gb: number) {
  const dir = tempTree({
    'design.json': JSON.stringify(TELEMETRY_DESIGN, null, 2),
    'ru.json': JSON.stringify(ruConsumptionRows({ container: 'telemetry', periods: 30, reads: () => 8000, writes: () => 6000, hotShare: 0.001 })),
    'stats.json': JSON.stringify(keyStatisticsRows('telemetry', [['["tenant-whale","device-1","s-9"]', gb * 1024 * 1024]])),
    'manifest.json': JSON.stringify({
      observations: [{ container: 'telemetry', database: 'shop', ruConsumption: 'ru.json', partitionKeyStatistics: 'stats.json' }],
    }),
  });
  const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--format', 'json'], { cwd: dir });
  return findingsOf(run.stdout).find((f) => f.path === 'containers[0].storage.largestPartitionGb');
}

describe('observe, review 13 item 4: a size drift is graded by whether it changes a verdict', () => {
  it('is a warning when the lint reports the same with it (2.6 GB against 2 declared, under a 20 GB cap)', async () => {
    const drift = await observeSize(2.6);
    expect(drift).toMatchObject({ messageId: 'exceedsDeclared', severity: 'warning', data: { declared: 2, verdict: 'unchanged' } });
    expect(drift?.message).toContain('so no verdict rests on this drift');
  });

  it('stays an error when it changes the verdict (19 GB, near the 20 GB cap)', async () => {
    expect(await observeSize(19)).toMatchObject({ messageId: 'exceedsDeclared', severity: 'error' });
  });
});

describe('observe, review 13 item 3: exports of a real week are read, and a limit names the kind of input', () => {
  it("reads a 17 MiB CDBPartitionKeyRUConsumption export as az prints it (indented rows), which the design files' 16 MiB refused", async () => {
    const rows = ruConsumptionRows({ container: 'telemetry', periods: 3700, reads: () => 8000, writes: () => 6000, hotShare: 0.05 });
    const text = JSON.stringify(rows, null, 2);
    expect(text.length).toBeGreaterThan(17 * 1024 * 1024);
    const dir = tempTree({
      'design.json': JSON.stringify(TELEMETRY_DESIGN, null, 2),
      'ru.json': text,
      'manifest.json': JSON.stringify({ observations: [{ container: 'telemetry', database: 'shop', ruConsumption: 'ru.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--format', 'json'], { cwd: dir });
    expect(run.stdout).not.toContain('too large');
    expect(findingsOf(run.stdout).find((f) => f.path === 'containers[0].workload.hotKeyShare')?.messageId).toBe('exceedsDeclared');
  });

  it('parses an array longer than one string can hold element by element, to the same rows, and names a truncated one', () => {
    const rows = ruConsumptionRows({ container: 'telemetry', periods: 3, reads: () => 10, writes: () => 10, hotShare: 0.5 });
    const dir = tempTree({
      'ru.json': `\ufeff${JSON.stringify(rows, null, 2)}\n`,
      'cut.json': JSON.stringify(rows).slice(0, 500),
      'object.json': '{"tables": []}',
    });
    expect(readJsonFile(join(dir, 'ru.json'), 'ru.json', 100)).toEqual(rows);
    expect(() => readJsonFile(join(dir, 'cut.json'), 'cut.json', 100)).toThrow('cut.json: invalid JSON');
    expect(() => readJsonFile(join(dir, 'object.json'), 'object.json', 10)).toThrow('is read only as a JSON array of rows');
  });

  it('refuses an export above its limit, naming the kind of input and the limit', () => {
    const dir = tempTree({ 'ru.json': '' });
    writeFileSync(join(dir, 'ru.json'), '');
    truncateSync(join(dir, 'ru.json'), MAX_EXPORT_BYTES + 1); // sparse: no disk is written
    expect(() => readJsonFile(join(dir, 'ru.json'), 'ru.json')).toThrow(
      'ru.json: is too large to be an observations export or manifest (1.0 GiB; the limit is 1.0 GiB)',
    );
  });
});

describe('observe, review 13 item 7: a truncated export', () => {
  it('is an input that could not be read (not "linted"), exit 2, the design unchanged', async () => {
    const dir = tempTree({
      'design.json': JSON.stringify(ORDERS_DESIGN),
      'obs/metrics.json': JSON.stringify(metricData({ periods: 60, reads: () => 100, writes: () => 50, hotShare: () => 0.01 })).slice(0, 400),
      'obs/manifest.json': JSON.stringify({ observations: [{ table: 'orders', metrics: 'metrics.json' }] }),
    });
    const cut = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--update', '--no-color'], { cwd: dir });
    expect(cut.code).toBe(2);
    expect(cut.stdout).toContain('1 input could not be read');
    expect(cut.stdout).not.toContain('could not be linted');
    expect(readFileSync(join(dir, 'design.json'), 'utf8')).toBe(JSON.stringify(ORDERS_DESIGN));
  });
});
