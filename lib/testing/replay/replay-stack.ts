/**
 * replayStack(): a synthesized CDK template's alarms over a DynamoDB scenario. Each scenario model
 * is bound to the table whose construct id (from skewguard's template metadata, else the logical
 * id) matches its name; the table's telemetry carries `${Ref:<table>}` as TableName and the rule
 * names the lookup custom resource returns (`${<lookup>.AccessedKeysRule}`), exactly as the alarms
 * resolve them. Pages are ALARM transitions that ran AlarmActions; recoveries are ALARM → OK transitions
 * that ran OKActions (an alarm's first evaluation, INSUFFICIENT_DATA → OK, runs them too, and recovers nothing).
 */
import { getAttPlaceholder, refPlaceholder } from './cloudwatch/intrinsics';
import { replayAlarms, type ActionRun, type AlarmReplay, type ReplayAlarmsOptions } from './cloudwatch/replay-alarms';
import { Random } from './random';
import { simulateTable, type KeySpaceTruth, type TableModel, type TableNames } from './scenarios/dynamodb-model';
import { checkScenario, type Scenario } from './scenarios/scenario';
import { Telemetry } from './telemetry';
import { MINUTES_PER_DAY } from './time';
import { argumentError } from './usage';

/** One resource of a synthesized CloudFormation template. */
export type Resource = {
  /** The resource type, e.g. `AWS::DynamoDB::Table`, `AWS::CloudWatch::Alarm`.
   *  @default - none: the resource is neither a table nor an alarm to the replay */
  Type?: string;
  /** The resource's properties, as synthesized.
   *  @default - none */
  Properties?: Record<string, unknown>;
  /** The resource's metadata; skewguard's entry and `aws:cdk:path` name a table's construct id.
   *  @default - none: the table is named by its logical ID */
  Metadata?: Record<string, unknown>;
};
export interface CfnTemplate {
  /** The template's resources by logical ID; `replayStack()` refuses a template without them (a `UsageError` at
   *  `template.Resources`), as every synthesized template has them.
   *  @default - none: refused */
  Resources?: Record<string, Resource>;
}

export interface TableReplay {
  /** The table's logical ID in the template. */
  readonly logicalId: string;
  /** What the model did to each key space (the table, then each GSI modelled): when it throttled and why. */
  readonly truths: readonly KeySpaceTruth[];
  /** Alarms that read this table (by its name or its rule lookups). */
  readonly alarms: readonly AlarmReplay[];
  /** AlarmActions runs of this table's alarms with a target that pages (see `pages`), each with its alarm's `name`. */
  readonly pages: readonly (ActionRun & {
    /** The alarm's `name` (AlarmName, or its logical ID when unnamed). */
    readonly alarm: string;
  })[];
  /** OKActions runs of this table's alarms with a target that pages, each with its alarm's `name`: those of a transition
   *  from ALARM, the recovery of a page. CloudWatch runs OKActions on a transition to OK from any state, an alarm's first
   *  evaluation (INSUFFICIENT_DATA → OK, minutes after the replay starts) included, which recovers no page. */
  readonly recoveries: readonly (ActionRun & {
    /** The alarm's `name` (AlarmName, or its logical ID when unnamed). */
    readonly alarm: string;
  })[];
}

export interface StackReplay {
  /** The scenario's name. */
  readonly scenario: string;
  /** Days replayed: the scenario's `days`. */
  readonly days: number;
  /** Every alarm of the template, replayed. */
  readonly alarms: readonly AlarmReplay[];
  /** The replay of each modelled table, by construct id. */
  readonly tables: Readonly<Record<string, TableReplay>>;
}

export interface ReplayStackOptions extends ReplayAlarmsOptions {
  /** Which actions page: a predicate on an action target (`${Ref:OnCall…}`). @default every target pages */
  readonly pages?: (target: string) => boolean;
  /** Rule names of a lookup resource other than skewguard's (attribute names → accessed / throttled); for each index a
   *  lookup lists in `IndexNames`, `<attribute>.<index>`. skewguard's own templates need none, GSIs included.
   *  @default { accessed: 'AccessedKeysRule', throttled: 'ThrottledKeysRule' } */
  readonly ruleAttributes?: {
    /** The attribute that returns the rule name of the most-accessed-keys rule. */
    readonly accessed: string;
    /** The attribute that returns the rule name of the most-throttled-keys rule. */
    readonly throttled: string;
  };
}

const TABLE_TYPES = new Set(['AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Table']);

function constructIdOf(logicalId: string, resource: Resource): string {
  const meta = resource.Metadata?.skewguard as { constructPath?: unknown } | undefined;
  const path =
    typeof meta?.constructPath === 'string'
      ? meta.constructPath
      : typeof resource.Metadata?.['aws:cdk:path'] === 'string'
        ? (resource.Metadata['aws:cdk:path'] as string)
        : logicalId;
  return (
    path
      .split('/')
      .filter((p) => p !== 'Resource' && p !== 'Table')
      .pop() ?? logicalId
  );
}

/**
 * The key spaces ('' for the table, else an index name) whose rule names a lookup resource returns. skewguard's one
 * lookup per table lists its GSIs in `IndexNames` and returns `AccessedKeysRule` for the table and
 * `AccessedKeysRule.<index>` for each of them (lib/cdk/insight-rules.ts); a lookup of one key space names it in `IndexName`.
 */
