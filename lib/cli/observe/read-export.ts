/**
 * Reads an observations export (or the manifest) as JSON, with a limit sized for a real week of per-key rows, not for
 * design files: the docs' CDBPartitionKeyRUConsumption query, binned per minute by PartitionKey and
 * OperationName over P7D, gives 17 MiB for 9 rows a minute, past the design files' 16 MiB limit. A container
 * logging 300 key and operation rows a minute gives 300 × 10,080 minutes = 3,024,000 rows over a week, at about 185
 * bytes a row compact and 260 as `az` prints them (indented): 560 to 790 MB. MAX_EXPORT_BYTES holds that.
 *
 * A JavaScript string holds at most about 512 Mi UTF-16 units, so a file above WHOLE_TEXT_BYTES is not made into one
 * string: a top-level array (the rows as `az monitor log-analytics query` prints them) is parsed element by element.
 */
import { isUtf8 } from 'node:buffer';
import { JsonSyntaxError, parseJsonWithLocations } from '../json-locations';
import { decode, readInputBytes } from '../read-input';
import { ObservationError } from './read-json';

/** The largest observations export read: a week of 60 s rows of 300 keys, as `az` prints them, and room above it. */
export const MAX_EXPORT_BYTES = 1024 * 1024 * 1024;
/** The largest export parsed as one string; above it, a top-level array is parsed element by element. */
export const WHOLE_TEXT_BYTES = 256 * 1024 * 1024;

const EXPORT_INPUT = 'an observations export or manifest';

export function readJsonFile(file: string, shown = file, wholeTextBytes = WHOLE_TEXT_BYTES): unknown {
  const read = readInputBytes(file, { kind: EXPORT_INPUT, max: MAX_EXPORT_BYTES });
  if (read.error !== undefined) throw new ObservationError(shown, '', read.error);
  if (read.bytes.length > wholeTextBytes) return parseLargeArray(read.bytes, shown);
  const decoded = decode(read.bytes);
  if (decoded.error !== undefined) throw new ObservationError(shown, '', decoded.error);
  return parseText(decoded.text, shown);
}

function parseText(text: string, shown: string, line = 0): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const located = locatedSyntaxError(text);
    const position = located?.position.line === undefined ? located?.position : { ...located.position, line: located.position.line + line };
    throw new ObservationError(shown, '', `invalid JSON: ${located?.message ?? (error as Error).message}`, position);
  }
}

/**
 * Where the text stops being JSON, as `lint` says it (`line 12, column 5: expected …`): lint's parser,
 * run only on text JSON.parse refused, since it also records every value's location and bounds the
 * values per file, which a week of one-minute exports can pass. JSON.parse's "at position 200" is no
 * place an editor goes to.
 */
function locatedSyntaxError(text: string): JsonSyntaxError | undefined {
  try {
    parseJsonWithLocations(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
  }
  return undefined;
}

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** A top-level JSON array too long for one string, split at its top-level commas and each element parsed on its own. */
function parseLargeArray(bytes: Buffer, shown: string): unknown[] {
  if (!isUtf8(bytes)) throw new ObservationError(shown, '', 'is not valid UTF-8 text: save it as UTF-8');
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  if (bytes[i] !== 0x5b)
    throw new ObservationError(
      shown,
      '',
      `is ${(bytes.length / 1024 / 1024).toFixed(1)} MiB, and an export over ${WHOLE_TEXT_BYTES / 1024 / 1024} MiB is read only as a JSON array of rows, as \`az monitor log-analytics query\` prints them: export it in that shape, or over a shorter window`,
    );
  const elements: unknown[] = [];
  let lines = 0;
  let startLine = 0;
  let start = -1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  const element = (end: number) => {
    if (start < 0)
      throw new ObservationError(shown, '', `invalid JSON: element ${elements.length} of the top-level array is empty`, { line: lines + 1, column: 1 });
    elements.push(parseText(bytes.toString('utf8', start, end), shown, startLine));
    start = -1;
  };
  for (i += 1; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a) lines++;
    if (inString) {
      if (escaped) escaped = false;
      else if (b === 0x5c) escaped = true;
      else if (b === 0x22) inString = false;
      continue;
    }
    if (start < 0 && !isSpace(b) && b !== 0x2c && !(b === 0x5d && depth === 0)) {
      start = i;
      startLine = lines;
    }
    if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) depth++;
    else if ((b === 0x7d || b === 0x5d) && depth > 0) depth--;
    else if (b === 0x2c && depth === 0) element(i);
    else if (b === 0x5d && depth === 0) {
      if (start >= 0 || elements.length > 0) element(i);
      if (bytes.subarray(i + 1).some((c) => !isSpace(c))) throw new ObservationError(shown, '', 'invalid JSON: text after the top-level array');
      return elements;
    }
  }
  throw new ObservationError(shown, '', 'invalid JSON: the top-level array is not closed (is the export truncated?)');
}
