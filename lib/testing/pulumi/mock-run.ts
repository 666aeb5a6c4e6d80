/**
 * Runs a Pulumi program (or a few component constructions) under Pulumi's mock engine
 * (`pulumi.runtime.setMocks`) and records every resource it registers, as the engine received it:
 * type, name, parent, inputs (secrets masked) and the options that guard data. The run ends when
 * every registration has completed, including those started inside `apply` callbacks, so nothing
 * is left pending for the next test.
 */
import * as pulumi from '@pulumi/pulumi';
import { shapes, UsageError, validateLintOptions } from '../../index';
import { checkWith, dayPinnedOn, pinDayOn, watchDeployTimeChecks } from '../../internal';
import { catchHostErrors, type HostErrors } from './host-errors';
import { pulumiLogToStderr } from './log-to-stderr';
import { observeMockMonitor, refuseTransforms, type ResourceRequest } from './mock-monitor';
import { snapshotValue, urnLabel } from './snapshot-values';

/** One resource the program registered, ready for `toMatchSnapshot()`. */
export interface MockedResource {
  /** Type token, e.g. `azure-native:cosmosdb:SqlResourceSqlContainer`. */
  readonly type: string;
  /** The resource's logical name as the program gave it (its `name` argument). */
  readonly name: string;
  /** `<type>::<name>` of the parent resource; null at the top level. */
  readonly parent: string | null;
  /** Inputs as sent to the engine, outputs resolved; secrets are `"[secret]"`, values unknown in a preview `"[unknown]"`,
   *  resource references `"[resource <type>::<name>]"`. Keys sorted. */
  readonly inputs: Record<string, unknown>;
  /** Resource options that protect data or decide how an update happens, when set. */
  readonly options?: MockedResourceOptions;
  /** For a resource read with `.get(name, id)`: that id. */
  readonly readId?: string;
}

/** The options a reviewer should see change: each present only when set. */
export interface MockedResourceOptions {
  /** `protect: true` was set: Pulumi refuses to delete the resource. Absent when not set. */
  readonly protect?: true;
  /** `retainOnDelete: true` was set: deleting it from the program leaves the cloud resource. Absent when not set. */
  readonly retainOnDelete?: true;
  /** `deleteBeforeReplace: true` was set: a replacement deletes the old resource first. Absent when not set. */
  readonly deleteBeforeReplace?: true;
  /** The `ignoreChanges` property paths, as given; absent when none. */
  readonly ignoreChanges?: readonly string[];
  /** The `replaceOnChanges` property paths, as given; absent when none. */
  readonly replaceOnChanges?: readonly string[];
  /** The `import` option: the id of the existing cloud resource the first `pulumi up` adopts instead of creating. Absent when not set. */
  readonly import?: string;
}

export interface MockRunOptions {
  /**
   * Answers each resource registration with its id and output state.
   * @default - id `<name>-id` (none for a component), state: the inputs plus `name` (the resource's
   * name, unless an input is called `name`), so `resource.name` and `resource.id` resolve
   */
  readonly newResource?: (args: pulumi.runtime.MockResourceArgs) => pulumi.runtime.MockResourceResult | Promise<pulumi.runtime.MockResourceResult>;
  /**
   * Answers each invoke (a provider function such as `cosmosdb.getDatabaseAccount`).
   * @default - fails the run, naming the function: a program that calls one needs an answer
   */
  readonly call?: (args: pulumi.runtime.MockCallArgs) => pulumi.runtime.MockCallResult | Promise<pulumi.runtime.MockCallResult>;
  /** @default 'project' */
  readonly project?: string;
  /** @default 'test' */
  readonly stack?: string;
  /** Run as `pulumi preview` (values computed by the engine are unknown). @default false */
  readonly preview?: boolean;
  /**
   * Stack configuration, replacing any set before: `{ peakWriteUnits: '2000' }` or
   * `{ 'other-project:key': … }`. A key without a namespace belongs to `project`; values that are not
   * strings are written as JSON (read them with `config.requireObject()`).
   * @default - the configuration is left as it is
   */
  readonly config?: Readonly<Record<string, unknown>>;
  /**
   * The day, `YYYY-MM-DD` (UTC), on which the GuardedContainers' acknowledgements' `expires` dates are judged, as
   * `lint()`'s `today` option: pin it so a waiver with `expires` does not turn the test red on a later date. It holds
   * for every component the run constructs (a component's own `lintOptions.today` wins), also when one is planned
   * again once an Output is known.
   * @default - today (UTC)
   */
  readonly today?: string;
}

