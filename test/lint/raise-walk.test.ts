/**
 * The raises in place a fix searches skip what cannot serve (no physical partition gets more than 10,000 RU/s, and
 * between two partition counts the layout is fixed): each search must find exactly the raise a walk of every RU/s on
 * the grid finds. The walks below are those searches one grid point at a time, as they read before the skips.
 */
import { normalize, type CosmosContainerDesign } from '../../lib';
import type { CosmosKeyDesign } from '../../lib/design/key-design';
import {
  amongCarried,
  COSMOS_LIMITS,
  evenInPlaceThroughput,
  judgedNeighbourLoad,
  keySpaceSlicesOf,
  partitionedRequestUnits,
  physicalPartitionCount,
  sharedContainers,
} from '../../lib/engines';
import { gridFormOf, onGrid, throughputForPeak } from '../../lib/engines/cosmos-grid';
import {
  firstLevelSpan,
  raisedInPlaceTo,
  raisedLayoutAt,
  raisedLayouts,
  roomForCounts,
  throughputServing,
  type RaisedThroughput,
} from '../../lib/lint/physical-partition';
import { container } from '../fixtures';

const normalized = (input: CosmosContainerDesign) => normalize(input).designs[0].design as CosmosKeyDesign;

/** Unique ids on `throughput`, with `physicalPartitions` and `storage` where given. */
function design(throughput: CosmosContainerDesign['throughput'], more: Partial<CosmosContainerDesign> = {}): CosmosKeyDesign {
  return normalized(container({ partitionKey: { paths: [{ path: '/eventId', cardinality: 'unique' }] }, throughput, ...more }));
}

/** The layouts the searches below are tried on: even and declared counts, storage-set counts, a shared database, and a raised (uneven) layout. */
const LAYOUTS: readonly CosmosKeyDesign[] = [
  design({ manual: 400 }),
  design({ manual: 60_000 }, { physicalPartitions: 6 }),
  design({ manual: 50_000 }, { physicalPartitions: 5 }),
  design({ manual: 30_000 }, { physicalPartitions: 9, storage: { totalGb: 420 } }),
  design({ autoscaleMax: 7_000 }, { physicalPartitions: 7 }),
  design({ sharedDatabase: 120_000, containers: 2 }),
  design({ sharedDatabase: 50_000, containers: 3 }, { physicalPartitions: 5 }),
  raisedInPlaceTo(design({ manual: 50_000 }, { physicalPartitions: 5 }), 73_000, 5),
];

/** `evenInPlaceThroughput` one partition count at a time. */
function evenInPlaceWalk(d: CosmosKeyDesign, peak: number): number {
  const throughput = d.throughput as Exclude<CosmosKeyDesign['throughput'], undefined>;
  if (throughput.mode === 'serverless') throw new Error('a provisioned layout');
  const form = gridFormOf(throughput.mode);
  const containers = sharedContainers(d);
  const now = physicalPartitionCount(throughput.mode, partitionedRequestUnits(throughput), d.totalGb, d.physicalPartitions);
  const layout = { totalGb: d.totalGb, splitFrom: d.splitFrom ?? now };
  let ru = throughputForPeak(form, peak, d.thresholds.headroom, containers);
  for (;;) {
    const count = physicalPartitionCount(throughput.mode, ru, d.totalGb, now);
    const needed = throughputForPeak(form, (peak * count) / keySpaceSlicesOf(layout, count), d.thresholds.headroom, containers);
    if (ru >= needed) return ru;
    ru = Math.min(needed, onGrid(form, count * COSMOS_LIMITS.physicalPartitionRequestUnits + 1));
  }
}

/** Peaks around every line a skip could misjudge: each partition's usable 8,000 RU/s × the slices, a hair either side. */
function peaksAround(slicesUpTo: number): number[] {
  const peaks: number[] = [];
  for (let slices = 1; slices <= slicesUpTo; slices++) for (const by of [-1, -1e-7, 0, 1e-7, 1, 250]) peaks.push(slices * 8_000 + by);
  return peaks;
}

describe("SG017's raise in place (evenInPlaceThroughput) skips the counts an uneven split leaves unserved", () => {
  it('finds the RU/s a walk of every partition count finds', () => {
    const peaks = [...peaksAround(160), 63_000, 164_000, 2_000_000, 9_999_999];
    for (const d of LAYOUTS) for (const peak of peaks) expect([peak, evenInPlaceThroughput(d, peak)]).toEqual([peak, evenInPlaceWalk(d, peak)]);
  });
});

