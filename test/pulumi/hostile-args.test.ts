/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Hostile args under the README's Pulumi testing helpers: objects whose reading throws, null-prototype
// objects, and names with control, bidi or zero-width characters.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { runWithMocks, type MockedResource } from '../../lib/testing/pulumi';
import { nullPrototype, revoked, throwing } from '../support/hostile-objects';
import { orders } from './support/designs';
import { thrownBy as invalidArgs } from './support/errors';
import { ACCOUNT_ID, CONTAINER, quietPulumiLog } from './support/fleet';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

quietPulumiLog();

/** Args of a container on the `fleet` account without diagnostics (SG010 acknowledged), with `extra`. */
function args(extra: Partial<GuardedContainerArgs> = {}): GuardedContainerArgs {
  return {
    resourceGroupName: 'data',
    account: { name: 'fleet', id: ACCOUNT_ID },
    database: 'shop',
    throughput: { manual: 4_000 },
    design: { ...orders, acknowledgements: [{ rule: 'SG010', reason: 'diagnostics are attached by the platform team' }] },
    ...extra,
  };
}

const tagsOf = (resources: readonly MockedResource[]) => resources.filter((r) => r.inputs.tags !== undefined).map((r) => [r.type, r.inputs.tags]);

describe('null-prototype objects in the args', () => {
  it('are sent like object literals: tags on the container and its alerts, a null-prototype design and policy', async () => {
    const plain = await runWithMocks(() => new GuardedContainer('plain', args({ tags: { team: 'data' }, indexingPolicy: { indexingMode: 'consistent' } })));
    const run = await runWithMocks(
      () =>
        new GuardedContainer(
          'plain',
          args({
            tags: nullPrototype({ team: 'data' }),
            indexingPolicy: nullPrototype({ indexingMode: 'consistent' }),
            design: nullPrototype({ ...args().design, workload: nullPrototype({ peakReadUnits: 2_000, peakWriteUnits: 1_000 }) }),
          }),
        ),
    );
    expect(tagsOf(run.resources)).toEqual(tagsOf(plain.resources));
    expect(tagsOf(run.resources)).toContainEqual([CONTAINER, { team: 'data' }]);
    expect(run.resources.find((r) => r.type === CONTAINER)?.inputs.resource).toMatchObject({ indexingPolicy: { indexingMode: 'consistent' } });
  });

  it('as the tags of CosmosAccountMonitoring reach its workspace', async () => {
    const run = await runWithMocks(
      () =>
        new CosmosAccountMonitoring('fleet', { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID }, tags: nullPrototype({ team: 'data' }) }),
    );
    expect(tagsOf(run.resources)).toEqual([['azure-native:operationalinsights:Workspace', { team: 'data' }]]);
  });
});

describe('a getter, Proxy trap or revoked Proxy that throws when an arg is read', () => {
  it('is an InvalidArgsError naming the field, with what was thrown as its cause, before anything registers', () => {
    const cause = new Error('getter says no');
    const design = { ...args().design, workload: throwing({ peakWriteUnits: 1_000 }, 'peakReadUnits', cause) };
    const error = invalidArgs(() => new GuardedContainer('getter', args({ design: design as never })));
    expect(error.issues).toEqual([{ path: 'design.workload.peakReadUnits', message: 'could not be read: Error: getter says no', cause }]);
    expect(error.cause).toBe(cause);
    expect(error.message).toContain('design.workload.peakReadUnits: could not be read: Error: getter says no');
  });

  it.each([
    ['the args', () => revoked(args()), ''],
    ['the design', () => args({ design: revoked(args().design) }), 'design'],
    ['tags', () => throwing(args(), 'tags'), 'tags'],
    ['a tag', () => args({ tags: throwing({}, 'team') }), 'tags.team'],
  ])('in %s', (_what, make, path) => {
    expect(invalidArgs(() => new GuardedContainer('hostile', make())).issues).toEqual([
      { path, message: expect.stringMatching(/^could not be read: /), cause: expect.anything() },
    ]);
  });

  it('in the args of CosmosAccountMonitoring', () => {
    const monitoring = () => new CosmosAccountMonitoring('fleet', throwing({ resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } }, 'tags'));
    expect(invalidArgs(monitoring).issues.map((i) => i.path)).toEqual(['tags']);
  });

  it('each arg is read once: what is checked is what is deployed', async () => {
    let reads = 0;
    const given = Object.defineProperty(args(), 'tags', { enumerable: true, get: () => (++reads === 1 ? { team: 'data' } : { team: Symbol('later') }) });
    const run = await runWithMocks(() => new GuardedContainer('once', given));
    expect(reads).toBe(1);
    expect(run.resources.find((r) => r.type === CONTAINER)?.inputs.tags).toEqual({ team: 'data' });
  });
});

