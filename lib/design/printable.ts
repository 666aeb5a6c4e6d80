/**
 * What reaches a terminal. Names from design files, templates, CDK construct ids and Pulumi
 * resource names are untrusted: a table named `ESC ] 0 ; … BEL` retitles the terminal, a CSI
 * sequence rewrites lines a reviewer reads, a bidi override reorders them, a newline forges a
 * report line. Every message the core, the adapters and the CLI print passes untrusted text
 * through `printable()` (Unicode Technical Report #36, "Bidirectional Text Spoofing":
 * https://www.unicode.org/reports/tr36/#Bidirectional_Text_Spoofing).
 */

/** C0 controls (tab and newline included: they could forge report lines), DEL, C1 controls,
 *  bidi marks, embeddings, overrides and isolates, line/paragraph separators, and the invisible
 *  format characters that make two different names look the same (Unicode TR #36 §2, "Visual
 *  Security Issues", https://www.unicode.org/reports/tr36/): the soft hyphen U+00AD,
 *  the zero-width space, non-joiner and joiner U+200B–U+200D, the word joiner U+2060 and the
 *  zero-width no-break space (BOM) U+FEFF. `a\u200bb` prints as `ab` but is another name.
 *  `UNSAFE_CHARACTERS` is the set as the body of a regular-expression class (`[…]`), for patterns that refuse them. */
export const UNSAFE_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';
/** Those characters, and a lone surrogate (half of a UTF-16 pair, which JSON's `\\ud800` can write): it has no UTF-8
 *  form, so a terminal shows U+FFFD and the name a service stores is not the one declared. Matched with the `u` flag,
 *  under which a whole pair (an emoji) is one character and never matches. The JSON Schema's pattern leaves them to
 *  the lint: a validator without the `u` flag would refuse every emoji. */
export const UNSAFE_CHARACTER = new RegExp(`[${UNSAFE_CHARACTERS}\\ud800-\\udfff]`, 'u');
const UNSAFE = new RegExp(UNSAFE_CHARACTER.source, 'gu');
const UNSAFE_TEST = UNSAFE_CHARACTER;

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every terminal-dangerous character written as a visible escape (`\x1b`, `\u202e`). */
export function printable(text: string): string {
  return UNSAFE_TEST.test(text) ? text.replace(UNSAFE, escapeChar) : text;
}

/** Whether `text` holds a character `printable()` would escape: a control, bidi, separator or invisible
 *  (zero-width) character. The one predicate for "the name shown is not the name deployed": SG005 judges
 *  Cosmos DB paths and DynamoDB key attribute names with it, so what it flags is what the reports escape. */
export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE_TEST.test(text);
}

/** Whole terminal escape sequences (ECMA-48, 5th edition, §5.3–5.4 and §8.3.89:
 *  https://ecma-international.org/publications-and-standards/standards/ecma-48/): a control sequence
 *  (CSI: `ESC [` or U+009B, parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte
 *  0x40–0x7E, as in `ESC [ 2 J`); a control string (OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`,
 *  APC `ESC _`, or their C1 forms) up to its terminator BEL or ST (`ESC \`, U+009C), or to the end when
 *  it has none; any other escape sequence (`ESC`, intermediate bytes, one final byte 0x30–0x7E).
 *  A terminal shows none of these bytes, so none is part of the name a reader sees. */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- matching escape sequences is the point
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^]*?(?:\u0007|\u001b\\|\u009c|$)|\u001b[\u0020-\u002f]*[\u0030-\u007e]/g;

/** `text` without the characters `printable()` escapes (what a reader of the escaped text thinks it
 *  says): whole escape sequences first, so `sta\u202etus\x1b[2J` becomes `status`, not `status[2J`. */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(UNSAFE, '');
}
