/**
 * CloudFormation intrinsic functions (`{ "Ref": … }`, `{ "Fn::If": … }`): values computed at deploy
 * time, which a template check never guesses (CloudFormation User Guide, "Intrinsic function
 * reference": https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/intrinsic-function-reference.html).
 */
import { isObject, type JsonObject } from '../design/json-object';
import { describe } from '../design/shape';

/** An object with one key, `Ref`, `Condition` or `Fn::…`. */
export function isIntrinsic(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && /^(?:Ref|Fn::\w+|Condition)$/.test(keys[0]);
}

/** What was found where a literal was expected, for notes: an intrinsic function by name ("the
 *  intrinsic function Fn::If (known only at deploy time)"), else what the core's one value describer
 *  (`describe` of the shape toolkit) says of it ("nothing", "an array", "\"yes\""). */
export function describeValue(value: unknown): string {
  return isIntrinsic(value) ? `the intrinsic function ${Object.keys(value as JsonObject)[0]} (known only at deploy time)` : describe(value);
}

/** An own property of a template object, never one inherited from a (possibly polluted) prototype. */
export function own(value: unknown, key: string): unknown {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}
