/**
 * `pulumiSnapshot(program)`: the resources a program registers under the mock engine, as a sorted
 * list ready for `toMatchSnapshot()`, optionally only some types.
 */
import { knownOptions, readOptions } from '../options';
import { typeFilter } from '../type-filter';
import { runWithMocks, type MockedResource, type MockRunOptions } from './mock-run';

export interface PulumiSnapshotOptions extends MockRunOptions {
  /**
   * Keep only resources of these type tokens: exact (`'azure-native:cosmosdb:SqlResourceSqlContainer'`)
   * or a whole module (`'azure-native:monitor:*'`). Each entry must match a registered resource, so
   * a typo fails the test instead of snapshotting nothing.
   * @default - every resource, components included
   */
  readonly resourceTypes?: readonly string[];
}

const OPTIONS = knownOptions<PulumiSnapshotOptions>({
  resourceTypes: true,
  newResource: true,
  call: true,
  project: true,
  stack: true,
  preview: true,
  config: true,
  today: true,
});

/** A Pulumi type token (`azure-native:monitor:MetricAlert`) or a module of them (`azure-native:monitor:*`). */
const TOKEN = /^[\w-]+:[\w/.-]*:(\*|[\w.-]+)$/;

/**
 * Runs `program` under the mock engine (see `runWithMocks`) and returns its resources, sorted by
 * type, name and parent, inputs resolved, secrets masked.
 *
 * @example expect(await pulumiSnapshot(() => new GuardedContainer('events', args))).toMatchSnapshot();
 */
export async function pulumiSnapshot(program: () => unknown, options: PulumiSnapshotOptions = {}): Promise<MockedResource[]> {
  const { resourceTypes, ...runOptions } = readOptions(options, 'pulumiSnapshot', OPTIONS);
  const { resources } = await runWithMocks(program, runOptions);
  if (resourceTypes === undefined) return resources;
  const keep = typeFilter(
    resourceTypes,
    resources.map((r) => r.type),
    {
      field: 'options.resourceTypes',
      subject: 'pulumiSnapshot() options',
      separator: ':',
      examples: "'azure-native:monitor:MetricAlert' or 'azure-native:monitor:*'",
      wellFormed: (p) => TOKEN.test(p),
    },
  );
  return resources.filter((r) => keep(r.type));
}
