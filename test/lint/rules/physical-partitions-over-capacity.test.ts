/**
 * A Cosmos DB container whose peak is above headroom × its RU/s (SG017's finding) still has a hot key judged
 * on its physical partition: at the RU/s SG017 asks for (peak ÷ headroom on Azure's grid), with the layout a
 * raise in place gives (it splits only to ⌈RU/s ÷ 10,000⌉: "Best practices for scaling provisioned throughput").
 * A key that does not fit its partition's share even then throttles after SG017's fix too: SG003 (and SG001's
 * note) say so now; an evenly loaded container that the raise serves is SG017's alone.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../../lib';
import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** Orders keyed by store: the flagship takes 37.5% of 14,400 RU/s, 5,400 RU/s (examples/designs/bad/physical-partition-hot-store.json). */
function stores(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'store-orders',
    partitionKey: { paths: [{ path: '/storeId', cardinality: 1000 }] },
    workload: { peakReadUnits: 4_400, peakWriteUnits: 10_000, hotKeyShare: 0.375 },
    thresholds: { maxHotKeyShare: 0.4 },
    ...overrides,
  });
}

/** Forty stores, the busiest with 20% of 18,000 RU/s (3,600 RU/s). */
function fortyStores(throughput: CosmosContainerDesign['throughput'], overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'store-orders',
    partitionKey: { paths: [{ path: '/storeId', cardinality: 40 }] },
    workload: { peakReadUnits: 4_000, peakWriteUnits: 14_000, hotKeyShare: 0.2 },
    thresholds: { maxHotKeyShare: 0.25 },
    throughput,
    ...overrides,
  });
}

/** The same stores with no hot value: a uniform share of 1/1000. */
const evenStores = (manual: number) => stores({ throughput: { manual }, workload: { peakReadUnits: 4_400, peakWriteUnits: 10_000 } });

const rulesOf = (design: CosmosContainerDesign) => [...new Set(lint(design).map((f) => f.ruleId))].sort();

testRule('SG003', {
  valid: [
    // 14,400 RU/s of 17,000 is over the 80% headroom (SG017); at the 18,000 it asks for, three partitions of 6,000 RU/s
    // each carry 4,800 RU/s, their usable share: the key is not what is short.
    { name: 'an evenly loaded container under-provisioned by its headroom only: SG017 alone', design: evenStores(17_000) },
    { name: 'the same container at the 18,000 RU/s SG017 asks for: every partition at its usable share, none over', design: evenStores(18_000) },
  ],
  invalid: [
    {
      // At 17,000 RU/s (3 partitions of 5,667) the flagship's partition carries 5,400 + ~3,000 RU/s; at SG017's 18,000
      // (still 3 partitions) it has 4,800 usable less 3,000 for its neighbours: 1,800 RU/s.
      name: 'the hot store at 17,000 RU/s manual: judged at the 18,000 SG017 asks for, where it still throttles',
      design: stores({ throughput: { manual: 17_000 } }),
      findings: [
        {
          messageId: 'hotKey',
          notes: ['requestOverPhysical', 'physicalShare', 'atCapacityRaise'],
          data: { requestLoad: 5_400, requestUsable: 1_800, containerRu: 18_000, declaredRu: 17_000, physicalPartitions: 3, partitionRu: 6_000 },
          message: /judged at the 18,000 RU\/s the container's peak needs, not its declared 17,000 RU\/s/,
        },
      ],
    },
    {
      // 18,000 RU/s over 40 stores, the busiest 3,600 RU/s: autoscale 20,000 (2 partitions) raised to 23,000 (18,000 ÷
      // 0.8 = 22,500 on the 1,000 grid) would split 1 of the 2, to 3 of 7,666.67 RU/s, the unsplit one keeping 1/2 of the
      // key space ("Best practices for scaling provisioned throughput"): 18,000 ÷ 2 = 9,000 RU/s on 6,133.33 usable. SG017
      // asks for the even split instead (evensplit17), 4 = 2 × 2 partitions past 30,000: 31,000 RU/s, 7,750 each, 6,200
      // usable; the neighbours there are 14,400 ÷ 4 = 3,600, so 2,600 are left for the store's 3,600: it still throttles.
      // Before: judged at 23,000 on 3, the neighbours 14,400 ÷ 2 = 7,200. Undeclared, the design is a container still to be
      // created: at 23,000 Azure starts it on 3 even partitions of 7,666.67 (6,133.33 usable), the neighbours 14,400 ÷ 3 =
      // 4,800, 1,333.33 left for the store's 3,600; 31,000 in place did not serve it either, so SG017 asks no more than 23,000.
      name: '/storeId with 40 values under an autoscale maximum of 20,000 RU/s',
      design: fortyStores({ autoscaleMax: 20_000 }),
      findings: [
        {
          messageId: 'hotKey',
          data: { requestLoad: 3_600, requestUsable: 1_333.33333333, containerRu: 23_000, declaredRu: 20_000, physicalPartitions: 3, neighbourRu: 4_800 },
        },
      ],
    },
    {
      name: '/storeId with 40 values at 18,000 RU/s manual: judged at 22,500 on its 3 partitions',
      design: fortyStores({ manual: 18_000 }),
      findings: [{ messageId: 'hotKey', data: { requestLoad: 3_600, requestUsable: 1_200, containerRu: 22_500, declaredRu: 18_000, physicalPartitions: 3 } }],
    },
    {
      // A declared layout raised in place keeps its partitions: 4 of 5,750 RU/s at 23,000.
      name: '/storeId with 40 values on 4 declared physical partitions at 20,000 RU/s',
      design: fortyStores({ autoscaleMax: 20_000 }, { physicalPartitions: 4 }),
      findings: [{ messageId: 'hotKey', data: { containerRu: 23_000, declaredRu: 20_000, physicalPartitions: 4, partitionRu: 5_750, neighbourRu: 3_600 } }],
    },
  ],
});

