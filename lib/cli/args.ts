/**
 * The command line: commands, their options, and a parser whose errors say what to type instead
 * (node:util parseArgs gives "Unknown option '--frmat'. To specify a positional argument…").
 * The help text is generated from the same table, so it cannot drift from what is accepted.
 */
import { didYouMean } from '../internal';
import { UsageError } from './errors';
import { DOCUMENTATION_URL } from './rule-docs';

export { UsageError } from './errors';

export interface OptionSpec {
  readonly name: string;
  readonly short?: string;
  /** Placeholder of the value (`<format>`); absent for a switch. */
  readonly value?: string;
  readonly description: string;
}

export interface CommandSpec {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  readonly options: readonly OptionSpec[];
}

const HELP: OptionSpec = { name: 'help', short: 'h', description: 'show this help' };

/** Presentation only: every command that prints a report or a rule accepts them. */
const COLOR_OPTIONS: readonly OptionSpec[] = [
  { name: 'color', description: 'force colors on' },
  { name: 'no-color', description: 'force colors off' },
];

export const LINT_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export const RULES_FORMATS = ['text', 'json', 'markdown'] as const;

/** Where and how a findings report is written: lint and observe. */
const REPORT_OPTIONS: readonly OptionSpec[] = [
  { name: 'format', short: 'f', value: '<format>', description: `report format: ${LINT_FORMATS.join(', ')} (default text)` },
  { name: 'output-file', short: 'o', value: '<file>', description: 'write the report to a file instead of standard output' },
];

/** lint and observe read the project config (its rules, thresholds and raised quotas judge the designs both run). */
const CONFIG_OPTIONS: readonly OptionSpec[] = [
  { name: 'config', short: 'c', value: '<file>', description: 'use this config file instead of searching for skewguard.config.json' },
  { name: 'no-config', description: 'ignore any config file' },
];

/** rules and explain print the catalogue's text. */
const RULE_TEXT_OPTIONS: readonly OptionSpec[] = [
  { name: 'format', short: 'f', value: '<format>', description: `${RULES_FORMATS.join(', ')} (default text)` },
  ...COLOR_OPTIONS,
  HELP,
];

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'lint',
    usage: 'skewguard lint [<file | directory | glob | ->...] [options]',
    summary: 'check design files and synthesized CloudFormation templates (cdk.out/)',
    options: [
      ...REPORT_OPTIONS,
      { name: 'fail-on', value: '<severity>', description: 'exit 1 on unacknowledged findings at or above: error, warning (default error)' },
      { name: 'max-warnings', value: '<n>', description: 'also exit 1 when there are more than n warnings' },
      { name: 'quiet', short: 'q', description: 'report errors only (warnings still count for --fail-on and --max-warnings)' },
      {
        name: 'report-unused-acknowledgements',
        value: '<severity>',
        description: 'acknowledgements that waive nothing: error, warning, off (default warning)',
      },
      {
        name: 'contributor-insights-rule-quota',
        value: '<n>',
        description: "the account's Contributor Insights rule quota per Region, once a raise is granted (default 100): cdk.out/ rules are counted against it",
      },
      {
        name: 'fix',
        description:
          'apply the fixes findings carry to the design files, then report what is left; a key change or a capacity raise only on a table or container that fails the run (--fail-on)',
      },
      { name: 'verbose', description: 'name each file a search passed over (no design or template in it), not only their count' },
      ...CONFIG_OPTIONS,
      ...COLOR_OPTIONS,
      HELP,
    ],
  },
  {
    name: 'observe',
    usage: 'skewguard observe <design file | cdk.out | directory...> (--observations <manifest.json> | --live aws|azure) [options]',
    summary: 'hold designs against what production measured (Contributor Insights, CloudWatch, Cosmos DB logs)',
    options: [
      { name: 'observations', value: '<file>', description: 'the manifest naming the exported reports of each table, index and container' },
      { name: 'live', value: '<cloud>', description: 'query the cloud instead: aws (CloudWatch, DynamoDB) or azure (Log Analytics)' },
      { name: 'since', value: '<window>', description: 'with --live: how far back, such as 90m, 24h, 7d (default 7d)' },
      { name: 'region', value: '<region>', description: 'with --live aws: the AWS Region (default: the SDK chain, AWS_REGION or the profile)' },
      { name: 'endpoint-url', value: '<url>', description: 'with --live aws: send the AWS calls to this endpoint' },
      { name: 'workspace', value: '<id>', description: 'with --live azure: the Log Analytics workspace id the Cosmos DB logs go to' },
      {
        name: 'account',
        value: '<resource id>',
        description: 'with --live azure: the Cosmos DB account, to read NormalizedRUConsumption per partition-key range',
      },
      ...REPORT_OPTIONS,
      { name: 'fail-on', value: '<severity>', description: 'exit 1 on findings at or above: error, warning (default error)' },
      { name: 'tolerance', value: '<ratio>', description: 'a figure this far above its declaration is drift (default 0.25)' },
      { name: 'below', value: '<ratio>', description: 'a figure under this share of its declaration is over-declared (default 0.5)' },
      {
        name: 'min-window',
        value: '<window>',
        description: 'the shortest window a declared peak or hot-key share is lowered from, such as 24h or 14d (default 7d)',
      },
      { name: 'show-keys', description: 'show partition-key values as logged (default: a short hash)' },
      { name: 'update', description: 'write the observed figures into the design files, keeping their formatting' },
      ...CONFIG_OPTIONS,
      ...COLOR_OPTIONS,
      HELP,
    ],
  },
  {
    name: 'rules',
    usage: 'skewguard rules [<rule id or name>] [--format text|json|markdown] [--color | --no-color]',
    summary: 'list the rule catalogue, or explain one rule',
    options: RULE_TEXT_OPTIONS,
  },
  {
    name: 'explain',
    usage: 'skewguard explain <rule id or name> [--format text|json|markdown] [--color | --no-color]',
    summary: 'explain one rule (same as `skewguard rules <rule>`)',
    options: RULE_TEXT_OPTIONS,
  },
  {
    name: 'init',
    usage: 'skewguard init [<directory>] [--force]',
    summary: 'write skewguard.config.json and a starter design file (designs/example.json)',
    options: [{ name: 'force', description: 'overwrite files that exist' }, HELP],
  },
  {
    name: 'schema',
    usage: 'skewguard schema',
    summary: 'print the JSON Schema of design files',
    options: [HELP],
  },
];

