/** Options of the skewguard policy pack: enforcement levels and waivers, checked when the pack loads. */
import type { EnforcementLevel } from '@pulumi/policy';
import { printable, shapes, UsageError, validateAcknowledgements, type AcknowledgementDesign, type DesignIssue } from '../../index';
import { checkWith } from '../../internal';

export const POLICY_NAMES = {
  keyStructure: 'skewguard-cosmos-key-structure',
  keyNames: 'skewguard-cosmos-key-names',
  diagnostics: 'skewguard-cosmos-partition-key-diagnostics',
} as const;

export type SkewguardPolicyName = (typeof POLICY_NAMES)[keyof typeof POLICY_NAMES];

/** The one rule each policy runs: a waiver of another rule waives nothing there. */
export const POLICY_RULES: Readonly<Record<SkewguardPolicyName, string>> = {
  [POLICY_NAMES.keyStructure]: 'SG005',
  [POLICY_NAMES.keyNames]: 'SG015',
  [POLICY_NAMES.diagnostics]: 'SG010',
};

type WaiversByResource = { readonly [resourceName: string]: readonly AcknowledgementDesign[] };

/**
 * One line per waiver whose rule none of `policies` runs (it waives nothing, as an unused acknowledgement of the CLI),
 * at its place under `where`, naming the policy that does run it when there is one. For `console.warn`: a policy pack
 * has no other channel before it reports, and Pulumi shows what the pack writes to stderr.
 */
export function idleWaivers(acknowledgements: WaiversByResource, policies: readonly SkewguardPolicyName[], where: string): string[] {
  const runs = policies.map((name) => POLICY_RULES[name]);
  const lines: string[] = [];
  for (const [resource, waivers] of Object.entries(acknowledgements)) {
    waivers.forEach((waiver, i) => {
      if (runs.includes(waiver.rule)) return;
      const elsewhere = (Object.keys(POLICY_RULES) as SkewguardPolicyName[]).find((name) => POLICY_RULES[name] === waiver.rule);
      const why =
        policies.length === 1
          ? `this policy runs ${runs[0]} only, and reads only its own config${elsewhere ? `: move it under "${elsewhere}"` : `, and no policy of the pack runs ${waiver.rule}`}`
          : `no policy of this pack runs ${waiver.rule} (they run ${runs.join(', ')}); the CLI and GuardedContainer, which read a design, run every rule`;
      lines.push(`${where}: acknowledgements[${printable(JSON.stringify(resource))}][${i}]: the waiver of ${waiver.rule} waives nothing: ${why}`);
    });
  }
  return lines;
}

export interface SkewguardPolicyOptions {
  /** Enforcement level per policy. The Pulumi policy configuration (`pulumi policy enable --config`)
   *  can still override it per stack.
   *  @default - key structure (SG005) and diagnostics (SG010): 'mandatory'; key names (SG015): 'advisory' */
  readonly enforcementLevels?: { readonly [name in SkewguardPolicyName]?: EnforcementLevel };
  /** Waivers for containers created without GuardedContainer, each with a reason (at least 10
   *  characters) as in a design's acknowledgements, keyed by the container's URN
   *  (`urn:pulumi:prod::shop::azure-native:cosmosdb:SqlResourceSqlContainer::orders`: that container
   *  only) or by its Pulumi resource name (`orders`: every container of that name, which the pack
   *  warns of when there is more than one). Prefer the URN: a name is unique only under one parent.
   *  @default - none */
  readonly acknowledgements?: { readonly [urnOrResourceName: string]: readonly AcknowledgementDesign[] };
  /** Cosmos DB accounts whose diagnostic settings are set outside this stack (by a platform stack, or by
   *  Azure Policy with DeployIfNotExists), where the SG010 policy cannot see them: their containers pass
   *  it; every other account still needs a complete setting in the stack. Also settable per stack in
   *  the diagnostics policy's config (the two add up).
   *  @default - none: every raw container's account needs a diagnostic setting in the stack */
  readonly diagnosticsManagedElsewhere?: DiagnosticsManagedElsewhere;
}

/** Accounts whose partition-key diagnostics the SG010 policy cannot see in the stack, declared with why. */
export interface DiagnosticsManagedElsewhere {
  /** Cosmos DB account names (compared without case, as Azure does), or `'*'` for every account. */
  readonly accounts: readonly string[];
  /** Who manages them and how, e.g. "the platform stack", "Azure Policy 'Deploy diagnostics for Cosmos DB'"
   *  (at least 10 characters): the exemption's record in the pack's options or config. */
  readonly reason: string;
}

export const DEFAULT_ENFORCEMENT: Record<SkewguardPolicyName, EnforcementLevel> = {
  [POLICY_NAMES.keyStructure]: 'mandatory',
  [POLICY_NAMES.keyNames]: 'advisory',
  [POLICY_NAMES.diagnostics]: 'mandatory',
};

// These policies report; they do not rewrite resources, so "remediate" would mean nothing.
const LEVELS: readonly EnforcementLevel[] = ['advisory', 'mandatory', 'disabled'];

type Waivers = readonly AcknowledgementDesign[];

