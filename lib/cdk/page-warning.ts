/**
 * A GuardedTable without `pageTopic` or `pageActions` still creates its page alarms (requests
 * throttled now: a hot partition, a capacity limit), and they notify no one. One warning per stack
 * says so, naming the tables and the prop to set, not one per alarm; tables given a page target
 * are not named, and a stack whose tables all have one gets no warning.
 */
import { Annotations, Aspects, Stack, type IAspect } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { printable } from '../index';

/** The warning's id: `Annotations.of(stack).acknowledgeWarning('skewguard:page-alarms-without-actions')` silences it. */
export const PAGE_WARNING_ID = 'skewguard:page-alarms-without-actions';

/** Per stack: the tables whose page alarms have no action, each with how many alarms it has then. */
const unpaged = new WeakMap<Stack, { path: string; alarms: () => number }[]>();

/**
 * Warns once on the stack, when the app is synthesized and every table of the stack is known. Added to
 * the stack's first such table, not to the stack: CDK invokes an aspect on every construct below where it
 * is added, and at a table that is a dozen constructs, not the whole stack.
 */
class PageWarning implements IAspect {
  constructor(
    private readonly stack: Stack,
    private readonly anchor: IConstruct,
  ) {}

  visit(node: IConstruct): void {
    if (node !== this.anchor) return;
    const tables = (unpaged.get(this.stack) ?? []).filter((t) => t.alarms() > 0);
    if (tables.length === 0) return;
    const alarms = tables.reduce((sum, t) => sum + t.alarms(), 0);
    const names = tables.map((t) => printable(t.path)).join(', ');
    Annotations.of(this.stack).addWarningV2(
      PAGE_WARNING_ID,
      `${alarms} "skewguard page …" alarm${alarms === 1 ? '' : 's'} of ${tables.length === 1 ? 'the GuardedTable' : `${tables.length} GuardedTables`} ${names} ` +
        `notify no one: no pageTopic or pageActions was given, so requests throttled now (a hot partition, a capacity limit) alarm in CloudWatch only. ` +
        'Set pageTopic (an SNS topic for the on-call) or pageActions on each of them',
    );
  }
}

/** Records `table` as paging no one; `alarms` counts its page alarms at synth (indexes may still be added). */
export function recordUnpagedTable(table: IConstruct, alarms: () => number): void {
  const stack = Stack.of(table);
  let tables = unpaged.get(stack);
  if (!tables) {
    tables = [];
    unpaged.set(stack, tables);
    Aspects.of(table).add(new PageWarning(stack, table));
  }
  tables.push({ path: table.node.path, alarms });
}
