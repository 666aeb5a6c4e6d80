/**
 * How many full key values sit under a key level's hottest value, by its data: the level's largest value (`largestGb`)
 * holds that part of the container's data (`storage.totalGb`), and so about that part of the full key values. A whale
 * holding 40% of the data holds about 40% of the stations (2,420 GB of 6,050 under /customerId → about 80,000 of 200,000
 * stations), not the average 40 per customer: spread over the average, its share would make one station take 1% of the
 * container. The reading assumes its children hold the average data each, the only figure the design gives for them;
 * `workload.hotKeyShare` (the full key's own hottest share) replaces it. The normalizer's full key estimate and the
 * findings that name it (SG014's) both count with it, so the figure a finding quotes is the one it judged.
 */
import { fullKeyCardinality } from './cardinality';
import type { KeyAttribute } from './key-design';

/**
 * The full key values under the hottest value of `levels[index]` that its declared size suggests, at least 1; undefined
 * where the level declares no `largestGb`, the container no `totalGb`, a deeper level is a time bucket, or the key's
 * values are unbounded.
 */
export function childrenByData(levels: readonly KeyAttribute[], index: number, totalGb: number | undefined): number | undefined {
  const gb = levels[index]?.largestGb;
  if (gb === undefined || totalGb === undefined || !(totalGb > 0)) return undefined;
  // A time bucket below it has the same periods under a large value as under a small one (a larger value holds more in
  // each): its data says nothing of how many there are.
  if (levels.slice(index + 1).some((level) => level.kind === 'time-bucket')) return undefined;
  const byData = Math.floor((fullKeyCardinality(levels) * Math.min(gb, totalGb)) / totalGb);
  return Number.isFinite(byData) ? Math.max(1, byData) : undefined;
}
