import * as pulumi from '@pulumi/pulumi';

/** A value known only while the deployment runs: a Pulumi Output or a Promise. */
export function isDeferred(value: unknown): boolean {
  return pulumi.Output.isInstance(value) || value instanceof Promise;
}

/**
 * Field paths of deferred values inside a plain value, e.g. `design.workload.peakWriteUnits`.
 * The rules decide synchronously, in the constructor, whether anything may be created at all, so a
 * design value that is not known yet cannot be checked; it is refused rather than skipped.
 */
export function deferredPaths(value: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (isDeferred(value)) return [path];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  if (Array.isArray(value)) return value.flatMap((item, i) => deferredPaths(item, `${path}[${i}]`, seen));
  return Object.keys(value).flatMap((key) => deferredPaths((value as Record<string, unknown>)[key], `${path}.${key}`, seen));
}
