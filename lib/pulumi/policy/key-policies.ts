/** Resource policies on each raw Cosmos DB SQL container: its key's structure (SG005) and names (SG015). */
import type { EnforcementLevel, ResourceValidationArgs, ResourceValidationPolicy, ReportViolation } from '@pulumi/policy';
import type { AcknowledgementDesign } from '../../index';
import { checkPolicyConfig, POLICY_NAMES, type SkewguardPolicyName } from './options';
import { keyNamesVerdict, keyStructureVerdict, type RawContainer, type Verdict } from './raw-container';
import { isContainerType, isGuardedChild } from './resource-types';
import { WAIVER_CONFIG_SCHEMA, WaiverLog, withStackWaivers, type Waivers } from './stack-waivers';

function containerPolicy(
  name: SkewguardPolicyName,
  description: string,
  enforcementLevel: EnforcementLevel,
  waivers: Waivers,
  judge: (container: RawContainer, acknowledgements: readonly AcknowledgementDesign[]) => Verdict,
): ResourceValidationPolicy {
  const log = new WaiverLog();
  return {
    name,
    description,
    enforcementLevel,
    configSchema: WAIVER_CONFIG_SCHEMA,
    validateResource: (args: ResourceValidationArgs, reportViolation: ReportViolation) => {
      if (!isContainerType(args.type) || isGuardedChild(args.urn, args.opts?.parent)) return;
      const waived = withStackWaivers(waivers, checkPolicyConfig(name, args.getConfig<object>()), name, log);
      for (const line of judge({ name: args.name, props: args.props }, waived(args))) reportViolation(line);
    },
  };
}

export function keyStructurePolicy(enforcementLevel: EnforcementLevel, waivers: Waivers): ResourceValidationPolicy {
  return containerPolicy(
    POLICY_NAMES.keyStructure,
    'skewguard SG005: a Cosmos DB container\'s partition key must be valid as declared (paths start with "/", no wildcard, at most 3 levels, no duplicates, version 2, which ARM sets only when asked, and MultiHash for several paths): it cannot be changed after creation.',
    enforcementLevel,
    waivers,
    keyStructureVerdict,
  );
}

export function keyNamesPolicy(enforcementLevel: EnforcementLevel, waivers: Waivers): ResourceValidationPolicy {
  return containerPolicy(
    POLICY_NAMES.keyNames,
    'skewguard SG015: a Cosmos DB container created without a declared design has a partition key named like a low-cardinality or time field (status, region, date…) or a category that trends (tag, topic).',
    enforcementLevel,
    waivers,
    keyNamesVerdict,
  );
}
