/**
 * skewguard/pulumi/policy: CrossGuard policies for Cosmos DB containers created without
 * GuardedContainer. Every verdict comes from the core's rules (SG005, SG015, SG010) applied to what
 * the raw resource declares. Loads neither @pulumi/pulumi nor @pulumi/policy itself (types only):
 * the policy pack program that calls `new PolicyPack(...)` does.
 *
 * ```ts
 * import { PolicyPack } from '@pulumi/policy';
 * import { skewguardPolicies } from 'skewguard/pulumi/policy';
 * new PolicyPack('skewguard', { policies: skewguardPolicies() });
 * ```
 */
import type { Policies } from '@pulumi/policy';
import { diagnosticsPolicy } from './diagnostics-policy';
import { keyNamesPolicy, keyStructurePolicy } from './key-policies';
import { DEFAULT_ENFORCEMENT, POLICY_NAMES, checkPolicyOptions, idleWaivers, type SkewguardPolicyOptions } from './options';
import { WaiverLog, waiversByKey } from './stack-waivers';

export { POLICY_NAMES, type DiagnosticsManagedElsewhere, type SkewguardPolicyName, type SkewguardPolicyOptions } from './options';

/** The skewguard policies, ready for `new PolicyPack(name, { policies })`. Throws UsageError for bad options. */
export function skewguardPolicies(given: SkewguardPolicyOptions = {}): Policies {
  const options = checkPolicyOptions(given);
  const where = 'skewguard policy pack options';
  const log = new WaiverLog();
  for (const line of idleWaivers(options.acknowledgements ?? {}, Object.values(POLICY_NAMES), where)) log.warnOnce(line);
  const level = (name: keyof typeof POLICY_NAMES) => options.enforcementLevels?.[POLICY_NAMES[name]] ?? DEFAULT_ENFORCEMENT[POLICY_NAMES[name]];
  const waivers = waiversByKey(options.acknowledgements ?? {}, where, log);
  return [
    keyStructurePolicy(level('keyStructure'), waivers),
    keyNamesPolicy(level('keyNames'), waivers),
    diagnosticsPolicy(level('diagnostics'), waivers, options.diagnosticsManagedElsewhere),
  ];
}
