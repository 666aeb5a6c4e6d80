/**
 * CloudFormation intrinsic functions (`{ "Ref": … }`, `{ "Fn::If": … }`): values computed at deploy
 * time, which a template check never guesses (CloudFormation User Guide, "Intrinsic function
 * reference": https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/intrinsic-function-reference.html).
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with one key, `Ref`, `Condition` or `Fn::…`. */
export function isIntrinsic(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && /^(?:Ref|Fn::\w+|Condition)$/.test(keys[0]);
}

/** What was found where a literal was expected, for notes: "the intrinsic function Fn::If (known only at deploy time)", "null". */
export function describeValue(value: unknown): string {
  if (isIntrinsic(value)) return `the intrinsic function ${Object.keys(value as Json)[0]} (known only at deploy time)`;
  if (value === undefined) return 'absent';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  return isObject(value) ? 'an object of another shape' : JSON.stringify(value);
}

/** An own property of a template object, never one inherited from a (possibly polluted) prototype. */
export function own(value: unknown, key: string): unknown {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}
