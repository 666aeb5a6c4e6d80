/**
 * What a template lets the lint check of each DynamoDB table, so that `skewguard lint cdk.out/` says it rather than
 * passing a table silently: a table without `Metadata.skewguard.design` is linted from the template alone (its key
 * names and Contributor Insights switches, read by template-table.ts), and a table GuardedTable wrote whose design is
 * gone (a stripped or hand-edited template) is recognised by what else GuardedTable left in the template.
 */
import { RULES } from '../lint/rules';
import { isIntrinsic, isObject, own } from './intrinsics';
import { templateMetadataOf } from './metadata';

/** Alarm names GuardedTable gives (lib/cdk/alarms.ts): `skewguard <tier> <table> <what>`, never a token. */
const GUARDED_ALARM_NAME = /^skewguard (?:page|ticket) /;

/** The rules a table read from its template alone is checked with: those of what externalTableOf reads, its partition-key
 *  names (SG015) and its Contributor Insights switches (SG010). Every other DynamoDB rule reads a declared design. */
const TEMPLATE_ONLY_RULES = ['SG015', 'SG010'];

/** The rules that check a DynamoDB table read from its template alone, by id and title, and how many need a design. */
export function templateOnlyRules(): { readonly checked: readonly string[]; readonly needDesign: number } {
  const dynamodb = RULES.filter((rule) => rule.engines.includes('dynamodb'));
  const checked = dynamodb.filter((rule) => TEMPLATE_ONLY_RULES.includes(rule.id));
  return { checked: checked.map((rule) => `${rule.id} ${rule.title}`), needDesign: dynamodb.length - checked.length };
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