describe('names with control, bidi or zero-width characters', () => {
  const because = expect.stringContaining('a control, bidi or zero-width character');

  it.each([
    ['the container name', { containerName: 'ord\u202eers' }, 'containerName'],
    ['the container name (a NUL)', { containerName: 'orders\u0000' }, 'containerName'],
    ['the database name', { database: 'sh\u200bop' }, 'database'],
    ['the database name (a C1 control)', { database: 'shop\u0085' }, 'database'],
  ])('are refused in %s, naming it', (_what, extra, path) => {
    expect(invalidArgs(() => new GuardedContainer('named', args(extra))).issues).toEqual([{ path, message: because }]);
  });

  it('are refused in the component name, for GuardedContainer and CosmosAccountMonitoring', () => {
    expect(invalidArgs(() => new GuardedContainer('ord\u2066ers', args({ containerName: 'orders' }))).issues).toEqual([{ path: '(name)', message: because }]);
    // Without containerName the component name is the container's too: reported once, at the name the user wrote.
    expect(invalidArgs(() => new GuardedContainer('orders\u001b[2J', args())).issues.map((i) => i.path)).toEqual(['(name)']);
    const monitoring = () => new CosmosAccountMonitoring('fle\u202eet', { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } });
    expect(invalidArgs(monitoring).issues).toEqual([{ path: '(name)', message: because }]);
  });

  it('leave visible Unicode names as they were', async () => {
    const run = await runWithMocks(() => new GuardedContainer('commandes-été', args({ database: 'boutique-été' })));
    expect(run.resources.find((r) => r.type === CONTAINER)?.inputs).toMatchObject({ containerName: 'commandes-été', databaseName: 'boutique-été' });
  });
});