type ServedLoad = Parameters<typeof throughputServing>[1];

/** `throughputServing` one grid point at a time: the first raise of `raisedLayouts` whose check holds. */
function servingWalk(d: CosmosKeyDesign, load: ServedLoad): RaisedThroughput | undefined {
  const { headroom } = d.thresholds;
  const value = amongCarried({ hot: load.hot, rest: load.total - load.hot, cardinality: load.cardinality }, sharedContainers(d));
  const serves = (raise: RaisedThroughput, each: number) => {
    const onePartition = judgedNeighbourLoad(value, raise.keySpaceSlices, headroom * each);
    const span = firstLevelSpan(load.gb ?? 0, onePartition, value.rest, raise.keySpaceSlices);
    return load.hot + span.neighbours <= span.spanned * headroom * each + 1e-9;
  };
  const layouts = [...raisedLayouts(d)];
  const gridRu = (r: RaisedThroughput) => r.databaseRequestUnits ?? r.requestUnits;
  const raise = layouts.map((l) => l.raise).find((r) => serves(r, r.each));
  if (!raise || raise.partitions === layouts[0].raise.partitions) return raise;
  // Lowered once split: every grid point up to the raise, on the raise's partitions and slices, each with 1/P of its RU/s.
  const settle = layouts.map((l) => gridRu(l.raise)).find((ru) => ru <= gridRu(raise) && serves(raise, ru / raise.partitions));
  return settle !== undefined && settle < gridRu(raise) ? Object.assign({}, raise, { settleAt: settle }) : raise;
}

describe('the least raise that serves a hot value (throughputServing) skips what cannot serve it', () => {
  it('finds the raise a walk of every grid point finds: one value or a first level spanning partitions, hot or among alike values', () => {
    for (const d of LAYOUTS) {
      for (const hot of [5_000, 7_999, 8_000.0000001, 12_000]) {
        for (const total of [hot * 1.5, 900_000]) {
          for (const cardinality of [3, total / hot]) {
            for (const gb of [0, 120]) {
              const load = { hot, total, cardinality, gb };
              expect([load, throughputServing(d, load)]).toEqual([load, servingWalk(d, load)]);
            }
          }
        }
      }
    }
  });

  it('walks every grid point from the declared RU/s to the quota, each with the count a raise in place leaves', () => {
    const raises = [...raisedLayouts(LAYOUTS[2])].map(({ raise }) => raise);
    // 50,000 to 1,000,000 RU/s in steps of 100; 5 partitions up to 50,000, then one per 10,000.
    expect(raises.map((r) => r.requestUnits)).toEqual(Array.from({ length: 9_501 }, (_, i) => 50_000 + i * 100));
    expect(raises.map((r) => r.partitions)).toEqual(raises.map((r) => Math.max(5, Math.ceil(r.requestUnits / 10_000))));
  });

  it('with a peak to leave room for, starts at the first raise that does (roomForCounts), below a raise or not', () => {
    for (const d of LAYOUTS) {
      for (const [peak, below] of [
        [300_000, undefined],
        [96_000, 150_000],
        [9_999_999, undefined],
        [100, 30_000],
      ]) {
        const roomy = [...raisedLayouts(d, below, peak)].map((l) => l.raise);
        const walked = [...raisedLayouts(d, below)].map((l) => l.raise).filter((r) => roomForCounts(peak as number, r.requestUnits, d.thresholds.headroom));
        expect(roomy).toEqual(walked);
      }
    }
  });
});

describe('the layout a raise to given RU/s leaves (raisedLayoutAt) is the one raisedLayouts walks to', () => {
  it('on the grid, off it and past either end, on a dedicated container and a shared database', () => {
    for (const d of LAYOUTS) {
      const layouts = [...raisedLayouts(d)];
      const at = (requestUnits: number) => layouts.find((l) => l.raise.requestUnits === requestUnits)?.design;
      const some = [layouts[0], layouts[1], layouts[777], layouts[layouts.length - 1]].map((l) => l.raise.requestUnits);
      for (const requestUnits of [...some, some[1] + 50, 300, 2_000_000, some[2] / 3]) expect(raisedLayoutAt(d, requestUnits)).toEqual(at(requestUnits));
    }
  });
});
