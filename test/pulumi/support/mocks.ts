/**
 * The Pulumi mock engine for these tests: records every registered resource (type, name, inputs as
 * the engine would receive them) and every invoke, and answers with ARM-shaped ids. Each test file
 * installs its own (jest gives each file a fresh module registry, so nothing leaks between files).
 */
import * as pulumi from '@pulumi/pulumi';

/** Resource inputs as the engine receives them: untyped JSON that the tests index into freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface Registered {
  readonly type: string;
  readonly name: string;
  /** Inputs after serialization: what `pulumi preview` would send to the provider. */
  readonly inputs: Json;
  /** false for component resources. */
  readonly custom: boolean;
}

/** Resource options as the engine receives them in the registration request. */
export interface RegisteredOptions {
  readonly protect?: boolean;
  readonly retainOnDelete?: boolean;
  /** URN of the `deletedWith` resource, '' when none. */
  readonly deletedWith: string;
  /** URN of the parent, '' when none. */
  readonly parent: string;
}

interface RegisterRequest {
  getType(): string;
  getName(): string;
  getProtect(): boolean | undefined;
  getRetainondelete(): boolean | undefined;
  getDeletedwith(): string;
  getParent(): string;
}

export const SUBSCRIPTION = '/subscriptions/00000000-0000-0000-0000-000000000000';

/** ARM resource id of a mocked resource, by type, as Azure would return it. */
function armId(type: string, name: string, inputs: Json): string {
  const group = `${SUBSCRIPTION}/resourceGroups/${inputs.resourceGroupName ?? 'rg'}`;
  switch (type) {
    case 'azure-native:resources:ResourceGroup':
      return `${SUBSCRIPTION}/resourceGroups/${inputs.resourceGroupName ?? name}`;
    case 'azure-native:cosmosdb:DatabaseAccount':
      return `${group}/providers/Microsoft.DocumentDB/databaseAccounts/${inputs.accountName ?? name}`;
    case 'azure-native:cosmosdb:SqlResourceSqlDatabase':
      return `${group}/providers/Microsoft.DocumentDB/databaseAccounts/${inputs.accountName}/sqlDatabases/${inputs.resource?.id ?? name}`;
    case 'azure-native:cosmosdb:SqlResourceSqlContainer':
      return `${group}/providers/Microsoft.DocumentDB/databaseAccounts/${inputs.accountName}/sqlDatabases/${inputs.databaseName}/containers/${inputs.containerName ?? name}`;
    case 'azure-native:operationalinsights:Workspace':
      return `${group}/providers/Microsoft.OperationalInsights/workspaces/${inputs.workspaceName ?? name}`;
    case 'azure-native:monitor:ActionGroup':
      return `${group}/providers/Microsoft.Insights/actionGroups/${inputs.actionGroupName ?? name}`;
    default:
      return `${name}-id`;
  }
}

/** The ARM name Azure would report: the explicit name input if any, else the Pulumi name. */
function armName(type: string, name: string, inputs: Json): string {
  if (type.endsWith(':SqlResourceSqlDatabase')) return inputs.resource?.id ?? name;
  return inputs.accountName && type.endsWith(':DatabaseAccount')
    ? inputs.accountName
    : inputs.resourceGroupName && type.endsWith(':ResourceGroup')
      ? inputs.resourceGroupName
      : (inputs.containerName ?? inputs.workspaceName ?? name);
}

export function installMocks(options: { preview?: boolean } = {}) {
  const registered: Registered[] = [];
  const calls: pulumi.runtime.MockCallArgs[] = [];
  /** Answers to invokes beyond getDatabaseAccount, by token. */
  const answers = new Map<string, (inputs: Json) => Json>();
  pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs, custom: args.custom ?? false });
        if (!args.custom) return { id: undefined, state: {} };
        return { id: armId(args.type, args.name, args.inputs), state: { ...args.inputs, name: armName(args.type, args.name, args.inputs) } };
      },
      call(args) {
        calls.push(args);
        if (args.token === 'azure-native:cosmosdb:getDatabaseAccount') {
          return { id: armId('azure-native:cosmosdb:DatabaseAccount', args.inputs.accountName, args.inputs), name: args.inputs.accountName };
        }
        const answer = answers.get(args.token);
        if (answer) return answer(args.inputs);
        throw new Error(`unexpected invoke ${args.token}`);
      },
    },
    'skewguard-test',
    'dev',
    options.preview ?? false,
  );
  /** Resource options of each registration, by `type::name`: what the SDK sent, after its own defaults. */
  const registeredOptions = new Map<string, RegisteredOptions>();
  const monitor = pulumi.runtime.getMonitor() as unknown as { registerResource(request: RegisterRequest, callback: unknown): unknown };
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (request, callback) => {
    registeredOptions.set(`${request.getType()}::${request.getName()}`, {
      protect: request.getProtect(),
      retainOnDelete: request.getRetainondelete(),
      deletedWith: request.getDeletedwith(),
      parent: request.getParent(),
    });
    return register(request, callback);
  };
  return {
    registered,
    calls,
    options: registeredOptions,
    answers,
    /** Registered custom resources of one type token. */
    ofType: (type: string) => registered.filter((r) => r.type === type),
    /** The one custom resource (not component) of this name. */
    named: (name: string) => {
      const found = registered.filter((r) => r.custom && r.name === name);
      if (found.length !== 1) throw new Error(`expected one resource named ${name}, found ${found.length}`);
      return found[0];
    },
  };
}

/** Resolves when an Output resolves (under mocks, every Output does). */
export function resolved<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) =>
    output.apply((value) => {
      resolve(value);
      return value;
    }),
  );
}

/** Waits until every given resource is registered (its URN resolves only after registration). */
export async function registeredAll(resources: readonly (pulumi.Resource | undefined)[]): Promise<void> {
  await Promise.all(resources.filter((r): r is pulumi.Resource => r !== undefined).map((r) => resolved(r.urn)));
}

/**
 * Lets pending registrations run: after a refusal nothing should be pending, and the tests check
 * that with a control that did register something in the same number of turns.
 */
export async function drain(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Records each resource's options as the SDK receives them (protect, parent, dependsOn). */
export function optionsRecorder() {
  const options = new Map<string, pulumi.ResourceOptions>();
  const transformation: pulumi.ResourceTransformation = ({ name, opts }) => {
    options.set(name, opts);
    return undefined;
  };
  return { options, transformation };
}

/** The outputs a component registered with `registerOutputs` (keys and serialized values). */
export async function componentOutputs(resource: pulumi.ComponentResource): Promise<Record<string, unknown>> {
  const urn = await resolved(resource.urn);
  await drain();
  const monitor = pulumi.runtime.getMonitor() as unknown as {
    getRegisteredResources(): Map<string, { state: { toJavaScript?(): Record<string, unknown> } & Record<string, unknown> }>;
  };
  const state = monitor.getRegisteredResources().get(urn)?.state;
  return state?.toJavaScript ? state.toJavaScript() : (state as Record<string, unknown>);
}
