/**
 * Review 4 of observe (items 3–6): the share is used unrounded, an assumed share says where it came
 * from, a hierarchical key's first-level share is measured, a "unique" last level taking a large share
 * is flagged, and an export without the most accessed keys rule says how to turn it on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { metricData } from './recorded';
import { findingsOf, observeTable, ORDERS_DESIGN, week } from './support';

/** The reviewer's container: /tenantId (5 values, 0.6 declared) → /userId (200,000) → /id (unique). */
const EVENTS_DESIGN = {
  containers: [
    {
      name: 'events',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 5, hotKeyShare: 0.6 },
          { path: '/userId', cardinality: 200000 },
          { path: '/id', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 20000, peakWriteUnits: 30000 },
      throughput: { autoscaleMax: 60000 },
    },
  ],
};

/** One minute of CDBPartitionKeyRUConsumption rows: per tenant, `keys` full keys of `ru` RU each (60% writes). */
function minute(tenants: readonly (readonly [string, number, number])[]) {
  return tenants.flatMap(([tenant, keys, ru]) =>
    Array.from({ length: keys }, (_, k) =>
      (
        [
          ['Create', 0.6],
          ['Query', 0.4],
        ] as const
      ).map(([operation, part]) => ({
        TimeGenerated: '2026-11-20T10:30:00.000Z',
        DatabaseName: 'shop',
        CollectionName: 'events',
        PartitionKey: JSON.stringify([tenant, `user${k}`, `x${k}`]),
        OperationName: operation,
        RequestCharge: ru * part,
      })),
    ).flat(),
  );
}

/** The reviewer's busiest minute: acme 4 keys × 420,000 RU (0.175 each, 0.7 together) of 2,400,000. */
const HOT_ACME = minute([
  ['acme', 4, 420000],
  ['beta', 4, 90000],
  ['gamma', 4, 90000],
]);
/** acme at its declared 0.6, spread over 100 keys of 0.006 each; four tenants of 0.1 (20 keys of 0.005). */
const SPREAD_ACME = minute([
  ['acme', 100, 6000],
  ['beta', 20, 5000],
  ['gamma', 20, 5000],
  ['delta', 20, 5000],
  ['eps', 20, 5000],
]);

/** The design with the peaks the rows log (a minute's RU ÷ 60), so that a share of the logged total is the share
 *  of the declared peaks: otherwise observe restates it against them (review 10, drift.ts `restatedShare`). */
function designLogging(rows: readonly { OperationName: string; RequestCharge: number }[]) {
  const sum = (write: boolean) => rows.filter((r) => (r.OperationName === 'Create') === write).reduce((s, r) => s + r.RequestCharge, 0) / 60;
  const [container] = EVENTS_DESIGN.containers;
  return { containers: [{ ...container, workload: { peakReadUnits: Math.round(sum(false)), peakWriteUnits: Math.round(sum(true)) } }] };
}

async function observeEvents(rows: { OperationName: string; RequestCharge: number }[], args: string[] = []) {
  const dir = tempTree({
    'design.json': `${JSON.stringify(designLogging(rows), null, 2)}\n`,
    'obs/ru.json': JSON.stringify(rows),
    'obs/manifest.json': JSON.stringify({ observations: [{ container: 'events', database: 'shop', ruConsumption: 'ru.json' }] }),
  });
  const run = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--format', 'json', ...args], { cwd: dir });
  return { dir, ...run, findings: findingsOf(run.stdout) };
}

