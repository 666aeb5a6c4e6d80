/**
 * --fix wrote an irreversible warm throughput raise on a design that only warns: a restaurant-slots table whose one
 * finding, an SG017 warning, asked warm throughput raised from 15,000 to 19,000 RCU, exited 0 with the raise written.
 * A billed provisioned raise on a warning is refused; warm throughput, charged for the increase and never lowered
 * again, is refused the same way, with why.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { fixDesignText } from '../../lib/cli/fix';

const text = readFileSync(join(__dirname, 'fixtures', 'warm-raise-on-warning.json'), 'utf8');

describe('--fix writes no warm throughput raise for a warning', () => {
  it('leaves the design as it is and says why, below --fail-on error', () => {
    const result = fixDesignText(text, {});
    expect(result.fixes).toEqual([]);
    expect(JSON.parse(result.text).tables[0].warmThroughput).toEqual({ readUnitsPerSecond: 15_000, writeUnitsPerSecond: 10_000 });
    expect(result.skipped).toEqual([
      expect.objectContaining({
        ruleId: 'SG017',
        message: expect.stringContaining(
          'raises tables[0].warmThroughput.readUnitsPerSecond from 15000 to 19000, +27%, warm throughput charged for the increase that cannot be lowered again',
        ),
      }),
    ]);
  });

  it('with --fail-on warning the warning fails the run, and the raise is written', () => {
    const result = fixDesignText(text, {}, 'warning');
    expect(JSON.parse(result.text).tables[0].warmThroughput).toMatchObject({ readUnitsPerSecond: 19_000 });
  });
});
