/**
 * The `Validations.acknowledge()` waivers a CDK app recorded in its cloud assembly that the synth
 * refuses (an unknown rule id, a short reason) or warns about (an id without the `skewguard::`
 * prefix). A template holds only the waivers skewguard accepted, copied into each table's
 * `Metadata.skewguard`; the others are in the stack's metadata (`<Stack>.metadata.json`, or the
 * manifest's own `metadata`), keyed by construct path. Without reading it, `lint cdk.out/` would pass
 * what `cdk synth` refused. Judged by the synth's own functions (lib/cfn/cdk-acknowledgements.ts).
 */
import { acknowledgementsIn, invalidWaiver, unprefixedWaiver, type ConstructMetadataEntry, type WaiverProblem } from '../index';
import { isObject } from '../internal';
import type { InputError, InputNote } from './file-result';
import { readInputFile } from './read-input';

/** Where a stack artifact's construct metadata is: a file beside the manifest, or the manifest's own entry. */
export type CdkMetadataSource = { readonly file: string } | { readonly entries: unknown };

/** The metadata as `construct path → entries`, or why it cannot be read. */
function metadataOf(source: CdkMetadataSource): { entries: Record<string, unknown> } | { error: string } {
  if ('entries' in source) return { entries: isObject(source.entries) ? source.entries : {} };
  const read = readInputFile(source.file);
  if (read.error !== undefined) return { error: `${source.file} ${read.error}` };
  try {
    const value: unknown = JSON.parse(read.text);
    return isObject(value) ? { entries: value } : { error: `${source.file} is not a JSON object of construct metadata` };
  } catch {
    return { error: `${source.file} is not valid JSON` };
  }
}

const sentence = (problem: WaiverProblem) => `${problem.description}. Fix: ${problem.fix}`;

/**
 * The stack's waivers the synth refuses, as input errors of its template (the run exits 2, as for an
 * invalid acknowledgement in a design file), and those that waive nothing for want of a prefix, as notes
 * (the synth warns; the finding they meant to waive is reported anyway). Both are of the whole template:
 * the waiver is in the CDK app's source, at the construct path the message names.
 */
export function cdkWaiverProblems(source: CdkMetadataSource): { errors: InputError[]; notes: InputNote[] } {
  const metadata = metadataOf(source);
  if ('error' in metadata)
    return { errors: [], notes: [{ path: '', message: `the stack's Validations.acknowledge() waivers were not checked: ${metadata.error}` }] };
  const errors: InputError[] = [];
  const notes: InputNote[] = [];
  for (const [path, entries] of Object.entries(metadata.entries)) {
    if (!Array.isArray(entries)) continue;
    const found = acknowledgementsIn(entries.filter(isObject) as unknown as ConstructMetadataEntry[], path.replace(/^\//, ''));
    for (const ack of found.skewguard) {
      const problem = invalidWaiver(ack);
      if (problem) errors.push({ path: '', message: sentence(problem) });
    }
    for (const ack of found.unprefixed) notes.push({ path: '', message: sentence(unprefixedWaiver(ack)) });
  }
  return { errors, notes };
}
