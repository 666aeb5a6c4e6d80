/**
 * A synthetic bucketed first level (`/tenantIdBucket` = tenantId + "-" + hash(source) mod N), the one SG003's fix
 * proposes: recognised by its name, and its count read from its declared bucket part (`components`: the value, then
 * the bucket), so that a rule judging it asks for more buckets rather than a bucketed level again.
 */
import type { KeyAttribute, KeyPart } from './key-design';

/** A level name or part that says it holds buckets (`tenantIdBucket`, `bucket`), not a time bucket. */
const BUCKET_NAME = /bucket$/i;

/** A first level bucketed already: its bucket part and declared count where its components name them. */
export interface BucketLevel {
  readonly part?: KeyPart;
  readonly declaredBuckets?: number;
}

/** `level` as a bucketed level, or undefined for a level of its own values (a time bucket is one of those). */
export function bucketLevel(level: KeyAttribute): BucketLevel | undefined {
  if (level.kind === 'time-bucket' || typeof level.cardinality !== 'number') return undefined;
  const part = level.components.length > 1 ? level.components[level.components.length - 1] : undefined;
  if (part !== undefined && BUCKET_NAME.test(part.name) && typeof part.cardinality === 'number') return { part, declaredBuckets: part.cardinality };
  return BUCKET_NAME.test(level.name) ? {} : undefined;
}
