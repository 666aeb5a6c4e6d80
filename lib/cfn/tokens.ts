/**
 * CDK tokens: placeholders for values known only at deploy time, which a design checked at synth
 * cannot read. CDK encodes an unresolved string as `${Token[…]}` and an unresolved number as a
 * huge negative double (about -1.888e+289, marker bits 0xFBFF). The shapes ask these, so a token
 * is reported as "unresolved" instead of being judged as a literal.
 */

/** How every unresolved CDK string token begins. */
const UNRESOLVED_STRING = '${Token[';

/** Whether a string holds an unresolved CDK token. */
export function isStringToken(value: string): boolean {
  return value.includes(UNRESOLVED_STRING);
}

/** No design value comes near -1e288: any number that far out is a token, not a mistake to describe. */
export function isNumberToken(value: number): boolean {
  return value < -1e288;
}

/** A JSON Schema pattern fragment (a lookahead) that refuses a string holding a token. */
export const NO_STRING_TOKEN_PATTERN = '(?![\\s\\S]*\\$\\{Token\\[)';
