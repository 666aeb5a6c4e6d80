/**
 * The chance of a crowd is summed exactly (O(P × N × k)) only where it can reach a line: the 1% a fix states it at, or
 * 1 − crowdConfidence. Most crowds that pass a partition's maximum are far below both, and a bound (union × Chernoff,
 * lib/design/crowd-bound.ts) says so in O(1). Counted as sums done, whatever the machine's speed.
 */
import { lint, type DesignInput } from '../../lib';
import { likelyChanceOfCrowd } from '../../lib/design/crowd-bound';
import * as crowdChanceModule from '../../lib/design/crowd-chance';
import { overflowingCrowd, crowdLoad, type KeyOnPartition } from '../../lib/design/hashed-pair';
import { fits } from '../../lib/engines';
import { callsDuring } from '../support/calls-during';

/** The crowds whose chance `run` sums exactly: [keys, partitions, crowd]. */
function exactSums(run: () => void): number[][] {
  return callsDuring(crowdChanceModule, 'chanceOfCrowd', run) as number[][];
}

/** 23,616 WCU on one of 12 order dates, planned as 76 calculated shards on 48 partitions. */
const orders = {
  engine: 'dynamodb',
  name: 'orders',
  partitionKey: { name: 'orderDate', type: 'S', cardinality: 12 },
  sortKey: { name: 'itemId', type: 'S', cardinality: 'unique' },
  billing: 'on-demand',
  workload: { peakReadUnits: 12496, peakWriteUnits: 23616 },
  accessPatterns: [{ name: 'one-item', keyAttributes: ['orderDate', 'itemId'], share: 1 }],
} as DesignInput;

describe('the exact chance of a crowd is summed only where it can reach a line', () => {
  it('sums the stated crowd (4 of 76 shards on 48 partitions, 99.27%), not the other figure’s 19 of 76 (6.5e−14)', () => {
    let fix: string | undefined;
    const sums = exactSums(() => {
      fix = lint(orders).find((f) => f.ruleId === 'SG002')?.fix;
    });
    expect(fix).toContain('4 or more of the 76 shards share one of the 48 partitions 99.27% of the time');
    // The other figure's crowd, 19 of 76: D(19/76 ‖ 1/48) = 0.25 ln 12 + 0.75 ln(0.75 ÷ 47/48) = 0.4213, so the bound is
    // 48 × e^(−76 × 0.4213) ≈ 6.0e−13 (exactly 6.5e−14), far below half of 1%. Summed exactly before.
    expect(sums).toEqual([[76, 48, 4]]);
  });
});

describe('the bound rules out only what the exact sum rules out', () => {
  it('gives the exact chance, or undefined only where it is below half the line', () => {
    for (const [keys, partitions] of [
      [6, 10],
      [30, 60],
      [62, 60],
      [76, 48],
      [150, 20],
    ]) {
      for (let crowd = 2; crowd <= keys; crowd++) {
        const exact = crowdChanceModule.chanceOfCrowd(keys, partitions, crowd);
        for (const least of [0.0001, 0.01, 0.1, 1]) {
          const likely = likelyChanceOfCrowd(keys, partitions, crowd, least);
          if (likely === undefined) expect(exact).toBeLessThan(least / 2);
          else expect(likely).toBe(exact);
        }
      }
    }
  });

  it('finds the same fewest overflowing crowd as walking up from two', () => {
    const walked = (figure: KeyOnPartition, keys: number) => {
      for (let crowd = 2; crowd <= keys; crowd++) if (!fits(crowdLoad(figure, keys, crowd), figure.maximum)) return crowd;
      return undefined;
    };
    for (const load of [5, 60, 280, 700, 1200]) {
      for (const neighbours of [0, 150, 600]) {
        const figure = { partitions: 40, load, neighbours, usable: 800, maximum: 1000, unit: 'WCU' };
        for (const keys of [1, 2, 3, 39, 40, 41, 75, 300]) expect(overflowingCrowd(figure, keys, 1)?.keys).toBe(walked(figure, keys));
      }
    }
  });
});
