/**
 * CloudFormation intrinsics in alarm properties, resolved to stable placeholders: `{ Ref: X }`
 * becomes `${Ref:X}` and `{ Fn::GetAtt: [X, A] }` becomes `${X.A}`, so a table name (a Ref to the
 * table) or a Contributor Insights rule name (an attribute of the lookup custom resource) can be
 * matched to the telemetry a scenario wrote for that table. Pseudo parameters resolve to fixed values.
 */
import { alarmInputError } from '../usage';
const PSEUDO: Record<string, string> = {
  'AWS::Region': 'us-east-1',
  'AWS::AccountId': '123456789012',
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'replay',
  'AWS::NoValue': '',
};

export const refPlaceholder = (logicalId: string): string => `\${Ref:${logicalId}}`;
export const getAttPlaceholder = (logicalId: string, attribute: string): string => `\${${logicalId}.${attribute}}`;

/** The resolved value of a property; `field` names it in errors (`Resources.X.Properties.Threshold`). */
export function resolveIntrinsics(value: unknown, field: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => resolveIntrinsics(v, `${field}[${i}]`));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) {
    const [name, arg] = entries[0];
    if (name === 'Ref') {
      if (typeof arg !== 'string') throw alarmInputError(field, `Ref takes a logical id, got ${JSON.stringify(arg)}`);
      return PSEUDO[arg] ?? refPlaceholder(arg);
    }
    if (name === 'Fn::GetAtt') {
      const [id, attribute] = typeof arg === 'string' ? arg.split('.') : (arg as unknown[]);
      if (typeof id !== 'string' || typeof attribute !== 'string')
        throw alarmInputError(field, `Fn::GetAtt takes [logicalId, attribute], got ${JSON.stringify(arg)}`);
      return getAttPlaceholder(id, attribute);
    }
    if (name === 'Fn::Join') {
      const [separator, parts] = arg as [unknown, unknown];
      const resolved = resolveIntrinsics(parts, `${field}.Fn::Join[1]`);
      if (typeof separator !== 'string' || !Array.isArray(resolved))
        throw alarmInputError(field, `Fn::Join takes [separator, [parts]], got ${JSON.stringify(arg)}`);
      return resolved.map((p) => String(p)).join(separator);
    }
    if (name === 'Fn::Sub' && typeof arg === 'string') {
      return arg.replace(/\$\{([^}!]+)\}/g, (_, ref: string) =>
        ref.includes('.') ? getAttPlaceholder(...(ref.split('.') as [string, string])) : (PSEUDO[ref] ?? refPlaceholder(ref)),
      );
    }
    if (name.startsWith('Fn::') || name === 'Condition') {
      throw alarmInputError(field, `the replay cannot resolve ${name}; give the alarm a literal value or resolve it before the replay`);
    }
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, resolveIntrinsics(v, `${field}.${k}`)]));
}
