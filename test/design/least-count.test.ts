/**
 * `leastCount` finds the least N whose loads fit their usable line and whose keys hashed onto one partition fit its
 * maximum, by a formula and a bisection where it may: the walk up from the usable line's count is the definition, so
 * its answer must equal the walk's wherever the key space's partitions stay put (shards) or grow with N (replicated
 * copies, whose writes multiply: more partitions, a count up to P bisected only where P is the same at both ends).
 */
import { countFitsPair } from '../../lib/design/hashed-pair';
import { leastCount } from '../../lib/design/sharding';
import type { EngineProfile, LoadDimension } from '../../lib/engines';
import { allFit } from '../../lib/engines';
import { dynamoDbProfile } from '../../lib/engines/dynamodb';

const USABLE = 800;
/** A hot value of `value` WCU in a key space of `total`, on `partitionsAt(n)` partitions at n keys. */
const keySpace =
  (value: number, total: (n: number) => number, partitionsAt: (n: number) => number) =>
  (n: number): LoadDimension[] => {
    const load = value / n;
    const partitions = partitionsAt(n);
    const neighbours = (total(n) - load) / partitions;
    return [
      {
        label: 'write',
        unit: 'WCU',
        load,
        ceiling: 1000,
        usable: USABLE - neighbours,
        neighbours: { load: neighbours, total: total(n), partitions, countedBy: 'provisioned-capacity', usableAlone: USABLE },
      },
    ];
  };

/** The definition: the first count from 1 up whose loads and pair fit. */
function walked(profile: EngineProfile, dimensionsAt: (n: number) => readonly LoadDimension[]): number | undefined {
  for (let n = 1; n <= 1000; n++) {
    const d = dimensionsAt(n);
    if (allFit(d) && countFitsPair(profile, n, d)) return n;
  }
  return undefined;
}

describe('leastCount gives the walk’s count', () => {
  it.each([1_200, 2_400, 4_000, 6_000, 9_000, 12_500])('shards of a %i WCU value on 40 partitions', (value) => {
    const dimensionsAt = keySpace(
      value,
      () => 40_000,
      () => 40,
    );
    expect(leastCount(dynamoDbProfile, dimensionsAt)).toBe(walked(dynamoDbProfile, dimensionsAt));
  });

  it.each([300, 600, 900, 1_500])('copies of a %i WCU value, whose N writes each add partitions (P = 10 + ⌈N × value ÷ 500⌉)', (value) => {
    // Writes multiply with the copies: the key space's total grows by value × (N − 1), its partitions with it.
    const dimensionsAt = keySpace(
      value * 6,
      (n) => 8_000 + value * (n - 1),
      (n) => 10 + Math.ceil((n * value) / 500),
    );
    expect(leastCount(dynamoDbProfile, dimensionsAt)).toBe(walked(dynamoDbProfile, dimensionsAt));
  });
});
