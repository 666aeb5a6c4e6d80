import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers';
import { EMPTY_INSIGHT_RULE_REPORT } from './recorded';
import { findingsOf, observeTable, ORDERS_DESIGN, week } from './support';

describe('skewguard observe: DynamoDB, offline exports', () => {
  it('reports a hottest key above its declaration with both numbers and the window, and re-lints with it', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.31 }));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('declared hotKeyShare 0.05, observed 0.31 at the 7-day peak');
    const json = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.31 }), ['--format', 'json']);
    const findings = findingsOf(json.stdout);
    const drift = findings.find((f) => f.messageId === 'exceedsDeclared');
    expect(drift).toMatchObject({ ruleId: 'SG020', severity: 'error', path: 'tables[0].workload.hotKeyShare' });
    expect(drift?.data).toMatchObject({ declared: 0.05, window: '7-day', bound: 'measured' });
    expect(drift?.data?.observed).toBeCloseTo(0.31, 6);
    // With the observed share, a dominant value (SG014, above maxHotKeyShare 0.1) is reported.
    expect(findings.find((f) => f.messageId === 'firesWithObserved' && f.data?.rule === 'SG014')).toBeDefined();
    // No peak drift: 1,500 RCU/s and 700 WCU/s were declared and observed.
    expect(findings.filter((f) => f.messageId === 'exceedsDeclared' && f.path !== 'tables[0].workload.hotKeyShare')).toEqual([]);
  });

  it('derives peaks in the design units: Sum per minute ÷ 60, the busiest minute', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 2100, hotShare: 0.05 }), ['--format', 'json']);
    const drift = findingsOf(run.stdout).find((f) => f.path === 'tables[0].workload.peakWriteUnits');
    expect(drift).toMatchObject({ messageId: 'exceedsDeclared', data: { declared: 700, observed: 2100 } });
    expect(drift?.message).toContain('ConsumedWriteCapacityUnits Sum per 60 s ÷ 60');
    // Issue 13 §5: each observed figure's note carries the figure as fields, beside its sentence.
    const notes: { message: string; data?: Record<string, unknown> }[] = JSON.parse(run.stdout).files[0].notes;
    expect(notes.map((n) => n.data?.figure)).toEqual(expect.arrayContaining(['peakReadUnits', 'peakWriteUnits', 'hotKeyShare', 'distinctKeys']));
    expect(notes.find((n) => n.data?.figure === 'peakWriteUnits')?.data).toEqual({
      figure: 'peakWriteUnits',
      value: 2100,
      bound: 'measured',
      averagedOverSeconds: 60,
    });
    expect(notes.find((n) => n.data?.figure === 'hotKeyShare')?.data).toMatchObject({
      value: 0.05,
      averagedOverSeconds: 60,
      unitsPerSecond: expect.any(Number),
    });
  });

  it('reports figures far below the declaration: over-declaring leads to over-sharding', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 300, writes: 700, hotShare: 0.05 }), ['--format', 'json']);
    const below = findingsOf(run.stdout).find((f) => f.messageId === 'belowDeclared');
    expect(below).toMatchObject({ severity: 'warning', path: 'tables[0].workload.peakReadUnits', data: { declared: 1500, observed: 300 } });
    expect(run.code).toBe(0); // a warning: below --fail-on error
  });

  it('stays quiet when the observations match the design', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.05 }));
    expect(run.stdout).toContain('no findings');
    expect(run.stdout).toContain('observed orders');
    expect(run.code).toBe(0);
  });

  it('an empty Contributor Insights report says so and fails', async () => {
    const run = await observeTable(ORDERS_DESIGN, { ...week({ reads: 1500, writes: 700, hotShare: 0.05 }), periods: 0 }, ['--format', 'json'], {
      report: EMPTY_INSIGHT_RULE_REPORT,
    });
    const findings = findingsOf(run.stdout);
    // Review 4: the empty most accessed keys report is its own finding (noAccessedKeys), whose fix names the prop that turns the rule on.
    expect(findings.map((f) => f.messageId).sort()).toEqual(['incompleteObservations', 'incompleteObservations', 'noAccessedKeys', 'noObservations']);
    expect(findings.some((f) => f.messageId === 'noAccessedKeys' && f.message.includes('just enabled'))).toBe(true);
    // Issue 13 §5: each gap is data (an id, the file and the series), the message its words.
    const gaps = findings.filter((f) => f.messageId === 'incompleteObservations');
    expect(gaps.map((f) => f.data)).toEqual([
      { gap: 'noDatapoints', file: expect.stringContaining('metrics.json'), queryId: 'consumedRead', metric: 'ConsumedReadCapacityUnits' },
      { gap: 'noDatapoints', file: expect.stringContaining('metrics.json'), queryId: 'consumedWrite', metric: 'ConsumedWriteCapacityUnits' },
    ]);
    expect(gaps[0].message).toMatch(/metrics\.json: "consumedRead" \(ConsumedReadCapacityUnits\) has no datapoints in the window$/);
    expect(run.code).toBe(1);
  });

  it('counts key-range throttles as a finding', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.05 }), ['--format', 'json'], {
      throttles: { read: 0, write: 120 },
    });
    expect(findingsOf(run.stdout).find((f) => f.messageId === 'throttled')).toMatchObject({ data: { read: 0, write: 120 } });
  });

  it('hashes partition-key values unless --show-keys', async () => {
    const profile = week({ reads: 1500, writes: 700, hotShare: 0.31 });
    const hidden = await observeTable(ORDERS_DESIGN, profile);
    expect(hidden.stdout).not.toContain('evt-2026-final');
    expect(hidden.stdout).toMatch(/key sha256:[0-9a-f]{12}/);
    const shown = await observeTable(ORDERS_DESIGN, profile, ['--show-keys']);
    expect(shown.stdout).toContain('"evt-2026-final"');
  });

  it('--update writes the observed figures, keeping the formatting, and a second run finds no drift', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 2100, hotShare: 0.31 }), ['--update']);
    const text = readFileSync(join(run.dir, 'design.json'), 'utf8');
    expect(JSON.parse(text).tables[0].workload).toEqual({ peakReadUnits: 1500, peakWriteUnits: 2100, hotKeyShare: 0.31 });
    expect(text).toBe(
      `${JSON.stringify({ tables: [{ ...ORDERS_DESIGN.tables[0], workload: { peakReadUnits: 1500, peakWriteUnits: 2100, hotKeyShare: 0.31 } }] }, null, 2)}\n`,
    );
    expect(run.stdout).toContain('updated: set tables[0].workload.peakWriteUnits to 2100');
    const again = await observeTable(JSON.parse(text), week({ reads: 1500, writes: 2100, hotShare: 0.31 }), ['--format', 'json']);
    expect(findingsOf(again.stdout).filter((f) => f.messageId === 'exceedsDeclared')).toEqual([]);
  });

  it('after --update, the text report says what was written and judges the updated file, not the one it replaced', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.31 }), ['--update']);
    expect(JSON.parse(readFileSync(join(run.dir, 'design.json'), 'utf8')).tables[0].workload.hotKeyShare).toBe(0.31);
    expect(run.stdout).toContain('updated: set tables[0].workload.hotKeyShare to 0.31; the findings below judge the file as written');
    expect(run.stdout).toContain('fixed   SG020 design.json: set tables[0].workload.hotKeyShare to 0.31');
    // The drift the update removed is gone; the observed share (0.31, above maxHotKeyShare 0.1) is now the design's own SG014.
    expect(run.stdout).not.toContain('declared hotKeyShare 0.05');
    expect(run.stdout).not.toContain('firesWithObserved');
    const lint = await cli(['lint', join(run.dir, 'design.json'), '--no-color']);
    expect(lint.stdout).toContain('SG014');
    expect(run.stdout).toContain('SG014');
    expect(run.code).toBe(lint.code);
    // Without --update, the same observations report the drift against the declared 0.05.
    expect((await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.31 }))).stdout).toContain('declared hotKeyShare 0.05');
  });

  it.each(['sarif', 'github'])('reports drift in the %s format', async (format) => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.31 }), ['--format', format]);
    expect(run.stdout).toContain('SG020');
    expect(run.code).toBe(1);
  });
});