const GLOBAL: readonly OptionSpec[] = [HELP, { name: 'version', short: 'v', description: 'print the version' }];

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | true | undefined>>;
  readonly positionals: readonly string[];
}

const NEGATIVE_NUMBER = /^-\.?\d/;

function flag(spec: OptionSpec): string {
  return `--${spec.name}`;
}

/** Parses `argv` (after the command) against `command`'s options. The last of a repeated option wins,
 *  so `npm run lint -- --format json` can override a script's own `--format`. */
export function parseCommandArgs(argv: readonly string[], command: CommandSpec | undefined): ParsedArgs {
  const options = command?.options ?? GLOBAL;
  // No prototype: a polluted Object.prototype.fix must not turn a plain `lint` into `lint --fix`.
  const values: Record<string, string | true> = Object.create(null);
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const [raw, inline] = long && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const spec = long ? options.find((o) => flag(o) === raw) : options.find((o) => o.short !== undefined && `-${o.short}` === raw);
    if (!spec) throw unknownOption(raw, command);
    if (!spec.value) {
      if (inline !== undefined) throw new UsageError(`${flag(spec)} takes no value`, command?.name);
      values[spec.name] = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      // `-1` is a value (no option is a digit): its own check then says what the option accepts, not that it is missing.
      if (next === undefined || (next.startsWith('-') && next !== '-' && !NEGATIVE_NUMBER.test(next)))
        throw new UsageError(`${flag(spec)} needs a value: ${spec.value}`, command?.name);
      value = next;
      i++;
    }
    values[spec.name] = value;
  }
  return { values, positionals };
}

function unknownOption(raw: string, command: CommandSpec | undefined): UsageError {
  const where = command ? ` for ${command.name}` : '';
  const own = (command?.options ?? GLOBAL).flatMap((o) => [flag(o), ...(o.short ? [`-${o.short}`] : [])]);
  const elsewhere = COMMANDS.find((c) => c !== command && c.options.some((o) => flag(o) === raw));
  const hint = elsewhere ? ` (it is an option of \`skewguard ${elsewhere.name}\`)` : didYouMean(raw, own, '');
  return new UsageError(`unknown option ${raw}${where}${hint}`, command?.name);
}

/** One of `allowed`, or a usage error naming the option and the choices. */
export function choice<T extends string>(value: string | true | undefined, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined || value === true) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, got "${value}"${didYouMean(value, allowed)}`);
}

/** `--color` → true, `--no-color` → false, neither → undefined (the environment decides: terminal.ts useColor). */
export function colorFlag(values: ParsedArgs['values'], command: string): boolean | undefined {
  if (values.color && values['no-color']) throw new UsageError('--color and --no-color contradict each other', command);
  return values.color === true ? true : values['no-color'] === true ? false : undefined;
}

export function commandUsage(command: CommandSpec): string {
  const width = Math.max(...command.options.map((o) => optionLabel(o).length));
  return [
    `Usage: ${command.usage}`,
    '',
    `${command.summary[0].toUpperCase()}${command.summary.slice(1)}.`,
    '',
    'Options:',
    ...command.options.map((o) => `  ${optionLabel(o).padEnd(width)}  ${o.description}`),
  ].join('\n');
}

function optionLabel(o: OptionSpec): string {
  return `${o.short ? `-${o.short}, ` : '    '}--${o.name}${o.value ? ` ${o.value}` : ''}`;
}

export const GENERAL_USAGE = [
  'Usage: skewguard <command> [options]',
  '',
  'Commands:',
  ...COMMANDS.map((c) => `  ${c.name.padEnd(8)}  ${c.summary}`),
  '',
  'Options: --help, -h (also after a command); --version, -v',
  '',
  'Exit codes: 0 clean; 1 findings at or above --fail-on (or more warnings than --max-warnings);',
  '            2 invalid input, invalid config, bad usage, or the report could not be written;',
  '            141 the reader of the output went away (a closed pipe, as with `| head`) before the report was whole.',
  `Documentation: ${DOCUMENTATION_URL}cli.md`,
].join('\n');
