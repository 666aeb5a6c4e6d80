#!/usr/bin/env node
/**
 * The `skewguard` command, bundled into dist/bin/skewguard.js (scripts/bundle-cli.js).
 * Loads only the core (no cloud SDK), the lint command, and the other commands', report formats' and
 * --fix's modules (bundles of their own) only when they run, so a lint in CI starts about as fast as a bare `node`.
 * Exit codes (a contract, docs/cli.md): 0 clean; 1 findings at or above --fail-on, or more warnings
 * than --max-warnings; 2 invalid input or config, bad usage, or a report that could not be written;
 * 141 the reader of the output went away (a closed pipe).
 * Nothing ends in a stack trace: expected failures are sentences, and a bug is reported as one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { designSchema } from '../index';
import { didYouMean } from '../internal';
import { COMMANDS, commandUsage, GENERAL_USAGE, parseCommandArgs } from './args';
import { lintCommand } from './commands/lint';
import { CommandError, ConfigError, UsageError } from './errors';
import { print, warn, type Io } from './io';
import { standardOutput, type OutputStream } from './output';
import { packageRoot } from './package-root';
import { placeText, problemText } from './place';
import { EXIT } from './report';

export type { Io } from './io';
export { EXIT } from './report';

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // A mistake in a command's options (`lint --fail-on bogus`) points at that command's help, as the docs say.
      const command = error.command ?? COMMANDS.find((spec) => spec.name === argv[0])?.name;
      warn(io, `skewguard: ${error.message}`, `Run \`skewguard ${command ? `${command} ` : ''}--help\` for usage.`);
      return EXIT.invalid;
    }
    if (error instanceof CommandError) {
      warn(io, `skewguard: ${error.message}`);
      return EXIT.invalid;
    }
    if (error instanceof ConfigError) {
      warn(io, `skewguard: invalid config ${error.file}:`, ...error.issues.map((i) => `  ${placeText(error.file, i)}: ${problemText(i)}`));
      return EXIT.invalid;
    }
    throw error;
  }
}

async function dispatch(argv: readonly string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-')) {
    const { values, positionals } = parseCommandArgs(argv, undefined);
    if (values.version) {
      if (argv.length > 1) throw new UsageError('--version takes no other arguments');
      return print(io, `${version()}\n`);
    }
    if (values.help || first === undefined) return print(io, `${GENERAL_USAGE}\n`);
    throw new UsageError(`expected a command before ${positionals[0] ?? argv[0]}`);
  }
  if (first === 'help') {
    const topic = COMMANDS.find((c) => c.name === rest[0]);
    if (rest.length > 0 && !topic)
      throw new UsageError(
        `no help on "${rest[0]}"${didYouMean(
          rest[0],
          COMMANDS.map((c) => c.name),
        )}`,
      );
    return print(io, `${topic ? commandUsage(topic) : GENERAL_USAGE}\n`);
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command)
    throw new UsageError(
      `unknown command "${first}"${didYouMean(
        first,
        COMMANDS.map((c) => c.name),
      )}; commands: ${COMMANDS.map((c) => c.name).join(', ')}`,
    );
  const args = parseCommandArgs(rest, command);
  if (args.values.help) return print(io, `${commandUsage(command)}\n`);
  switch (command.name) {
    case 'lint':
      return lintCommand(args, io, version()); // loaded up front: lint is what CI runs, and its modules are what it needs
    case 'observe':
      return (await import('./observe/command')).observeCommand(args, io, version());
    case 'rules':
    case 'explain':
      return (await import('./commands/rules')).rulesCommand(args, io, command.name);
    case 'init':
      return (await import('./commands/init')).initCommand(args, io);
    case 'schema': {
      if (args.positionals.length > 0) throw new UsageError(`${command.name} takes no arguments`, command.name);
      return print(io, `${JSON.stringify(designSchema(), null, 2)}\n`);
    }
    default:
      // COMMANDS lists a command that has no case here: a bug, not a user's mistake.
      throw new Error(`the command "${command.name}" is listed but not implemented`);
  }
}

/** Runs as the `skewguard` binary: exit code set, never process.exit(), so piped output drains.
 *  The bundled bin calls it (scripts/bundle-cli.js); tsc's dist/cli/main.js runs it itself, below. */
export function main(): void {
  let stderr: OutputStream | undefined;
  const io: Io = {
    stdout: standardOutput(),
    get stderr() {
      // Created on first use, as stdin is: a clean lint writes nothing to stderr, and making the stream costs a few percent of a start.
      if (!stderr) {
        stderr = standardOutput(2);
        stderr.on?.('error', () => {}); // stderr closed too: nothing left to tell
      }
      return stderr;
    },
    get stdin() {
      return process.stdin; // created on first use: only `lint -` reads it
    },
    env: process.env,
    cwd: process.cwd(),
    ownsProcess: true,
  };
  run(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const detail =
        error instanceof Error ? (process.env.SKEWGUARD_DEBUG ? (error.stack ?? error.message) : `${error.name}: ${error.message}`) : String(error);
      warn(io, `skewguard: internal error: ${detail}`, 'This is a bug in skewguard; please report it (SKEWGUARD_DEBUG=1 shows the stack).');
      process.exitCode = EXIT.invalid;
    },
  );
}

if (require.main === module) main();
