/**
 * `Validations.of(scope).acknowledge()` in a CDK app is copied into the template metadata of every
 * table under the scope. The CDK checks report such a waiver once, at the scope, when no table under
 * it has a finding of its rule; `skewguard lint cdk.out/` must count it the same way, or
 * `--report-unused-acknowledgements error` fails a CI run that `cdk synth` passes. A scope can span
 * several templates (the app, a stage), so this is settled over the whole run.
 */
import type { FileResult, LocatedUnusedAcknowledgement } from './file-result';

/** `results` (in report order) with each scope's waiver that no copy used reported once, at its first unused copy. */
export function settleScopeAcknowledgements(results: readonly FileResult[]): FileResult[] {
  const key = (ruleId: string, acknowledgedAt: string) => `${acknowledgedAt}\u0000${ruleId}`;
  const used = new Set<string>();
  for (const result of results) for (const copy of result.scopeAcknowledgements ?? []) if (!copy.unused) used.add(key(copy.ruleId, copy.acknowledgedAt));
  const reported = new Set<string>();
  return results.map((result) => {
    const stale: LocatedUnusedAcknowledgement[] = [];
    for (const copy of result.scopeAcknowledgements ?? []) {
      const k = key(copy.ruleId, copy.acknowledgedAt);
      if (!copy.unused || used.has(k) || reported.has(k)) continue;
      reported.add(k);
      stale.push({ ...copy.unused, resource: copy.acknowledgedAt || '(app)' });
    }
    return stale.length > 0 ? { ...result, unusedAcknowledgements: [...result.unusedAcknowledgements, ...stale] } : result;
  });
}
