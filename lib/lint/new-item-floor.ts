/**
 * An `INCLUDE` index's floor: the table writes that put or delete items, which write it whatever its projection
 * (new-items.ts), where its updates may change a projected attribute and so write it too. Its figure stays the table's
 * writes, an upper bound (projection.ts); the floor, over on its own, is judged as declared.
 */
import type { KeySpace } from '../design/key-design';
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import { withSpace } from './index-writes';

/**
 * The analysis of an `INCLUDE` index counted at the table's writes as an upper bound, at the floor its declared puts
 * and deletes give it (`newItems` that are not its whole figure), where that floor is over on writes: a finding that
 * rests on it is judged and sized on the floor, not warned on the bound. Undefined otherwise.
 */
export function newItemFloor(a: SpaceAnalysis): SpaceAnalysis | undefined {
  return a.once(floorOf);
}

function floorOf(a: SpaceAnalysis): SpaceAnalysis | undefined {
  const { newItems, writeSource } = a.space.workload;
  if (newItems === undefined || newItems.whole || writeSource !== 'table') return undefined;
  const workload = Object.assign({}, a.space.workload, { peakWriteUnits: newItems.share * newItems.tableWriteUnits, writeSource: 'new-items' as const });
  const space: KeySpace = Object.assign({}, a.space, { workload });
  const floor = new DesignAnalysis(withSpace(a.design, a.space, space), a.owner.rulesOff).spaces.find((s) => s.space === space);
  return floor !== undefined && floor.over.some((d) => d.label === 'write') ? floor : undefined;
}
