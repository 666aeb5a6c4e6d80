/**
 * What a template lets the lint check of each DynamoDB table, so that `skewguard lint cdk.out/` says it rather than
 * passing a table silently: a table without `Metadata.skewguard.design` is linted from the template alone (its key
 * names and Contributor Insights switches, read by template-table.ts), and a table GuardedTable wrote whose design is
 * gone (a stripped or hand-edited template) is recognised by what else GuardedTable left in the template.
 */
import { isObject } from '../design/json-object';
import { externalChecks } from '../lint/engine';
import type { Rule } from '../lint/rule';
import { RULES } from '../lint/rules';
import type { LintOptions } from '../lint/validate';
import { isIntrinsic, own } from './intrinsics';
import { templateMetadataOf } from './metadata';

/** Alarm names GuardedTable gives (lib/cdk/alarms.ts): `skewguard <tier> <table> <what>`, never a token. */
const GUARDED_ALARM_NAME = /^skewguard (?:page|ticket) /;

/** The DynamoDB rules that check a table read from its template alone (its key names, its Contributor Insights
 *  switches), each as `id title`: those a lint with `options` runs (`ran`), and those it turns off (`off`); and how many
 *  DynamoDB rules need a design and never check such a table. Asked of the engine, so a rule that comes to check
 *  templates, or a config that turns one off, is said as it runs. */
export function templateOnlyRules(options: LintOptions = {}): {
  readonly ran: readonly string[];
  readonly off: readonly string[];
  readonly needDesign: number;
} {
  const named = (rule: Rule) => `${rule.id} ${rule.title}`;
  const dynamodb = RULES.filter((rule) => rule.engines.includes('dynamodb'));
  const capable = dynamodb.filter((rule) => rule.externalEngines.includes('dynamodb'));
  const ran = new Set(externalChecks('dynamodb', options));
  return {
    ran: capable.filter((rule) => ran.has(rule)).map(named),
    off: capable.filter((rule) => !ran.has(rule)).map(named),
    needDesign: dynamodb.length - capable.length,
  };
}

/** The logical IDs an object refers to with `{ "Ref": … }`, at any depth (walked without recursion: a template is input). */
function refsIn(value: unknown): Set<string> {
  const refs = new Set<string>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (isIntrinsic(next) && typeof own(next, 'Ref') === 'string') refs.add(own(next, 'Ref') as string);
    // One by one, not spread: a spread of a huge array would overflow the call's arguments.
    else if (Array.isArray(next) || isObject(next)) for (const member of Object.values(next)) pending.push(member);
  }
  return refs;
}

/**
 * For each table a skewguard alarm of the template watches (`{ "Ref": table }` in its metrics), that alarm's name and
 * location: only a GuardedTable makes them. `resources` is the template's `Resources`.
 */
export function guardedAlarmsOf(resources: Record<string, unknown>): Map<string, { readonly name: string; readonly location: string }> {
  const alarms = new Map<string, { name: string; location: string }>();
  for (const [logicalId, resource] of Object.entries(resources)) {
    const name = own(own(resource, 'Properties'), 'AlarmName');
    if (own(resource, 'Type') !== 'AWS::CloudWatch::Alarm' || typeof name !== 'string' || !GUARDED_ALARM_NAME.test(name)) continue;
    for (const table of refsIn(own(resource, 'Properties'))) {
      if (!alarms.has(table)) alarms.set(table, { name, location: `Resources.${logicalId}.Properties.AlarmName` });
    }
  }
  return alarms;
}

/**
 * What shows that GuardedTable wrote a resource that holds no design, in words, or undefined when nothing does: its
 * metadata's `constructPath` (a raw table's waivers carry none) or a skewguard alarm on it (`alarms`, guardedAlarmsOf).
 */
export function guardedMarkerOf(logicalId: string, resource: unknown, alarms: ReadonlyMap<string, { name: string; location: string }>): string | undefined {
  const metadata = templateMetadataOf(resource);
  if (metadata.status === 'read' && metadata.design === undefined && metadata.constructPath !== undefined)
    return `its Metadata.skewguard names the GuardedTable ${JSON.stringify(metadata.constructPath)}`;
  const alarm = alarms.get(logicalId);
  return alarm && `the skewguard alarm "${alarm.name}" (${alarm.location}) watches it`;
}
