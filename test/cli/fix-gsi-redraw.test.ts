/**
 * `--fix` on a GSI hot on the table's hottest item (the reviewer's d3/prov.json): SG003's fix shards the index at random,
 * a shard drawn afresh on every update of that item, so each of its updates writes the index twice, a delete and a
 * put (AWS, "Provisioned throughput considerations for global secondary indexes": "If an update to the table changes
 * the value of an indexed key attribute (from A to B), two writes are required"). By hand: the table takes 3,000 WCU,
 * the hot item 30% of them (900 WCU); the index takes the other 2,100 WCU once and the item's 900 twice, 3,900 WCU,
 * which at 80% utilization needs 4,875 WCU. The projection (INCLUDE) makes the table's writes an upper bound, so SG017's
 * --fix writes no billed capacity until the index's writes are declared; declared at 3,900 it sizes for them, not 3,000.
 * misc30: the index projects INCLUDE of `balance` (which the item's updates may change), so the shards lead; projecting
 * ALL, a KEYS_ONLY projection leads instead (lib/lint/projection-first.ts), as the last test shows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

const PROV = `{
  "tables": [
    {
      "name": "ledger",
      "partitionKey": { "name": "accountId", "type": "S", "cardinality": 50000 },
      "billing": "provisioned",
      "capacity": { "read": { "min": 100, "max": 2000 }, "write": { "min": 100, "max": 3000 } },
      "workload": { "peakReadUnits": 6000, "peakWriteUnits": 3000, "hotKeyShare": 0.3 },
      "globalSecondaryIndexes": [ { "indexName": "by-merchant", "partitionKey": { "name": "merchantId", "type": "S", "cardinality": 2000 }, "projectionType": "INCLUDE", "nonKeyAttributes": ["balance"], "capacity": { "write": { "fixed": 500 } } } ]
    }
  ]
}
`;

/** The index as --fix leaves it, with its write peak declared at the 3,900 WCU worked out above. */
const DECLARED_3900 = JSON.parse(PROV);
Object.assign(DECLARED_3900.tables[0], { capacity: { read: { min: 100, max: 7500 }, write: { min: 100, max: 3750 } } });
DECLARED_3900.tables[0].globalSecondaryIndexes[0] = {
  indexName: 'by-merchant',
  projectionType: 'INCLUDE',
  nonKeyAttributes: ['balance'],
  partitionKey: { name: 'merchantIdShard', type: 'S', cardinality: 2000 },
  capacity: { write: { fixed: 4875 } },
  sharding: { strategy: 'random', shards: 8, logicalAttribute: 'merchantId' },
  workload: { peakWriteUnits: 3900 },
};

/** The report without its `not judged` note, which names the index's undeclared hotKeyShare (its reads are taken as
 *  uniform): a note, not a finding on the index. */
const findingsOf = (stdout: string) => stdout.replace(/^ {4}note {4}not judged: .*\n/m, '');

describe('--fix on a GSI hot on the table’s hottest item', () => {
  it('writes no capacity from the index’s upper-bound writes; sizes it for the redrawn shards’ writes once they are declared', async () => {
    const file = join(tempTree({ 'prov.json': PROV }), 'prov.json');
    const first = await cli(['lint', file, '--fix', '--no-color']);
    // INCLUDE: the table's writes are an upper bound of the index's, and capacity is billed: --fix asks for the figure.
    expect(first.stdout).not.toContain('fixed   SG017 ledger: set tables[0].globalSecondaryIndexes[0].capacity');
    expect(first.stdout).toContain('derived peak of 3,900 WCU');
    expect(first.stdout).toContain("--fix writes no capacity from that upper bound of the index's writes");
    const fixed = JSON.parse(readFileSync(file, 'utf8'));
    const index = fixed.tables[0].globalSecondaryIndexes[0];
    expect(index.sharding).toMatchObject({ strategy: 'random', logicalAttribute: 'merchantId' });
    expect(index.capacity).toEqual({ write: { fixed: 500 } });
    const after = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix', '--no-color']);
    expect(readFileSync(file, 'utf8')).toBe(after);
    expect(second.stdout).not.toMatch(/fixed {3}SG/);
    // Declared at the 3,900 WCU worked out above, the index's capacity is sized on it, and the next run changes nothing.
    index.workload = { peakWriteUnits: 3900 };
    writeFileSync(file, `${JSON.stringify(fixed, null, 2)}\n`);
    const declared = await cli(['lint', file, '--fix', '--no-color']);
    expect(declared.stdout).toContain('fixed   SG017 ledger: set tables[0].globalSecondaryIndexes[0].capacity.write.fixed to 4875');
    const settled = readFileSync(file, 'utf8');
    const last = await cli(['lint', file, '--fix', '--no-color']);
    expect(readFileSync(file, 'utf8')).toBe(settled);
    // Only the table's own key is left: its hot item's reads need DAX, which no design edit gives.
    expect(findingsOf(last.stdout)).not.toMatch(/globalSecondaryIndexes\[0\]/);
  });

  it('never tells a sharded index sized for those writes to remove its shards', async () => {
    const file = join(tempTree({ 'd.json': `${JSON.stringify(DECLARED_3900, null, 2)}\n` }), 'd.json');
    const { stdout } = await cli(['lint', file, '--no-color']);
    expect(stdout).not.toContain('SG007');
    expect(findingsOf(stdout)).not.toMatch(/globalSecondaryIndexes\[0\]/);
  });

  it('projecting ALL: --fix writes the KEYS_ONLY projection as a new index, its writes declared, and sizes the capacity for those', async () => {
    const all = JSON.parse(PROV);
    delete all.tables[0].globalSecondaryIndexes[0].projectionType;
    delete all.tables[0].globalSecondaryIndexes[0].nonKeyAttributes;
    const file = join(tempTree({ 'all.json': `${JSON.stringify(all, null, 2)}\n` }), 'all.json');
    const first = await cli(['lint', file, '--fix', '--no-color']);
    // The table's 3,000 WCU less the hot item's 900: 2,100, at 80% utilization 2,625 WCU (no redrawn shard writes twice).
    expect(first.stdout).toContain(
      'fixed   SG003 ledger: set tables[0].globalSecondaryIndexes[0].projectionType to "KEYS_ONLY"; set tables[0].globalSecondaryIndexes[0].workload.peakWriteUnits to 2100; set tables[0].globalSecondaryIndexes[0].indexName to "by-merchant-v2"',
    );
    expect(first.stdout).toContain('fixed   SG017 ledger: set tables[0].globalSecondaryIndexes[0].capacity.write.fixed to 2625');
    const index = JSON.parse(readFileSync(file, 'utf8')).tables[0].globalSecondaryIndexes[0];
    expect(index).toMatchObject({ indexName: 'by-merchant-v2', projectionType: 'KEYS_ONLY', workload: { peakWriteUnits: 2100 } });
    expect(index.sharding).toBeUndefined();
    const after = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix', '--no-color']);
    expect(readFileSync(file, 'utf8')).toBe(after);
    expect(findingsOf(second.stdout)).not.toMatch(/globalSecondaryIndexes\[0\]/);
  });
});
