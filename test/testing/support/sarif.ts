/**
 * The official SARIF 2.1.0 JSON schema (draft-04, as shipped in @microsoft/jest-sarif) compiled
 * once, as test/cli/cli.test.ts compiles it; one of its patterns is not valid under the `u` flag.
 */
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const validSarif = addFormats(new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false })).compile(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
);

/** The schema errors of a SARIF log; empty when it is valid. */
export function sarifErrors(log: unknown): unknown[] {
  return validSarif(log) ? [] : [...(validSarif.errors ?? [])];
}
