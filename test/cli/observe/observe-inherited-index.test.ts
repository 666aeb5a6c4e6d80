/**
 * observe on an index whose hottest value takes the table's hottest item's writes (lib/lint/analysis.ts,
 * `inheritedWrites`): the reviewer's inventory table, one item per SKU, whose flash-sale SKU takes 60% of 3,000 WCU,
 * with a GSI `by-warehouse` on `warehouseId` (12 values) that declares no writes of its own. Every update of that SKU
 * writes the index on its one warehouse value, so SG003 errs on the index at 1,800 WCU. Declaring the index's
 * `workload.peakWriteUnits` is how a designer says its projection leaves those updates out: `observe --update` must
 * not say it for them from a window in which the SKU was quiet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DRIFT_RULE } from '../../../lib/cli/observe/drift-rule';
import { inventoryTable } from '../../fixtures';
import { cli, tempTree } from '../helpers';
import { insightRuleReport, metricData, type LoadProfile } from './recorded';
import { findingsOf, week } from './support';

/** Review 13's inventory design file: the table of test/fixtures.ts's `inventoryTable`. */
const INVENTORY = { tables: [inventoryTable()] };

interface Exports {
  readonly profile: LoadProfile;
  readonly throttles?: { read?: number; write?: number };
  readonly metrics?: unknown;
}

/** The design and the exports of the table (when given) and its index, and a manifest naming them. */
function workspace(index: Exports, table?: Exports, design: unknown = INVENTORY) {
  const entries = [
    ...(table ? [{ table: 'inventory', contributorInsights: 'table.pkc.json', metrics: 'table.metrics.json' }] : []),
    { table: 'inventory', index: 'by-warehouse', contributorInsights: 'index.pkc.json', metrics: 'index.metrics.json' },
  ];
  return tempTree({
    'design.json': `${JSON.stringify(design, null, 2)}\n`,
    ...(table
      ? {
          'obs/table.pkc.json': JSON.stringify(insightRuleReport(table.profile, 'sku-flash')),
          'obs/table.metrics.json': JSON.stringify(table.metrics ?? metricData(table.profile, table.throttles)),
        }
      : {}),
    'obs/index.pkc.json': JSON.stringify(insightRuleReport(index.profile, 'wh-7')),
    'obs/index.metrics.json': JSON.stringify(index.metrics ?? metricData(index.profile, index.throttles)),
    'obs/manifest.json': JSON.stringify({ observations: entries }),
  });
}

async function observe(dir: string, args: string[] = []) {
  const run = await cli(['observe', 'design.json', '--observations', 'obs/manifest.json', '--no-color', '--format', 'json', ...args], { cwd: dir });
  return { ...run, findings: findingsOf(run.stdout), notes: notesOf(run.stdout) };
}

function notesOf(json: string): string[] {
  return (JSON.parse(json) as { files: { notes?: { message: string }[] }[] }).files.flatMap((f) => (f.notes ?? []).map((n) => n.message));
}

const indexOf = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, 'design.json'), 'utf8')) as { tables: { globalSecondaryIndexes: Record<string, unknown>[] }[] }).tables[0]
    .globalSecondaryIndexes[0];

