/**
 * `lint --fix` on a flash sale launched at its peak: it wrote the GSI's pre-warm but not the table's, whose key's
 * figure (60,000 WCU) is past the 40,000 WCU table-level quota, though the peak's own (37,500 WCU) is within it. It now
 * writes the table's 37,500, and a second --fix changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flashSaleLaunch } from '../fixtures';
import { cli, tempTree } from './helpers';

describe('--fix pre-warms a launch within the quota where the key’s pre-warm is past it', () => {
  it('writes the table’s 37,500 WCU beside the GSI’s, and converges', async () => {
    const file = join(tempTree({ 'design.json': JSON.stringify({ tables: [flashSaleLaunch()] }, null, 2) }), 'design.json');
    const first = await cli(['lint', file, '--fix', '--no-color']);
    expect(first.stdout).toContain('fixed   SG017 seats: set tables[0].warmThroughput to {"readUnitsPerSecond":20000,"writeUnitsPerSecond":37500}');
    const written = JSON.parse(readFileSync(file, 'utf8')).tables[0];
    expect(written.warmThroughput).toEqual({ readUnitsPerSecond: 20_000, writeUnitsPerSecond: 37_500 });
    expect(written.globalSecondaryIndexes[0].warmThroughput).toEqual({ readUnitsPerSecond: 12_000, writeUnitsPerSecond: 37_500 });
    // The hottest event still needs the quota's raise: SG003 stays, with no edit.
    expect(first.code).toBe(1);
    const before = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix', '--no-color']);
    expect(second.stdout).not.toMatch(/^\s+fixed /m);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
