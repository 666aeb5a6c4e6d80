/**
 * Paragraphs for a terminal: a rule's documentation is a few hundred characters a field, which a terminal
 * breaks mid-word at its edge and continues at column 0, under the field names. Broken at spaces instead,
 * each continuation indented under the text it continues, a field reads as a block. Only where the width is
 * known (a terminal reports `columns`); a pipe or a file gets one line per paragraph, for grep.
 */

/** At most this many columns however wide the terminal: a measure the eye can follow back to the next line. */
const MAX_MEASURE = 100;

/** The width to wrap at: the terminal's (at most MAX_MEASURE), or undefined when stdout is no terminal. */
export function wrapWidth(stdout: { readonly isTTY?: boolean; readonly columns?: number }): number | undefined {
  return stdout.isTTY && typeof stdout.columns === 'number' && stdout.columns > 0 ? Math.min(stdout.columns, MAX_MEASURE) : undefined;
}

/**
 * `lead` then `text`, broken at spaces into lines of at most `width` characters, every line after the first
 * indented by `indent` spaces (a word longer than a line stays whole). Unbroken when `width` is undefined.
 */
export function hangingWrap(lead: string, text: string, indent: number, width: number | undefined): string {
  if (width === undefined) return `${lead}${text}`;
  const lines: string[] = [];
  let line = lead;
  let hasWord = false;
  for (const word of text.split(' ')) {
    if (hasWord && length(line) + 1 + length(word) > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    } else {
      line += hasWord ? ` ${word}` : word;
    }
    hasWord = true;
  }
  lines.push(line);
  return lines.join('\n');
}

/** Characters as a terminal counts them (code points: `→`, `×` and `≤` are one each). */
const length = (text: string) => [...text].length;
