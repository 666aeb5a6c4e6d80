/**
 * The skewguard verdict of a synth, as CDK reports it: the app is synthesized (which runs the
 * skewguard validation plugin on every stack), and the plugin's part of
 * `cdk.out/validation-report.json` is read back for the constructs of one scope. What the tests
 * assert is what `cdk synth` would refuse, waivers given with `Validations.acknowledge()` included.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CfnResource, Stage } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { GuardedTable, METADATA_KEY } from '../../cdk';
import { checkScope } from '../../cdk/cdk-shapes';
import { invalidWaiver, UsageError } from '../../index';
import { DYNAMODB_TEMPLATE_TYPES, waiverOfId } from '../../internal';
import { formatReport, type ReportEntry } from '../report';
import { synthWithoutAppReport } from './quiet-synth';

/** One skewguard violation of a synth. */
export interface DesignViolation {
  /** The rule id (`SG003`), or another skewguard check: `design-metadata`, `acknowledgement`,
   *  `unchecked`, `template` (an index missing from the design is SG016), `contributor-insights-rule-quota`
   *  (lib/cdk/rule-quota.ts). The key the core's findings
   *  and `assertDesignFails` use. */
  readonly ruleId: string;
  /** The rule's name (`hot-key-exceeds-partition`); undefined for the other checks. */
  readonly title?: string;
  /** `fatal`: skewguard could not check the table (no waiver applies). */
  readonly severity: 'error' | 'warning' | 'fatal';
  /** The GuardedTable or table construct, e.g. `MyStack/Orders`. */
  readonly constructPath: string;
  /** The field of the table's design, e.g. `globalSecondaryIndexes[0].partitionKey` (`''`: none): the
   *  `path` of the core's findings and of a `RuleExpectation`. */
  readonly path: string;
  /** The index a rule's finding concerns (the core's `Finding.index`); undefined for the table itself and for the other checks. */
  readonly index?: string;
  /** What is wrong, with the numbers (the core's message for a rule). */
  readonly message: string;
  /** How to fix it (the core's computed fix for a rule); undefined when the check reports none. */
  readonly fix?: string;
  /** The reason of the waiver, for an acknowledged finding: of one waived both in the GuardedTable's `acknowledgements`
   *  and with `Validations.acknowledge()`, the props' waiver's, as `skewguard lint cdk.out/` shows it; undefined otherwise. */
  readonly acknowledged?: string;
}

/** What skewguard reported for a scope when its app was synthesized. */
export interface SynthDesignReport {
  /** The violations of the scope's constructs (and of waivers given above it), acknowledged ones included. */
  readonly violations: readonly DesignViolation[];
  /** DynamoDB tables under the scope that skewguard checked: GuardedTables, and tables covered by
   *  `SkewguardPlugin.checkUnguardedTables()` in a stage where the skewguard plugin runs. */
  readonly checkedTables: number;
  /** The whole report, as a failed assertion prints it. */
  readonly text: string;
}

interface ReportedViolation {
  readonly ruleName: string;
  readonly description: string;
  readonly suggestedFix?: string;
  readonly severity?: string;
  readonly ruleMetadata?: Record<string, string>;
  readonly violatingConstructs?: readonly { readonly constructPath?: string }[];
  readonly reason?: string;
}

interface ValidationReport {
  readonly pluginReports?: readonly {
    readonly pluginName: string;
    readonly violations?: ReportedViolation[];
    readonly suppressedViolations?: ReportedViolation[];
  }[];
}

const PREFIX = 'skewguard::';

/** The synthesized app's skewguard violations, unsuppressed and suppressed (CDK leaves out a plugin that reported none). */
function synthesizedViolations(root: Stage): { open: ReportedViolation[]; suppressed: ReportedViolation[] } {
  try {
    // CDK's console report of the whole app is left out: a test of one stack must not print another's warnings.
    synthWithoutAppReport(() => root.synth());
  } catch (error) {
    // A failed validation throws after writing its report; anything else is not a verdict.
    if ((error as { name?: unknown } | null)?.name !== 'ValidationFailed') throw error;
  }
  const file = join(root.outdir, 'validation-report.json');
  const plugin = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as ValidationReport).pluginReports?.find((r) => r.pluginName === 'skewguard')
    : undefined;
  return { open: plugin?.violations ?? [], suppressed: plugin?.suppressedViolations ?? [] };
}

/** The plugin describes a finding as `<title> at <construct> (index <i>), field <path>: <message>.`; the report says where on its own. */
function coreMessage(description: string, metadata: Record<string, string>): string {
  const { title, constructPath, index, fieldPath } = metadata;
  const prefix = `${title} at ${constructPath}${index !== undefined ? ` (index ${index})` : ''}, field ${fieldPath || '(root)'}: `;
  return title !== undefined && description.startsWith(prefix) ? description.slice(prefix.length).replace(/\.$/, '') : description;
}

function violation(reported: ReportedViolation, acknowledged?: string): DesignViolation {
  const metadata = reported.ruleMetadata ?? {};
  const severity = reported.severity === 'warning' || reported.severity === 'fatal' ? reported.severity : 'error';
  const ruleId = reported.ruleName.startsWith(PREFIX) ? reported.ruleName.slice(PREFIX.length) : reported.ruleName;
  // The plugin's report keys the field `fieldPath` (docs/cdk.md, "Refusing the synth").
  const path = metadata.fieldPath ?? '';
  return {
    ruleId,
    ...(metadata.title !== undefined ? { title: metadata.title } : {}),
    severity,
    constructPath: metadata.constructPath ?? reported.violatingConstructs?.[0]?.constructPath ?? '',
    path,
    ...(metadata.index !== undefined ? { index: metadata.index } : {}),
    message: coreMessage(reported.description, metadata),
    ...(reported.suggestedFix ? { fix: reported.suggestedFix } : {}),
    ...(acknowledged !== undefined ? { acknowledged } : {}),
  };
}

