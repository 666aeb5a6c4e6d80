/**
 * skewguard as a CDK validation plugin (`IPolicyValidationPlugin`): CDK runs it after the templates
 * are written, puts its violations in `cdk.out/validation-report.json`, suppresses those waived with
 * `Validations.of(scope).acknowledge()`, and fails the synth on errors (in jest `app.synth()` throws;
 * under the CLI the app exits non-zero). One instance per app, registered on each Stage holding a
 * GuardedTable or covered by `checkUnguardedTables()`, and on the app (the Contributor Insights rule
 * quota is counted over all its stacks, lib/cdk/rule-quota.ts), so using the construct is enough.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  Aspects,
  CfnResource,
  Lazy,
  Stack,
  Stage,
  Validations,
  type IAspect,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
} from 'aws-cdk-lib';
import { CfnGlobalTable, CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import type { IConstruct } from 'constructs';
import { DesignError, RULE_IDS, UsageError, type LintedDesign } from '../index';
import {
  acknowledgedAtOf,
  allAcknowledgements,
  asDesignAcknowledgements,
  PLUGIN_NAME,
  validAcknowledgementsFor,
  type RecordedAcknowledgement,
} from './acknowledgements';
import { checkScope } from './cdk-shapes';
import { checkResources, type CheckedResource } from './checks';
import { METADATA_KEY, METADATA_VERSION, type RawTableMetadata } from './metadata';
import { ruleQuotaViolations } from './rule-quota';

/** Context key: `cdk synth -c skewguard:failOn=warning` makes warnings fail the synth too. */
export const FAIL_ON_CONTEXT = 'skewguard:failOn';

const pluginOfApp = new WeakMap<IConstruct, SkewguardPlugin>();
const registeredStages = new WeakSet<Stage>();

function packageVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** Read when the module loads: every app's plugin reports the same version. */
const VERSION = packageVersion();

/** An unknown `skewguard:failOn` value fails the synth: a typo must not silently mean the default. */
function failOnRefused(given: unknown): PolicyValidationPluginReport {
  return {
    success: false,
    violations: [
      {
        ruleName: `${PLUGIN_NAME}::fail-on`,
        description: `the context value ${FAIL_ON_CONTEXT}=${JSON.stringify(given)} is not one skewguard knows: it must be exactly "warning" or "error" (lower case)`,
        fix: `cdk synth -c ${FAIL_ON_CONTEXT}=warning (warnings fail too) or -c ${FAIL_ON_CONTEXT}=error (the default), or leave it out`,
        severity: 'fatal',
        violatingResources: [{ constructPath: '', locations: [`context ${FAIL_ON_CONTEXT}`] }],
      },
    ],
  };
}

/** The GuardedTable's own lint; none when its design cannot be linted (the metadata's lint then reports why). */
function lintedOrNone(lint: GuardedLint, waivers: readonly RecordedAcknowledgement[]): LintedDesign | undefined {
  try {
    return lint(waivers);
  } catch (error) {
    if (error instanceof DesignError || error instanceof UsageError) return undefined;
    throw error;
  }
}

/** A GuardedTable's lint of its design with `waivers`, its `Validations.acknowledge()` waivers. */
type GuardedLint = (waivers: readonly RecordedAcknowledgement[]) => LintedDesign;

/** Marks each raw DynamoDB table under a scope for the app-wide checks and records its waivers in its metadata. */
class UnguardedTableAspect implements IAspect {
  constructor(private readonly plugin: SkewguardPlugin) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnTable || node instanceof CfnGlobalTable)) return;
    // A GuardedTable's own resource carries its design and is checked as such.
    const metadata = (node.cfnOptions.metadata ?? {}) as Record<string, unknown>;
    if (metadata[METADATA_KEY] !== undefined || this.plugin.covers(node)) return;
    this.plugin.trackRaw(node);
    node.addMetadata(
      METADATA_KEY,
      Lazy.any({
        produce: (): RawTableMetadata | undefined => {
          const waivers = validAcknowledgementsFor(node);
          return waivers.length > 0
            ? { version: METADATA_VERSION, acknowledgements: asDesignAcknowledgements(waivers), acknowledgedAt: acknowledgedAtOf(waivers) }
            : undefined;
        },
      }),
    );
  }
}

/** The skewguard validation plugin. Users rarely touch it: a GuardedTable registers it. */
export class SkewguardPlugin implements IPolicyValidationPlugin {
  /**
   * The app's plugin, registered on the Stage that holds `scope` (once per Stage). Every Stage of
   * an app shares one instance, so CDK validates each stack once.
   */
  static of(scope: IConstruct): SkewguardPlugin {
    const root = checkScope(scope, 'SkewguardPlugin.of').node.root;
    let plugin = pluginOfApp.get(root);
    if (!plugin) {
      plugin = new SkewguardPlugin();
      pluginOfApp.set(root, plugin);
    }
    // Stage.of() looks above its argument: an app or stage passed in is its own stage.
    const stage = Stage.isStage(scope) ? scope : Stage.of(scope);
    // On the app too: the rule quota is counted over every stack of the app, as `lint cdk.out/` counts it.
    for (const s of [stage, Stage.isStage(root) ? root : undefined]) {
      if (s && !registeredStages.has(s)) {
        Validations.of(s).addPlugins(plugin);
        registeredStages.add(s);
      }
    }
    return plugin;
  }