describe('observe, review 4', () => {
  it('item 4: the observed share is used unrounded (0.175 × 40,000 = 7,000 RU/s, not 7,200) and --update writes 0.175', async () => {
    const run = await observeEvents(HOT_ACME);
    const share = run.findings.find((f) => f.path === 'containers[0].workload.hotKeyShare');
    expect(share?.data?.observed).toBeCloseTo(0.175, 10);
    expect(share?.message).toContain('observed about 0.175');
    const sg003 = run.findings.find((f) => f.messageId === 'firesWithObserved' && f.data?.rule === 'SG003' && f.path === 'containers[0].partitionKey.paths');
    expect(sg003?.message).toContain('takes 17.5% (observed) of the peak: 7,000 RU/s');
    expect(sg003?.message).not.toContain('of the peak: 7,200 RU/s');

    const updated = await observeEvents(HOT_ACME, ['--update']);
    const written = JSON.parse(readFileSync(join(updated.dir, 'design.json'), 'utf8')) as typeof EVENTS_DESIGN & {
      containers: { workload: { hotKeyShare?: number } }[];
    };
    expect(written.containers[0].workload.hotKeyShare).toBe(0.175);
  });

  it("item 5: a share spread from the first level's declaration says so, with a number that is not 0", async () => {
    const run = await observeEvents(HOT_ACME);
    const share = run.findings.find((f) => f.path === 'containers[0].workload.hotKeyShare');
    expect(share?.message).toContain('containers[0].partitionKey.paths[0].hotKeyShare 0.6');
    expect(share?.message).toContain('40,000 `/userId` values under each (0.000015 each)');
    expect(share?.message).toContain('assumed hotKeyShare under 0.000015');
    expect(share?.message).not.toContain('uniform');
    expect(share?.message).not.toMatch(/hotKeyShare 0,/);
  });

  it("item 6: the first level's share is measured as the hotPrefix alert groups it, and drifts like the other shares", async () => {
    const run = await observeEvents(HOT_ACME, ['--tolerance', '0.1']);
    const prefix = run.findings.find((f) => f.path === 'containers[0].partitionKey.paths[0].hotKeyShare');
    expect(prefix).toMatchObject({ messageId: 'exceedsDeclared', data: { declared: 0.6, bound: 'estimate' } });
    expect(prefix?.data?.observed).toBeCloseTo(0.7, 10);
    expect(run.stdout).toContain('hottest first-level value share ≈ 0.7');

    const updated = await observeEvents(HOT_ACME, ['--tolerance', '0.1', '--update']);
    const written = JSON.parse(readFileSync(join(updated.dir, 'design.json'), 'utf8')) as typeof EVENTS_DESIGN;
    expect(written.containers[0].partitionKey.paths[0].hotKeyShare).toBe(0.7);
  });

  it('item 6: a first level at its declared share is not drift', async () => {
    const run = await observeEvents(SPREAD_ACME, ['--tolerance', '0.1']);
    expect(run.findings.filter((f) => f.path === 'containers[0].partitionKey.paths[0].hotKeyShare')).toEqual([]);
    expect(run.stdout).toContain('hottest first-level value share ≈ 0.6');
  });

  it('item 6: a full key whose last level is declared unique taking over 1/100 of the traffic contradicts the declaration', async () => {
    const hot = await observeEvents(HOT_ACME);
    expect(hot.findings.find((f) => f.messageId === 'uniqueKeyTakesShare')).toMatchObject({
      severity: 'warning',
      path: 'containers[0].partitionKey.paths[2].cardinality',
      data: { declared: 'unique', threshold: 0.01 },
    });
    // 0.006 a key: under 1/100, consistent with a value per item.
    const spread = await observeEvents(SPREAD_ACME);
    expect(spread.findings.filter((f) => f.messageId === 'uniqueKeyTakesShare')).toEqual([]);
  });

  it('item 6: a declared full-key share already says one item is hot: exceedsDeclared judges it, not the unique flag', async () => {
    const design = { containers: [{ ...EVENTS_DESIGN.containers[0], workload: { peakReadUnits: 20000, peakWriteUnits: 30000, hotKeyShare: 0.1 } }] };
    const dir = tempTree({
      'design.json': JSON.stringify(design),
      'obs/ru.json': JSON.stringify(HOT_ACME),
      'obs/manifest.json': JSON.stringify({ observations: [{ container: 'events', database: 'shop', ruConsumption: 'ru.json' }] }),
    });
    const findings = findingsOf((await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(findings.filter((f) => f.messageId === 'uniqueKeyTakesShare')).toEqual([]);
    expect(findings.find((f) => f.path === 'containers[0].workload.hotKeyShare')).toMatchObject({ messageId: 'exceedsDeclared', data: { declared: 0.1 } });
  });

  it('item 3: a DynamoDB export without the most accessed keys rule says why and how to turn it on', async () => {
    const profile = week({ reads: 1000, writes: 500, hotShare: 0.05 }, 60);
    const dir = tempTree({
      'design.json': JSON.stringify(ORDERS_DESIGN),
      'obs/metrics.json': JSON.stringify(metricData(profile)),
      'obs/manifest.json': JSON.stringify({ observations: [{ table: 'orders', metrics: 'metrics.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--format', 'json'], { cwd: dir });
    const missing = findingsOf(run.stdout).find((f) => f.messageId === 'noAccessedKeys');
    expect(missing?.message).toContain('THROTTLED_KEYS');
    // Issue 13 §5: data says which gap (an id), the message its words.
    expect(missing?.message).toContain('no most accessed keys report (PKC) was given');
    expect(missing?.data).toEqual({ accessedKeysReport: 'missing' });
    expect(missing).toMatchObject({ severity: 'warning' });
    expect((missing as { fix?: string } | undefined)?.fix).toContain('contributorInsightsMode: dynamodb.ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS');
  });

  it('item 3: an empty most accessed keys report says the same; a report with data does not', async () => {
    const profile = week({ reads: 1000, writes: 500, hotShare: 0.05 }, 60);
    const empty = tempTree({
      'design.json': JSON.stringify(ORDERS_DESIGN),
      'obs/pkc.json': JSON.stringify({ KeyLabels: [], MetricDatapoints: [], Contributors: [] }),
      'obs/metrics.json': JSON.stringify(metricData(profile)),
      'obs/manifest.json': JSON.stringify({ observations: [{ table: 'orders', contributorInsights: 'pkc.json', metrics: 'metrics.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--format', 'json'], { cwd: empty });
    const emptyReport = findingsOf(run.stdout).find((f) => f.messageId === 'noAccessedKeys');
    expect(emptyReport?.message).toContain('pkc.json has no datapoints');
    expect(emptyReport?.data).toMatchObject({ accessedKeysReport: 'empty', report: expect.stringContaining('pkc.json') });
    expect(emptyReport?.data).not.toHaveProperty('gap');
    const full = await observeTable(ORDERS_DESIGN, profile, ['--format', 'json']);
    expect(findingsOf(full.stdout).filter((f) => f.messageId === 'noAccessedKeys')).toEqual([]);
  });
});
