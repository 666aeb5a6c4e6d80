/** Options of the skewguard policy pack: enforcement levels and waivers, checked when the pack loads. */
import type { EnforcementLevel } from '@pulumi/policy';
import { UsageError, validateAcknowledgements, type AcknowledgementDesign, type DesignIssue } from '../../index';

export const POLICY_NAMES = {
  keyStructure: 'skewguard-cosmos-key-structure',
  keyNames: 'skewguard-cosmos-key-names',
  diagnostics: 'skewguard-cosmos-partition-key-diagnostics',
} as const;

export type SkewguardPolicyName = (typeof POLICY_NAMES)[keyof typeof POLICY_NAMES];

export interface SkewguardPolicyOptions {
  /** Enforcement level per policy. The Pulumi policy configuration (`pulumi policy enable --config`)
   *  can still override it per stack.
   *  @default - key structure (SG005) and diagnostics (SG010): 'mandatory'; key names (SG015): 'advisory' */
  readonly enforcementLevels?: { readonly [name in SkewguardPolicyName]?: EnforcementLevel };
  /** Waivers for containers created without GuardedContainer, by the container's Pulumi resource
   *  name, each with a reason (at least 10 characters) as in a design's acknowledgements.
   *  @default - none */
  readonly acknowledgements?: { readonly [resourceName: string]: readonly AcknowledgementDesign[] };
}

export const DEFAULT_ENFORCEMENT: Record<SkewguardPolicyName, EnforcementLevel> = {
  [POLICY_NAMES.keyStructure]: 'mandatory',
  [POLICY_NAMES.keyNames]: 'advisory',
  [POLICY_NAMES.diagnostics]: 'mandatory',
};

// These policies report; they do not rewrite resources, so "remediate" would mean nothing.
const LEVELS: readonly EnforcementLevel[] = ['advisory', 'mandatory', 'disabled'];

/** Throws UsageError naming each bad option. */
export function checkPolicyOptions(options: SkewguardPolicyOptions): void {
  const issues: DesignIssue[] = [];
  const names = Object.values(POLICY_NAMES) as string[];
  for (const [name, level] of Object.entries(options.enforcementLevels ?? {})) {
    const path = `enforcementLevels[${JSON.stringify(name)}]`;
    if (!names.includes(name)) issues.push({ path, message: `is not a skewguard policy; expected one of: ${names.join(', ')}` });
    else if (!LEVELS.includes(level as EnforcementLevel))
      issues.push({ path, message: `expected one of ${LEVELS.map((l) => `"${l}"`).join(', ')}, got ${JSON.stringify(level)}` });
  }
  for (const [resourceName, acknowledgements] of Object.entries(options.acknowledgements ?? {})) {
    try {
      // The core reads waivers the same way for every design: reason length, known rule ids.
      validateAcknowledgements(acknowledgements, { path: `acknowledgements[${JSON.stringify(resourceName)}]` });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length > 0) throw new UsageError(issues, 'policy pack options');
}
