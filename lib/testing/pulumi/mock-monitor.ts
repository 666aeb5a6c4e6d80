/**
 * The one place that reaches into Pulumi's mock engine beyond its public API: the mock monitor's
 * `registerResource` and `readResource`, wrapped to see each request as the engine receives it
 * (type, name, parent, serialized inputs, options). These are internals of @pulumi/pulumi's
 * `runtime/mocks`; the version check below refuses an SDK this was not written against, with a
 * message, instead of failing somewhere inside a test run.
 */
import * as pulumi from '@pulumi/pulumi';
import { version as installedVersion } from '@pulumi/pulumi/version';
import { UsageError } from '../../index';

/** The SDK range this adapter is tested against (3.247 to 3.x): from the peer floor in package.json, the oldest
 *  @pulumi/pulumi `npm run test:oldest-peers` installs, to the newest 3.x. */
const SUPPORTED = { major: 3, minMinor: 247 };

/** A resource request as the mock monitor receives it (the SDK's generated gRPC request classes). */
export interface ResourceRequest {
  getType(): string;
  getName(): string;
  getParent(): string;
  getObject?(): { toJavaScript(): Record<string, unknown> } | undefined;
  getProperties?(): { toJavaScript(): Record<string, unknown> } | undefined;
  getId?(): string;
  getProtect?(): boolean;
  getRetainondelete?(): boolean;
  getDeletebeforereplace?(): boolean;
  getIgnorechangesList?(): string[];
  getReplaceonchangesList?(): string[];
  getImportid?(): string;
}

type Callback = (error: unknown, response?: unknown) => void;
type Method = 'registerResource' | 'readResource';
type Monitor = Record<Method, (request: ResourceRequest, callback: Callback) => unknown>;

/** Throws a UsageError unless @pulumi/pulumi is a version this adapter knows. */
export function checkPulumiVersion(version: string = installedVersion): void {
  const [major, minor] = version.split('.').map(Number);
  if (major !== SUPPORTED.major || !(minor >= SUPPORTED.minMinor)) {
    throw new UsageError(
      [
        {
          path: '@pulumi/pulumi',
          message: `is ${version}; skewguard/testing/pulumi records registrations through the mock engine of @pulumi/pulumi ${SUPPORTED.major}.${SUPPORTED.minMinor} to ${SUPPORTED.major}.x`,
        },
      ],
      'Pulumi SDK for the mock engine',
    );
  }
}

/**
 * Calls `observe` for each resource request the current mock monitor receives (`read`: a `.get()`),
 * and `done` when the engine has answered it. Call after `pulumi.runtime.setMocks`.
 */
export function observeMockMonitor(observe: (request: ResourceRequest, read: boolean) => { done(error: unknown): void }): void {
  checkPulumiVersion();
  const monitor = pulumi.runtime.getMonitor() as unknown as Partial<Monitor> | undefined;
  for (const method of ['registerResource', 'readResource'] as const) {
    const original = monitor?.[method];
    if (typeof original !== 'function') {
      throw new UsageError(
        [{ path: `monitor.${method}`, message: 'is missing: the Pulumi mock engine is not installed, or its monitor has changed' }],
        'Pulumi mock engine',
      );
    }
    (monitor as Monitor)[method] = (request, callback) => {
      const pending = observe(request, method === 'readResource');
      return original.call(monitor, request, (error: unknown, response?: unknown) => {
        pending.done(error);
        callback(error, response);
      });
    };
  }
}

/** What `transforms` needs that the mock engine lacks, and what to write instead. */
const TRANSFORMS_UNDER_MOCKS =
  "is set, and the mock engine does not run it: Pulumi applies `transforms` through the engine's callback server, which " +
  '`pulumi.runtime.setMocks` does not start (pulumi/pulumi#17090); SDKs before that change fail the registration inside a ' +
  'promise and leave the run waiting forever. Under the mock engine use the legacy `transformations` option (same ({ type, name, props, opts }) ' +
  '=> ({ props, opts }) callback, applied by the SDK as the resource is constructed), or test the program without it';

/** The SDK's `registerResource` (runtime/resource), which every resource constructor calls with its type, name and options. */
type RegisterResource = (
  ...args: [unknown, unknown, string, string, unknown, unknown, unknown, unknown, { transforms?: unknown[] } | undefined, ...unknown[]]
) => void;

/**
 * Makes a resource constructed with the `transforms` option throw a UsageError naming it, from its constructor, until
 * the returned function is called: the program then fails at once with that one message instead of hanging.
 */
export function refuseTransforms(): () => void {
  // The SDK's own module object: its resource constructors look `registerResource` up on it at each call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const runtime = require('@pulumi/pulumi/runtime/resource') as { registerResource: RegisterResource };
  const original = runtime.registerResource;
  runtime.registerResource = function (this: unknown, ...args) {
    const [, , type, name, , , , , opts] = args;
    if (opts?.transforms?.length)
      throw new UsageError([{ path: `${type} ${name}: options.transforms`, message: TRANSFORMS_UNDER_MOCKS }], 'Pulumi mock engine');
    return original.apply(this, args);
  };
  return () => {
    runtime.registerResource = original;
  };
}
