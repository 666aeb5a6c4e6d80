/**
 * `Validations.of(scope).acknowledge()` in a CDK app is copied into the template metadata of every
 * table under the scope. The CDK checks report such a waiver once, at the scope, when no table under
 * it has a finding of its rule, and count the kinds a waiver of a whole rule absorbs over every table
 * under it; `skewguard lint cdk.out/` must count both the same way, or `--report-unused-acknowledgements
 * error` fails a CI run that `cdk synth` passes, and a stack's waiver that absorbs one kind on each of two
 * tables is named by the synth and not by the lint. A scope can span several templates (the app, a
 * stage), so this is settled over the whole run.
 */
import type { Finding } from '../index';
import { kindsWaived } from '../internal';
import type { FileResult, LocatedFinding, LocatedUnusedAcknowledgement } from './file-result';

const key = (ruleId: string, acknowledgedAt: string) => `${acknowledgedAt}\u0000${ruleId}`;

/**
 * `results` (in report order) with each scope's waiver that no copy used reported once, at its first unused copy, and
 * each finding a scope's waiver of a whole rule waives naming it when, over the run, it waives several kinds.
 */
export function settleScopeAcknowledgements(results: readonly FileResult[]): FileResult[] {
  const used = new Set<string>();
  for (const result of results) for (const copy of result.scopeAcknowledgements ?? []) if (!copy.unused) used.add(key(copy.ruleId, copy.acknowledgedAt));
  const kinds = scopeKindsWaived(results);
  const reported = new Set<string>();
  return results.map((result) => {
    const stale: LocatedUnusedAcknowledgement[] = [];
    for (const copy of result.scopeAcknowledgements ?? []) {
      const k = key(copy.ruleId, copy.acknowledgedAt);
      if (!copy.unused || used.has(k) || reported.has(k)) continue;
      reported.add(k);
      stale.push({ ...copy.unused, resource: copy.acknowledgedAt || '(app)' });
    }
    const findings = withScopeKinds(result, kinds);
    if (stale.length === 0 && findings === result.findings) return result;
    return { ...result, findings, unusedAcknowledgements: [...result.unusedAcknowledgements, ...stale] };
  });
}

/** The kinds (`kindsWaived`: message ids, or their parts where those differ) each scope's waiver of a whole rule waives
 *  over every table of the run, sorted. */
function scopeKindsWaived(results: readonly FileResult[]): Map<string, string[]> {
  const waived = new Map<string, Finding[]>();
  for (const result of results) {
    for (const copy of result.scopeAcknowledgements ?? []) {
      const k = key(copy.ruleId, copy.acknowledgedAt);
      for (const { finding } of copy.waived ?? []) {
        const findings = waived.get(k) ?? [];
        findings.push(result.findings[finding]);
        waived.set(k, findings);
      }
    }
  }
  return new Map([...waived].map(([k, findings]) => [k, kindsWaived(findings)]));
}

/** `result`'s findings, each one a scope's waiver waives naming it with the kinds it waives over the run when they are
 *  several; the same list when none changes. */
function withScopeKinds(result: FileResult, kinds: ReadonlyMap<string, readonly string[]>): readonly LocatedFinding[] {
  let findings: LocatedFinding[] | undefined;
  for (const copy of result.scopeAcknowledgements ?? []) {
    const absorbed = kinds.get(key(copy.ruleId, copy.acknowledgedAt)) ?? [];
    if (absorbed.length < 2) continue;
    for (const { finding, path } of copy.waived ?? []) {
      const broad: Finding['broadAcknowledgement'] = { path, kinds: absorbed, acknowledgedAt: copy.acknowledgedAt };
      (findings ??= [...result.findings])[finding] = { ...result.findings[finding], broadAcknowledgement: broad };
    }
  }
  return findings ?? result.findings;
}