export interface MockRun<T> {
  /** What the program returned (a component, a module's exports…). */
  readonly result: T;
  /** Every registered resource, sorted by type, name and parent. */
  readonly resources: MockedResource[];
}

interface Recorded {
  readonly resource: MockedResource;
  error?: unknown;
}

function defaultNewResource(args: pulumi.runtime.MockResourceArgs): pulumi.runtime.MockResourceResult {
  if (args.custom === false) return { id: undefined, state: {} };
  return { id: args.id || `${args.name}-id`, state: { name: args.name, ...args.inputs } };
}

function unansweredCall(_args: pulumi.runtime.MockCallArgs): pulumi.runtime.MockCallResult {
  throw new Error('the mock engine has no answer for it: pass runWithMocks(program, { call }) returning its result');
}

/**
 * The mocks, each failure kept in `failures` and answered with an empty result. A mock that throws
 * would reject an Output nobody awaits: the SDK drops the message (it keeps only gRPC `details`) and
 * the unhandled rejection fails whichever test runs next. The run reports the failures instead.
 */
function guardedMocks(options: MockRunOptions, failures: string[]): pulumi.runtime.Mocks {
  const newResource = options.newResource ?? defaultNewResource;
  const call = options.call ?? unansweredCall;
  return {
    async newResource(args) {
      try {
        return await newResource(args);
      } catch (error) {
        failures.push(`newResource for ${args.type} ${args.name}: ${(error as Error)?.message ?? String(error)}`);
        return { id: args.custom === false ? undefined : `${args.name}-id`, state: {} };
      }
    },
    async call(args) {
      try {
        return await call(args);
      } catch (error) {
        failures.push(`call of ${args.token}: ${(error as Error)?.message ?? String(error)}`);
        return {};
      }
    },
  };
}

function optionsOf(request: ResourceRequest): MockedResourceOptions | undefined {
  const options = {
    ...(request.getProtect?.() ? { protect: true as const } : {}),
    ...(request.getRetainondelete?.() ? { retainOnDelete: true as const } : {}),
    ...(request.getDeletebeforereplace?.() ? { deleteBeforeReplace: true as const } : {}),
    ...(request.getIgnorechangesList?.().length ? { ignoreChanges: [...(request.getIgnorechangesList?.() ?? [])] } : {}),
    ...(request.getReplaceonchangesList?.().length ? { replaceOnChanges: [...(request.getReplaceonchangesList?.() ?? [])] } : {}),
    ...(request.getImportid?.() ? { import: request.getImportid?.() } : {}),
  };
  return Object.keys(options).length > 0 ? options : undefined;
}

function record(request: ResourceRequest, read: boolean): Recorded {
  const parent = request.getParent();
  const raw = (read ? request.getProperties?.() : request.getObject?.())?.toJavaScript() ?? {};
  const options = optionsOf(request);
  return {
    resource: {
      type: request.getType(),
      name: request.getName(),
      parent: parent ? urnLabel(parent) : null,
      inputs: snapshotValue(raw) as Record<string, unknown>,
      ...(options ? { options } : {}),
      ...(read ? { readId: request.getId?.() ?? '' } : {}),
    },
  };
}

