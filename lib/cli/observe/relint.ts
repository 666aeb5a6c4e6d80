/**
 * The design linted again with the observed figures in place of the declared ones, through the
 * core's public `lintDocument()`: what would fire (or fire differently) if the design said what
 * production measured ("with the observed figures, SG003 fires: …").
 */
import { applyDesignEdits, DesignError, lintDocument, type DesignEdit, type DesignInput, type Finding, type LintOptions } from '../../index';
import { DRIFT_RULE } from './drift';

const keyOf = (f: Finding) => `${f.ruleId}\u0000${f.path}\u0000${f.messageId}`;

export interface Relint {
  readonly findings: Finding[];
  /** Why the observed design could not be linted (it broke a design constraint), if it could not. */
  readonly invalid?: string;
}

export function relintWithObserved(document: DesignInput, edits: readonly DesignEdit[], options: LintOptions, window: string): Relint {
  if (edits.length === 0) return { findings: [] };
  const declared = new Map(lintDocument(document, options).findings.map((f) => [keyOf(f), f]));
  let observed: Finding[];
  try {
    observed = lintDocument(applyDesignEdits(document, edits), options).findings;
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    return { findings: [], invalid: error.issues.map((i) => `${i.path}: ${i.message}`).join('; ') };
  }
  const findings = observed
    .filter((f) => !f.acknowledged && declared.get(keyOf(f))?.message !== f.message)
    .map((f): Finding => ({
      ...f,
      ruleId: DRIFT_RULE.id,
      title: DRIFT_RULE.title,
      messageId: 'firesWithObserved',
      message: `with the figures observed in the ${window} window, ${f.ruleId} ${f.title} ${declared.has(keyOf(f)) ? 'says instead' : 'fires'}: ${f.message}`,
      data: { ...(f.data ?? {}), rule: f.ruleId, window },
    }));
  return { findings };
}
