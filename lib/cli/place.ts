/**
 * Where a problem of an input sits, as every report writes it: `file:line:column` at the offending
 * field, or the file alone for a problem of the whole file — one that cannot be read (missing, a
 * directory, not UTF-8) has no line to point at, and a made-up `1:1` would send the reader to a
 * line that is not the problem.
 */
import type { Position } from './json-locations';

/** A line and column, or neither for a problem of the whole file. */
export type Place = Partial<Position>;

/** Whether `place` points into the file (a problem of the whole file has no line). */
export function hasPosition(place: Place): place is Position {
  return place.line !== undefined && place.column !== undefined;
}

/** `file:line:column`, or `file` alone for a problem of the whole file. */
export function placeText(file: string, place: Place): string {
  return hasPosition(place) ? `${file}:${place.line}:${place.column}` : file;
}

/** `path: message`, or the message alone when the problem is not at a field (an empty path). */
export function problemText(problem: { readonly path: string; readonly message: string }): string {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}
