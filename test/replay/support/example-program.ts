/**
 * The example program (examples/pulumi) registered under the mock engine as test/pulumi does, for the
 * replay tests of its default alerts: its custom resources, the example's container profiles with the
 * program's designs, and the meaning of its log-alert queries. Kept apart from ./examples so that the
 * CDK replay tests do not load Pulumi.
 */
import * as pulumi from '@pulumi/pulumi';
import { skewguardQueries, type CosmosContainerProfile, type QueryRegistry, type RegisteredResource } from '../../../lib/testing/replay';
import { installMocks, registeredAll } from '../../pulumi/support/mocks';
import { EXAMPLE_CONTAINERS, withDesigns } from './examples';

export interface ExampleProgram {
  /** The custom resources the program registers, as the replay reads them. */
  resources: RegisteredResource[];
  /** The example's profiles with the program's designs: a hot key's truth is judged against its hotKey alert's ceiling. */
  profiles: Record<string, CosmosContainerProfile>;
  readonly queries: QueryRegistry;
}

/**
 * Installs the mock engine now and registers the program in a `beforeAll` of the calling test file
 * (its warnings silenced until `afterAll`): read the fields inside tests, not at load time.
 */
export function registerExampleProgram(): ExampleProgram {
  const engine = installMocks();
  const example: ExampleProgram = {
    resources: [],
    profiles: {},
    queries: skewguardQueries([
      { databaseName: 'telemetry', containerName: 'events' },
      { databaseName: 'telemetry', containerName: 'devices' },
    ]),
  };
  beforeAll(async () => {
    jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
    const program = await import('../../../examples/pulumi');
    await registeredAll([program.events, program.devices, ...Object.values(program.events.alerts), ...Object.values(program.devices.alerts)]);
    example.resources = engine.registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
    example.profiles = withDesigns(EXAMPLE_CONTAINERS, { events: program.events, devices: program.devices });
  });
  afterAll(() => jest.restoreAllMocks());
  return example;
}
