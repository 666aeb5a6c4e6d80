/**
 * The reads a cache in front of a key space cannot serve: those its access patterns declare strongly consistent
 * (`consistentRead`). DAX passes a strongly consistent read through to DynamoDB and caches nothing of it ("DAX and
 * DynamoDB consistency models"), so a hot value whose reads are all strongly consistent gets no cache from the plan, and
 * one whose reads are partly so is told the cache serves only the eventually consistent share. The design declares
 * peaks in read units, so a strongly consistent read's double charge ("Read/write capacity mode": one read unit is one
 * strongly consistent read or two eventually consistent ones of up to 4 KB) is already in them: only what the cache
 * can serve changes here.
 */
import type { AccessPattern } from '../design/key-design';
import { fits } from '../engines/fit';
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './messages';

/** The patterns on a key space that read strongly consistent, and their part of its reads (0 where none is declared). */
export interface ConsistentReads {
  readonly patterns: readonly AccessPattern[];
  readonly share: number;
}

/**
 * The key space's strongly consistent reads: its patterns' (an LSI's on the table's, whose partitions it shares) with
 * `consistentRead`, their shares over the key space's (`readShareOf`, the reads no pattern claims included, which the
 * API's default makes eventually consistent). The hottest value's reads are taken to be so mixed as well.
 */
export function consistentReads(analysis: SpaceAnalysis): ConsistentReads {
  const all = analysis.owner.patternsOn(analysis.space);
  const patterns = all.filter((p) => p.consistentRead);
  if (patterns.length === 0) return { patterns, share: 0 };
  const total = analysis.owner.readShareOf(analysis.space);
  const consistent = patterns.reduce((sum, p) => sum + p.share, 0);
  return { patterns, share: total > 0 ? Math.min(1, consistent / total) : 0 };
}

/** Whether every read of the key space is strongly consistent, so no cache in front of it serves any. */
export function allReadsConsistent(analysis: SpaceAnalysis): boolean {
  return consistentReads(analysis).share >= 1 - 1e-9;
}

/**
 * Whether the cache in front of the hottest value is no fix for its reads as they are declared: every read is strongly
 * consistent, so it serves none; or the strongly consistent share it passes through to the table still takes more than
 * the room the value has on its partition (the usable ceiling less its neighbours' expected load, as the finding judges
 * it): half of 5,000 RCU is 2,500, over 80% of 3,000. With the figures (`consistentLoad` of `consistentRoom`), or
 * undefined where the cache serves the reads it must.
 */
export function cacheLeavesReadsOver(analysis: SpaceAnalysis): MessageData | undefined {
  const { patterns, share } = consistentReads(analysis);
  if (!(share > 0)) return undefined;
  const all = share >= 1 - 1e-9;
  const read = analysis.valueDimensions(analysis.hot).find((d) => d.label === 'read');
  const load = analysis.hot.reads * share;
  const over = read !== undefined && !fits(load, read.usable);
  if (!all && !over) return undefined;
  const room = over
    ? Object.assign(
        { consistentOver: true, consistentRoom: read.usable, consistentUnit: read.unit },
        read.neighbours ? { consistentUsable: read.neighbours.usableAlone, consistentNeighbours: read.neighbours.load } : {},
      )
    : {};
  return Object.assign({ consistentPatterns: patterns.map((p) => p.name), consistentShare: share, consistentLoad: load }, room);
}