function configFor(config: Readonly<Record<string, unknown>>, project: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key.includes(':') ? key : `${project}:${key}`, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

const fn = <T>(what: string): shapes.Shape<T> => ({
  expected: what,
  is: (value) => typeof value === 'function',
  read(value, place, issues, key) {
    if (typeof value === 'function') return value as T;
    issues.push({ path: shapes.pathOf(place, key), message: `expected ${what}, got ${shapes.describe(value)}` });
    return undefined;
  },
  schema: () => ({}),
});

/** A config value: a string as it is, anything else as the JSON that `config.requireObject()` reads back.
 *  What JSON cannot hold (a BigInt, a cycle) is named here, not thrown by JSON.stringify mid-run. */
const configValue: shapes.Shape<unknown> = {
  expected: 'a string or a JSON value',
  is: () => true,
  read(value, place, issues, key) {
    if (value === undefined || typeof value === 'string') return value;
    try {
      if (JSON.stringify(value) !== undefined) return value;
    } catch {
      // reported below
    }
    issues.push({
      path: shapes.pathOf(place, key),
      message: `expected a string or a JSON value (config.requireObject() reads it back), got ${shapes.describe(value)}`,
    });
    return undefined;
  },
  schema: () => ({}),
};

const configShape = shapes.mapOf(configValue, { expected: 'an object of configuration keys and values' });

const runShape = shapes.record<{ program: () => unknown; options: MockRunOptions }>({
  program: { shape: fn("a function that creates the resources (() => new GuardedContainer(…), or () => import('./index'))"), doc: 'the program to run' },
  options: {
    shape: shapes.record<MockRunOptions>({
      newResource: { shape: fn('a function'), optional: true, doc: 'Answers each registration.' },
      call: { shape: fn('a function'), optional: true, doc: 'Answers each invoke.' },
      project: { shape: shapes.text(), optional: true, doc: 'Project name.' },
      stack: { shape: shapes.text(), optional: true, doc: 'Stack name.' },
      preview: { shape: shapes.bool(), optional: true, doc: 'Run as a preview.' },
      config: { shape: configShape, optional: true, doc: 'Stack configuration.' },
      today: { shape: shapes.text(), optional: true, doc: 'The day acknowledgements expire on.' },
    }),
    doc: 'the run options',
  },
});

/** Records every request the mock monitor receives from now on, and counts those in flight. */
function recordRequests(): { recorded: Recorded[]; inFlight: { count: number } } {
  const recorded: Recorded[] = [];
  const inFlight = { count: 0 };
  observeMockMonitor((request, read) => {
    const entry = record(request, read);
    recorded.push(entry);
    inFlight.count++;
    return {
      done(error) {
        inFlight.count--;
        if (error) entry.error = error;
      },
    };
  });
  return { recorded, inFlight };
}

/**
 * Collects the checks a component can make only at deployment (a reused diagnostic setting that cannot feed the alerts)
 * that fail while the program runs. In `pulumi up` and `pulumi preview` such a failure is an unhandled rejection, which
 * Pulumi's program host reports once and fails the run on; `runWithMocks` fails with it too, instead of resolving and
 * leaving it to whichever test runs next.
 */
function watchFailedChecks(): { readonly errors: unknown[]; stop(): void } {
  const errors: unknown[] = [];
  const stop = watchDeployTimeChecks((check) => {
    check.catch((reason: unknown) => {
      if (!errors.includes(reason)) errors.push(reason);
    });
  });
  return { errors, stop };
}

/** What a running `runWithMocks` records, and the errors raised outside its program. */
interface Run {
  readonly recorded: Recorded[];
  readonly inFlight: { count: number };
  readonly raised: HostErrors;
  /** How many raised errors an assertion inside the run took as its own (`settled`). */
  taken: number;
}

/** The run under way: components constructed now belong to it. */
let current: Run | undefined;

/** Settles when the last run started has: a run waits for the one before (an assertion not awaited), so that one's
 *  refusal is its own, not the next run's. */
let lastRun: Promise<void> = Promise.resolve();

const sortKey = (r: MockedResource) => `${r.type}\u0000${r.name}\u0000${r.parent ?? ''}`;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Turns of the event loop that bring nothing new before a run that failed outside its call stack is taken as over. */
const QUIET_TURNS = 3;

/**
 * Waits until no registration is pending and a full turn of the event loop starts none. `failed` counts the errors
 * raised outside the program's call stack (host-errors.ts): once one is, the registrations waiting on the failed
 * resource never complete (the SDK never resolves its outputs, and `disconnect()` waits for them forever), so the wait
 * ends when a few turns bring no registration and no error, as Pulumi's host ends when its event loop empties.
 */
async function settle(recorded: readonly Recorded[], inFlight: { count: number }, failed?: { count(): number; next(): Promise<void> }): Promise<void> {
  let quiet = 0;
  for (;;) {
    const seen = recorded.length;
    const errors = failed?.count() ?? 0;
    // disconnect() waits for the runtime's RPC queue (registrations, invokes) to drain; under the
    // mock engine it closes nothing that the next setMocks() does not reset.
    if (errors === 0) await (failed ? Promise.race([pulumi.runtime.disconnect(), failed.next()]) : pulumi.runtime.disconnect());
    await turn();
    const unchanged = recorded.length === seen && inFlight.count === 0 && (failed?.count() ?? 0) === errors;
    if (unchanged && errors === 0) return;
    quiet = unchanged ? quiet + 1 : 0;
    if (quiet >= QUIET_TURNS) return;
  }
}

/** The errors a run's program raised outside its call stack so far, those an assertion took included: settle()'s `failed`. */
const failedOf = (run: Run) => ({ count: () => run.raised.errors.length + run.taken, next: run.raised.next });

/**
 * The error a run fails with, if any, wrapped (a program may throw `undefined`). The program's own error (`thrown`),
 * or one error raised outside the program (a refusal at deployment, rejecting every input that reads it), alone is
 * the run's error as it is: `assertRefused` reads it. More, or a mock's failure, a failed deploy-time check or a
 * failed registration, make one AggregateError naming each, each in its `errors` (`assertRefused` judges several
 * refusals together).
 */
function runError(
  raised: readonly unknown[],
  rejected: readonly unknown[],
  failures: readonly string[],
  recorded: readonly Recorded[],
  thrown?: { readonly error: unknown },
): { readonly error: unknown } | undefined {
  const registrationErrors = recorded.filter((r) => r.error !== undefined);
  // The program's own error alone is rethrown as it is, whatever it is (a string too).
  if (thrown && raised.length + rejected.length + failures.length + registrationErrors.length === 0) return thrown;
  if (!thrown && raised.length === 1 && failures.length === 0 && rejected.length === 0 && raised[0] instanceof Error) return { error: raised[0] };
  const lines = [
    ...(thrown ? [`the program threw: ${(thrown.error as Error)?.message ?? String(thrown.error)}`] : []),
    ...failures,
    ...raised.map((error) => `the program failed with an unhandled error: ${(error as Error)?.message ?? String(error)}`),
    ...rejected.map((error) => `a deploy-time check failed: ${(error as Error)?.message ?? String(error)}`),
    ...registrationErrors.map((r) => `registration of ${r.resource.type} ${r.resource.name}: ${(r.error as Error)?.message ?? String(r.error)}`),
  ];
  if (lines.length === 0) return undefined;
  // Each error kept, as an AggregateError's `errors`: assertRefused judges two refusals (two Outputs refused) together,
  // and a refusal made once an Output is known is not hidden behind the one the program threw before it.
  const errors = [
    ...(thrown ? [thrown.error] : []),
    ...failures.map((failure) => new Error(failure)),
    ...raised,
    ...rejected,
    ...registrationErrors.map((r) => r.error),
  ];
  return { error: new AggregateError(errors, `the program did not run cleanly under the mock engine:\n${lines.map((f) => `  ${f}`).join('\n')}`) };
}

/**
 * Runs `construct` and waits for the registrations it starts as `runWithMocks` waits for a program's, so that a
 * refusal made once an Output is known (a GuardedContainer's RU/s given as an Output: lib/pulumi/deferred-throughput.ts)
 * is seen, not left to the next test. Outside a run, `construct` is a run of its own (`runWithMocks`); inside one, the
 * run's registrations are settled, and the errors raised meanwhile are the caller's: the run does not report them again.
 * Resolves with what `construct` returned; rejects as a run would (the one refusal as it is).
 */
export async function settled<T>(construct: () => T, today?: string): Promise<T> {
  const run = current;
  if (!run) return (await runWithMocks(construct, today === undefined ? {} : { today })).result;
  // Inside a run, its components are judged on the run's day: another would hold for the run's later replans too.
  const runDay = dayPinnedOn(pulumi.runtime.getMonitor());
  if (today !== undefined && today !== runDay) {
    throw new UsageError(
      [
        {
          path: 'options.today',
          message: `is ${today}, inside a run ${runDay === undefined ? 'that pins no day' : `that pins ${runDay}`}: the run's components are judged on the run's day; pass it to the run (runWithMocks(program, { today: '${today}' })) or leave it out here`,
        },
      ],
      'assertion options',
    );
  }
  const from = run.raised.errors.length;
  const result = construct();
  await settle(run.recorded, run.inFlight, failedOf(run));
  const errors = run.raised.take(from);
  run.taken += errors.length;
  const failure = runError(errors, [], [], []);
  if (failure !== undefined) throw failure.error;
  return result;
}

/**
 * Runs `program` under Pulumi's mock engine and returns what it returned and every resource it
 * registered. `program` creates resources (`() => new GuardedContainer('events', args)`) or loads a
 * program module (`() => import('../index')`; under jest a module runs once per test file, so use
 * one run per file or `jest.isolateModulesAsync`). An error the program throws (a refused design)
 * is rethrown as it is, after pending registrations have finished; so is one that fails a registration
 * later (a design refused once an Output's value is known), which `pulumi up` reports as an unhandled error.
 */
export async function runWithMocks<T>(program: () => T | Promise<T>, options: MockRunOptions = {}): Promise<MockRun<T>> {
  checkWith(runShape, { program, options }, { subject: 'runWithMocks() input' });
  // Read as lint() reads its `today` (a calendar day, YYYY-MM-DD), with the error at options.today.
  if (options.today !== undefined) validateLintOptions({ today: options.today });
  // A run started by the program of another (nested) cannot wait for it.
  if (current !== undefined) return runProgram(program, options);
  const previous = lastRun;
  let done = () => undefined as void;
  lastRun = new Promise<void>((resolve) => (done = resolve));
  try {
    await previous;
    return await runProgram(program, options);
  } finally {
    // After a turn: the rejection of an assertion nobody awaits is then reported to the process's own listeners, not
    // caught by the next run as its own.
    setImmediate(done);
  }
}

async function runProgram<T>(program: () => T | Promise<T>, options: MockRunOptions): Promise<MockRun<T>> {
  const project = options.project ?? 'project';
  const failures: string[] = [];
  await pulumi.runtime.setMocks(guardedMocks(options, failures), project, options.stack ?? 'test', options.preview ?? false);
  if (options.config) pulumi.runtime.setAllConfig(configFor(options.config, project));
  // On this run's engine, which the components read it from: the next run's setMocks makes a new one.
  const monitor = pulumi.runtime.getMonitor();
  if (options.today !== undefined && monitor) pinDayOn(monitor, options.today);
  const { recorded, inFlight } = recordRequests();

  let result: T | undefined;
  let thrown: { error: unknown } | undefined;
  const rejected = watchFailedChecks();
  const allowTransforms = refuseTransforms();
  const raised = catchHostErrors();
  const restoreLog = pulumiLogToStderr();
  const run: Run = { recorded, inFlight, raised, taken: 0 };
  const outer = current;
  current = run;
  try {
    result = await program();
  } catch (error) {
    // Kept, not rethrown yet: registrations it left pending may still be refused, and each refusal is reported.
    thrown = { error };
  } finally {
    current = outer;
    try {
      await settle(recorded, inFlight, failedOf(run));
    } finally {
      raised.stop();
      rejected.stop();
      allowTransforms();
      restoreLog();
    }
  }
  // The registrations that waited on the failed resource stay pending forever: a fresh mock engine drops them, so the
  // SDK's leak check does not blame them on the program when a script exits (it sets exit code 1).
  if (raised.errors.length + run.taken > 0)
    await pulumi.runtime.setMocks(guardedMocks(options, []), project, options.stack ?? 'test', options.preview ?? false);
  const failure = runError(raised.errors, rejected.errors, failures, recorded, thrown);
  if (failure !== undefined) throw failure.error;
  return { result: result as T, resources: recorded.map((r) => r.resource).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0)) };
}
