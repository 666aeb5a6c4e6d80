/**
 * `fanOut: true` where nothing fans out (an unsharded key) is SG009's warning at the field: `lint` shows it without
 * failing the run, and `lint --fix` removes the field, and the re-lint no longer has it. Where the key's own fix shards
 * it (docs/cdk.md's Quick start without its sharding line), --fix writes that sharding and keeps the fan-out it makes
 * true: the run never removes the field first and sets it back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DynamoDbTableDesign } from '../../lib';
import { cli, tempTree } from './helpers';

/** The Quick start's tickets table without its sharding, its sales count read with `fanOut`, at `peak` reads and writes. */
const tickets = ([peakReadUnits, peakWriteUnits]: readonly [number, number]): DynamoDbTableDesign => ({
  name: 'tickets',
  partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
  sortKey: { name: 'userId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits, peakWriteUnits, hotKeyShare: 0.25 },
  accessPatterns: [
    { name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 0.95 },
    // Sized (480 KB), so SG003's fan-out is counted and its shards written: with no resultKb --fix writes none.
    { name: 'event-sales-count', keyAttributes: ['eventId'], share: 0.05, fanOut: true, resultKb: 480 },
  ],
});

const file = (design: DynamoDbTableDesign) => join(tempTree({ 'design.json': `${JSON.stringify({ tables: [design] }, null, 2)}\n` }), 'design.json');
const fixedTable = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { tables: DynamoDbTableDesign[] }).tables[0];

describe('fanOut where nothing fans out, through the CLI', () => {
  it('lint shows the warning at the field and passes; --fix removes the field, and nothing else changes', async () => {
    // The hottest event's 15 RCU and 75 WCU fit one key: nothing shards it.
    const path = file(tickets([60, 300]));
    const linted = await cli(['lint', path]);
    expect(linted.code).toBe(0);
    expect(linted.stdout).toContain('warning SG009 unsharded-read  tables[0].accessPatterns[1].fanOut');
    expect(linted.stdout).toContain('so nothing fans out and fanOut has no effect');

    const fixed = await cli(['lint', path, '--fix']);
    expect(fixed.stdout).toContain('fixed   SG009 tickets: removed tables[0].accessPatterns[1].fanOut');
    expect(fixedTable(path).accessPatterns?.[1]).toEqual({ name: 'event-sales-count', keyAttributes: ['eventId'], share: 0.05, resultKb: 480 });
    // Nothing else changes: the re-lint is the first lint less SG009. The 25% event (75 WCU, growth left × share far
    // above minGrowthHeadroom) has no SG014 warning either side, so nothing is left.
    const rules = (design: DynamoDbTableDesign) => lint({ tables: [design] }).map((f) => `${f.ruleId} ${f.path}`);
    expect(rules(fixedTable(path))).toEqual(rules(tickets([60, 300])).filter((f) => !f.startsWith('SG009')));
    expect(rules(fixedTable(path))).toEqual([]);
  });

  it("the Quick start without its sharding: --fix writes SG003's shards and keeps the fanOut they make true", async () => {
    const quickStart = tickets([6000, 30000]);
    const path = file(quickStart);
    const before = lint({ tables: [quickStart] }).map((f) => [f.ruleId, f.severity, f.edits === undefined]);
    expect(before).toEqual([
      ['SG003', 'error', false],
      ['SG009', 'warning', true],
    ]);
    const fixed = await cli(['lint', path, '--fix']);
    expect(fixed.stdout).toContain('fixed   SG003 tickets');
    expect(fixed.stdout).not.toContain('SG009');
    const table = fixedTable(path);
    // 7,500 of 30,000 WCU, 60 partitions: two of 30 on one take 2 × 250 + 495.83 − 4.17 = 991.67 of 1,000 (25: 1,090; 29: 1,008.62).
    expect(table.sharding).toMatchObject({ strategy: 'calculated', shards: 30, sourceAttribute: 'userId' });
    expect(table.accessPatterns?.[1].fanOut).toBe(true);
    expect(lint({ tables: [table] })).toEqual([]);
  });
});
