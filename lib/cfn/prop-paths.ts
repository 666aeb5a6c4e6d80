/**
 * The design fields a GuardedTable derives from its props, said as its user writes them. The core names
 * design-file fields (`capacity.write.max`, `onDemand.maxReadRequestUnits`, `name`); a GuardedTable has
 * none of them: it reads them from `billing`, a GSI's `writeCapacity`…, `tableName`. So a finding, a
 * fix or an input error the core reports at such a field is re-worded here, in its path and in every
 * field its text quotes (`` `capacity.write.max` ``), to the prop that sets it. The core's messages for
 * design files are unchanged; a finding's `data` and `edits` stay in the design's terms (the template
 * metadata's).
 *
 * In the core, beside the template metadata a GuardedTable writes, because two adapters word a
 * GuardedTable's findings this way: skewguard/cdk (the construct and the synth's checks) and the CLI
 * (`skewguard lint cdk.out/`, for a resource whose metadata holds a design). Adapters share code through
 * the core, never through each other.
 */
import type { DesignIssue } from '../design/errors';
import type { Finding } from '../lint/engine';

/** How a GuardedTable user writes one design field: the prop's path, and the prop as code. */
export interface PropOfField {
  /** The prop's path, as a field path: `billing`, `globalSecondaryIndexes[0].writeCapacity`. */
  readonly path: string;
  /** The prop as the user writes it, down to the figure: `billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ maxCapacity }) })`. */
  readonly writes: string;
}

/** A derived design field, for the table and for a GSI (`undefined`: the field does not exist there). */
interface DerivedField {
  readonly table?: PropOfField;
  readonly index?: PropOfField;
}

/** The provisioned-capacity fields of one dimension, as `Billing.provisioned()` (table) and a GSI's `readCapacity`/`writeCapacity` set them. */
function capacityFields(dimension: 'read' | 'write'): [string, DerivedField][] {
  const prop = `${dimension}Capacity`;
  const forms: [string, string][] = [
    ['', prop],
    // TableV2 refuses a fixed write capacity, the table's and a GSI's ("You cannot configure 'writeCapacity' with FIXED capacity mode").
    ...(dimension === 'read' ? [['.fixed', `${prop}: Capacity.fixed(units)`] as [string, string]] : []),
    ['.min', `${prop}: Capacity.autoscaled({ minCapacity })`],
    ['.max', `${prop}: Capacity.autoscaled({ maxCapacity })`],
    ['.targetUtilizationPercent', `${prop}: Capacity.autoscaled({ targetUtilizationPercent })`],
  ];
  return forms.map(([suffix, writes]) => [
    `capacity.${dimension}${suffix}`,
    { table: { path: 'billing', writes: `billing: Billing.provisioned({ ${suffix === '' ? prop : writes} })` }, index: { path: prop, writes } },
  ]);
}

/** The on-demand maximum of one dimension, as `Billing.onDemand()` (table) and a GSI's own prop set it. */
function onDemandField(dimension: 'Read' | 'Write'): [string, DerivedField] {
  const prop = `max${dimension}RequestUnits`;
  return [`onDemand.${prop}`, { table: { path: 'billing', writes: `billing: Billing.onDemand({ ${prop} })` }, index: { path: prop, writes: prop } }];
}

/**
 * Every design field (relative to the table or to one GSI) a GuardedTable derives from a prop of
 * another name or shape. `warmThroughput` and its fields are not here: TableV2's prop has the design's
 * name and fields, on the table and on each GSI.
 */
export const DERIVED_FIELDS: ReadonlyMap<string, DerivedField> = new Map<string, DerivedField>([
  ['name', { table: { path: 'tableName', writes: 'tableName' } }],
  ...capacityFields('read'),
  ...capacityFields('write'),
  onDemandField('Read'),
  onDemandField('Write'),
]);

const IN_INDEX = /^(globalSecondaryIndexes\[\d+\]\.)(.+)$/;

/** The prop that sets the design field at `path` (relative to the table), or undefined when the user writes the field as it is. */
export function propOf(path: string): PropOfField | undefined {
  const [, index = '', field = path] = IN_INDEX.exec(path) ?? [];
  const prop = DERIVED_FIELDS.get(field)?.[index === '' ? 'table' : 'index'];
  return prop && { path: index + prop.path, writes: index + prop.writes };
}

/** `path` as a GuardedTable prop path. */
export const asPropPath = (path: string): string => propOf(path)?.path ?? path;

/**
 * The text with every design field it quotes in backticks (`` `capacity.write.max` ``) said as the prop that sets it.
 * Messages quote a field by its dotted path (`{{field|code}}`); a quoted word without a dot is a name from the
 * design (a key attribute called `name`), never the table's `name` field, which only a finding's path names.
 */
export function asPropText(text: string): string {
  return text.replace(/`([^`\s.]+\.[^`\s]+)`/g, (quoted: string, path: string) => {
    const prop = propOf(path);
    return prop ? `\`${prop.writes}\`` : quoted;
  });
}

/** The finding with its path, message and fix naming the props a GuardedTable user wrote (its other fields kept). */
export function asPropFinding<F extends Finding>(finding: F): F {
  return Object.assign({}, finding, {
    path: asPropPath(finding.path),
    message: asPropText(finding.message),
    fix: asPropText(finding.fix),
  });
}

/** An input error of the design as the construct derived it, at the prop the user wrote; when that prop
 *  holds several figures (`billing`), the message says which: "in `billing: Billing.onDemand({ maxReadRequestUnits })`, …". */
export function asPropIssue(issue: DesignIssue): DesignIssue {
  const prop = propOf(issue.path);
  const message = asPropText(issue.message);
  if (!prop) return Object.assign({}, issue, { message });
  return Object.assign({}, issue, { path: prop.path, message: prop.writes === prop.path ? message : `in \`${prop.writes}\`, ${message}` });
}
