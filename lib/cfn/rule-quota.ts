/**
 * The Contributor Insights rule quota, counted per account and Region from the synthesized templates, by one count
 * (`RuleCount`) in both places that judge an app: the synth (the validation plugin, lib/cdk/rule-quota.ts) and
 * `skewguard lint cdk.out/` (lib/cli/rule-quota-count.ts), in the same unit and the same words. Every table of a
 * template counts, GuardedTable or not: the quota is the account's.
 * AWS ("CloudWatch contributor insights for DynamoDB: How it works", "Rules for accessed and throttled keys mode"):
 * "In accessed and throttled keys mode, DynamoDB creates the following rules": PKC (most accessed) and PKT (most
 * throttled partition keys), and "If your table or global secondary index has sort keys, DynamoDB also creates" SKC and
 * SKT; "In throttled keys mode, DynamoDB creates only the throttling-related rules": PKT, and SKT with sort keys. So per
 * table or GSI: 2 rules, 4 with a sort key, in ACCESSED_AND_THROTTLED_KEYS mode; 1, 2 with a sort key, in
 * THROTTLED_KEYS mode (a table with a sort key and a GSI without one: 3, or 6 in accessed mode). It "monitors global
 * table replicas as distinct tables", each with its own mode: a replica's rules are counted in the replica's Region.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html
 * The default quota is 100 rules per Region per account, shared with every other app in the account, and
 * adjustable in Service Quotas ("CloudWatch service quotas": Contributor Insights rules, "You can request a
 * quota increase"). Past it, enabling Contributor Insights fails (`LimitExceededException`), and so does the
 * deployment that tried.
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_limits.html
 */
import { own } from './intrinsics';
import { DYNAMODB_TEMPLATE_TYPES } from './metadata';
import { insightRuleSpacesOf } from './template-insight-rules';

/** The check's id: `skewguard::contributor-insights-rule-quota` in the synth's validation report, the finding's rule id in the CLI. */
export const RULE_QUOTA_CHECK = 'contributor-insights-rule-quota';
export const DEFAULT_RULE_QUOTA = 100;
/** The share of the quota at which the count warns. */
const WARN_AT = 0.8;

/** Rules one key space creates. */
export function rulesOfKeySpace(hasSortKey: boolean, accessedToo: boolean): number {
  return (hasSortKey ? 2 : 1) * (accessedToo ? 2 : 1);
}

/** One table's share of a count: the rules of its key spaces in that account and Region. */
export interface QuotaContributor {
  /** The stack, named as its template file is (`Shop` for `Shop.template.json`): the synth and the CLI both see that name. */
  readonly stack: string;
  /** The table's logical ID in the stack's template. */
  readonly table: string;
  readonly rules: number;
}

/** The rules counted in one account and Region, and how many of them the accessed-keys rules (PKC, SKC) of key
 *  spaces in ACCESSED_AND_THROTTLED_KEYS mode make, with those key spaces: what THROTTLED_KEYS mode would save. */
export interface RulesCounted {
  readonly total: number;
  readonly accessedRules: number;
  readonly accessedSpaces: number;
  /** The tables the count is made of, in the order counted. */
  readonly contributors: readonly QuotaContributor[];
}

/** A count that has just reached 80% of the quota (`warning`) or passed it (`error`), in an account and Region
 *  (undefined: left to deploy time). */
export interface QuotaCrossing extends RulesCounted {
  readonly severity: 'error' | 'warning';
  readonly quota: number;
  readonly account?: string;
  readonly region?: string;
}

/** A stack whose template is counted: its name (`stackNameOf`) and environment (undefined: left to deploy time). */
export interface QuotaStack {
  readonly name: string;
  readonly account?: string;
  readonly region?: string;
}

/** A crossing at the key space that made it: the table's logical ID and where its switch is in the resource. */
export interface TemplateCrossing {
  readonly logicalId: string;
  /** e.g. `Properties.Replicas[0].ContributorInsightsSpecification`. */
  readonly location: string;
  readonly crossing: QuotaCrossing;
}

/** A stack's name as both the synth and `lint cdk.out/` see it: its template file's name without `.template.json`. */
export function stackNameOf(templateFile: string): string {
  return (templateFile.split(/[\\/]/).pop() ?? templateFile).replace(/\.template\.json$/, '');
}

