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

export { POLICY_NAMES, type SkewguardPolicyName, type SkewguardPolicyOptions } from './options';

/** The skewguard policies, ready for `new PolicyPack(name, { policies })`. Throws UsageError for bad options. */
export function skewguardPolicies(given: SkewguardPolicyOptions = {}): Policies {
  const options = checkPolicyOptions(given);
  for (const line of idleWaivers(options.acknowledgements ?? {}, Object.values(POLICY_NAMES), 'skewguard policy pack options'))
    console.warn(`warning: ${line}`);
  const level = (name: keyof typeof POLICY_NAMES) => options.enforcementLevels?.[POLICY_NAMES[name]] ?? DEFAULT_ENFORCEMENT[POLICY_NAMES[name]];
  const waiversOf = options.acknowledgements ?? {};
  const waivers = (resourceName: string) => (Object.prototype.hasOwnProperty.call(waiversOf, resourceName) ? waiversOf[resourceName] : []);
  return [keyStructurePolicy(level('keyStructure'), waivers), keyNamesPolicy(level('keyNames'), waivers), diagnosticsPolicy(level('diagnostics'), waivers)];
}