function keySpacesOf(lookup: Resource): string[] {
  const { IndexName, IndexNames } = lookup.Properties ?? {};
  if (typeof IndexName === 'string') return [IndexName];
  const indexes = Array.isArray(IndexNames) ? IndexNames.filter((name): name is string => typeof name === 'string') : [];
  return ['', ...indexes];
}

export function replayStack(template: CfnTemplate, scenario: Scenario<TableModel>, options: ReplayStackOptions = {}): StackReplay {
  const resources = template?.Resources;
  if (!resources || typeof resources !== 'object')
    throw argumentError(
      'replayStack()',
      'template.Resources',
      'expected a synthesized CloudFormation template (an object with Resources), e.g. app.synth().getStackByName(name).template',
    );
  checkScenario('replayStack()', scenario);
  const tables = Object.entries(resources).filter(([, r]) => r.Type !== undefined && TABLE_TYPES.has(r.Type));
  const byName = new Map(tables.map(([id, r]) => [constructIdOf(id, r), id]));
  const telemetry = new Telemetry(scenario.days * MINUTES_PER_DAY);
  const rng = new Random(scenario.seed);
  const attributes = options.ruleAttributes ?? { accessed: 'AccessedKeysRule', throttled: 'ThrottledKeysRule' };
  const bound: [string, string, KeySpaceTruth[], string[]][] = [];
  for (const [name, model] of Object.entries(scenario.models)) {
    const logicalId = byName.get(name) ?? (resources[name] && TABLE_TYPES.has(resources[name].Type ?? '') ? name : undefined);
    if (!logicalId)
      throw argumentError(
        'replayStack()',
        `scenario.models[${JSON.stringify(name)}]`,
        `scenario "${scenario.name}" models table ${name}, which the template does not have (tables: ${[...byName.keys()].join(', ') || 'none'}); name each model after a table's construct id`,
      );
    const ref = refPlaceholder(logicalId);
    const lookups = Object.entries(resources).filter(
      ([, r]) => r.Type?.startsWith('Custom::') && JSON.stringify(r.Properties?.TableName) === JSON.stringify({ Ref: logicalId }),
    );
    const rules: Record<string, { accessed?: string; throttled?: string }> = {};
    for (const [id, r] of lookups) {
      for (const index of keySpacesOf(r)) {
        const suffix = index === '' || typeof r.Properties?.IndexName === 'string' ? '' : `.${index}`;
        rules[index] = { accessed: getAttPlaceholder(id, attributes.accessed + suffix), throttled: getAttPlaceholder(id, attributes.throttled + suffix) };
      }
    }
    leaveOutUnmodelled(telemetry, rules, model, `table ${name}`, scenario.name);
    const names: TableNames = { tableName: ref, rules };
    bound.push([name, logicalId, simulateTable(model, names, telemetry, rng.fork(bound.length + 1)), [ref, ...lookups.map(([id]) => `\${${id}.`)]]);
  }
  const alarms = replayAlarms(template as never, telemetry, options);
  const pages = options.pages ?? (() => true);
  const result: Record<string, TableReplay> = {};
  for (const [name, logicalId, truths, markers] of bound) {
    // A metric alarm reads the table through its dimensions or rule names; a composite alarm
    // belongs to the tables of the alarms its rule names.
    const metricAlarms = alarms.filter(
      (a) => a.type === 'metric' && markers.some((m) => JSON.stringify([a.properties.Metrics, a.properties.Dimensions]).includes(m)),
    );
    const composites = alarms.filter(
      (a) =>
        a.type === 'composite' &&
        metricAlarms.some(
          (child) => String(a.properties.AlarmRule).includes(getAttPlaceholder(child.logicalId, 'Arn')) || String(a.properties.AlarmRule).includes(child.name),
        ),
    );
    const mine = [...metricAlarms, ...composites];
    const runs = (list: ActionRun['list'], from?: AlarmReplay['changes'][number]['from']) =>
      mine.flatMap((a) =>
        a.actions
          .filter((r) => r.list === list && r.targets.some(pages))
          .filter((r) => from === undefined || a.changes.some((c) => c.minute === r.minute && c.from === from))
          .map((r) => ({ ...r, alarm: a.name })),
      );
    result[name] = { logicalId, truths, alarms: mine, pages: runs('AlarmActions'), recoveries: runs('OKActions', 'ALARM') };
  }
  return { scenario: scenario.name, days: scenario.days, alarms, tables: result };
}

/**
 * The rules of the GSIs a table's lookup lists that the scenario's model leaves out (its profile declares no `indexes`
 * entry for them): the model writes no contributors for them, so an alarm reading one says to add the index to the
 * profile, the fix, rather than to check the rule-name mapping, which is right.
 */
function leaveOutUnmodelled(
  telemetry: Telemetry,
  rules: Readonly<Record<string, { readonly accessed?: string; readonly throttled?: string }>>,
  model: TableModel,
  table: string,
  scenario: string,
): void {
  const modelled = new Set(model.keySpaces.map((k) => k.index ?? ''));
  for (const [index, { accessed, throttled }] of Object.entries(rules)) {
    if (modelled.has(index)) continue;
    const why = `it is the rule of index ${index} of ${table}, which scenario "${scenario}" does not model: add the index to the table's profile, indexes: [{ name: '${index}', peakRead, writeShare, cardinality }] (healthyWeek(), dynamoIncident(); docs/replay.md)`;
    for (const rule of [accessed, throttled]) if (rule !== undefined) telemetry.leftOut(rule, why);
  }
}
