/**
 * A raise in place keeps a Cosmos DB container's P physical partitions up to P × 10,000 RU/s, but a container created at
 * the same RU/s starts with one per 6,000 RU/s of manual throughput (one per 10,000 of an autoscale maximum): "Best
 * practices for scaling provisioned throughput" (scale-up; large data ingestion: "you first provision 25 * 6000 RU/s =
 * 150,000 RU/s. Then, after the container is created, [...] increase the RU/s to 250,000 RU/s"). A design file also
 * builds new containers (another environment, region or stack): the raise's fix says how a new one gets the same
 * layout, and a design declaring a count only a raise in place reaches is warned where the hot key depends on it.
 *
 * The reviewer's case: 27,700 RU/s at peak, the hottest store 20% (5,540 RU/s), its neighbours 22,160 ÷ P.
 * At 60,000 RU/s manual (10 partitions of 6,000): 5,540 + 2,216 > 4,800. Raised in place to 97,000 (10 of 9,700):
 * 7,756 ≤ 7,760. Created at 97,000: 17 of 5,705.88, 5,540 + 1,303.53 > 4,564.71.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit } from '../../lib';
import { container } from '../fixtures';

function stores(overrides: Partial<CosmosContainerDesign>): CosmosContainerDesign {
  return container({
    name: 'orders',
    partitionKey: { paths: [{ path: '/storeId', cardinality: 1000 }] },
    workload: { peakReadUnits: 7_700, peakWriteUnits: 20_000, hotKeyShare: 0.2 },
    ...overrides,
  });
}

const sg003 = (design: CosmosContainerDesign) => lint(design).filter((f) => f.ruleId === 'SG003');

describe("a raise in place's fix says how a new container gets the same layout", () => {
  it('manual, no declared count: raise to 97,000 on the 10 it has, or create a new one at 60,000 and raise it', () => {
    const [hot] = sg003(stores({ throughput: { manual: 60_000 } }));
    expect(hot).toMatchObject({ severity: 'error', data: { raiseTo: 97_000, raisedPartitions: 10, raiseToCreateAt: 60_000, raiseToCreated: 17 } });
    expect(hot.fix).toContain(
      'create the container at 60,000 RU/s, no more, then raise it to 97,000 RU/s (10 physical partitions of 9,700 RU/s: Azure starts a container on one physical partition per 6,000 RU/s of manual throughput, and raised up to 10 × 10,000 RU/s it splits none; declare physicalPartitions: 10 once raised; created at 97,000 RU/s it would get 17 physical partitions of 5,705.88 RU/s)',
    );
  });

  it('autoscale, no declared count: created at a 97,000 RU/s maximum the container starts on 10 even partitions, so no second path', () => {
    // Undeclared, an autoscale design is the container still to be created: 97,000 start it on ⌈9.7⌉ = 10 of 9,700,
    // evenly: 5,540 + 22,160 ÷ 10 = 7,756 ≤ 7,760 usable; 96,000 (10 of 9,600) leave 7,680. No create-then-raise path.
    const [hot] = sg003(stores({ throughput: { autoscaleMax: 60_000 } }));
    expect(hot.data).toMatchObject({ raiseTo: 97_000, raisedPartitions: 10 });
    expect(hot.data?.raiseToCreateAt).toBeUndefined();
    expect(hot.fix).toContain(
      '(10 physical partitions of 9,700 RU/s: created at them, Azure starts the container on one physical partition per 10,000 RU/s of an autoscale maximum, evenly split',
    );
    expect(hot.fix).not.toMatch(/a new container/);
  });

  it('autoscale on its 6 declared partitions: raised in place to 111,000 (12 = 2 × 6), and a new one created there gets 12 too', () => {
    // 60,000 RU/s autoscale: 6 partitions. Raised to 97,000 it would split to 10, 2 of them unsplit holding 1/6 of the key
    // space (unevensplit16); the least raise that serves is the even one, 12 = 2 × 6: ⌈111,000 ÷ 10,000⌉.
    const [hot] = sg003(stores({ throughput: { autoscaleMax: 60_000 }, physicalPartitions: 6 }));
    expect(hot.data).toMatchObject({ raiseTo: 111_000, raisedPartitions: 12 });
    expect(hot.data?.raiseToCreateAt).toBeUndefined();
    expect(hot.fix).toContain('(12 physical partitions of 9,250 RU/s; declare physicalPartitions: 12 once raised; the split to reach it takes Azure');
    expect(hot.fix).not.toMatch(/a new container/);
  });
});

describe('a design that declares the count a raise in place left (SG003)', () => {
  it('existing, declared 10 at 97,000 manual: no error and no edit; a warning with the create-then-raise path', () => {
    const found = sg003(stores({ throughput: { manual: 97_000 }, physicalPartitions: 10 }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'warning',
      messageId: 'hotKeyInPlaceOnly',
      path: 'physicalPartitions',
      edits: undefined,
      data: { hotKeyLoad: 5_540, declaredPartitions: 10, containerRu: 97_000, createdPartitions: 17, createAt: 60_000 },
    });
    expect(found[0].message).toMatch(/a container created at 97,000 RU\/s gets 17 physical partitions of 5,705\.88 RU\/s, where 3,261\.18 RU\/s are left/);
    expect(found[0].fix).toMatch(/only if created at 60,000 RU\/s and then raised in place to 97,000 RU\/s/);
  });

  it('the same design without the count is what a new container is: an error on 17 partitions', () => {
    const [hot] = sg003(stores({ throughput: { manual: 97_000 } }));
    expect(hot).toMatchObject({ severity: 'error', data: { physicalPartitions: 17, partitionRu: 5_705.88235294 } });
  });

  it('autoscale, declared 10 at a 97,000 RU/s maximum: a new container gets the same 10, no warning', () => {
    expect(sg003(stores({ throughput: { autoscaleMax: 97_000 }, physicalPartitions: 10 }))).toEqual([]);
  });

  it('no noise where the count decides nothing: a key that fits the 17 partitions a new container gets too', () => {
    // 5% of 27,700 = 1,385 RU/s: 1,385 + 26,315 ÷ 17 = 2,933 ≤ 4,564.71 on the created layout.
    const light = stores({
      throughput: { manual: 97_000 },
      physicalPartitions: 10,
      workload: { peakReadUnits: 7_700, peakWriteUnits: 20_000, hotKeyShare: 0.05 },
    });
    expect(sg003(light)).toEqual([]);
  });

  it('no noise for a uniform key: every value loads every partition alike, whatever their count', () => {
    const uniform = stores({
      throughput: { manual: 97_000 },
      physicalPartitions: 10,
      partitionKey: { paths: [{ path: '/storeId', cardinality: 5 }] },
      workload: { peakReadUnits: 7_700, peakWriteUnits: 20_000 },
    });
    expect(sg003(uniform).filter((f) => f.messageId === 'hotKeyInPlaceOnly')).toEqual([]);
  });
});

describe('--fix converges on the raise', () => {
  // chat-hot-room.json: 12,000 RU/s manual (2 partitions of 6,000), one room 60% of 10,000 RU/s: the raise to 20,000 on the
  // 2 partitions is the edit; created at 20,000 a container gets 4 of 5,000, so the fix names 12,000 then the raise.
  const chat: CosmosContainerDesign = {
    engine: 'cosmosdb',
    name: 'chat2',
    throughput: { manual: 12_000 },
    partitionKey: { paths: [{ path: '/roomId', cardinality: 50_000, hotKeyShare: 0.6 }] },
    workload: { peakReadUnits: 6_000, peakWriteUnits: 4_000 },
  };

  it('applied, the raise leaves a warning without edits: no new edit for the same finding', () => {
    const [before] = sg003(chat);
    expect(before.fix).toMatch(
      /^create the container at 12,000 RU\/s, no more, then raise it to 20,000 RU\/s .*; created at 20,000 RU\/s it would get 4 physical partitions/,
    );
    const fixed = applyDesignEdits(chat, before.edits as DesignEdit[]);
    expect(fixed).toMatchObject({ throughput: { manual: 20_000 }, physicalPartitions: 2 });
    const after = sg003(fixed as CosmosContainerDesign);
    expect(after.map((f) => [f.severity, f.messageId, f.edits])).toEqual([['warning', 'hotKeyInPlaceOnly', undefined]]);
    expect(after[0].data).toMatchObject({ createAt: 12_000, createdPartitions: 4 });
  });
});
