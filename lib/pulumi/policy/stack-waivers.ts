/**
 * Waivers set per stack through Pulumi's policy configuration (`pulumi policy enable … --config`,
 * or the stack's policy config), besides those given in code: `{ "acknowledgements": { "<container
 * resource name>": [{ "rule": "SG015", "reason": "…" }] } }`. Each policy declares the schema, so the
 * Pulumi service checks the shape, and the core checks reasons and rule ids as for any waiver.
 */
import type { PolicyConfigSchema } from '@pulumi/policy';
import { RETIRED_RULES, RULE_IDS, type AcknowledgementDesign } from '../../index';
import { checkPolicyOptions, idleWaivers, type SkewguardPolicyName } from './options';

export type Waivers = (resourceName: string) => readonly AcknowledgementDesign[];

export interface WaiverConfig {
  readonly acknowledgements?: { readonly [resourceName: string]: readonly AcknowledgementDesign[] };
}

export const WAIVER_CONFIG_SCHEMA: PolicyConfigSchema = {
  properties: {
    acknowledgements: {
      type: 'object',
      description: 'Waivers for containers created without GuardedContainer, by Pulumi resource name: [{ rule, reason }] (a reason of at least 10 characters).',
      additionalProperties: {
        type: 'array',
        items: {
          type: 'object',
          // The rule ids the core accepts in a waiver: `pulumi policy enable --config` and `validate-config` refuse another.
          properties: { rule: { type: 'string', enum: [...RULE_IDS, ...RETIRED_RULES.map((r) => r.id)] }, reason: { type: 'string', minLength: 10 } },
          required: ['rule', 'reason'],
          additionalProperties: false,
        },
      },
    },
  },
};

/** The stack's waivers, checked by the core (known rule ids, real reasons); throws a DesignError naming a bad one. */
export function waiversFromConfig(config: WaiverConfig | undefined): Readonly<Record<string, readonly AcknowledgementDesign[]>> {
  const acknowledgements = config?.acknowledgements;
  if (acknowledgements === undefined) return {};
  return checkPolicyOptions({ acknowledgements }).acknowledgements ?? {};
}

/**
 * Waivers in code plus the stack's, for one resource, read by a policy's check. A stack waiver of a rule the policy
 * does not run is warned of once per policy (`warned` holds what it said): it waives nothing there.
 */
export function withStackWaivers(waivers: Waivers, config: WaiverConfig | undefined, policy: SkewguardPolicyName, warned: Set<string>): Waivers {
  const stack = waiversFromConfig(config);
  for (const line of idleWaivers(stack, [policy], `"${policy}" policy config`)) {
    if (warned.has(line)) continue;
    warned.add(line);
    console.warn(`warning: ${line}`);
  }
  return (name) => [...waivers(name), ...(Object.prototype.hasOwnProperty.call(stack, name) ? stack[name] : [])];
}
