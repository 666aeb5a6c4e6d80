/**
 * A GuardedTable without `pageTopic` or `pageActions` still creates its page alarms (requests throttled now:
 * a hot partition, a capacity limit), and without `ticketTopic` or `ticketActions` its ticket alarms (sustained
 * throttles, the hottest key): they notify no one. One warning per stack and tier says so, naming the tables and
 * the props to set, not one per alarm; tables given a target for that tier are not named, and a stack whose
 * tables all have one gets no warning for it.
 */
import { Annotations, Aspects, Stack, type IAspect } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { printable } from '../index';

/** The alarm tiers whose missing actions are warned about. */
export type WarnedTier = 'page' | 'ticket';

/** The warning's id: `Annotations.of(stack).acknowledgeWarning('skewguard:page-alarms-without-actions')` silences it. */
export const PAGE_WARNING_ID = 'skewguard:page-alarms-without-actions';
/** The ticket tier's: `Annotations.of(stack).acknowledgeWarning('skewguard:ticket-alarms-without-actions')` silences it. */
export const TICKET_WARNING_ID = 'skewguard:ticket-alarms-without-actions';

/** What each tier's warning says its alarms watch, and the props that give them a target. */
const TIERS: Record<WarnedTier, { id: string; watches: string; props: string }> = {
  page: {
    id: PAGE_WARNING_ID,
    watches: 'requests throttled now (a hot partition, a capacity limit)',
    props: 'Set pageTopic (an SNS topic for the on-call) or pageActions',
  },
  ticket: {
    id: TICKET_WARNING_ID,
    watches: "slower problems (throttles sustained under the page's line, a hot key, latency, replication lag)",
    props: 'Set ticketTopic (an SNS topic for the team backlog) or ticketActions',
  },
};

/** Per stack and tier: the tables whose alarms of that tier have no action, each with how many it has then. */
const unnotified = new WeakMap<Stack, Record<WarnedTier, { path: string; alarms: () => number }[]>>();

/**
 * Warns once on the stack per tier, when the app is synthesized and every table of the stack is known. Added
 * to the stack's first such table, not to the stack: CDK invokes an aspect on every construct below where it is
 * added, and at a table that is a dozen constructs, not the whole stack.
 */
class AlarmsWithoutActionsWarning implements IAspect {
  constructor(
    private readonly stack: Stack,
    private readonly anchor: IConstruct,
  ) {}

  visit(node: IConstruct): void {
    if (node !== this.anchor) return;
    for (const tier of ['page', 'ticket'] as const) this.warn(tier);
  }

  private warn(tier: WarnedTier): void {
    const tables = (unnotified.get(this.stack)?.[tier] ?? []).filter((t) => t.alarms() > 0);
    if (tables.length === 0) return;
    const { id, watches, props } = TIERS[tier];
    const alarms = tables.reduce((sum, t) => sum + t.alarms(), 0);
    const names = tables.map((t) => printable(t.path)).join(', ');
    // The verb agrees with the alarms; the props are set on the tables.
    const one = { alarm: alarms === 1, table: tables.length === 1 };
    Annotations.of(this.stack).addWarningV2(
      id,
      `${alarms} "skewguard ${tier} …" alarm${one.alarm ? '' : 's'} of ${one.table ? 'the GuardedTable' : `${tables.length} GuardedTables`} ${names} ` +
        `${one.alarm ? 'notifies' : 'notify'} no one: no ${tier}Topic or ${tier}Actions was given, so ${watches} alarm in CloudWatch only. ` +
        `${props} on ${one.table ? 'it' : 'each of them'}`,
    );
  }
}

/** Records `table` as notifying no one of its `tier` alarms; `alarms` counts them at synth (indexes may still be added). */
export function recordTableWithoutActions(table: IConstruct, tier: WarnedTier, alarms: () => number): void {
  const stack = Stack.of(table);
  let tiers = unnotified.get(stack);
  if (!tiers) {
    tiers = { page: [], ticket: [] };
    unnotified.set(stack, tiers);
    Aspects.of(table).add(new AlarmsWithoutActionsWarning(stack, table));
  }
  tiers[tier].push({ path: table.node.path, alarms });
}
