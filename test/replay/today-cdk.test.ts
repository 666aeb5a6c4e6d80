// Today's default alarms of the example app (examples/cdk), replayed over modelled weeks: what they
// do now, measured. These are characterizations, not targets: issue 18 wants 0 pages on a healthy
// week and every incident paged; the tests say where today's defaults stand, with the numbers in
// their names, and fail when the alarms change (then the numbers move, or the targets replace them).
import { dynamoIncident, healthyWeek, replayStack, type DynamoIncident, type StackReplay, type TableReplay } from '../../lib/testing/replay';
import { EXAMPLE_TABLES, exampleTemplate } from './support/examples';
import { describeTable, firstPageAfter, pagesByAlarm } from './support/summary';

const template = exampleTemplate();

describe('the example app on a healthy week (seed 1)', () => {
  let replay: StackReplay;
  beforeAll(() => {
    replay = replayStack(template, healthyWeek(EXAMPLE_TABLES));
  });

  it('replays all 22 alarms of the stack, each attributed to its table: Tickets 7, Documents 15', () => {
    expect(replay.alarms).toHaveLength(22);
    expect(replay.tables.Tickets.alarms).toHaveLength(7);
    expect(replay.tables.Documents.alarms).toHaveLength(15);
  });

  it('Tickets pages 6 times: 5 Query p99 latency pages on deploy warm-ups, 1 write key-range page at its own planned peak; 12 recoveries go to the same topic', () => {
    const tickets = replay.tables.Tickets;
    expect(pagesByAlarm(tickets.pages)).toEqual({ 'Query p99 latency': 5, 'hot partition (write key-range throttles)': 1 });
    expect(tickets.recoveries).toHaveLength(12);
    // The key-range page is the planned peak (day 3, 19:00–19:45), the plan working as designed.
    const keyRange = tickets.pages.filter((p) => p.alarm.includes('key-range'));
    expect(keyRange.map((p) => Math.floor(p.minute / 60))).toEqual([3 * 24 + 19]);
  });

  it('Documents pages 5 times, all Query p99 latency on deploy warm-ups; 17 recoveries go to the same topic', () => {
    const documents = replay.tables.Documents;
    expect(pagesByAlarm(documents.pages)).toEqual({ 'Query p99 latency': 5 });
    expect(documents.pages.every((p) => p.minute % 1440 >= 14 * 60 && p.minute % 1440 < 14 * 60 + 10)).toBe(true);
    expect(documents.recoveries).toHaveLength(17);
  });
});

describe('the example app on incidents (seed 2): detection with today\'s alarms', () => {
  const run = (incident: DynamoIncident, target: { table: string; index?: string }): { table: TableReplay; truth: TableReplay['truths'][number] } => {
    const replay = replayStack(template, dynamoIncident(incident, EXAMPLE_TABLES, target));
    const table = replay.tables[target.table];
    return { table, truth: table.truths.find((t) => t.index === target.index) as TableReplay['truths'][number] };
  };

  it('a write-hot key growing for days on GSI by-folder: paged 3 minutes before throttling is sustained and 180 minutes before its partition averages 80%, then 8 pages as the alarm flaps', () => {
    const { table, truth } = run('write-hot key growing for days', { table: 'Documents', index: 'by-folder' });
    const first = firstPageAfter(table.pages, 0) as number;
    expect([first - (truth.firstSustainedThrottle as number), first - (truth.firstOver80 as number)]).toEqual([-3, -180]);
    expect(pagesByAlarm(table.pages)).toEqual({ '/by-folder hot partition (write key-range throttles)': 6, '/by-folder hot key (most accessed partition key)': 2 });
  });

  it('a viral read-hot key on the Documents table: paged 2 minutes after its first throttle, by the read key-range alarm, then by the hot-key alarm', () => {
    const { table, truth } = run('viral read-hot key', { table: 'Documents' });
    expect(firstPageAfter(table.pages, 0)! - (truth.firstKeyRangeThrottle as number)).toBe(2);
    expect(pagesByAlarm(table.pages)).toEqual({ 'hot partition (read key-range throttles)': 1, 'hot key (most accessed partition key)': 1 });
  });

  it('three warm keys sharing one Tickets partition: paged 2 minutes after the first throttle, once, by the write key-range alarm (the hot-key alarm sees no single key)', () => {
    const { table, truth } = run('warm keys on one partition', { table: 'Tickets' });
    expect(firstPageAfter(table.pages, 0)! - (truth.firstKeyRangeThrottle as number)).toBe(2);
    expect(pagesByAlarm(table.pages)).toEqual({ 'hot partition (write key-range throttles)': 1 });
  });

  it('a surge beyond the on-demand maximum of Documents: paged 2 minutes after the first throttle by the on-demand maximum alarm', () => {
    const { table, truth } = run('surge beyond the on-demand maximum', { table: 'Documents' });
    expect(firstPageAfter(table.pages, 0)! - (truth.firstCapacityThrottle as number)).toBe(2);
    expect(pagesByAlarm(table.pages)).toEqual({ 'on-demand maximum reached (write throttles)': 1 });
  });

  it('a surge beyond the per-table quota on Tickets: 40 minutes of account-limit throttles and 0 pages (no account-limit alarm exists today)', () => {
    const { table, truth } = run('surge beyond the per-table quota', { table: 'Tickets' });
    expect(truth.firstCapacityThrottle).toBeDefined();
    expect(table.pages).toEqual([]);
    expect(describeTable(table)).toBe('');
  });
});
