/**
 * observe on Cosmos DB: a first-level value read while its partition-key range throttled (100% NormalizedRUConsumption,
 * 429s above 5% of the requests) has a share that is a floor of its demand (review 18): not written, reported "at least";
 * and the throttled warning names the value that filled the range, not a small steady key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { findingsOf } from './support';

const DESIGN = {
  containers: [
    {
      name: 'sessions',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 1000 },
          { path: '/sessionId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 10000, peakWriteUnits: 10000 },
      throughput: { autoscaleMax: 40000 },
    },
  ],
};
const MINUTES = 20;
const minute = (m: number) => `2026-06-01T10:${String(m).padStart(2, '0')}:00Z`;

/** A whale tenant over 20 sessions (450 RU/s each, 9,000 in all) and 10 small tenants, one steady at 600 RU/s. */
function ruRows(withRange: boolean) {
  const rows: Record<string, unknown>[] = [];
  const row = (m: number, key: string, charge: number, range: string) => ({
    TimeGenerated: minute(m),
    DatabaseName: 'saas',
    CollectionName: 'sessions',
    PartitionKey: key,
    OperationName: 'Query',
    RequestCharge: charge,
    ...(withRange ? { PartitionKeyRangeId: range } : {}),
  });
  for (let m = 0; m < MINUTES; m++) {
    for (let s = 0; s < 20; s++) rows.push(row(m, `["t-whale","s${s}"]`, 450 * 60, '0'));
    for (let t = 0; t < 10; t++) rows.push(row(m, `["t${t}","x"]`, (t === 0 ? 600 : 300) * 60, String(1 + (t % 3))));
  }
  return rows;
}

const nru = {
  value: [
    {
      name: { value: 'NormalizedRUConsumption' },
      timeseries: [0, 1, 2, 3].map((range) => ({
        metadatavalues: [{ name: { value: 'partitionkeyrangeid' }, value: String(range) }],
        data: Array.from({ length: MINUTES }, (_, m) => ({ timeStamp: minute(m), maximum: range === 0 ? 100 : 30 })),
      })),
    },
  ],
};

/** 10,000 requests a minute, 13% of them answered 429. */
const requests = {
  value: [
    {
      name: { value: 'TotalRequests' },
      timeseries: [
        ['200', 8700],
        ['429', 1300],
      ].map(([status, count]) => ({
        metadatavalues: [{ name: { value: 'statuscode' }, value: status }],
        data: Array.from({ length: MINUTES }, (_, m) => ({ timeStamp: minute(m), count })),
      })),
    },
  ],
};

async function observe(withRange: boolean, args: string[] = ['--format', 'json']) {
  const dir = tempTree({
    'design.json': `${JSON.stringify(DESIGN, null, 2)}\n`,
    'obs/ru.json': JSON.stringify(ruRows(withRange)),
    'obs/nru.json': JSON.stringify(nru),
    'obs/requests.json': JSON.stringify(requests),
    'obs/manifest.json': JSON.stringify({
      observations: [{ container: 'sessions', ruConsumption: 'ru.json', normalizedRu: 'nru.json', totalRequests: 'requests.json' }],
    }),
  });
  const run = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--no-color', '--min-window', '20m', ...args], { cwd: dir });
  return { dir, ...run, findings: args.includes('json') ? findingsOf(run.stdout) : [] };
}

describe('observe: a Cosmos DB first-level value throttled in its range', () => {
  it.each([false, true])('its share is a floor, reported "at least" and not written (rows carry the range: %s)', async (withRange) => {
    const run = await observe(withRange);
    const floor = run.findings.find((f) => f.messageId === 'hotKeySaturated');
    expect(floor).toMatchObject({ severity: 'error', path: 'containers[0].partitionKey.paths[0].hotKeyShare', data: { bound: 'lower' } });
    expect(floor?.message).toContain('took at least 0.732 of the logged RU');
    // Issue 13 §5: data holds whether the rows carried PartitionKeyRangeId (a flag), the message its words.
    expect(floor?.data).toMatchObject({ rangeIdLogged: withRange });
    expect(floor?.data).not.toHaveProperty('partitionKeyRangeId');
    const rangeWords = withRange ? 'fell in minutes on a partition-key range at 100% NormalizedRUConsumption:' : 'the logs do not carry PartitionKeyRangeId';
    expect(floor?.message).toContain(rangeWords);
    expect(floor?.fix).toContain('is a minimum');
    // No drift computed from the floor: no other finding at the first level's share.
    expect(run.findings.filter((f) => f.path === 'containers[0].partitionKey.paths[0].hotKeyShare')).toHaveLength(1);
    const updated = await observe(withRange, ['--update']);
    expect(JSON.parse(readFileSync(join(updated.dir, 'design.json'), 'utf8')).containers[0].partitionKey.paths[0].hotKeyShare).toBeUndefined();
  });

  it('the throttled warning names the whale tenant, not the steady 600 RU/s key, and says the range was not in the logs', async () => {
    const run = await observe(false);
    const throttled = run.findings.find((f) => f.messageId === 'throttled');
    const whale = run.findings.find((f) => f.messageId === 'hotKeySaturated')?.message.match(/first-level value, (sha256:[0-9a-f]+)/)?.[1];
    expect(whale).toBeDefined();
    expect(throttled?.message).toContain(
      `the first-level value with the most RU in the 20 minutes a range stood at 100% with 429s above the healthy share was ${whale}`,
    );
    expect(throttled?.message).toContain('the logs do not carry PartitionKeyRangeId');
    expect(throttled?.message).not.toContain('the hottest logged key');
  });

  it('with PartitionKeyRangeId in the rows, the keys are those of the range at 100%', async () => {
    const run = await observe(true);
    expect(run.findings.find((f) => f.messageId === 'throttled')?.message).toContain("100% of those minutes' logged RU on the ranges at 100%");
  });
});