/**
 * The reason of the waiver that acknowledges `reported`, or undefined when skewguard refuses the waiver CDK suppressed
 * it with (a reason under 10 characters, the rule quota): CDK suppresses by id alone, but the synth fails on the
 * refused waiver (a fatal `acknowledgement` violation) and the finding stays open, as the design's lint keeps it.
 * The reason is the design lint's (`acknowledgedReason`), the one `lint cdk.out/` and `designReport` show: when the
 * table's `acknowledgements` and a `Validations.acknowledge()` both waive a finding, the table's own waiver, which
 * its design carries, comes first; CDK's `reason` is the suppressing waiver's, read only when the lint gave none.
 */
function waiverReason(reported: ReportedViolation): string | undefined {
  const reason = reported.ruleMetadata?.acknowledgedReason ?? reported.reason ?? '';
  const rule = reported.ruleName.startsWith(PREFIX) ? reported.ruleName.slice(PREFIX.length) : reported.ruleName;
  return invalidWaiver({ rule, reason, acknowledgedAt: '' }) === undefined ? reason : undefined;
}

/** Whether a violation at `path` concerns `scopePath`: under it, or a waiver given above it (which applies to it). */
function concerns(path: string, scopePath: string): boolean {
  if (scopePath === '' || path === '' || path === scopePath) return true;
  return path.startsWith(`${scopePath}/`) || scopePath.startsWith(`${path}/`);
}

/** Findings a GuardedTable's own design acknowledges: CDK never sees them (the design waives them), the report should. */
function designWaivers(scope: IConstruct, known: readonly DesignViolation[]): DesignViolation[] {
  return scope.node
    .findAll()
    .filter(GuardedTable.isGuardedTable)
    .flatMap((table) =>
      table.findings
        // A finding CDK reported under a bracketed id (`SG017[nearQuota]`) is the same finding the design's waiver covers.
        .filter((f) => f.acknowledged && !known.some((v) => v.constructPath === table.node.path && waiverOfId(v.ruleId).rule === f.ruleId && v.path === f.path))
        .map((f): DesignViolation => ({
          ruleId: f.ruleId,
          title: f.title,
          severity: f.severity,
          constructPath: table.node.path,
          path: f.path,
          ...(f.index !== undefined ? { index: f.index } : {}),
          message: f.message,
          fix: f.fix,
          acknowledged: f.reason ?? '',
        })),
    );
}

function entry(v: DesignViolation): ReportEntry {
  return {
    severity: v.severity,
    rule: v.title ? `${v.ruleId} ${v.title}` : v.ruleId,
    where: `${v.constructPath || '(app)'}${v.path ? `, field ${v.path}` : ''}${v.index ? ` (index ${v.index})` : ''}`,
    message: v.message,
    ...(v.fix ? { fix: v.fix } : {}),
    ...(v.acknowledged !== undefined ? { acknowledged: v.acknowledged } : {}),
  };
}

/**
 * Whether the skewguard plugin runs for the stage holding `node`: registered on it or a stage above.
 * Read from the stage's plugin list, which aws-cdk-lib keeps internal; where it is not readable the
 * plugin is assumed to run (a GuardedTable always registers it on its own stage).
 */
function pluginRunsFor(node: IConstruct): boolean {
  return node.node.scopes.filter(Stage.isStage).some((stage) => {
    const plugins = (stage as unknown as { _validationPlugins?: readonly { name?: string }[] })._validationPlugins;
    return !Array.isArray(plugins) || plugins.some((p) => p.name === 'skewguard');
  });
}

/** Tables under `scope` that skewguard checks: their resource carries the skewguard metadata entry, and the plugin runs for them. */
function checkedTables(scope: IConstruct): number {
  return scope.node
    .findAll()
    .filter(
      (node) =>
        CfnResource.isCfnResource(node) &&
        DYNAMODB_TEMPLATE_TYPES.includes(node.cfnResourceType) &&
        (node.cfnOptions.metadata as Record<string, unknown> | undefined)?.[METADATA_KEY] !== undefined &&
        pluginRunsFor(node),
    ).length;
}

/** The name a report gives a scope. */
export function scopeName(scope: IConstruct): string {
  return scope.node.path === '' ? 'the app' : scope.node.path;
}

/**
 * Synthesizes the app that holds `scope` (a stack, a stage, a construct or the app itself) and
 * returns skewguard's verdict on it, as `cdk synth` would report it. A failed validation does not
 * throw here: it is the verdict. Other synth errors do. Prints nothing: CDK's console report of the
 * whole app (other stacks' warnings included) is left out; `text` is the scope's.
 */
export function synthDesignReport(scope: IConstruct): SynthDesignReport {
  const root = checkScope(scope, 'synthDesignReport').node.root;
  if (!Stage.isStage(root)) {
    throw new UsageError(
      [{ path: 'scope', message: 'expected a construct of a CDK app (new App()): the skewguard checks run when the app synthesizes' }],
      'design report input',
    );
  }
  const { open, suppressed } = synthesizedViolations(root);
  const path = scope.node.path;
  const reported = [...open.map((v) => violation(v)), ...suppressed.map((v) => violation(v, waiverReason(v)))].filter((v) => concerns(v.constructPath, path));
  const violations = [...reported, ...designWaivers(scope, reported)];
  return { violations, checkedTables: checkedTables(scope), text: formatReport(violations.map(entry), scopeName(scope)) };
}
