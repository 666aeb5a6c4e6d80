/**
 * skewguard's error annotations (`Annotations.of(…).addError('[skewguard:<id>] …')`), which `cdk synth` and
 * `cdk deploy` refuse as they refuse the validation plugin's errors: the Contributor Insights rule quota
 * (lib/cdk/rule-quota.ts) is counted while the app is constructed and reported this way, not by the plugin,
 * so `validation-report.json` never holds it. Read from the construct tree the synth wrote them from.
 */
import type { IConstruct } from 'constructs';

/** One error annotation: the check it names (`contributor-insights-rule-quota`), on which construct, saying what. */
export interface SkewguardErrorAnnotation {
  readonly check: string;
  readonly constructPath: string;
  readonly message: string;
}

/** `[skewguard:contributor-insights-rule-quota] message…`: the id after `skewguard:` is the check's id. */
const SKEWGUARD_ERROR = /^\[skewguard:([\w-]+)\] ([\s\S]*)$/;

/** The skewguard error annotations of `scope` and the constructs under it. */
export function skewguardErrorAnnotations(scope: IConstruct): SkewguardErrorAnnotation[] {
  return scope.node.findAll().flatMap((node) =>
    node.node.metadata.flatMap((entry): SkewguardErrorAnnotation[] => {
      const match = entry.type === 'aws:cdk:error' && typeof entry.data === 'string' ? SKEWGUARD_ERROR.exec(entry.data) : null;
      return match ? [{ check: match[1], constructPath: node.node.path, message: match[2] }] : [];
    }),
  );
}
