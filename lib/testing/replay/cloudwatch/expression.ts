/**
 * CloudWatch metric math, the part alarms use: arithmetic, comparisons, AND/OR, IF, FILL, PERIOD,
 * SUM/MAX/MIN/AVG over a list or over time, ABS/CEIL/FLOOR, and INSIGHT_RULE_METRIC.
 * Semantics from "Using metric math" (CloudWatch User Guide,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/using-metric-math.html): an
 * operation on time series is applied timestamp by timestamp, and a timestamp missing from an
 * operand is missing from the result; SUM/MAX/… of a list of series combine the values present at
 * each timestamp; FILL replaces missing values; PERIOD is the period in seconds.
 * Anything else is an error naming the function, never a silent guess.
 */
/** A metric-math expression the replay cannot read or evaluate; metric-series.ts reports it at the entry's `Expression`. */
export class ExpressionError extends Error {}

export type Series = (number | undefined)[];
export type Value = number | string | Series | Series[];

export interface ExpressionContext {
  /** Number of periods in the replay. */
  readonly periods: number;
  /** Period of the expression, in seconds. */
  readonly periodSeconds: number;
  /** The series of another `Id` of the alarm's Metrics array. */
  series(id: string): Series;
  /** INSIGHT_RULE_METRIC(rule, metric) per period. */
  insightRule(rule: string, metric: string): Series;
}

type Token = { kind: 'num'; value: number } | { kind: 'str'; value: string } | { kind: 'id'; value: string } | { kind: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([A-Za-z_][A-Za-z0-9_]*)|(&&|\|\||==|!=|<=|>=|[-+*/^(),[\]<>!]))/y;
  let index = 0;
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break;
    re.lastIndex = index;
    const m = re.exec(text);
    if (!m) throw new ExpressionError(`metric math: cannot read "${text.slice(index, index + 20)}" in ${text}`);
    index = re.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: Number(m[1]) });
    else if (m[2] !== undefined || m[3] !== undefined) tokens.push({ kind: 'str', value: m[2] ?? m[3] });
    else if (m[4] !== undefined) {
      const upper = m[4].toUpperCase();
      tokens.push(upper === 'AND' || upper === 'OR' || upper === 'NOT' ? { kind: 'op', value: upper } : { kind: 'id', value: m[4] });
    } else tokens.push({ kind: 'op', value: m[5] });
  }
  return tokens;
}

type Node =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'ref'; id: string }
  | { type: 'list'; items: Node[] }
  | { type: 'call'; name: string; args: Node[] }
  | { type: 'unary'; op: string; arg: Node }
  | { type: 'binary'; op: string; left: Node; right: Node };

/** Parses a metric math expression; throws with the expression on a syntax error. */
export function parseExpression(text: string): Node {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (value?: string) => tokens[at] && tokens[at].kind === 'op' && (value === undefined || tokens[at].value === value);
  const expect = (value: string) => {
    if (!peek(value)) throw new ExpressionError(`metric math: expected "${value}" at token ${at + 1} of ${text}`);
    at++;
  };
  const binaryLevel = (ops: string[], next: () => Node) => (): Node => {
    let left = next();
    while (tokens[at]?.kind === 'op' && ops.includes(tokens[at].value as string)) {
      const op = tokens[at++].value as string;
      left = { type: 'binary', op: op === '&&' ? 'AND' : op === '||' ? 'OR' : op, left, right: next() };
    }
    return left;
  };
  const primary = (): Node => {
    const token = tokens[at++];
    if (!token) throw new ExpressionError(`metric math: unexpected end of ${text}`);
    if (token.kind === 'num') return { type: 'num', value: token.value };
    if (token.kind === 'str') return { type: 'str', value: token.value };
    if (token.kind === 'id') {
      if (peek('(')) {
        at++;
        const args: Node[] = [];
        if (!peek(')')) {
          do args.push(or());
          while (peek(',') && ++at);
        }
        expect(')');
        return { type: 'call', name: token.value.toUpperCase(), args };
      }
      return { type: 'ref', id: token.value };
    }
    if (token.value === '(') {
      const inner = or();
      expect(')');
      return inner;
    }
    if (token.value === '[') {
      const items: Node[] = [];
      if (!peek(']')) {
        do items.push(or());
        while (peek(',') && ++at);
      }
      expect(']');
      return { type: 'list', items };
    }
    if (token.value === '-' || token.value === '!' || token.value === 'NOT') return { type: 'unary', op: token.value === '-' ? '-' : 'NOT', arg: primary() };
    throw new ExpressionError(`metric math: unexpected "${token.value}" in ${text}`);
  };
  const power = binaryLevel(['^'], primary);
  const product = binaryLevel(['*', '/'], power);
  const sum = binaryLevel(['+', '-'], product);
  const comparison = binaryLevel(['<', '>', '<=', '>=', '==', '!='], sum);
  const and = binaryLevel(['AND', '&&'], comparison);
  const or = binaryLevel(['OR', '||'], and);
  const node = or();
  if (at !== tokens.length) throw new ExpressionError(`metric math: unexpected "${String(tokens[at].value)}" in ${text}`);
  return node;
}

const isSeries = (v: Value): v is Series => Array.isArray(v) && !v.some((x) => Array.isArray(x));

