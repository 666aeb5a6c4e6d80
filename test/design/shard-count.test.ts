import fc from 'fast-check';
import { MAX_SHARDS_ACCEPTED } from '../../lib/design/limits';
import { allFit, countByLoad, smallestCount, storedKeyLoads, type KeyLayout } from '../../lib/design/sharding';
import { profileOf, type Loads, type PhysicalShare } from '../../lib/engines';

/** The plan's question: does the hottest value, stored under `layout` in n keys, fit every ceiling? */
function fitsWith(engine: 'dynamodb' | 'cosmosdb', hot: Loads, layout: KeyLayout, collection: boolean, headroom: number, physical?: PhysicalShare) {
  const profile = profileOf(engine);
  return (n: number) => allFit(profile.loadDimensions(storedKeyLoads(hot, layout, n, collection), headroom, physical));
}

const load = fc.double({ min: 0, max: 2_000_000, noNaN: true });
const headroom = fc.double({ min: 0.05, max: 1, noNaN: true });
const physical = fc.option(
  fc.record({
    count: fc.integer({ min: 1, max: 50 }),
    countedBy: fc.constantFrom('throughput' as const, 'storage' as const),
    requestUnitsEach: fc.integer({ min: 400, max: 10_000 }),
    requestUnits: fc.integer({ min: 400, max: 500_000 }),
    keySpaceSlices: fc.integer({ min: 1, max: 50 }),
    neighbours: fc.double({ min: 0, max: 20_000, noNaN: true }),
  }),
  { nil: undefined },
);

describe('shard counts: the formula N = ceil(load / usable) and the search', () => {
  it('agree wherever every load divides over the N keys (writes, and the reads of an item collection)', () => {
    fc.assert(
      fc.property(fc.constantFrom('dynamodb' as const, 'cosmosdb' as const), load, load, headroom, (engine, reads, writes, h) => {
        const ok = fitsWith(engine, { reads, writes }, 'random', true, h);
        const searched = smallestCount(ok);
        const formula = countByLoad(profileOf(engine).loadDimensions({ reads, writes }, h));
        expect(formula <= MAX_SHARDS_ACCEPTED ? formula : undefined).toBe(searched);
      }),
      { numRuns: 2000 },
    );
  });

  it('give the searched count for any layout and physical share, whatever the estimate (a wrong one is checked and dropped)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('dynamodb' as const, 'cosmosdb' as const),
        load,
        load,
        headroom,
        fc.constantFrom<KeyLayout>('random', 'replicated', 'calculated'),
        fc.boolean(),
        physical,
        fc.integer({ min: -2, max: MAX_SHARDS_ACCEPTED + 2 }),
        (engine, reads, writes, h, layout, collection, share, guess) => {
          const hot = { reads, writes };
          const ok = fitsWith(engine, hot, layout, collection, h, engine === 'cosmosdb' ? share : undefined);
          const searched = smallestCount(ok);
          const estimate = countByLoad(profileOf(engine).loadDimensions(hot, h, engine === 'cosmosdb' ? share : undefined));
          expect(smallestCount(ok, estimate)).toBe(searched);
          expect(smallestCount(ok, guess)).toBe(searched);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('checks a formula answer at the boundary instead of trusting it: 800.0000000000001 WCU fits 800 usable in one key', () => {
    const ok = fitsWith('dynamodb', { reads: 0, writes: (10_000 * 0.56) / 7 }, 'random', true, 0.8);
    expect(smallestCount(ok, 2)).toBe(1);
  });
});
