/**
 * Waivers set per stack through Pulumi's policy configuration (`pulumi policy enable … --config`,
 * or the stack's policy config), besides those given in code: `{ "acknowledgements": { "<container
 * resource name>": [{ "rule": "SG015", "reason": "…" }] } }`. Each policy declares the schema, so the
 * Pulumi service checks the shape, and the core checks reasons and rule ids as for any waiver.
 */
import type { PolicyConfigSchema } from '@pulumi/policy';
import type { AcknowledgementDesign } from '../../index';
import { checkPolicyOptions } from './options';

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
          properties: { rule: { type: 'string', pattern: '^SG[0-9]{3}$' }, reason: { type: 'string', minLength: 10 } },
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

/** Waivers in code plus the stack's, for one resource. */
export function withStackWaivers(waivers: Waivers, config: WaiverConfig | undefined): Waivers {
  const stack = waiversFromConfig(config);
  return (name) => [...waivers(name), ...(Object.prototype.hasOwnProperty.call(stack, name) ? stack[name] : [])];
}
