/**
 * Every option of `lint` that `observe` lacks is in docs/observe.md's options table, as not accepted, and the refusal
 * it quotes is the CLI's own. The config options are both commands': observe judges designs with the project config.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../../../lib/cli/args';
import { cli, root } from '../helpers';

const optionsOf = (name: string) => COMMANDS.find((c) => c.name === name)?.options.map((o) => o.name) ?? [];
const LINT_ONLY = optionsOf('lint').filter((o) => !optionsOf('observe').includes(o));

/** The rows of docs/observe.md's "## Options" table. */
function optionRows(): string[] {
  const docs = readFileSync(join(root, 'docs/observe.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Options'), docs.indexOf('\n## ', docs.indexOf('## Options') + 1));
  return section.split('\n').filter((line) => line.startsWith('| `--'));
}

describe("docs/observe.md's options table says which of lint's options observe refuses", () => {
  it('lists each of them in the table, as not accepted', () => {
    expect(LINT_ONLY).toEqual(expect.arrayContaining(['quiet', 'max-warnings']));
    expect(LINT_ONLY).not.toContain('config');
    expect(optionRows().find((r) => r.includes('`--no-config`'))).not.toMatch(/not accepted/);
    const row = optionRows().find((r) => r.includes('`--quiet`'));
    expect(row).toMatch(/\*\*not accepted\*\*/);
    for (const option of LINT_ONLY) expect(row).toContain(`\`--${option}\``);
  });

  it.each(LINT_ONLY)('--%s: the CLI refuses it as the table says', async (option) => {
    const { code, stderr } = await cli(['observe', 'design.json', '--observations', 'm.json', `--${option}`]);
    expect(code).toBe(2);
    expect(stderr).toContain(`unknown option --${option} for observe (it is an option of \`skewguard lint\`)`);
  });
});