describe('observe reports the design’s own findings, as lint does', () => {
  /** 3,000 WCU/s with the hottest key at 31%: 930 WCU on one key, over the usable 800 (SG003). */
  const HOT = week({ reads: 1500, writes: 3000, hotShare: 0.31 });
  const DESIGN = { tables: [{ ...ORDERS_DESIGN.tables[0], workload: { peakReadUnits: 1500, peakWriteUnits: 3000, hotKeyShare: 0.05 } }] };

  it('after --update writes the observed share, observe fails with SG003 exactly where lint fails', async () => {
    const before = await observeTable(DESIGN, HOT, ['--format', 'json']);
    const drift = findingsOf(before.stdout).find((f) => f.messageId === 'firesWithObserved' && f.data?.rule === 'SG003');
    expect(drift?.message).toContain('takes 31% (observed) of the peak');
    expect(drift?.message).not.toContain('(declared)');
    const first = await observeTable(DESIGN, HOT, ['--update', '--format', 'json']);
    const updated = JSON.parse(readFileSync(join(first.dir, 'design.json'), 'utf8'));
    expect(updated.tables[0].workload.hotKeyShare).toBe(0.31);
    const again = await observeTable(updated, HOT, ['--format', 'json']);
    const lint = await cli(['lint', join(again.dir, 'design.json'), '--format', 'json']);
    const rules = (json: string) => findingsOf(json).map((f) => `${f.ruleId} ${f.messageId} ${f.path}`);
    // The --update run's report judges the file as written: the same as a second run, and as lint.
    expect(rules(first.stdout)).toEqual(rules(lint.stdout));
    expect(first.code).toBe(1);
    expect(rules(again.stdout)).toEqual(rules(lint.stdout));
    expect(rules(again.stdout)).toContain('SG003 hotKey tables[0].partitionKey');
    expect([again.code, lint.code]).toEqual([1, 1]);
    // The share is now the design's own: it reads as declared.
    expect(findingsOf(again.stdout).find((f) => f.ruleId === 'SG003')?.message).toContain('(declared)');
  });

  it('--fail-on warning fails on the design’s own warnings too', async () => {
    const warned = { tables: [{ ...ORDERS_DESIGN.tables[0], workload: { peakReadUnits: 1500, peakWriteUnits: 700, hotKeyShare: 0.2 } }] };
    const matched = week({ reads: 1500, writes: 700, hotShare: 0.2 });
    expect((await observeTable(warned, matched)).code).toBe(0);
    const strict = await observeTable(warned, matched, ['--fail-on', 'warning', '--format', 'json']);
    expect(findingsOf(strict.stdout).map((f) => f.ruleId)).toEqual(['SG014']);
    expect(strict.code).toBe(1);
  });

  it('a finding only the declared figures raise is a note, not a failure', async () => {
    const overDeclared = { tables: [{ ...ORDERS_DESIGN.tables[0], workload: { peakReadUnits: 1500, peakWriteUnits: 700, hotKeyShare: 0.05 } }] };
    const shareOnly = await observeTable(overDeclared, week({ reads: 1500, writes: 700, hotShare: 0.05 }));
    expect(shareOnly.stdout).not.toContain('fires on the declared figures');
    const declaredHot = { tables: [{ ...ORDERS_DESIGN.tables[0], workload: { peakReadUnits: 1500, peakWriteUnits: 3000, hotKeyShare: 0.31 } }] };
    const run = await observeTable(declaredHot, week({ reads: 1500, writes: 3000, hotShare: 0.05 }));
    expect(run.stdout).toContain('SG003 hot-key-exceeds-partition fires on the declared figures but not on those observed in the 7-day window');
    expect(run.stdout).toContain('over-declaring leads to over-sharding');
  });
});