/** The index's busiest minute in a week in which the flash-sale SKU was quiet: `writes` WCU over its 12 warehouses. */
const quietIndex = (writes: number) => week({ reads: 600, writes, hotShare: 0.1 });
/** The index's key and write peak, as --update left them. */
const indexFigures = (dir: string) => ({ partitionKey: indexOf(dir).partitionKey, workload: indexOf(dir).workload });
const KEPT = /kept peakWriteUnits undeclared \(3,000 WCU derived from the table's writes\)/;

describe('observe --update on an index that takes the table`s hottest item`s writes (review 14, gap 1)', () => {
  it('a quiet week`s lower index writes (2,185 of 3,000) are kept, not declared: SG003 stays on the index, and a note says why', async () => {
    const dir = workspace({ profile: { ...quietIndex(2185), uniqueKeys: 12 } });
    const run = await observe(dir);
    const onIndex = run.findings.filter((f) => f.path.startsWith('tables[0].globalSecondaryIndexes[0]'));
    // SG017 too: the index's capacity must carry the hot item's updates at 2 writes each on redrawn shards (4,800 WCU > 4,000).
    expect(onIndex.map((f) => [f.ruleId, f.severity, f.path])).toEqual([
      ['SG003', 'error', 'tables[0].globalSecondaryIndexes[0].partitionKey'],
      ['SG017', 'error', 'tables[0].globalSecondaryIndexes[0].capacity.write'],
    ]);
    expect(onIndex[0].message).toMatch(/takes 60% \(of its writes, from the hottest item of the table\) of the peak: 1,800 WCU writes/);
    const kept = run.notes.find((n) => KEPT.test(n));
    expect(kept).toMatch(
      /observed 2,185 WCU, at or below it; the lint takes every update of the table's hottest `skuId` item \(60% of its writes\) to write this index on the one `warehouseId` value that item carries/,
    );
    expect(kept).toMatch(
      /declare tables\[0\]\.globalSecondaryIndexes\[0\]\.workload\.peakWriteUnits yourself if the index's projection leaves those updates out$/,
    );
    // Before: "SG003 … fires on the declared figures but not on those observed", and --update wrote peakWriteUnits 2,185.
    expect(run.notes.join('\n')).not.toMatch(/fires on the declared figures but not on those observed/);

    const updated = await observe(dir, ['--update']);
    expect(indexOf(dir).workload).toBeUndefined();
    expect(updated.findings.filter((f) => f.ruleId === 'SG003').map((f) => f.path)).toContain('tables[0].globalSecondaryIndexes[0].partitionKey');
    const lint = await cli(['lint', join(dir, 'design.json'), '--format', 'json']);
    expect(findingsOf(lint.stdout).map((f) => [f.ruleId, f.path])).toContainEqual(['SG003', 'tables[0].globalSecondaryIndexes[0].partitionKey']);
  });

  it('index writes within the tolerance above the derived peak (3,300 of 3,000) are kept too: judged, they would turn the inheritance off', async () => {
    const dir = workspace({ profile: { ...quietIndex(3300), uniqueKeys: 12 } });
    const run = await observe(dir);
    expect(run.notes.find((n) => KEPT.test(n))).toMatch(/observed 3,300 WCU, within the 10% above it that is no drift/);
    await observe(dir, ['--update']);
    expect(indexOf(dir).workload).toBeUndefined();
  });

  it('index writes above the tolerance (4,000 of 3,000) are drift, written, and the finding says the inheritance goes with them', async () => {
    const dir = workspace({ profile: { ...quietIndex(4000), uniqueKeys: 12 } });
    const run = await observe(dir);
    const drift = run.findings.find((f) => f.messageId === 'exceedsDeclared' && f.path === 'tables[0].globalSecondaryIndexes[0].workload.peakWriteUnits');
    expect(drift?.message).toMatch(
      /observed 4,000 at the 7-day peak \(.*\); written, it declares the index's writes: the lint takes every update of the table's hottest `skuId` item \(60% of its writes\) to write this index on the one `warehouseId` value that item carries, and declaring the index's own peakWriteUnits says its projection leaves those updates out, so the lint then judges the index on its own hottest value's share instead, which holds only if the window saw that item at its busiest$/,
    );
    await observe(dir, ['--update']);
    expect(indexFigures(dir).workload).toMatchObject({ peakWriteUnits: 4000 });
  });

  it('an index that inherits only at the table`s observed share (0.6 against none declared) keeps its derived writes too', async () => {
    const uniformTable = JSON.parse(JSON.stringify(INVENTORY)) as typeof INVENTORY;
    delete (uniformTable.tables[0].workload as { hotKeyShare?: number }).hotKeyShare;
    const table = { profile: { ...week({ reads: 6000, writes: 3000, hotShare: 0.6 }), uniqueKeys: 50000 } };
    const dir = workspace({ profile: { ...quietIndex(2185), uniqueKeys: 12 } }, table, uniformTable);
    const run = await observe(dir);
    expect(run.findings.find((f) => f.path === 'tables[0].workload.hotKeyShare')).toMatchObject({ messageId: 'exceedsDeclared' });
    expect(run.notes.find((n) => KEPT.test(n))).toBeDefined();
    await observe(dir, ['--update']);
    expect(indexOf(dir).workload).toBeUndefined();
  });
});

describe('observe holds an inheriting index`s measured share against the share the lint judges its hottest value at (review 15 item 1)', () => {
  const SHARE = 'tables[0].globalSecondaryIndexes[0].workload.hotKeyShare';
  /** The index's week with the flash-sale SKU busy: `hotShare` of its ConsumedThroughputUnits (RCU + 3 × WCU) on one warehouse. */
  const busyIndex = (hotShare: number, reads = 600) => ({ profile: { ...week({ reads, writes: 3000, hotShare }), uniqueKeys: 12 } });
  const shareOf = (dir: string) => (indexOf(dir).workload as Record<string, unknown> | undefined)?.hotKeyShare;

  it('0.55 measured is no drift of the 0.568 the lint takes (600 RCU at 1/12, 3,000 WCU at the item`s 0.6): kept, not written', async () => {
    const dir = workspace(busyIndex(0.55));
    const run = await observe(dir);
    // Before: "assumed (uniform: 1/12 distinct keys) hotKeyShare 0.0833, observed 0.55", an error, and --update wrote 0.55,
    // which the lint reads as the share of the index's reads too (600 × 0.55 where 600 × 1/12 was measured).
    expect(run.findings.filter((f) => f.path === SHARE)).toEqual([]);
    expect(run.notes.find((n) => n.includes('kept hotKeyShare'))).toMatch(
      /kept hotKeyShare 0\.0833: observed 0\.55, at or below it; the lint judges this index's hottest value at 0\.568 of its consumed units: its reads \(600 RCU\) at the index's own share \(assumed \(uniform: 1\/12 distinct keys\) hotKeyShare 0\.0833\), and its writes \(3,000 WCU\) at 0\.6, the share the lint takes every update of the table's hottest `skuId` item \(60% of its writes\) to write this index on the one `warehouseId` value that item carries/,
    );
    await observe(dir, ['--update']);
    expect(shareOf(dir)).toBeUndefined();
  });

  it('0.8 measured, above the lint`s 0.568 by more than the tolerance and at least the item`s 0.6, is drift: written as measured', async () => {
    const dir = workspace(busyIndex(0.8));
    const drift = (await observe(dir)).findings.find((f) => f.path === SHARE);
    expect(drift).toMatchObject({ messageId: 'exceedsDeclared', severity: 'error', data: { observed: 0.8 } });
    expect(drift?.message).toMatch(/^the lint judges this index's hottest value at 0\.568 of its consumed units: .*, observed 0\.8 at the 7-day peak/);
    expect(drift?.message).toMatch(/; --update writes hotKeyShare 0\.8, at least the item's 0\.6: the lint then judges the index's reads and writes at it$/);
    await observe(dir, ['--update']);
    expect(shareOf(dir)).toBe(0.8);
  });

  it('0.59 measured with half the reads on the index (0.471 taken) is drift below the item`s 0.6: written as the reads` share that makes the lint`s mixture 0.59, and a second run sees none', async () => {
    const halfReads = JSON.parse(JSON.stringify(INVENTORY)) as { tables: { accessPatterns: { share: number }[] }[] };
    halfReads.tables[0].accessPatterns[0].share = 0.5;
    halfReads.tables[0].accessPatterns[1].share = 0.5;
    const dir = workspace(busyIndex(0.59, 3000), undefined, halfReads);
    const drift = (await observe(dir)).findings.find((f) => f.path === SHARE);
    expect(drift?.message).toMatch(/^the lint judges this index's hottest value at 0\.471 of its consumed units/);
    expect(drift?.message).toMatch(
      /; --update writes hotKeyShare 0\.56, the share of the reads that, with the item's 0\.6 of the writes, makes the lint's mixture the 0\.59 measured: \(0\.59 × 12,000 − 9,000 × 0\.6\) ÷ 3,000$/,
    );
    // Before: written as 0.59, the lint took 3,000 × 0.59 of reads and 3,000 × 0.6 of writes: 0.598 of the units, not 0.59.
    const updated = await observe(dir, ['--update']);
    expect(shareOf(dir)).toBe(0.56);
    expect(updated.findings.filter((f) => f.path === SHARE)).toEqual([]);
    expect((await observe(dir)).findings.filter((f) => f.path === SHARE)).toEqual([]);
  });
});

describe('observe on an inheriting index whose partition key the updates change (review 14, gap 3)', () => {
  it('keeps its derived 6,000 (2× the table`s), and says the item moves between the index`s values', async () => {
    const moving = JSON.parse(JSON.stringify(INVENTORY)) as { tables: { globalSecondaryIndexes: { partitionKey: Record<string, unknown> }[] }[] };
    moving.tables[0].globalSecondaryIndexes[0].partitionKey.mutable = true;
    const run = await observe(workspace({ profile: { ...quietIndex(4000), uniqueKeys: 12 } }, undefined, moving));
    expect(run.notes.find((n) => n.includes('kept peakWriteUnits undeclared'))).toMatch(
      /\(6,000 WCU derived from the table's writes\): observed 4,000 WCU, at or below it; the lint takes every update of the table's hottest `skuId` item \(60% of its writes\) to write this index with at most one write per update on any `warehouseId` value, as the updates move it between them/,
    );
  });
});

/** The inventory table keyed by SKU and lot: a SKU is many items, so the index inherits nothing (gap 2 alone). */
const BY_LOT = (() => {
  const design = JSON.parse(JSON.stringify(INVENTORY)) as { tables: Record<string, unknown>[] };
  Object.assign(design.tables[0], { sortKey: { name: 'lotId', type: 'S' }, invariants: [] });
  return design;
})();

describe('observe on an index whose table`s writes were throttled (review 14, gap 2)', () => {
  const hotIndex = { ...week({ reads: 600, writes: 3000, hotShare: 0.3 }), uniqueKeys: 12 };
  const table = (throttles?: { write?: number }) => ({ profile: { ...week({ reads: 6000, writes: 3000, hotShare: 0.2 }), uniqueKeys: 50000 }, throttles });

  const SHARE = 'tables[0].globalSecondaryIndexes[0].workload.hotKeyShare';
  const onShare = <F extends { path: string }>(findings: F[]) => findings.filter((f) => f.path === SHARE);

  it('with the index`s own write throttles (GlobalSecondaryIndexName metrics), its share is a floor: a warning, neither compared nor written', async () => {
    const dir = workspace({ profile: hotIndex, throttles: { write: 400 } }, table({ write: 0 }), BY_LOT);
    const run = await observe(dir);
    const floor = onShare(run.findings);
    expect(floor.map((f) => [f.ruleId, f.messageId, f.severity])).toEqual([['SG020', 'indexShareFloor', 'warning']]);
    expect(floor[0].message).toMatch(
      /^this index had write throttle events of its own in the 7-day window \(400 WriteKeyRangeThroughputThrottleEvents, its GlobalSecondaryIndexName metrics\): DynamoDB throttles a table write that an index cannot take \(back pressure\), so the updates refused never reached the index/,
    );
    expect(floor[0].message).toMatch(
      /So its observed share, 0\.3 \(.*\), is a floor of its demand: it is neither compared with the design nor written as the index's hotKeyShare$/,
    );
    expect(floor[0].data).toMatchObject({ field: 'hotKeyShare', observed: 0.3, bound: 'lower', throttledBy: 'index', indexWriteThrottles: 400 });
    // `skewguard explain SG020` and SARIF's rule describe it.
    expect(DRIFT_RULE.messages.indexShareFloor).toMatch(/the index's own writes were throttled .* the updates refused never reached the index/);
    await observe(dir, ['--update']);
    expect((indexOf(dir).workload as Record<string, unknown> | undefined)?.hotKeyShare).toBeUndefined();
  });

  it('with the table`s own write throttles (its hot key) and none of the index`s, the index`s share is measured: drift, and written', async () => {
    // Before (review 15): any table write throttle set the floor, though the index's export showed it never throttled.
    const dir = workspace({ profile: hotIndex, throttles: { write: 0 } }, table({ write: 1200 }), BY_LOT);
    const run = await observe(dir);
    expect(onShare(run.findings).map((f) => f.messageId)).toEqual(['exceedsDeclared']);
    await observe(dir, ['--update']);
    expect((indexOf(dir).workload as Record<string, unknown>).hotKeyShare).toBe(0.3);
  });

  it('with table write throttles and no throttle metrics of the index, the share is a floor, and the finding says observe cannot tell whose they were', async () => {
    const dir = workspace({ profile: hotIndex }, table({ write: 1200 }), BY_LOT);
    const run = await observe(dir);
    const floor = onShare(run.findings);
    expect(floor.map((f) => [f.messageId, f.severity])).toEqual([['indexShareFloor', 'warning']]);
    expect(floor[0].message).toMatch(
      /^the base table inventory had write throttle events in the 7-day window \(1,200 WriteKeyRangeThroughputThrottleEvents\), and this index's own write throttle metrics \(its GlobalSecondaryIndexName dimension\) were not exported, so observe cannot tell whether they were this index's back pressure/,
    );
    expect(floor[0].fix).toMatch(/^export this index's throttle metrics .* with a GlobalSecondaryIndexName dimension beside TableName/);
    expect(floor[0].data).toMatchObject({ observed: 0.3, bound: 'lower', throttledBy: 'unknown', tableWriteThrottles: 1200 });
    await observe(dir, ['--update']);
    expect((indexOf(dir).workload as Record<string, unknown> | undefined)?.hotKeyShare).toBeUndefined();
  });

  it('without table write throttles the same share is drift, and written (the floor needs the throttles)', async () => {
    const dir = workspace({ profile: hotIndex }, table({ write: 0 }), BY_LOT);
    const run = await observe(dir);
    expect(run.findings.find((f) => f.path === 'tables[0].globalSecondaryIndexes[0].workload.hotKeyShare')).toMatchObject({ messageId: 'exceedsDeclared' });
    await observe(dir, ['--update']);
    expect((indexOf(dir).workload as Record<string, unknown>).hotKeyShare).toBe(0.3);
  });

  it('the index`s write peak is then a lower bound: it does not lower a declared 3,000 to the 1,000 that reached the index', async () => {
    const declared = JSON.parse(JSON.stringify(BY_LOT)) as { tables: { globalSecondaryIndexes: Record<string, unknown>[] }[] };
    declared.tables[0].globalSecondaryIndexes[0].workload = { peakWriteUnits: 3000 };
    const quiet = { ...week({ reads: 600, writes: 1000, hotShare: 0.1 }), uniqueKeys: 12 };
    const throttled = await observe(workspace({ profile: quiet }, table({ write: 1200 }), declared));
    expect(throttled.findings.find((f) => f.path.endsWith('globalSecondaryIndexes[0].workload.peakWriteUnits'))).toBeUndefined();
    expect(throttled.notes.find((n) => n.includes('peak writes ≥ 1,000 WCU/s'))).toMatch(
      /a lower bound: the table's throttled writes \(1,200 WriteKeyRangeThroughputThrottleEvents\) never reached the index/,
    );
    const served = await observe(workspace({ profile: quiet }, table({ write: 0 }), declared));
    expect(served.findings.find((f) => f.path.endsWith('globalSecondaryIndexes[0].workload.peakWriteUnits'))).toMatchObject({ messageId: 'belowDeclared' });
  });
});
