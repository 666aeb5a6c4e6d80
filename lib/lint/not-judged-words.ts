/**
 * How every report words what the rules did not judge (`NotJudged`): the CLI's `note    not judged: …` line, a
 * GuardedTable's synth info and a GuardedContainer's Pulumi log say it in these words, so they cannot drift apart.
 */
import { grouped } from '../design/grouped';
import type { NotJudged } from './engine';

/** At most this many fields are named for one thing not judged; the rest are counted (`and 4 more`). */
const FIELDS_NAMED = 3;

/**
 * One thing not judged and the fields that, declared, let its rule judge it: `the hottest value, taken as uniform
 * (1/5,000 of the load) (declare workload.hotKeyShare)`, or, said alike on several key spaces, `… on 3 key spaces
 * (declare a, b, c)`, the fields past three counted (`and 4 more`).
 */
export function notJudgedClause(what: string, fields: readonly string[]): string {
  const named = fields.slice(0, FIELDS_NAMED).join(', ');
  const more = fields.length > FIELDS_NAMED ? ` and ${grouped(fields.length - FIELDS_NAMED)} more` : '';
  return `${what}${fields.length > 1 ? ` on ${grouped(fields.length)} key spaces` : ''} (declare ${named}${more})`;
}

/**
 * One entry as an adapter says it on its resource, the field to declare as its user writes it (`declare`, by default
 * the design's path): `skewguard SG003 did not judge the hottest value, taken as uniform (1/5,000 of the load) (declare
 * workload.hotKeyShare)`. Information, never a warning: nothing is known to be wrong.
 */
export function notJudgedNote(entry: Pick<NotJudged, 'ruleId' | 'what' | 'declare'>, declare: string = entry.declare): string {
  return `skewguard ${entry.ruleId} did not judge ${notJudgedClause(entry.what, [declare])}`;
}
