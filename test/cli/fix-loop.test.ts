/**
 * `--fix` over the rules' own edits (no mocks), review 7 items 1, 3, 7 and 8: the stranger's repl2.json gets the
 * cheapest fix (a 1,000 RU/s raise), not copies that a capacity raise then makes needless; a capacity raise past a
 * default quota is never written; and two findings on one path (a table's and the GSI's that takes its capacity)
 * are both fixed in one run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixDesignText, NO_EDITS } from '../../lib/cli/fix';
import { cli, tempTree } from './helpers';

/** The stranger's hostile/repl2.json, byte for byte. */
const REPL2 = `{ "containers": [ { "name": "messages",
  "partitionKey": { "paths": [ { "path": "/tenantId", "cardinality": 300, "hotKeyShare": 0.45, "largestGb": 40 }, { "path": "/roomId", "cardinality": 60000 } ] },
  "throughput": { "autoscaleMax": 40000 }, "storage": { "totalGb": 2000, "largestPartitionGb": 2 },
  "workload": { "peakReadUnits": 20000, "peakWriteUnits": 10000 } } ] }
`;

/**
 * A provisioned table whose write auto scaling stops at `max` WCU, with `indexes` unique-keyed GSIs that take its
 * capacity; a GSI key that updates change (`mutable`) is written twice per table write, so it needs twice the capacity.
 */
function table(peakWriteUnits: number, indexes: number, mutable = false, max = 20000): string {
  const globalSecondaryIndexes = Array.from({ length: indexes }, (_, i) => ({
    indexName: `byRef${i}`,
    partitionKey: { name: `ref${i}`, type: 'S', cardinality: 'unique', mutable },
  }));
  return `${JSON.stringify(
    {
      tables: [
        {
          name: 'orders',
          partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
          capacity: { read: { fixed: 2000 }, write: { min: 5, max } },
          workload: { peakReadUnits: 1000, peakWriteUnits },
          globalSecondaryIndexes,
          monitoring: { contributorInsights: true },
        },
      ],
    },
    null,
    2,
  )}\n`;
}

describe('--fix on the stranger’s repl2.json', () => {
  // Was: "fixed SG003 messages: set …autoscaleMax to 41000", the full key's raise judged beside the container's average
  // partition, while its (tenant, room) value sits under the 45% tenant, on that tenant's partition (13,500 RU/s on 1,000):
  // the first level's finding, which no raise of 1,000 serves. The full key's finding now defers to it (verdict26).
  it('writes no raise for the full key under the 45% tenant, adds no copies, and undoes nothing', async () => {
    const file = join(tempTree({ 'repl2.json': REPL2 }), 'repl2.json');
    const { code, stdout } = await cli(['lint', file, '--fix', '--no-color']);
    expect(stdout).not.toMatch(/fixed {3}SG0|not fixed: it would undo|application change needed/);
    const fixed = JSON.parse(readFileSync(file, 'utf8')).containers[0];
    expect(fixed.throughput).toEqual({ autoscaleMax: 40000 });
    expect(fixed.sharding).toBeUndefined();
    // What is left is the first level's finding (a tenant at 13,500 RU/s on one physical partition), with no edit: one
    // line says why --fix left it. The full key raises none: the tenant's 40 GB of the 2,000 suggest about 1,200 of the
    // 60,000 rooms (not the average 200), so no room is hot (before: 45% ÷ 200 rooms, deferring to the tenant's finding).
    expect(stdout).toMatch(/error {3}SG003 hot-key-exceeds-partition {2}containers\[0\]\.partitionKey\.paths\[0\]/);
    expect(stdout).not.toMatch(/SG003 hot-key-exceeds-partition {2}containers\[0\]\.partitionKey\.paths /);
    expect(stdout.split(`SG003 not fixed: ${NO_EDITS}`)).toHaveLength(2);
    expect(code).toBe(1);
  });
});

describe('--fix and default quotas', () => {
  it('writes no capacity past the table-level quota, and a second run changes nothing', () => {
    const text = table(35000, 0);
    const first = fixDesignText(text, {});
    expect(first.fixes).toEqual([]);
    expect(first.text).toBe(text);
  });

  it('still writes a raise within the quotas', () => {
    const first = fixDesignText(table(30000, 0), {});
    expect(first.fixes.map((f) => f.edits)).toEqual([[{ op: 'set', path: 'tables[0].capacity.write.max', value: 37500 }]]);
  });
});

describe('--fix with two findings on one path', () => {
  // At 10,000 WCU, the table needs 15,000 for its 12,000; the index, written twice per table write, 30,000 for its 24,000
  // (the index takes the table's capacity; its finding is at its own field, where the fix gives it capacity of its own).
  it('fixes the table’s and its inheriting GSI’s capacity in one run, and names nothing as left', async () => {
    const result = fixDesignText(table(12000, 1, true, 10000), {});
    expect(result.fixes.map((f) => f.edits[0])).toEqual([
      { op: 'set', path: 'tables[0].capacity.write.max', value: 15000 },
      // The index gets capacity of its own, as the table declares it: its auto-scaling minimum kept (review 10 item 10).
      { op: 'set', path: 'tables[0].globalSecondaryIndexes[0].capacity.write', value: { min: 5, max: 30000 } },
    ]);
    expect(result.skipped).toEqual([]);
    const dir = tempTree({ 'design.json': table(12000, 1, true, 10000) });
    const { code, stdout } = await cli(['lint', join(dir, 'design.json'), '--fix', '--no-color']);
    expect(stdout).not.toContain('SG017 capacity-below-peak');
    expect(code).toBe(0);
  });
});