describe('SG001 on a container over its capacity', () => {
  it("/storeId with 40 values at 18,000 RU/s manual: an error, its hottest value's usable at SG017's raise", () => {
    const found = lint(fortyStores({ manual: 18_000 })).filter((f) => f.ruleId === 'SG001');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      messageId: 'fewValues',
      severity: 'error',
      data: { hotLoad: 3_600, hotUsable: 1_200, raisedRu: 22_500, declaredRu: 18_000 },
    });
    expect(found[0].message).toMatch(/its physical partition's share at the 22,500 RU\/s the container's peak needs, .*not at its declared 18,000 RU\/s/);
  });
});

describe("a container over its capacity: SG017's raise makes nothing new fire", () => {
  it('the evenly loaded container at 17,000 RU/s gets SG017 only', () => {
    expect(rulesOf(evenStores(17_000))).toEqual(['SG017']);
  });

  // A finding of the same rule and path that the raise makes milder is the one the design had, said once its value fits:
  // the forty stores' raise is SG003's, the least at which the busiest store fits beside its neighbours with no change of
  // key (36,000 RU/s autoscale: 4 physical partitions of 9,000 RU/s, 7,200 usable, less the other stores' 14,400 ÷ 4 =
  // 3,600, leave exactly its 3,600; 35,000 leaves 7,000 − 3,600 = 3,400), so SG001's error becomes its warning that the
  // value fits with no growth left (fewValuesEachFitsAtCeiling), as SG014 warns after a flat key's raise (decision 50).
  const milder = (before: readonly Finding[], f: Finding) => before.some((g) => g.ruleId === f.ruleId && g.path === f.path && g.severity === 'error');
  it.each([
    ['the hot store at 17,000 RU/s', stores({ throughput: { manual: 17_000 } }), []],
    ['the evenly loaded stores at 17,000 RU/s', evenStores(17_000), []],
    ['40 stores at autoscale 20,000', fortyStores({ autoscaleMax: 20_000 }), ['SG001 warning fewValuesEachFitsAtCeiling']],
    ['40 stores at 18,000 manual', fortyStores({ manual: 18_000 }), []],
    ['40 stores on 4 declared partitions', fortyStores({ autoscaleMax: 20_000 }, { physicalPartitions: 4 }), ['SG001 warning fewValuesEachFitsAtCeiling']],
  ])('%s', (_, design, madeMilder) => {
    const before = lint(design);
    const fix = before.find((f) => f.ruleId === 'SG017');
    expect(fix?.edits).toBeDefined();
    const after = lint(applyDesignEdits(design, fix?.edits as DesignEdit[]));
    const reported = new Set(before.map((f) => `${f.ruleId} ${f.severity}`));
    const appeared = after.filter((f) => !reported.has(`${f.ruleId} ${f.severity}`));
    expect(appeared.filter((f) => !milder(before, f)).map((f) => `${f.ruleId} ${f.severity}`)).toEqual([]);
    expect(appeared.filter((f) => milder(before, f)).map((f) => `${f.ruleId} ${f.severity} ${f.messageId}`)).toEqual(madeMilder);
    // Where SG017 carries SG003's raise, the busiest store is served: SG003 is gone (before, at 23,000, it stayed an error).
    if (madeMilder.length > 0) expect(after.filter((f) => f.ruleId === 'SG003')).toEqual([]);
    expect(after.some((f) => f.ruleId === 'SG017')).toBe(false);
  });
});
