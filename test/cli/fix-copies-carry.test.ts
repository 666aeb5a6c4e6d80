/**
 * carry31: a table that declares replicated copies beside a GSI each copy carries the key of, read by a paged query
 * (the reviewer's links.json after --fix: 25 copies, `by-owner`, `my-links` with `limit: 50`), linted clean though the
 * index held every item 25 times. SG003 now warns; --fix declares the index sparse (`copiesCarry: "first"`: the key
 * attributes on copy 0 only, AWS "Take advantage of sparse indexes"), says what the application must change, and the
 * re-lint is clean.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { shortLinks } from '../fixtures';
import { cli, tempTree } from './helpers';

const LINKS = {
  tables: [shortLinks({ sharding: { strategy: 'replicated', shards: 25 }, warmThroughput: { readUnitsPerSecond: 40_000, writeUnitsPerSecond: 6_250 } })],
};

interface ReportFinding {
  readonly ruleId: string;
  readonly severity: string;
  readonly path: string;
  readonly message: string;
}

async function findings(file: string): Promise<ReportFinding[]> {
  const { stdout } = await cli(['lint', file, '--format', 'json']);
  return (JSON.parse(stdout) as { files: { findings: ReportFinding[] }[] }).files[0].findings;
}

describe('--fix on declared copies beside an index a query reads', () => {
  it('warns that `by-owner` holds every link 25 times, writes copiesCarry "first" with its application change, and re-lints clean', async () => {
    const dir = tempTree({ 'links.json': JSON.stringify(LINKS, null, 2) });
    const file = join(dir, 'links.json');
    const before = await findings(file);
    // copies32: SG017 no longer asks to pre-warm the index for its 25 × 200 = 5,000 WCU (over the 4,000 a new index
    // serves): SG003's fix in the same run makes it sparse, 200 WCU, and warm throughput cannot be lowered again.
    expect(before.map((f) => [f.ruleId, f.severity, f.path])).toEqual([['SG003', 'warning', 'tables[0].globalSecondaryIndexes[0].copiesCarry']]);
    expect(before[0].message).toMatch(/the index holds every item 25 times, takes 25× its writes, and `my-links` return each item 25 times/);

    const fixed = await cli(['lint', file, '--fix', '--no-color']);
    expect(fixed.stdout).toMatch(/fixed {3}SG003 links: set tables\[0\]\.globalSecondaryIndexes\[0\]\.copiesCarry to "first"/);
    expect(fixed.stdout).not.toMatch(/fixed {3}SG017/);
    expect(fixed.stdout).toMatch(/application change needed: the application must write this index's key attributes on copy 0 of each item only/);
    expect(JSON.parse(readFileSync(file, 'utf8')).tables[0].globalSecondaryIndexes[0].copiesCarry).toBe('first');
    expect(await findings(file)).toEqual([]);
  });
});

describe('applicationChange of a GSI copiesCarry', () => {
  it('set to "first": the key attributes on copy 0 only, the other copies rewritten without them', () => {
    expect(applicationChange({ op: 'set', path: 'tables[0].globalSecondaryIndexes[0].copiesCarry', value: 'first' })).toBe(
      "the application must write this index's key attributes on copy 0 of each item only, leaving them out of the other copies, and remove them from the other copies of existing items (until then the index holds every item once per copy)",
    );
  });
});
