/**
 * What reaches a terminal. Design files, templates and file names are untrusted: a table named
 * `ESC ] 0 ; … BEL` retitles the terminal, a CSI sequence rewrites lines a reviewer reads, a bidi
 * override reorders them, a newline forges a report line. Every untrusted string goes through
 * `printable()` before text output or stderr; colors are added after, around escaped text only.
 */

export { printable } from '../index';

/** The characters JSON.stringify leaves raw but a terminal may act on (C1 controls, DEL, bidi
 *  controls, U+2028/9), as `\uXXXX` escapes. Only valid on JSON text, where they occur in strings. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
export function terminalSafeJson(json: string): string {
  return json.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface Palette {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
export const COLORS: Palette = { red: ansi(31, 39), yellow: ansi(33, 39), green: ansi(32, 39), cyan: ansi(36, 39), dim: ansi(2, 22), bold: ansi(1, 22) };
const plain = (text: string) => text;
export const NO_COLORS: Palette = { red: plain, yellow: plain, green: plain, cyan: plain, dim: plain, bold: plain };

/**
 * Whether to color, by the common conventions, first match wins:
 * 1. `--color` / `--no-color`;
 * 2. `FORCE_COLOR` non-empty: `0` or `false` turn colors off, any other value on, even when
 *    `NO_COLOR` is set (Node.js and supports-color agree on both);
 * 3. `NO_COLOR` non-empty turns them off (https://no-color.org: an empty value means unset);
 * 4. otherwise colors on a terminal (TTY) whose `TERM` is not `dumb`.
 */
export function useColor(env: NodeJS.ProcessEnv, isTTY: boolean | undefined, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY === true && env.TERM !== 'dumb';
}
