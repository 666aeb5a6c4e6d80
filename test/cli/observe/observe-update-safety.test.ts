/**
 * `observe --update` writes design files through `--fix`'s writer and refuses what `--fix` refuses:
 * an edit saved while it ran (a live run can take minutes between reading the design and writing it),
 * a symbolic link out of the searched directory; and it writes the target of a link named directly.
 */
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { onEveryLint } from '../lint-spy';
import { insightRuleReport, metricData } from './recorded';
import { ORDERS_DESIGN, week } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a jest.mock factory is hoisted above the imports
jest.mock('../../../lib/index', () => require('../lint-spy').spiedCore());

const DESIGN = `${JSON.stringify(ORDERS_DESIGN, null, 2)}\n`;
const HOT = week({ reads: 1500, writes: 700, hotShare: 0.31 });

/** Exports of the orders table, and their manifest, in a directory of their own. */
function observations(): string {
  return tempTree({
    'pkc.json': JSON.stringify(insightRuleReport(HOT)),
    'metrics.json': JSON.stringify(metricData(HOT)),
    'manifest.json': JSON.stringify({ observations: [{ table: 'orders', contributorInsights: 'pkc.json', metrics: 'metrics.json' }] }),
  });
}

const update = (input: string) => cli(['observe', input, '--observations', join(observations(), 'manifest.json'), '--update', '--no-color']);

describe('observe --update writes safely', () => {
  it('refuses to overwrite an edit saved while it ran', async () => {
    const dir = tempTree({ 'design.json': DESIGN });
    const file = join(dir, 'design.json');
    const edited = DESIGN.replace('"customerId"', '"accountId"');
    onEveryLint(() => {
      if (readFileSync(file, 'utf8') === DESIGN) writeFileSync(file, edited); // saved by an editor mid-run
    });
    const { code, stdout } = await update(file);
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect(code).toBe(2);
    expect(stdout).toContain('the observed figures were not written, and the file is unchanged: it changed while skewguard was fixing it');
  });

  it('does not write through a symbolic link that leaves the searched directory, and names where it leads', async () => {
    const outside = tempTree({ 'design.json': DESIGN });
    const dir = tempTree();
    symlinkSync(join(outside, 'design.json'), join(dir, 'linked.json'));
    const { code, stdout } = await update(dir);
    expect(readFileSync(join(outside, 'design.json'), 'utf8')).toBe(DESIGN);
    expect(code).toBe(2);
    expect(stdout).toContain(`it is a symbolic link to ${join(outside, 'design.json')}, outside the searched directory`);
    expect(stdout).toContain('--update does not write outside the tree it searches');
    expect(stdout).toContain('SG020 observed-drift'); // still observed
  });

  it('writes the target of a symbolic link named directly, keeping the link', async () => {
    const outside = tempTree({ 'design.json': DESIGN });
    const dir = tempTree();
    symlinkSync(join(outside, 'design.json'), join(dir, 'linked.json'));
    const { code } = await update(join(dir, 'linked.json'));
    expect(lstatSync(join(dir, 'linked.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(outside, 'design.json'), 'utf8')).tables[0].workload.hotKeyShare).toBe(0.31);
    expect(code).toBe(0); // the drift was written, and the report judges the file as written (as lint --fix does)
  });
});