  /**
   * The app-wide checks: every `TableV2`, `Table`, `CfnTable` and `CfnGlobalTable` under `scope`
   * that is not a GuardedTable is checked for Contributor Insights (SG010) and suspicious key names
   * (SG015). Waive with `Validations.of(table).acknowledge({ id: 'skewguard::SG015', reason })`.
   *
   * @example SkewguardPlugin.checkUnguardedTables(app);
   */
  static checkUnguardedTables(scope: IConstruct): void {
    checkScope(scope, 'SkewguardPlugin.checkUnguardedTables');
    Aspects.of(scope).add(new UnguardedTableAspect(SkewguardPlugin.of(scope)));
  }

  readonly name = PLUGIN_NAME;
  readonly version = VERSION;
  readonly ruleIds = [...RULE_IDS];
  private readonly guarded = new Map<CfnResource, { readonly owner: IConstruct; readonly lint: GuardedLint }>();
  private readonly raw = new Set<CfnResource>();

  private constructor() {}

  /**
   * @internal Called by GuardedTable for its table resource; `owner` is the GuardedTable, where its
   * waivers apply, and `lint` its lint of the design it writes to the metadata.
   */
  trackGuarded(resource: CfnResource, owner: IConstruct, lint: GuardedLint): void {
    this.guarded.set(resource, { owner, lint });
  }

  /** @internal */
  trackRaw(resource: CfnResource): void {
    this.raw.add(resource);
  }

  /** @internal */
  covers(resource: CfnResource): boolean {
    return this.guarded.has(resource) || this.raw.has(resource);
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const root = context.appConstruct;
    const given: unknown = root.node.tryGetContext(FAIL_ON_CONTEXT);
    if (given !== undefined && given !== 'warning' && given !== 'error') return failOnRefused(given);
    const failOn = given ?? 'error';
    const templates = new Map<string, Record<string, unknown>>();
    const resources = [
      ...[...this.guarded].map(([r, { owner, lint }]) => {
        // Read once per table: they are in the design its lint reuses, and CDK lists the findings they waive as suppressed.
        const waivers = validAcknowledgementsFor(owner);
        return { ...this.synthesized(r, owner, 'guarded', templates, waivers), linted: lintedOrNone(lint, waivers) };
      }),
      ...[...this.raw].map((r) => this.synthesized(r, r, 'raw', templates, validAcknowledgementsFor(r))),
    ];
    // One walk of the app's tree for both: its waivers, and the tables no check covers.
    const nodes = root.node.findAll();
    const { skewguard, unprefixed } = allAcknowledgements(nodes);
    const uncheckedTables = nodes
      .filter((node) => (node instanceof CfnTable || node instanceof CfnGlobalTable) && !this.covers(node))
      .map((node) => node.node.path);
    const report = checkResources(resources, { acknowledgements: skewguard, unprefixedAcknowledgements: unprefixed, failOn, uncheckedTables });
    const quota = ruleQuotaViolations(
      context,
      failOn,
      (templatePath) => templateOf(templatePath, templates),
      (templatePath, logicalId) => this.constructOf(nodes, templatePath, logicalId),
    );
    return { ...report, success: report.success && !quota.some((v) => v.severity !== 'warning'), violations: [...report.violations, ...quota] };
  }

  /** The construct a table resource of a template stands for: its GuardedTable, or the table itself. */
  private constructOf(nodes: readonly IConstruct[], templatePath: string, logicalId: string): string | undefined {
    const resource = nodes.find(
      (node): node is CfnResource =>
        (node instanceof CfnTable || node instanceof CfnGlobalTable) &&
        Stack.of(node).resolve(node.logicalId) === logicalId &&
        resolve(Stage.of(node)?.outdir ?? '.', Stack.of(node).templateFile) === templatePath,
    );
    return resource && (this.guarded.get(resource)?.owner ?? resource).node.path;
  }

  /** Where CDK wrote `resource`: its stack's template (nested stacks included) and logical ID. */
  private synthesized(
    resource: CfnResource,
    owner: IConstruct,
    kind: CheckedResource['kind'],
    templates: Map<string, Record<string, unknown>>,
    waivers: readonly RecordedAcknowledgement[],
  ): CheckedResource {
    const stack = Stack.of(resource);
    const templatePath = resolve(Stage.of(stack)?.outdir ?? '.', stack.templateFile);
    const logicalId = stack.resolve(resource.logicalId) as string;
    const found = (templateOf(templatePath, templates).Resources as Record<string, unknown> | undefined)?.[logicalId];
    const cdkAcknowledgedRules = waivers.map((a) => a.rule);
    return { templatePath, logicalId, constructPath: owner.node.path, kind, resource: found, cdkAcknowledgedRules };
  }
}

/**
 * The template CDK wrote at `templatePath`, read once per validation (`templates` holds what was read) for the table
 * checks and the rule quota alike. One that cannot be read is empty: its tables are reported missing from it, never a
 * silent pass, and it has none to count.
 */
function templateOf(templatePath: string, templates: Map<string, Record<string, unknown>>): Record<string, unknown> {
  let template = templates.get(templatePath);
  if (!template) {
    try {
      template = JSON.parse(readFileSync(templatePath, 'utf8')) as Record<string, unknown>;
    } catch {
      template = {};
    }
    templates.set(templatePath, template);
  }
  return template;
}
