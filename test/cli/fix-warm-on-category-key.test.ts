/**
 * --fix wrote `warmThroughput: { writeUnitsPerSecond: 15000 }` for an SG001 warning on a table keyed by `status` (3
 * values, 6,000 RCU and 1,500 WCU at peak) at the default --fail-on error, and the re-lint still showed SG001: warm
 * throughput cannot be lowered again ("Understanding DynamoDB warm throughput"), the table passed the run, and no
 * pre-warm clears a finding of fewer values than minCardinality. The pre-warm of a key named like a category was not
 * withheld as its shards and a Cosmos DB raise are (a re-key is the fix, as for the payments
 * table keyed by `status`, whose shards --fix does not write).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { fixDesignText } from '../../lib/cli/fix';

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
