/**
 * Waivers, and how a container finds its own: by its URN (that container only) or by its Pulumi
 * resource name (every container of that name: names are unique only under one parent and type).
 * Besides those given in code, waivers are set per stack through Pulumi's policy configuration
 * (`pulumi policy enable … --config`, or the stack's policy config): `{ "acknowledgements": { "<container
 * URN or resource name>": [{ "rule": "SG015", "reason": "…" }] } }`. Each policy declares the schema, so the
 * Pulumi service checks the shape; the pack refuses an unknown key (which that schema cannot: checkPolicyConfig), and
 * the core checks reasons and rule ids as for any waiver.
 */
import type { PolicyConfigSchema } from '@pulumi/policy';
import { printable, RULE_IDS, type AcknowledgementDesign } from '../../index';
import { RETIRED_RULES } from '../../internal';
import { idleWaivers, type PolicyConfig, type SkewguardPolicyName } from './options';

/** A container as waivers see it. */
export interface WaivedResource {
  readonly name: string;
  readonly urn: string;
}

export type Waivers = (resource: WaivedResource) => readonly AcknowledgementDesign[];

type WaiversByKey = Readonly<Record<string, readonly AcknowledgementDesign[]>>;

/** What a pack (or one policy) has warned of, and the URNs each name-keyed waiver has waived: warnings go out once per line. */
export class WaiverLog {
  private readonly warned = new Set<string>();
  private readonly matched = new Map<string, Set<string>>();

  /** `console.warn`: a policy pack has no other channel before it reports, and Pulumi shows what it writes to stderr. */
  warnOnce(line: string): void {
    if (this.warned.has(line)) return;
    this.warned.add(line);
    console.warn(`warning: ${line}`);
  }

  /** Notes that the waivers under `name` (in `where`) waived `urn`; warns once a second container shares the name. */
  nameMatched(where: string, name: string, urn: string): void {
    const key = JSON.stringify([where, name]);
    const urns = this.matched.get(key) ?? new Set<string>();
    this.matched.set(key, urns.add(urn));
    if (urns.size < 2) return;
    this.warnOnce(
      `${where}: acknowledgements[${printable(JSON.stringify(name))}] is keyed by a resource name that more than one container has (${[...urns].map((u) => printable(u)).join(', ')}): it waives them all; key it by the URN of the one it means`,
    );
  }
}

/**
 * Looks a container's waivers up in `byKey`: those under its URN and those under its name. A name that
 * turns out to waive more than one container is warned of (`log`): it waives them all, which a reader
 * of the options may not expect.
 */
export function waiversByKey(byKey: WaiversByKey, where: string, log: WaiverLog): Waivers {
  const under = (key: string) => (Object.prototype.hasOwnProperty.call(byKey, key) ? byKey[key] : []);
  return ({ name, urn }) => {
    const byName = under(name);
    if (byName.length > 0) log.nameMatched(where, name, urn);
    return [...under(urn), ...byName];
  };
}

export const WAIVER_CONFIG_SCHEMA: PolicyConfigSchema = {
  properties: {
    acknowledgements: {
      type: 'object',
      description:
        'Waivers for containers created without GuardedContainer, by container URN (that container) or Pulumi resource name (every container of that name): [{ rule, reason }] (a reason of at least 10 characters).',
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

/**
 * Waivers in code plus the stack's (`config`, checked: checkPolicyConfig), for one resource, read by a policy's check. A stack waiver of a rule the policy
 * does not run is warned of once per policy (`log`, the policy's own): it waives nothing there.
 */
export function withStackWaivers(waivers: Waivers, config: PolicyConfig, policy: SkewguardPolicyName, log: WaiverLog): Waivers {
  const stack = config.acknowledgements ?? {};
  const where = `"${policy}" policy config`;
  for (const line of idleWaivers(stack, [policy], where)) log.warnOnce(line);
  const fromStack = waiversByKey(stack, where, log);
  return (resource) => [...waivers(resource), ...fromStack(resource)];
}