describe("resource group and account names, checked as Azure's naming rules say", () => {
  const monitoring = (extra: Record<string, unknown>) => () =>
    new CosmosAccountMonitoring('fleet', { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID }, ...extra });

  it.each([
    ['a resource group name with a bidi override', { resourceGroupName: 'da\u202eta' }, 'resourceGroupName', /a control, bidi or zero-width character/],
    ['a resource group name ending in "."', { resourceGroupName: 'data.' }, 'resourceGroupName', /not ending in "\."/],
    ['a resource group name of 91 characters', { resourceGroupName: 'r'.repeat(91) }, 'resourceGroupName', /at most 90 characters/],
    ['a resource group name with "/"', { resourceGroupName: 'data/other' }, 'resourceGroupName', /letters, digits/],
    ['an account name with a zero-width space', { account: 'fle\u200bet' }, 'account', /a control, bidi or zero-width character/],
    ['an account name in capitals', { account: 'Fleet' }, 'account', /lowercase letters, digits and "-"/],
    ['an account name of 2 characters', { account: 'fl' }, 'account', /too short: a Cosmos DB account name is 3 to 44 characters for a new account/],
    ['an account name of 51 characters', { account: 'f'.repeat(51) }, 'account', /at most 50 characters/],
    ['the name of an account given as { name, id }', { account: { name: 'fle\u202eet', id: ACCOUNT_ID } }, 'account.name', /bidi/],
  ])('refuses %s, naming the arg, in GuardedContainer and CosmosAccountMonitoring', (_what, extra, path, message) => {
    expect(invalidArgs(() => new GuardedContainer('named', args(extra as never))).issues).toEqual([{ path, message: expect.stringMatching(message) }]);
    expect(invalidArgs(monitoring(extra)).issues).toEqual([{ path, message: expect.stringMatching(message) }]);
  });

  it('accepts the names Azure does (Unicode letters, parentheses, inner dots; a lowercase account with "-"), and Outputs unchecked', async () => {
    const run = await runWithMocks(() => {
      new GuardedContainer('named', args({ resourceGroupName: 'rg_données.(prod)-1', account: { name: 'fleet-2', id: ACCOUNT_ID } }));
      new GuardedContainer('deferred', args({ resourceGroupName: pulumi.output('Data.'), account: { name: pulumi.output('Fleet'), id: ACCOUNT_ID } }));
    });
    const names = run.resources.filter((r) => r.type === CONTAINER).map((r) => [r.inputs.resourceGroupName, r.inputs.accountName]);
    expect(names.sort()).toEqual([
      ['Data.', 'Fleet'],
      ['rg_données.(prod)-1', 'fleet-2'],
    ]);
  });
});

describe('an Output where a setting must be known when the program runs', () => {
  it('of the whole throughput is refused saying to give an Output per field (review 16: the message listed the Output object’s internals)', () => {
    const error = invalidArgs(() => new GuardedContainer('whole', args({ throughput: pulumi.output({ manual: 4_000 }) as never })));
    expect(error.issues).toEqual([
      {
        path: 'throughput',
        message: expect.stringMatching(/^is an Output \(or a Promise\) of the whole setting: .*\{ manual: config\.requireNumber\("ru"\) \}/),
      },
    ]);
    expect(error.message).not.toMatch(/__pulumiOutput|allResources/);
  });
});

describe('a value of the wrong kind, named with what the field takes (review 21)', () => {
  it.each([
    [
      'a throughput string that is no mode lists every form, { manual } and { autoscaleMax } too',
      { throughput: 'lots' as never },
      'throughput',
      'expected exactly one of { manual: RU/s }, { autoscaleMax: RU/s }, "shared" (the database\'s throughput) or "serverless", got "lots"',
    ],
    [
      'a mode in the wrong case is offered the right one',
      { throughput: 'Shared' as never },
      'throughput',
      'expected exactly one of { manual: RU/s }, { autoscaleMax: RU/s }, "shared" (the database\'s throughput) or "serverless", got "Shared" (did you mean "shared"?)',
    ],
    [
      'a design that is an array says so, not "object"',
      { design: [] as never },
      'design',
      "expected the container's partition-key design, an object (CosmosContainerDesign: { partitionKey: { paths }, workload }), got an array",
    ],
    [
      'a design that is a string',
      { design: 'orders' as never },
      'design',
      'expected the container\'s partition-key design, an object (CosmosContainerDesign: { partitionKey: { paths }, workload }), got "orders"',
    ],
  ])('%s', (_label, extra, path, message) => {
    expect(invalidArgs(() => new GuardedContainer('kinds', args(extra))).issues).toEqual([{ path, message }]);
  });
});

describe('an empty container name', () => {
  it("is reported at the component's name where it names the container (no containerName)", () => {
    const issues = invalidArgs(() => new GuardedContainer('', args())).issues;
    expect(issues.map((i) => i.path)).toEqual(['(name)']);
    expect(issues[0].message).toMatch(/the component's name names the container where containerName is not given/);
  });

  it('is reported at containerName where that gives it', () => {
    expect(invalidArgs(() => new GuardedContainer('orders', args({ containerName: '' }))).issues.map((i) => i.path)).toEqual(['containerName']);
  });
});
