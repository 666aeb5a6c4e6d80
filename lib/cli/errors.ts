/** The ways a command fails before it runs (exit code 2, a sentence on stderr, no stack trace). */
import type { Place } from './place';

/** Bad usage: an unknown command or option, a bad value. `command` names the help to point at. */
export class UsageError extends Error {
  constructor(
    message: string,
    public readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command that could not do its work for a reason outside its arguments (a report file or a starter file it
 *  cannot write, a config it would shadow): exit code 2 and a sentence, without the usage hint a mistake in the
 *  command line gets. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** A problem of a config file: at its field's line and column, or without them for the whole file. */
export interface ConfigIssue extends Place {
  readonly path: string;
  readonly message: string;
}

/** An invalid config file: every problem, with its field path, line and column. */
export class ConfigError extends Error {
  constructor(
    public readonly file: string,
    public readonly issues: readonly ConfigIssue[],
  ) {
    super(`invalid config ${file}`);
    this.name = 'ConfigError';
  }
}