/**
 * Running counts of Contributor Insights rules, by account and Region: the one count the synth (the validation plugin,
 * lib/cdk/rule-quota.ts) and `lint cdk.out/` (lib/cli/rule-quota-count.ts) both make, from the same templates.
 */
export class RuleCount {
  private readonly byEnv = new Map<string, RulesCounted>();

  constructor(private readonly quota: number) {}

  /**
   * Counts every key space with Contributor Insights on of every DynamoDB table of `template` (a GlobalTable's replica
   * in its own Region). Returns the tables that take a count to 80% of the quota or past it, each with the count after
   * the whole table (all its key spaces in that account and Region: the unit people add), at the key space that
   * crossed; the tables between would repeat the same advice.
   */
  addTemplate(stack: QuotaStack, template: unknown): TemplateCrossing[] {
    const resources = own(template, 'Resources');
    if (typeof resources !== 'object' || resources === null) return [];
    const crossings: TemplateCrossing[] = [];
    for (const [logicalId, resource] of Object.entries(resources)) {
      const type = own(resource, 'Type');
      if (typeof type !== 'string' || !DYNAMODB_TEMPLATE_TYPES.includes(type)) continue;
      crossings.push(...this.addTable(stack, logicalId, resource));
    }
    return crossings;
  }

  /** The rules counted in an account and Region so far (undefined: the environment-agnostic stacks'): once every
   *  template is added, what the app needs there, the figure for a Service Quotas request. */
  totalIn(account: string | undefined, region: string | undefined): number {
    return this.byEnv.get(envKey(account, region))?.total ?? 0;
  }

  /** One table's key spaces, and the crossings the table makes in each account and Region it counts in. */
  private addTable(stack: QuotaStack, logicalId: string, resource: unknown): TemplateCrossing[] {
    // Per account and Region the table counts in: the place, and the key space at which each threshold was crossed.
    const crossed = new Map<string, { place: { account?: string; region?: string }; error?: string; warning?: string }>();
    for (const space of insightRuleSpacesOf(resource)) {
      const place = { account: stack.account, region: space.region ?? stack.region };
      const env = envKey(place.account, place.region);
      const before = this.byEnv.get(env)?.total ?? 0;
      this.add({ stack: stack.name, table: logicalId, ...place }, rulesOfKeySpace(space.hasSortKey, space.accessedToo), space.accessedToo);
      const after = this.totalIn(place.account, place.region);
      const at = crossed.get(env) ?? { place };
      if (before <= this.quota && after > this.quota) at.error ??= space.location;
      if (before < this.quota * WARN_AT && after >= this.quota * WARN_AT) at.warning ??= space.location;
      crossed.set(env, at);
    }
    return [...crossed].flatMap(([env, { place, error, warning }]): TemplateCrossing[] => {
      const location = error ?? warning;
      if (location === undefined) return [];
      const counted = this.byEnv.get(env) as RulesCounted;
      const crossing: QuotaCrossing = {
        ...counted,
        severity: error !== undefined ? 'error' : 'warning',
        quota: this.quota,
        ...(place.account !== undefined ? { account: place.account } : {}),
        ...(place.region !== undefined ? { region: place.region } : {}),
      };
      return [{ logicalId, location, crossing }];
    });
  }

  private add(where: { stack: string; table: string; account?: string; region?: string }, rules: number, accessedToo: boolean): void {
    // Every stack whose account or Region is left to deploy time is counted with the others like it.
    const env = envKey(where.account, where.region);
    const before = this.byEnv.get(env) ?? { total: 0, accessedRules: 0, accessedSpaces: 0, contributors: [] };
    const last = before.contributors[before.contributors.length - 1];
    const same = last !== undefined && last.stack === where.stack && last.table === where.table;
    this.byEnv.set(env, {
      total: before.total + rules,
      accessedRules: before.accessedRules + (accessedToo ? rules / 2 : 0),
      accessedSpaces: before.accessedSpaces + (accessedToo ? 1 : 0),
      contributors: same
        ? [...before.contributors.slice(0, -1), { ...last, rules: last.rules + rules }]
        : [...before.contributors, { stack: where.stack, table: where.table, rules }],
    });
  }
}

