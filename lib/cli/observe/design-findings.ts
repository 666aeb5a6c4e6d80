/**
 * The design's own lint findings, with the observed figures in place of the declared ones where they
 * drifted: what `lint` would report if the design said what production measured. A finding that the
 * observed figures leave as it is stays the design's own (SG003 stays SG003), so that `observe` fails
 * wherever `lint` of the same design fails, before and after `--update`. A finding that only the
 * observed figures raise, or whose numbers they change, is SG020 `firesWithObserved` ("with the
 * observed figures, SG003 fires: …"). A finding only the declared figures raise is a note.
 */
import { DesignError, restateFinding, type DesignEdit, type Finding } from '../../index';
import { DRIFT_RULE } from './drift-rule';
import type { DesignSource } from './sources';

const keyOf = (f: Finding) => `${f.ruleId}\u0000${f.path}\u0000${f.messageId}`;

/** `resource\0index` of a key space, as a finding names it. */
export const spaceOf = (f: { resource: string; index?: string }) => `${f.resource}\u0000${f.index ?? ''}`;

export interface DesignFindings {
  readonly findings: Finding[];
  readonly notes: { readonly path: string; readonly message: string }[];
  /** Why the design with the observed figures could not be linted (it broke a design constraint). */
  readonly invalid?: string;
}

/** The share a message quotes was observed, not declared: the core says so (`takes 60% (observed) of the peak`). */
function labelObservedShare(f: Finding, observedShares: ReadonlySet<string>): Finding {
  if (f.data?.shareSource !== 'declared' || !observedShares.has(spaceOf(f))) return f;
  return restateFinding(f, { ...f.data, shareSource: 'observed' });
}

export function designFindings(source: DesignSource, edits: readonly DesignEdit[], window: string, observedShares: ReadonlySet<string>): DesignFindings {
  const declared = source.lint([]);
  if (edits.length === 0) return { findings: [...declared], notes: [] };
  let observed: readonly Finding[];
  try {
    observed = source.lint(edits);
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    return { findings: [...declared], notes: [], invalid: error.issues.map((i) => `${i.path}: ${i.message}`).join('; ') };
  }
  const before = new Map(declared.map((f) => [keyOf(f), f]));
  const findings = observed.map((raw): Finding => {
    const was = before.get(keyOf(raw));
    if (was && was.message === raw.message) return was;
    const f = labelObservedShare(raw, observedShares);
    if (f.acknowledged) return f;
    return {
      ...f,
      ruleId: DRIFT_RULE.id,
      title: DRIFT_RULE.title,
      messageId: 'firesWithObserved',
      message: `with the figures observed in the ${window} window, ${f.ruleId} ${f.title} ${was ? 'says instead' : 'fires'}: ${f.message}`,
      data: { ...(f.data ?? {}), rule: f.ruleId, window },
    };
  });
  const still = new Set(observed.map(keyOf));
  const notes = declared
    .filter((f) => !still.has(keyOf(f)) && !f.acknowledged)
    .map((f) => ({
      path: f.path,
      message: `${f.ruleId} ${f.title} fires on the declared figures but not on those observed in the ${window} window: ${f.message}`,
    }));
  return { findings, notes };
}
