import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from '../../lib/cli/read-input';
import { printable, terminalSafeJson, useColor } from '../../lib/cli/terminal';
import { cli, examples, tempTree, UNIQUE_TABLE } from './helpers';

describe('printable', () => {
  it('writes control characters, C1 controls and bidi overrides as visible escapes', () => {
    expect(printable('a\u001b]0;pwned\u0007b')).toBe('a\\x1b]0;pwned\\x07b');
    expect(printable('\u009b31m')).toBe('\\x9b31m');
    expect(printable('line\nforged\r\tx\u007f')).toBe('line\\x0aforged\\x0d\\x09x\\x7f');
    expect(printable('admin\u202egnp.exe\u2066')).toBe('admin\\u202egnp.exe\\u2066');
    expect(printable('plain ünïcödé → ✔')).toBe('plain ünïcödé → ✔');
  });

  it('writes invisible characters as escapes, so a name does not read as another (`a\\u200bb` is not `ab`)', () => {
    expect(printable('a\u200bb\u200cc\u200dd\u2060e\ufefff\u00adg')).toBe('a\\u200bb\\u200cc\\u200dd\\u2060e\\ufefff\\xadg');
    // Visible neighbours stay as they are: the no-break space and the en dash.
    expect(printable('a\u00a0b\u2013c')).toBe('a\u00a0b\u2013c');
  });

  it('keeps JSON valid while escaping what JSON.stringify leaves raw', () => {
    const value = { name: 'a\u009b\u202e\u2028b' };
    const json = terminalSafeJson(JSON.stringify(value));
    expect(json).toBe('{"name":"a\\u009b\\u202e\\u2028b"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('text output and stderr', () => {
  it('escape hostile file names, unknown keys and reasons', async () => {
    const reason = 'Accepted \u001b]0;retitled\u0007 by \u001b[2K\u001b[1Aops';
    const design = { tables: [{ ...UNIQUE_TABLE, acknowledgements: [{ rule: 'SG001', reason }] }], 'evil\u001b[31m': 1 };
    const status = JSON.parse(readFileSync(join(examples, 'bad/status-key.json'), 'utf8'));
    status.tables[0].acknowledgements = [{ rule: 'SG001', reason }];
    const dir = tempTree({ 'x\u001b[2Jy.json': JSON.stringify(design), 'ok\u009b.json': JSON.stringify(status) });
    const text = await cli(['lint', dir]);
    const json = await cli(['lint', dir, '--format', 'json']);
    const raw = /[\u0007\u001b\u009b]/; // eslint-disable-line no-control-regex
    for (const output of [text.stdout, json.stderr, json.stdout]) expect(output).not.toMatch(raw);
    expect(text.stdout).toContain('x\\x1b[2Jy.json');
    expect(text.stdout).toContain('invalid evil\\x1b[31m');
    expect(text.stdout).toContain('ok\\x9b.json');
    expect(text.stdout).toContain('acknowledged: Accepted \\x1b]0;retitled\\x07 by \\x1b[2K\\x1b[1Aops');
    expect(json.stderr).toContain('evil\\x1b[31m: is not a known field');
  });
});

describe('colors follow the common conventions', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ TERM: 'dumb' }, true, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true], // empty means unset (no-color.org)
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '3' }, false, true],
    [{ FORCE_COLOR: 'true' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
    [{ FORCE_COLOR: '' }, false, false], // empty means unset (force-color.org)
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true], // FORCE_COLOR wins, as in Node.js
  ] as [NodeJS.ProcessEnv, boolean, boolean][])('%j on a %s terminal → %s', (env, tty, expected) => {
    expect(useColor(env, tty)).toBe(expected);
  });

  it('gives --color and --no-color the last word', async () => {
    const file = join(examples, 'bad/status-key.json');
    expect(useColor({ NO_COLOR: '1' }, false, true)).toBe(true);
    expect((await cli(['lint', file, '--no-color'], { env: { FORCE_COLOR: '1' }, isTTY: true })).stdout).not.toContain('\u001b[');
    expect((await cli(['lint', file, '--color'])).stdout).toContain('\u001b[31m');
    expect((await cli(['lint', file], { isTTY: true })).stdout).toContain('\u001b[31m');
    expect((await cli(['lint', file], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });
});

describe('encodings', () => {
  const json = '{ "tables": [] }';
  it.each([
    [
      'UTF-16 LE with a byte-order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]),
      'is encoded as UTF-16 LE (it starts with the byte-order mark FF FE)',
    ],
    ['UTF-16 BE with a byte-order mark', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(json, 'utf16le').swap16()]), 'is encoded as UTF-16 BE'],
    ['UTF-16 LE without one', Buffer.from(json, 'utf16le'), 'looks like UTF-16 LE without a byte-order mark'],
    ['UTF-16 BE without one', Buffer.from(json, 'utf16le').swap16(), 'looks like UTF-16 BE without a byte-order mark'],
    ['UTF-32', Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]), 'is encoded as UTF-32'],
    ['binary', Buffer.from([0x7b, 0x00, 0x00, 0x7d, 0x01]), 'contains NUL bytes'],
    ['Latin-1', Buffer.from('{ "description": "caf\xe9" }', 'latin1'), 'is not valid UTF-8 text'],
  ])('names %s, with how to convert it', (_, bytes, message) => {
    expect(decode(bytes).error).toContain(message);
  });

  it('reads UTF-8 with or without a byte-order mark', () => {
    expect(decode(Buffer.from(`\ufeff${json}`))).toEqual({ text: json, bom: true });
    expect(decode(Buffer.from(json))).toEqual({ text: json, bom: false });
  });

  it('gives the hint in the report (exit 2)', async () => {
    const dir = tempTree({ 'ps.json': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]) });
    const { code, stdout } = await cli(['lint', dir]);
    expect(code).toBe(2);
    expect(stdout).toContain('the file is encoded as UTF-16 LE');
    expect(stdout).toContain('Out-File -Encoding utf8');
  });
});