/** The key of an account and Region in a count: the environment-agnostic stacks' are counted together. */
const envKey = (account: string | undefined, region: string | undefined) => `${account ?? 'unknown-account'}/${region ?? 'unknown-region'}`;

/** How the count is described: whose tables (`the tables of this app`) and how a granted raise is declared. */
export interface QuotaWording {
  readonly whose: string;
  readonly declareRaise: string;
  /** The rules all of `whose` tables create in the crossing's account and Region (`RuleCount.totalIn` once every
   *  template is counted): the figure for the raise. Undefined where the count is still going on (`lint` reports
   *  each file as it reads it). */
  readonly needed?: number;
}

/** Tables listed per stack in a message; the rest are counted (`and 12 more`). */
const TABLES_NAMED = 5;

/** Which stacks and tables make up a count: `Shop 60 (Orders 40, Users 20); Billing 21 (Invoices 21)`. */
export function contributorsText(contributors: readonly QuotaContributor[]): string {
  const byStack = new Map<string, QuotaContributor[]>();
  for (const c of contributors) byStack.set(c.stack, [...(byStack.get(c.stack) ?? []), c]);
  return [...byStack]
    .map(([stack, tables]) => {
      const named = tables.slice(0, TABLES_NAMED).map((t) => `${t.table} ${t.rules}`);
      const rest = tables.length - named.length;
      const sum = tables.reduce((total, t) => total + t.rules, 0);
      return `${stack} ${sum} (${named.join(', ')}${rest > 0 ? ` and ${rest} more table${rest === 1 ? '' : 's'}` : ''})`;
    })
    .join('; ');
}

/** What a crossing means and what to do, in the words both the synth and the CLI use. */
export function quotaVerdict(crossing: QuotaCrossing, { whose, declareRaise, needed }: QuotaWording): { message: string; fix: string } {
  const { total, quota, accessedSpaces, accessedRules } = crossing;
  // Only what applies to the tables counted: THROTTLED_KEYS mode saves rules only where a key space is in accessed mode.
  const throttledOnly =
    accessedSpaces > 0
      ? `; or switch the ${accessedSpaces} key space${accessedSpaces === 1 ? '' : 's'} in ACCESSED_AND_THROTTLED_KEYS mode to THROTTLED_KEYS mode (the default: ${accessedRules} rule${accessedRules === 1 ? '' : 's'} fewer)`
      : '';
  const where = quotaPlace(crossing.account, crossing.region);
  // `total` counts whole tables (every key space of this one), as people count them: 27 tables of 3 rules are 81.
  const counting = `with this table, ${whose} create ${total} Contributor Insights rules in ${where}, against a quota of ${quota} per account and Region (shared with every other app there)`;
  const inAll = needed === undefined ? '' : `; in all they create ${needed} there`;
  const madeOf = `rules by stack and table: ${contributorsText(crossing.contributors)}`;
  const quotaName = 'request a raise of the CloudWatch quota "Contributor Insights rules" in Service Quotas';
  const raise =
    needed === undefined
      ? quotaName
      : needed > quota || crossing.severity === 'error'
        ? `${quotaName} to at least ${needed} plus the rules other apps there use`
        : // Under the quota still: "to at least 80" would read as below the 100 there are.
          `${quotaName} above ${quota} before more tables are added (${quota - needed} rule${quota - needed === 1 ? ' is' : 's are'} left, fewer if other apps there use some)`;
  if (crossing.severity === 'error')
    return {
      message: `${counting}${inAll}; past it the deployment fails (LimitExceededException) unless the quota was raised; ${madeOf}`,
      fix: `${raise} (it is adjustable), then declare the granted quota with ${declareRaise}${throttledOnly}; or spread the tables over Regions or accounts`,
    };
  return {
    message: `${counting}${inAll}; every table after this one adds to the count; ${madeOf}`,
    fix: `${raise} (adjustable; then ${declareRaise})${throttledOnly}; or spread the tables over Regions`,
  };
}

/** Where the count is, for a message: `account 111111111111, eu-west-1`, or the environment-agnostic stacks' (`undefined`
 *  for an account or Region the app left to deploy time: all such stacks are counted together). */
export function quotaPlace(account: string | undefined, region: string | undefined): string {
  return account === undefined || region === undefined ? 'the account and Region of the environment-agnostic stacks' : `account ${account}, ${region}`;
}
