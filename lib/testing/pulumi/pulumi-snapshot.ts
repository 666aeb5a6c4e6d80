/**
 * `pulumiSnapshot(program)`: the resources a program registers under the mock engine, as a sorted
 * list ready for `toMatchSnapshot()`, optionally only some types.
 */
import { DesignError } from '../../index';
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

const matches = (pattern: string, type: string) => (pattern.endsWith(':*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern);

function keep(resources: MockedResource[], patterns: unknown): MockedResource[] {
  if (patterns === undefined) return resources;
  if (!Array.isArray(patterns) || patterns.length === 0 || patterns.some((p) => typeof p !== 'string' || p === '')) {
    throw new DesignError([{ path: 'options.resourceTypes', message: `expected a non-empty array of type tokens ('azure-native:monitor:MetricAlert', 'azure-native:monitor:*'), got ${JSON.stringify(patterns)}` }], 'pulumiSnapshot() options');
  }
  const types = [...new Set(resources.map((r) => r.type))].sort();
  const unmatched = patterns.map((pattern: string, i) => ({ pattern, i })).filter(({ pattern }) => !types.some((type) => matches(pattern, type)));
  if (unmatched.length > 0) {
    throw new DesignError(unmatched.map(({ pattern, i }) => ({ path: `options.resourceTypes[${i}]`, message: `${JSON.stringify(pattern)} matches no registered resource; the types are: ${types.join(', ')}` })), 'pulumiSnapshot() options');
  }
  return resources.filter((r) => patterns.some((pattern: string) => matches(pattern, r.type)));
}

/**
 * Runs `program` under the mock engine (see `runWithMocks`) and returns its resources, sorted by
 * type, name and parent, inputs resolved, secrets masked.
 *
 * @example expect(await pulumiSnapshot(() => new GuardedContainer('events', args))).toMatchSnapshot();
 */
export async function pulumiSnapshot(program: () => unknown, options: PulumiSnapshotOptions = {}): Promise<MockedResource[]> {
  const { resourceTypes, ...runOptions } = options;
  const { resources } = await runWithMocks(program, runOptions);
  return keep(resources, resourceTypes);
}
