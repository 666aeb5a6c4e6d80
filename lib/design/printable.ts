/**
 * What reaches a terminal. Names from design files, templates, CDK construct ids and Pulumi
 * resource names are untrusted: a table named `ESC ] 0 ; … BEL` retitles the terminal, a CSI
 * sequence rewrites lines a reviewer reads, a bidi override reorders them, a newline forges a
 * report line. Every message the core, the adapters and the CLI print passes untrusted text
 * through `printable()` (Unicode Technical Report #36, "Bidirectional Text Spoofing":
 * https://www.unicode.org/reports/tr36/#Bidirectional_Text_Spoofing).
 */

/** C0 controls (tab and newline included: they could forge report lines), DEL, C1 controls,
 *  bidi marks, embeddings, overrides and isolates, line/paragraph separators, and the BOM. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const UNSAFE_TEST = new RegExp(UNSAFE.source);

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every terminal-dangerous character written as a visible escape (`\x1b`, `\u202e`). */
export function printable(text: string): string {
  return UNSAFE_TEST.test(text) ? text.replace(UNSAFE, escapeChar) : text;
}

/** Whether `text` holds a character `printable()` would escape: a control, bidi or separator character. */
export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE_TEST.test(text);
}

/** `text` without the characters `printable()` escapes (what a reader of the escaped text thinks it says). */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE, '');
}
