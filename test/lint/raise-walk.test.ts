/**
 * The raises in place a fix searches skip what cannot serve (no physical partition gets more than 10,000 RU/s, and
 * between two partition counts the layout is fixed): each search must find exactly the raise a walk of every RU/s on
 * the grid finds. The walks below are those searches one grid point at a time, as they read before the skips.
 */
import { normalize, type CosmosContainerDesign } from '../../lib';
import type { CosmosKeyDesign } from '../../lib/design/key-design';
import { COSMOS_LIMITS, evenInPlaceThroughput, keySpaceSlicesOf, partitionedRequestUnits, physicalPartitionCount, sharedContainers } from '../../lib/engines';
import { gridFormOf, onGrid, throughputForPeak } from '../../lib/engines/cosmos-grid';
import { raisedInPlaceTo } from '../../lib/lint/physical-partition';
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
