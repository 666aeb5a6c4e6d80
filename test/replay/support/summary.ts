/** Short summaries of replays for test names, failure messages and the bench. */
import { clockOf, type ContainerReplay, type TableReplay } from '../../../lib/testing/replay';

/** Pages per alarm, by the part of the alarm name after the table token. */
export function pagesByAlarm(pages: readonly { alarm: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of pages) {
    const short = p.alarm.replace(/^\$\{Ref:[^}]+\}/, '').trim();
    counts[short] = (counts[short] ?? 0) + 1;
  }
  return counts;
}

/** Minutes from `from` to the first page at or after `after` (undefined: never paged). */
export function firstPageAfter(pages: readonly { minute: number }[], after: number): number | undefined {
  return pages
    .map((p) => p.minute)
    .filter((m) => m >= after)
    .sort((a, b) => a - b)[0];
}

export function describeTable(t: TableReplay): string {
  return t.pages.map((p) => `${clockOf(p.minute)} ${p.alarm}`).join('\n');
}

export function describeContainer(c: ContainerReplay): string {
  return c.pages
    .slice(0, 20)
    .map((p) => `${clockOf(p.minute)} ${p.alert} ${p.series} ${p.value ?? ''}`)
    .join('\n');
}
