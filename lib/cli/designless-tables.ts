/**
 * What `lint` and `observe` say of the DynamoDB tables of a template that hold no design (no
 * `Metadata.skewguard.design`), in the same words: a table the template shows GuardedTable wrote (template-coverage.ts)
 * had its design stripped, an error each (exit 2), as the synth refuses it; the others are plain tables, said in one
 * note for the whole template, at the first one, naming a few (a template of 2,000 tables gets one line, not 2,000).
 * The note names the rules that check such a table as the engine runs them (templateOnlyRules), not a fixed list.
 */
import { printable, type DesignIssue, type LintOptions } from '../index';
import { fmt, guardedAlarmsOf, guardedMarkerOf, joinPath, METADATA_PATH, prefixPath, templateOnlyRules } from '../internal';

/** A DynamoDB resource of a template without a design: its logical ID and the resource. */
export interface DesignlessTable {
  readonly logicalId: string;
  readonly resource: unknown;
}

/** The command that read the template: `lint` lints a plain table from its template; `observe` does not observe it. */
export type TemplateReader = 'lint' | 'observe';

/** How many of the other plain tables' logical IDs the note names; the rest are counted. */
const NAMED_TABLES = 5;

const designPathOf = (logicalId: string) => prefixPath(joinPath('Resources', logicalId), `${METADATA_PATH}.design`);

/** `a, b, c` or `a, b, c, d, e and 1,995 more`, each escaped as finding messages escape names. */
function tableNames(logicalIds: readonly string[]): string {
  const named = logicalIds.slice(0, NAMED_TABLES).map(printable).join(', ');
  const more = logicalIds.length - NAMED_TABLES;
  return more > 0 ? `${named} and ${fmt(more)} more` : named;
}

/** What checking a table from its template alone comes to in a lint with `options`: the rules that ran, and those turned off. */
function templateOnlyScope(options: LintOptions): string {
  const { ran, off, needDesign } = templateOnlyRules(options);
  const turnedOff = off.length === 0 ? '' : `${off.join(', ')} ${off.length === 1 ? 'is' : 'are'} turned off`;
  const by =
    ran.length === 0
      ? `by none of the rules that read a table's template (${turnedOff})`
      : `by the rules that read a table's template (${ran.join(', ')}${turnedOff && `; ${turnedOff}`})`;
  return `from the template alone, ${by}; the other ${needDesign} DynamoDB rules need a design (cardinality, peaks, hot-key share, access patterns)`;
}

/** The one note on a template's plain tables: `first` is the first of them, `others` the rest. */
function plainTablesNote(first: string, others: readonly string[], reader: TemplateReader, options: LintOptions): DesignIssue {
  const scope = templateOnlyScope(options);
  const one = others.length === 0;
  const subject = one
    ? 'is absent'
    : `is absent, as it is on ${fmt(others.length)} other DynamoDB table${others.length === 1 ? '' : 's'} of this template (${tableNames(others)})`;
  const said =
    reader === 'lint'
      ? `${one ? 'the table was' : 'each was'} linted ${scope} and did not run. To check ${one ? 'its key design, make it a GuardedTable' : 'their key designs, make them GuardedTables'} or declare ${one ? 'it in a design file' : 'them in design files'}`
      : `${one ? 'the table is' : 'they are'} not observed: observe holds a GuardedTable's design against production. \`skewguard lint\` checks ${one ? 'it' : 'each'} ${scope}`;
  return { path: designPathOf(first), message: `${subject}: ${said}` };
}

/** The error on a table GuardedTable wrote whose design was stripped: `marker` is what shows GuardedTable wrote it. */
function strippedDesignError(logicalId: string, marker: string, reader: TemplateReader, options: LintOptions): DesignIssue {
  const what = reader === 'lint' ? `the table could only be linted ${templateOnlyScope(options)} and did not run` : 'the table cannot be observed';
  const verb = reader === 'lint' ? 'Lint' : 'Observe';
  return {
    path: designPathOf(logicalId),
    message: printable(
      `is absent, yet ${marker}: its design was removed after synth, and ${what}. ${verb} the template as \`cdk synth\` wrote it, ` +
        'keeping each table’s Metadata.skewguard (a post-processing step, an escape hatch or a hand edit removed it)',
    ),
  };
}

/**
 * What `reader` says of a template's `tables` without a design (`resources` is the template's `Resources`, where the
 * skewguard alarms are looked for): an error per stripped GuardedTable, and one note for the plain ones, if any, with
 * the first of them (`first`), where a report in file order puts it.
 */
export function designlessTables<T extends DesignlessTable>(
  tables: readonly T[],
  resources: Record<string, unknown>,
  reader: TemplateReader,
  options: LintOptions = {},
): { readonly errors: DesignIssue[]; readonly notes: (DesignIssue & { readonly first: T })[] } {
  const errors: DesignIssue[] = [];
  const plain: T[] = [];
  if (tables.length === 0) return { errors, notes: [] };
  const alarms = guardedAlarmsOf(resources);
  for (const table of tables) {
    const marker = guardedMarkerOf(table.logicalId, table.resource, alarms);
    if (marker === undefined) plain.push(table);
    else errors.push(strippedDesignError(table.logicalId, marker, reader, options));
  }
  const [first, ...others] = plain;
  if (first === undefined) return { errors, notes: [] };
  const note = plainTablesNote(
    first.logicalId,
    others.map((table) => table.logicalId),
    reader,
    options,
  );
  return { errors, notes: [{ ...note, first }] };
}
