/**
 * Properties of `observe` over generated load profiles, through the real CLI on recorded-shape exports:
 * - observed figures equal to the declared ones give no drift;
 * - scaling the observed load scales the drift findings' numbers by the same factor;
 * - an empty report says so and never passes.
 */
import fc from 'fast-check';
import { EMPTY_INSIGHT_RULE_REPORT } from './recorded';
import { findingsOf, observeTable } from './support';

const SEED = Number(process.env.FC_SEED ?? 20261130);
const RUNS = 12;

// Declared designs the lint passes, so that observing their own figures can only add drift: beside the neighbours
// (total − hot) ÷ P, with P ≥ twice the peak ÷ a partition's 3,000 RCU / 1,000 WCU, the neighbours take under 1,500 RCU
// and 500 WCU, so a hot key of at most 9% of 10,000 RCU (900) and of 3,000 WCU (270) fits the usable 2,400 / 800.
// (At 5,177 WCU and 7%: 362.39 + 4,814.61 ÷ 11 = 800.08 > 800, the lint's own SG003.)
const peaks = fc.record({
  reads: fc.integer({ min: 100, max: 10_000 }),
  writes: fc.integer({ min: 100, max: 3_000 }),
  hotShare: fc.integer({ min: 2, max: 9 }).map((n) => n / 100), // ≥ 1/cardinality (0.001), < maxHotKeyShare 0.1
});

function design(p: { reads: number; writes: number; hotShare: number }) {
  return {
    tables: [
      {
        name: 'orders',
        partitionKey: { name: 'customerId', type: 'S', cardinality: 1000 },
        workload: { peakReadUnits: p.reads, peakWriteUnits: p.writes, hotKeyShare: p.hotShare },
      },
    ],
  };
}

/** Two days of minutes: short enough to run many times, with one busy minute a day. */
const profile = (p: { reads: number; writes: number; hotShare: number }) => ({
  periods: 2 * 1440,
  reads: (i: number) => (i % 1440 === 600 ? p.reads : p.reads / 4),
  writes: (i: number) => (i % 1440 === 600 ? p.writes : p.writes / 4),
  hotShare: (i: number) => (i % 1440 === 600 ? p.hotShare : 0.01),
});

describe('observe properties', () => {
  it('observed figures equal to the declared ones give no drift', async () => {
    await fc.assert(
      fc.asyncProperty(peaks, async (p) => {
        const run = await observeTable(design(p), profile(p), ['--format', 'json']);
        expect(findingsOf(run.stdout)).toEqual([]);
        expect(run.code).toBe(0);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('scaling the observed load scales the findings numbers', async () => {
    await fc.assert(
      fc.asyncProperty(peaks, fc.integer({ min: 2, max: 6 }), async (p, k) => {
        const declared = design(p);
        const once = findingsOf((await observeTable(declared, profile({ ...p, reads: p.reads * 2, writes: p.writes * 2 }), ['--format', 'json'])).stdout);
        const scaled = findingsOf(
          (await observeTable(declared, profile({ ...p, reads: p.reads * 2 * k, writes: p.writes * 2 * k }), ['--format', 'json'])).stdout,
        );
        const observed = (list: typeof once, field: string) =>
          list.find((f) => f.messageId === 'exceedsDeclared' && f.data?.field === field)?.data?.observed as number;
        for (const field of ['peakReadUnits', 'peakWriteUnits']) {
          expect(observed(once, field)).toBeCloseTo(p[field === 'peakReadUnits' ? 'reads' : 'writes'] * 2, 6);
          expect(observed(scaled, field) / observed(once, field)).toBeCloseTo(k, 6);
        }
      }),
      { seed: SEED, numRuns: RUNS / 2 },
    );
  });

  it('an empty or partial report says so and never passes', async () => {
    await fc.assert(
      fc.asyncProperty(peaks, fc.boolean(), async (p, withMetrics) => {
        const prof = withMetrics ? profile(p) : { ...profile(p), periods: 0 };
        const run = await observeTable(design(p), prof, ['--format', 'json', '--fail-on', 'warning'], { report: EMPTY_INSIGHT_RULE_REPORT });
        const findings = findingsOf(run.stdout);
        expect(findings.some((f) => f.messageId === 'noAccessedKeys' && f.message.includes('no datapoints'))).toBe(true);
        expect(findings.some((f) => f.messageId === 'noObservations')).toBe(!withMetrics);
        expect(run.code).toBe(1);
      }),
      { seed: SEED, numRuns: RUNS / 2 },
    );
  });
});
