/** `explain` and `rules` on a terminal: each field a block, broken at spaces and indented under its text. */
import { RULES } from '../../lib';
import { hangingWrap, wrapWidth } from '../../lib/cli/wrap';
import { cli, Sink } from './helpers';

/** The text a wrapped block holds, its line breaks and their indents read as the spaces they replaced. */
const unwrapped = (block: string) => block.replace(/\n +/g, ' ');

describe('hangingWrap', () => {
  const text = 'A Cosmos DB container of one physical partition whose own throughput serves the peak: a warning.';

  it('breaks at spaces within the width, each line after the first indented', () => {
    const block = hangingWrap('  why:        ', text, 14, 40);
    const lines = block.split('\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {14}\S/);
    expect(unwrapped(block)).toBe(`  why:        ${text}`);
  });

  it('keeps a word longer than the line whole, and leaves text unbroken where the width is unknown', () => {
    expect(hangingWrap('  docs: ', 'https://example.com/a/very/long/address', 8, 20)).toBe('  docs: https://example.com/a/very/long/address');
    expect(hangingWrap('  why: ', text, 7, undefined)).toBe(`  why: ${text}`);
  });

  it('wraps only a terminal that reports its width, at most 100 columns', () => {
    expect(wrapWidth({ isTTY: true, columns: 80 })).toBe(80);
    expect(wrapWidth({ isTTY: true, columns: 250 })).toBe(100);
    expect(wrapWidth({ isTTY: true })).toBeUndefined();
    expect(wrapWidth({ isTTY: false, columns: 80 })).toBeUndefined();
  });
});

describe('explain on a terminal', () => {
  const terminal = () => Object.assign(new Sink(true), { columns: 80 });

  it.each(['SG003', 'SG017', 'SG011'])('%s: lines fit 80 columns (a link excepted) and hold the text a pipe gets', async (id) => {
    const piped = await cli(['explain', id, '--no-color']);
    const wrapped = await cli(['explain', id, '--no-color'], { stdout: terminal() });
    expect(wrapped.code).toBe(0);
    for (const line of wrapped.stdout.split('\n')) if (!/https:\/\//.test(line)) expect([...line].length).toBeLessThanOrEqual(80);
    expect(wrapped.stdout.split('\n').length).toBeGreaterThan(piped.stdout.split('\n').length);
    // Every line but a field's own (`  why:  …`) lines up under its field's text or its bullet's.
    for (const line of wrapped.stdout.split('\n').filter((l) => /^ /.test(l) && !/^ {2}[a-z ]+: /.test(l))) expect(line).toMatch(/^ {14}/);
    expect(unwrapped(wrapped.stdout)).toBe(unwrapped(piped.stdout));
  });

  it("lists the rules with each one's `fires` wrapped under its id", async () => {
    const { stdout } = await cli(['rules', '--no-color'], { stdout: terminal() });
    const sg003 = RULES.find((r) => r.id === 'SG003');
    expect(unwrapped(stdout)).toContain(`hot-key-exceeds-partition ${sg003?.fires}`);
    for (const line of stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });
});