describe('SG020 in the reports and the rule documentation', () => {
  it('is a rule of SARIF’s tool.driver.rules, and each SG020 result points at it', async () => {
    const run = await observeTable(ORDERS_DESIGN, week({ reads: 1500, writes: 700, hotShare: 0.31 }), ['--format', 'sarif']);
    const sarif = JSON.parse(run.stdout) as {
      runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } }; results: { ruleId: string; ruleIndex: number }[] }[];
    };
    const { rules } = sarif.runs[0].tool.driver;
    const drift = sarif.runs[0].results.filter((r) => r.ruleId === 'SG020');
    expect(drift.length).toBeGreaterThan(0);
    for (const r of drift) expect(rules[r.ruleIndex]).toMatchObject({ id: 'SG020', helpUri: expect.stringContaining('observe.md#sg020-observed-drift') });
  });

  it('`skewguard explain SG020` explains it, in every format; lint’s SARIF does not list it', async () => {
    const text = await cli(['explain', 'sg20']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^SG020 observed-drift\n {2}severity: {3}error/);
    expect(JSON.parse((await cli(['explain', 'observed-drift', '--format', 'json'])).stdout)).toMatchObject({
      id: 'SG020',
      helpUri: expect.stringContaining('docs/observe.md'),
    });
    expect((await cli(['explain', 'SG020', '--format', 'markdown'])).stdout).toMatch(/^## SG020 observed-drift\n/);
    expect((await cli(['rules'])).stdout).toContain('`skewguard observe` also reports SG020 observed-drift');
    const lint = await cli(['lint', 'examples/designs/good', '--format', 'sarif']);
    expect(JSON.parse(lint.stdout).runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).not.toContain('SG020');
  });
});
