/**
 * `--fix` names every finding that fails the run and carries no edits (`NO_EDITS`), a warning under `--fail-on warning`
 * as an error at every level: try31b's /airline-first container, an SG003 warning (the sale airline's 3,950 RU/s within
 * its partition's 4,487.5, above the planned 80%) whose fix leads with a synthetic bucketed first level (a new partition
 * key, which --fix never writes) and a raise in place as the alternative, was left unwritten and unnamed while
 * `--fail-on warning` failed the run on it (exit 1, "0 errors, 1 warning"); an error's was named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
import { fixDesignText, NO_EDITS } from '../../lib/cli/fix';
import { cli, tempTree } from './helpers';

const airlineFirst: DesignInput = {
  containers: [
    {
      name: 'seats-by-airline',
      partitionKey: {
        paths: [
          { path: '/airline', cardinality: 40, hotKeyShare: 0.3, largestGb: 35 },
          { path: '/flightId', cardinality: 30000 },
          { path: '/departureDate', cardinality: 365, kind: 'value' },
        ],
      },
      workload: { peakReadUnits: 14000, peakWriteUnits: 12000, hotKeyOperations: 'writes' },
      throughput: { autoscaleMax: 40000 },
      storage: { totalGb: 180 },
      accessPatterns: [
        { name: 'seat-map', keyAttributes: ['airline', 'flightId', 'departureDate'], share: 0.97 },
        { name: 'sale-flights', keyAttributes: ['airline'], share: 0.03 },
      ],
    },
  ],
};
/** The same container with the sale airline at 40% of the writes: past its partition's RU/s, an error with no edits either. */
const [seats] = airlineFirst.containers ?? [];
const [airline, ...deeper] = seats.partitionKey.paths;
const airlineFirstShort: DesignInput = {
  containers: [{ ...seats, partitionKey: { paths: [{ ...airline, hotKeyShare: 0.4 }, ...deeper] } }],
};
const textOf = (design: DesignInput) => `${JSON.stringify(design, null, 2)}\n`;
const named = (path: string) => [{ ruleId: 'SG003', path, message: NO_EDITS }];

describe('--fix names an editless finding that fails the run', () => {
  it('the designs: one SG003 each, a warning and an error, neither with edits', () => {
    expect(lint(airlineFirst).map((f) => [f.ruleId, f.severity, f.edits?.length ?? 0])).toEqual([['SG003', 'warning', 0]]);
    expect(lint(airlineFirstShort).map((f) => [f.ruleId, f.severity, f.edits?.length ?? 0])).toEqual([['SG003', 'error', 0]]);
  });

  it('a warning: named under --fail-on warning, where it fails the run; not at the default --fail-on error, where it does not', () => {
    const text = textOf(airlineFirst);
    expect(fixDesignText(text, {}, 'warning')).toEqual({ text, fixes: [], skipped: named('containers[0].partitionKey.paths[0]') });
    expect(fixDesignText(text, {}, 'error')).toEqual({ text, fixes: [], skipped: [] });
  });

  it('an error: named at either --fail-on', () => {
    const text = textOf(airlineFirstShort);
    const path = lint(airlineFirstShort)[0].path;
    expect(fixDesignText(text, {}, 'error').skipped).toEqual(named(path));
    expect(fixDesignText(text, {}, 'warning').skipped).toEqual(named(path));
  });

  it('through the command: the file as it was; the note and exit 1 with --fail-on warning, exit 0 and no note without', async () => {
    const text = textOf(airlineFirst);
    const file = join(tempTree({ 'airline.json': text }), 'airline.json');
    const failing = await cli(['lint', file, '--fix', '--fail-on', 'warning']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain(`SG003 not fixed: ${NO_EDITS}`);
    const passing = await cli(['lint', file, '--fix']);
    expect(passing.code).toBe(0);
    expect(passing.stdout).not.toContain('not fixed');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('the text report: each note under its container, after the finding it names, in report order', async () => {
    const two: DesignInput = { containers: ['seats-a', 'seats-b'].map((name) => ({ ...seats, name })) };
    const file = join(tempTree({ 'two.json': textOf(two) }), 'two.json');
    const { stdout } = await cli(['lint', file, '--fix', '--fail-on', 'warning']);
    const heads = stdout.split('\n').filter((line) => /^ {2}\S|^ {4}(warning|note)/.test(line));
    const outline = heads.map((line) =>
      line.startsWith('    note') ? `note ${/containers\[\d\]/.exec(line)?.[0]}` : line.trim().split(' ').slice(0, 2).join(' '),
    );
    expect(outline).toEqual(['seats-a (cosmosdb)', 'warning SG003', 'note containers[0]', 'seats-b (cosmosdb)', 'warning SG003', 'note containers[1]']);
    expect(stdout.match(/SG003 not fixed: /g)).toHaveLength(2);
  });
});