/** One resource's waivers, read as the core reads every waiver list (reason length, known rule ids), each issue at its path. */
const waiverList: shapes.Shape<Waivers> = {
  expected: 'a list of { rule, reason } waivers',
  is: (value) => Array.isArray(value),
  read(value, place, issues, key) {
    try {
      return validateAcknowledgements(value, { path: shapes.pathOf(place, key) });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      issues.push(...error.issues);
      return undefined;
    }
  },
  schema: () => ({ type: 'array' }),
};

const cosmosAccountOrAll = shapes.text({ pattern: /^(?:\*|[^*\s]+)$/, patternHint: "a Cosmos DB account name, or '*' for every account" });

const managedElsewhereShape = shapes.record<DiagnosticsManagedElsewhere>(
  {
    accounts: {
      shape: shapes.list(cosmosAccountOrAll, { minItems: 1 }),
      doc: "Cosmos DB account names, or '*' for every account.",
    },
    reason: { shape: shapes.text({ minLength: 10, maxLength: 2000 }), doc: 'Who manages their diagnostics (at least 10 characters).' },
  },
  { expected: '{ accounts, reason }' },
);

const OPTION_PROPS: shapes.Props<SkewguardPolicyOptions> = {
  enforcementLevels: {
    shape: shapes.mapOf(shapes.oneOf(LEVELS, `one of ${LEVELS.map((l) => `"${l}"`).join(', ')}`), {
      keys: Object.values(POLICY_NAMES),
      keyNoun: 'a skewguard policy',
      expected: 'an object keyed by policy name',
      quotedKeys: true,
    }),
    optional: true,
    doc: 'Enforcement level per policy.',
  },
  acknowledgements: {
    shape: shapes.mapOf(waiverList, { expected: 'an object keyed by container URN or resource name', quotedKeys: true }),
    optional: true,
    doc: 'Waivers for containers created without GuardedContainer, by container URN or Pulumi resource name.',
  },
  diagnosticsManagedElsewhere: {
    shape: managedElsewhereShape,
    optional: true,
    doc: 'Cosmos DB accounts whose diagnostic settings are set outside the stack.',
  },
};

const OPTIONS_SHAPE = shapes.record<SkewguardPolicyOptions>(OPTION_PROPS, { title: 'policy pack options', expected: 'an object of options' });

/**
 * The options as the pack's own data, or a UsageError naming each bad one: an unknown option (a typo
 * would silently keep the defaults), a field that is not an object of the right values, a waiver the core
 * refuses, a getter or Proxy of the caller's that throws when read. Read once: what is checked is what is used.
 */
export function checkPolicyOptions(options: unknown): SkewguardPolicyOptions {
  const unreadable: DesignIssue[] = [];
  const data = shapes.ownData(options, '', unreadable);
  if (unreadable.length > 0) throw new UsageError(unreadable, 'policy pack options');
  return checkWith(OPTIONS_SHAPE, data, { subject: 'policy pack options' });
}

/** What a policy reads from its stack config: the pack's options that can also be set per stack. */
export type PolicyConfig = Pick<SkewguardPolicyOptions, 'acknowledgements' | 'diagnosticsManagedElsewhere'>;

/**
 * Each policy's stack config, read with the props of the pack's options: the key policies take waivers, the
 * diagnostics policy also the accounts managed elsewhere. The config schema each policy declares cannot refuse an
 * unknown key (Pulumi's PolicyConfigSchema holds `properties` and `required` only, and @pulumi/policy's `getConfig()`
 * returns every key set but `enforcementLevel`), so a typo would silently waive nothing: it is refused here.
 */
const CONFIG_SHAPES: Readonly<Record<SkewguardPolicyName, shapes.Shape<PolicyConfig>>> = {
  [POLICY_NAMES.keyStructure]: shapes.record<Pick<PolicyConfig, 'acknowledgements'>>({ acknowledgements: OPTION_PROPS.acknowledgements }),
  [POLICY_NAMES.keyNames]: shapes.record<Pick<PolicyConfig, 'acknowledgements'>>({ acknowledgements: OPTION_PROPS.acknowledgements }),
  [POLICY_NAMES.diagnostics]: shapes.record<PolicyConfig>({
    acknowledgements: OPTION_PROPS.acknowledgements,
    diagnosticsManagedElsewhere: OPTION_PROPS.diagnosticsManagedElsewhere,
  }),
};

/**
 * A policy's stack config (`args.getConfig()`) as data, or a UsageError that says it is that policy's stack config and
 * names each bad key, as the pack's options do (an unknown one with "did you mean"). None (`{}`, null) is no config.
 */
export function checkPolicyConfig(policy: SkewguardPolicyName, config: unknown): PolicyConfig {
  if (config === undefined || config === null) return {};
  const subject = `policy config for "${policy}" (the stack's policy configuration: pulumi policy enable --config, or its policy group)`;
  const unreadable: DesignIssue[] = [];
  const data = shapes.ownData(config, '', unreadable);
  if (unreadable.length > 0) throw new UsageError(unreadable, subject);
  return checkWith(CONFIG_SHAPES[policy], data, { subject });
}
