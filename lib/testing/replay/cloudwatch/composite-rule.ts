/**
 * Composite alarm rules (PutCompositeAlarm, AlarmRule,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutCompositeAlarm.html):
 * ALARM(x), OK(x), INSUFFICIENT_DATA(x), TRUE, FALSE, AND, OR, NOT and parentheses, where x is an
 * alarm name or ARN, quoted or not. A composite alarm is in ALARM while its rule is true, else OK.
 */
import { alarmInputError } from '../usage';
import type { AlarmState } from './alarm-state';

export type RuleNode =
  | { type: 'state'; state: AlarmState; alarm: string }
  | { type: 'const'; value: boolean }
  | { type: 'not'; arg: RuleNode }
  | { type: 'and' | 'or'; left: RuleNode; right: RuleNode };

export function parseAlarmRule(text: string, field: string): RuleNode {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const fail = (what: string): never => {
    throw alarmInputError(field, `${what} in AlarmRule ${JSON.stringify(text)}`);
  };
  const primary = (): RuleNode => {
    const token = tokens[at++];
    if (token === undefined) return fail('unexpected end');
    const upper = token.toUpperCase();
    if (token === '(') {
      const inner = or();
      if (tokens[at++] !== ')') fail('missing ")"');
      return inner;
    }
    if (upper === 'NOT') return { type: 'not', arg: primary() };
    if (upper === 'TRUE' || upper === 'FALSE') return { type: 'const', value: upper === 'TRUE' };
    if (upper === 'ALARM' || upper === 'OK' || upper === 'INSUFFICIENT_DATA') {
      if (tokens[at++] !== '(') fail(`expected "(" after ${token}`);
      const parts: string[] = [];
      while (tokens[at] !== ')' && at < tokens.length) parts.push(tokens[at++]);
      if (tokens[at++] !== ')') fail(`missing ")" after ${token}(`);
      const raw = parts.join(' ');
      const alarm = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      return { type: 'state', state: upper as AlarmState, alarm };
    }
    return fail(`unexpected ${JSON.stringify(token)}`);
  };
  const and = (): RuleNode => {
    let left = primary();
    while (tokens[at]?.toUpperCase() === 'AND') {
      at++;
      left = { type: 'and', left, right: primary() };
    }
    return left;
  };
  const or = (): RuleNode => {
    let left = and();
    while (tokens[at]?.toUpperCase() === 'OR') {
      at++;
      left = { type: 'or', left, right: and() };
    }
    return left;
  };
  const node = or();
  if (at !== tokens.length) fail(`unexpected ${JSON.stringify(tokens[at])}`);
  return node;
}

/** Alarm names/ARNs a rule reads. */
export function alarmsOf(node: RuleNode): string[] {
  switch (node.type) {
    case 'state':
      return [node.alarm];
    case 'const':
      return [];
    case 'not':
      return alarmsOf(node.arg);
    default:
      return [...alarmsOf(node.left), ...alarmsOf(node.right)];
  }
}

export function evaluateAlarmRule(node: RuleNode, stateOf: (alarm: string) => AlarmState): boolean {
  switch (node.type) {
    case 'state':
      return stateOf(node.alarm) === node.state;
    case 'const':
      return node.value;
    case 'not':
      return !evaluateAlarmRule(node.arg, stateOf);
    case 'and':
      return evaluateAlarmRule(node.left, stateOf) && evaluateAlarmRule(node.right, stateOf);
    case 'or':
      return evaluateAlarmRule(node.left, stateOf) || evaluateAlarmRule(node.right, stateOf);
  }
}
