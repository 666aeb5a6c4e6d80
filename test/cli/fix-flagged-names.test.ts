/**
 * `--fix` and names SG005 flags (review 12 item 4). The user's payments ledger (fixtures/designs/esc-attr-fix.json)
 * keys a GSI by `transfer\x1b[2JStatus\u202e`, 4 values: SG001 asks for shards and SG005 for a rename. SG001's edits
 * built the shard attribute `transfer\x1b[2JStatus\u202eShard` from the flagged name, and the text report printed the
 * raw ESC and U+202E in its "application change needed:" line, the one line that did not go through `printable()`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileResult } from '../../lib/cli/file-result';
import { fixDesignText } from '../../lib/cli/fix';
import { textReporter } from '../../lib/cli/report-text';
import { NO_COLORS } from '../../lib/cli/terminal';
import { cli, fixtures, root, tempTree } from './helpers';

// The pending transfers' result declared (480 KB), so SG001's fan-out is counted and its edits are the ones judged here:
// with no resultKb they are withheld for that reason first (each shard's Query charged at least one read unit, uncounted).
const escAttr = readFileSync(join(fixtures, 'designs/esc-attr-fix.json'), 'utf8').replace(
  '"keyValue": "PENDING",',
  '"keyValue": "PENDING",\n     "resultKb": 480,',
);
const RAW = /[\u001b\u202e]/; // eslint-disable-line no-control-regex

describe('--fix builds no new name from one SG005 flags', () => {
  it('skips SG001 edits that would write `…\\u202eShard`, says why, and leaves the file as it was', async () => {
    const result = fixDesignText(escAttr, {});
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(escAttr);
    expect(result.skipped).toContainEqual({
      ruleId: 'SG001',
      path: 'tables[0].globalSecondaryIndexes[0].partitionKey',
      message:
        "on index by-status: its edits would write the new name `transfer\\x1b[2JStatus\\u202eShard` (shown escaped), built from a name that holds control, bidirectional-formatting or invisible characters (SG005): rename that one as SG005's fix says, then run --fix again",
    });

    const file = join(tempTree({ 'design.json': escAttr }), 'design.json');
    const { code, stdout } = await cli(['lint', '--no-config', '--fix', file]);
    expect(code).toBe(1);
    expect(stdout).not.toMatch(RAW);
    expect(stdout).toContain('SG001 not fixed: on index by-status: its edits would write the new name `transfer\\x1b[2JStatus\\u202eShard`');
    expect(stdout).toContain('error   SG005 key-structure');
    expect(readFileSync(file, 'utf8')).toBe(escAttr);
  });

  it('still applies the fix once the name is renamed', () => {
    const renamed = escAttr.split('transfer\\u001b[2JStatus\\u202e').join('transferStatus');
    const result = fixDesignText(renamed, {});
    expect(result.fixes.map((f) => f.ruleId)).toContain('SG001');
    expect(JSON.parse(result.text).tables[0].globalSecondaryIndexes[0].partitionKey.name).toBe('transferStatusShard');
  });
});

describe('the text report escapes what --fix says the application must change', () => {
  it('prints an application change naming `a\\x1b[2Jb\\u202e` escaped, as every other line', () => {
    const result: FileResult = {
      file: 'design.json',
      kind: 'design',
      findings: [],
      errors: [],
      unusedAcknowledgements: [],
      notes: [],
      fixes: [{ ruleId: 'SG001', resource: 't', path: 'tables[0]', edits: [], applicationChanges: ['write a\u001b[2Jb\u202e + "#" + a random 0…2'] }],
    };
    const reporter = textReporter({ version: '0', cwd: root, palette: NO_COLORS, quiet: false, unusedAcknowledgements: 'warning', failOn: 'error' });
    const text = [...reporter.file(result)].join('');
    expect(text).not.toMatch(RAW);
    expect(text).toContain('application change needed: write a\\x1b[2Jb\\u202e + "#" + a random 0…2');
  });
});
