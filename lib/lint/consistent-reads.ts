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
import type { SpaceAnalysis } from './analysis';

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
