/**
 * The key space judged as the telemetry shows it deployed, when that is not the design's shard count
 * (`shardsNotDeployed`). The observed share is then neither drift nor written (drift.ts), but it is
 * still what production carries: else a key declared over 4 shards that the application
 * writes to `key#0` only, 117% of the partition's usable writes, is reported as "no findings"; and a key
 * declared at 0.2 over 4 shards, observed at 0.4 over the 8 deployed, is told to "remove the sharding",
 * which would put ~800 WCU on one key against a usable 480.
 *
 * So the lint runs once more with the deployment's shard count and the observed share (never
 * written): what fires there and not on the design is reported (SG020 `firesAsDeployed`), and a
 * sharding-removal fix (SG007) that the deployment contradicts is not printed.
 */
import { DesignError, restateFinding, type DesignEdit, type Finding } from '../../index';
import { spaceOf } from './design-findings';
import type { AsDeployed } from './drift';
import { DRIFT_RULE } from './drift-rule';
import type { DesignSource } from './sources';

/** SG007 tells the user to remove or lower the sharding: a fix the deployment's load can contradict. */
const SHARDING_REMOVAL = 'SG007';

const ruleOf = (f: Finding) => (typeof f.data?.rule === 'string' ? f.data.rule : f.ruleId);
const placeOf = (f: Finding) => `${ruleOf(f)}\u0000${f.path}\u0000${spaceOf(f)}`;

function lintAsDeployed(source: DesignSource, edits: readonly DesignEdit[]): readonly Finding[] | undefined {
  try {
    return source.lint(edits);
  } catch (error) {
    if (error instanceof DesignError) return undefined;
    throw error;
  }
}

/**
 * `findings`: the design's findings as observe reports them. Returns them without the removal fixes
 * the deployment contradicts, with what fires as deployed added, and the notes saying what was dropped.
 */
export function judgeAsDeployed(
  source: DesignSource,
  driftEdits: readonly DesignEdit[],
  deployments: readonly AsDeployed[],
  findings: readonly Finding[],
  window: string,
): { findings: Finding[]; notes: { path: string; message: string }[] } {
  if (deployments.length === 0) return { findings: [...findings], notes: [] };
  const asDeployed = lintAsDeployed(source, [...driftEdits, ...deployments.flatMap((d) => d.edits)]);
  if (!asDeployed) return { findings: [...findings], notes: [] };
  const bySpace = new Map(deployments.map((d) => [d.space, d]));
  const firing = new Set(asDeployed.map(placeOf));
  const reported = new Set(findings.map(placeOf));
  const notes: { path: string; message: string }[] = [];
  const kept = findings.filter((f) => {
    const deployment = bySpace.get(spaceOf(f));
    if (!deployment || ruleOf(f) !== SHARDING_REMOVAL || firing.has(placeOf(f))) return true;
    notes.push({
      path: f.path,
      message: `${ruleOf(f)} ${f.title} fires on the declared figures, but not as deployed (${deployment.text}): its fix is not printed, since the load observed in the ${window} window needs the sharding: ${f.message}`,
    });
    return false;
  });
  const added = asDeployed
    .filter((f) => bySpace.has(spaceOf(f)) && !f.acknowledged && !reported.has(placeOf(f)))
    .map((raw): Finding => {
      const deployment = bySpace.get(spaceOf(raw))!;
      // The share it quotes is the one observed (`takes 40% (observed) of the peak`).
      const f = raw.data?.shareSource === 'declared' ? restateFinding(raw, { ...raw.data, shareSource: 'observed' }) : raw;
      const { edits: _edits, ...rest } = f;
      return {
        ...rest,
        ruleId: DRIFT_RULE.id,
        title: DRIFT_RULE.title,
        messageId: 'firesAsDeployed',
        message: `as deployed (${deployment.text}), ${f.ruleId} ${f.title} fires: ${f.message}`,
        fix: `deploy the application change that writes the ${deployment.declaredShards} shards the design declares, then observe again; until then production is what this finding describes`,
        data: { ...(f.data ?? {}), rule: f.ruleId, window },
      };
    });
  return { findings: [...kept, ...added], notes };
}
