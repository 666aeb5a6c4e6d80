/**
 * --fix wrote `warmThroughput: { writeUnitsPerSecond: 15000 }` for an SG001 warning on a table keyed by `status` (3
 * values, 6,000 RCU and 1,500 WCU at peak) at the default --fail-on error, and the re-lint still showed SG001: warm
 * throughput cannot be lowered again ("Understanding DynamoDB warm throughput"), the table passed the run, and no
 * pre-warm clears a finding of fewer values than minCardinality. Two causes: a warm throughput the design did not
 * declare was not counted as a raise (so the below --fail-on guard let it through), and the pre-warm of a key named
 * like a category was not withheld as its shards and a Cosmos DB raise are (a re-key is the fix, as for the payments
 * table keyed by `status`, whose shards --fix does not write).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { fixDesignText } from '../../lib/cli/fix';
import { warmThroughputRaise } from '../../lib/cli/fix-consequences';

const text = readFileSync(join(__dirname, 'fixtures', 'warm-on-category-key.json'), 'utf8');

describe('--fix and a pre-warm of a key named like a category', () => {
  it('writes nothing at --fail-on error: the finding is a warning and its pre-warm is withheld', () => {
    const result = fixDesignText(text, {});
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text);
  });

  it('writes nothing at --fail-on warning either, and says a re-key is the fix', () => {
    const result = fixDesignText(text, {}, 'warning');
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text);
    expect(result.skipped).toEqual([
      expect.objectContaining({ ruleId: 'SG001', message: expect.stringContaining('a re-key is the fix, not a pre-warm that cannot be lowered again') }),
    ]);
  });
});

describe('warmThroughputRaise', () => {
  const edit = { op: 'set' as const, path: 'tables[0].warmThroughput', value: { writeUnitsPerSecond: 15_000 } };

  it('counts a warm throughput set where none is declared as a raise', () => {
    expect(warmThroughputRaise(edit, { tables: [{ name: 't' }] })).toBe('tables[0].warmThroughput.writeUnitsPerSecond to 15000, where none is declared');
  });

  it('counts none where the declared figure is already as high', () => {
    expect(warmThroughputRaise(edit, { tables: [{ warmThroughput: { writeUnitsPerSecond: 15_000 } }] })).toBeUndefined();
  });
});