function pointwise(a: Value, b: Value, periods: number, f: (x: number, y: number) => number | undefined): Value {
  if (typeof a === 'number' && typeof b === 'number') return f(a, b) ?? NaN;
  if ((typeof a !== 'number' && !isSeries(a)) || (typeof b !== 'number' && !isSeries(b)))
    throw new ExpressionError('metric math: arithmetic needs numbers or time series');
  // Checked once above, not per period (a series is scanned whole by isSeries).
  const at = (v: number | Series, i: number): number | undefined => (typeof v === 'number' ? v : v[i]);
  return Array.from({ length: periods }, (_, i) => {
    const x = at(a as number | Series, i);
    const y = at(b as number | Series, i);
    return x === undefined || y === undefined ? undefined : f(x, y);
  });
}

const BINARY: Record<string, (x: number, y: number) => number | undefined> = {
  '+': (x, y) => x + y,
  '-': (x, y) => x - y,
  '*': (x, y) => x * y,
  '/': (x, y) => (y === 0 ? undefined : x / y),
  '^': (x, y) => x ** y,
  '<': (x, y) => Number(x < y),
  '>': (x, y) => Number(x > y),
  '<=': (x, y) => Number(x <= y),
  '>=': (x, y) => Number(x >= y),
  '==': (x, y) => Number(x === y),
  '!=': (x, y) => Number(x !== y),
  AND: (x, y) => Number(x !== 0 && y !== 0),
  OR: (x, y) => Number(x !== 0 || y !== 0),
};

const COMBINE: Record<string, (xs: number[]) => number> = {
  SUM: (xs) => xs.reduce((s, x) => s + x, 0),
  MAX: (xs) => Math.max(...xs),
  MIN: (xs) => Math.min(...xs),
  AVG: (xs) => xs.reduce((s, x) => s + x, 0) / xs.length,
};

/** Evaluates a parsed expression to a value (a series for anything an alarm can use). */
export function evaluateExpression(node: Node, ctx: ExpressionContext): Value {
  const ev = (n: Node) => evaluateExpression(n, ctx);
  switch (node.type) {
    case 'num':
      return node.value;
    case 'str':
      return node.value;
    case 'ref':
      return ctx.series(node.id);
    case 'list':
      return node.items.map((item) => {
        const v = ev(item);
        if (!isSeries(v)) throw new ExpressionError('metric math: a list holds time series');
        return v;
      });
    case 'unary': {
      const v = ev(node.arg);
      return node.op === '-' ? pointwise(0, v, ctx.periods, (x, y) => x - y) : pointwise(v, 0, ctx.periods, (x) => Number(x === 0));
    }
    case 'binary':
      return pointwise(ev(node.left), ev(node.right), ctx.periods, BINARY[node.op]);
    case 'call':
      return call(node.name, node.args, ctx, ev);
  }
}

function call(name: string, args: Node[], ctx: ExpressionContext, ev: (n: Node) => Value): Value {
  const series = (v: Value, what: string): Series => {
    if (typeof v === 'number') return new Array(ctx.periods).fill(v);
    if (!isSeries(v)) throw new ExpressionError(`metric math: ${name} expects a time series as ${what}`);
    return v;
  };
  if (name in COMBINE) {
    if (args.length !== 1) throw new ExpressionError(`metric math: ${name} takes one argument (a series or a list of series)`);
    const v = ev(args[0]);
    if (Array.isArray(v) && v.length > 0 && Array.isArray(v[0])) {
      const list = v as Series[];
      return Array.from({ length: ctx.periods }, (_, i) => {
        const xs = list.map((s) => s[i]).filter((x): x is number => x !== undefined);
        return xs.length === 0 ? undefined : COMBINE[name](xs);
      });
    }
    // Over time: one value for the whole series (CloudWatch returns a scalar here).
    const xs = series(v, 'its argument').filter((x): x is number => x !== undefined);
    return xs.length === 0 ? NaN : COMBINE[name](xs);
  }
  switch (name) {
    case 'ABS':
    case 'CEIL':
    case 'FLOOR': {
      const f = { ABS: Math.abs, CEIL: Math.ceil, FLOOR: Math.floor }[name];
      return series(ev(args[0]), 'its argument').map((x) => (x === undefined ? undefined : f(x)));
    }
    case 'IF': {
      if (args.length < 2 || args.length > 3) throw new ExpressionError('metric math: IF takes (condition, trueValue[, falseValue])');
      const cond = series(ev(args[0]), 'the condition');
      const yes = ev(args[1]);
      const no = args[2] ? ev(args[2]) : undefined;
      const at = (v: Value | undefined, i: number) => (v === undefined ? undefined : typeof v === 'number' ? v : (v as Series)[i]);
      return cond.map((c, i) => (c === undefined ? undefined : c !== 0 ? at(yes, i) : at(no, i)));
    }
    case 'FILL': {
      if (args.length !== 2) throw new ExpressionError('metric math: FILL takes (series, value | REPEAT)');
      const s = series(ev(args[0]), 'its first argument');
      if (args[1].type === 'ref' && args[1].id.toUpperCase() === 'REPEAT') {
        let last: number | undefined;
        return s.map((x) => (x === undefined ? last : (last = x)));
      }
      const fill = ev(args[1]);
      if (typeof fill !== 'number') throw new ExpressionError('metric math: the replay supports FILL with a number or REPEAT');
      return s.map((x) => x ?? fill);
    }
    case 'PERIOD':
      return ctx.periodSeconds;
    case 'INSIGHT_RULE_METRIC': {
      const [rule, metric] = args.map(ev);
      if (typeof rule !== 'string' || typeof metric !== 'string') throw new ExpressionError("metric math: INSIGHT_RULE_METRIC takes ('rule name', 'metric')");
      return ctx.insightRule(rule, metric);
    }
    default:
      throw new ExpressionError(
        `metric math: the replay does not implement ${name}(); add it to lib/testing/replay/cloudwatch/expression.ts with its documented semantics`,
      );
  }
}
