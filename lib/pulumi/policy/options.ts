/** Options of the skewguard policy pack: enforcement levels and waivers, checked when the pack loads. */
import type { EnforcementLevel } from '@pulumi/policy';
import { didYouMean, shapes, UsageError, validateAcknowledgements, type AcknowledgementDesign, type DesignIssue } from '../../index';

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

const OPTION_NAMES = ['enforcementLevels', 'acknowledgements'];
const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.prototype.toString.call(value) === '[object Object]';

/** Throws UsageError naming each bad option: an unknown one (a typo would silently keep the defaults), a
 *  field that is not an object of the right values. */
export function checkPolicyOptions(options: SkewguardPolicyOptions): void {
  const issues: DesignIssue[] = [];
  const given: unknown = options;
  if (!isMap(given)) throw new UsageError([{ path: '', message: `expected an object of options, got ${shapes.describe(given)}` }], 'policy pack options');
  for (const key of Object.keys(given).filter((k) => !OPTION_NAMES.includes(k))) {
    issues.push({ path: key, message: `is not a policy pack option${didYouMean(key, OPTION_NAMES)}; expected one of: ${OPTION_NAMES.join(', ')}` });
  }
  const names = Object.values(POLICY_NAMES) as string[];
  const levels = given.enforcementLevels ?? {};
  const waivers = given.acknowledgements ?? {};
  for (const [field, value] of [
    ['enforcementLevels', levels],
    ['acknowledgements', waivers],
  ] as const) {
    if (!isMap(value))
      issues.push({
        path: field,
        message: `expected an object keyed by ${field === 'enforcementLevels' ? 'policy name' : 'resource name'}, got ${shapes.describe(value)}`,
      });
  }
  for (const [name, level] of Object.entries(isMap(levels) ? levels : {})) {
    const path = `enforcementLevels[${JSON.stringify(name)}]`;
    if (!names.includes(name)) issues.push({ path, message: `is not a skewguard policy; expected one of: ${names.join(', ')}` });
    else if (!LEVELS.includes(level as EnforcementLevel))
      issues.push({ path, message: `expected one of ${LEVELS.map((l) => `"${l}"`).join(', ')}, got ${shapes.describe(level)}` });
  }
  for (const [resourceName, acknowledgements] of Object.entries(isMap(waivers) ? waivers : {})) {
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
