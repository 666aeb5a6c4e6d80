/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// skewguard/testing/pulumi: mock-engine runs, snapshots and refusal assertions, against real
// GuardedContainers, a real program (examples/pulumi) and the Pulumi SDK's own wire format.
import * as pulumi from '@pulumi/pulumi';
import { UsageError } from '../../lib';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign, type GuardedContainerArgs } from '../../lib/pulumi';
import { assertAccepted, assertRefused, DesignAssertionError, MASKS, pulumiSnapshot, runWithMocks, type MockedResource } from '../../lib/testing/pulumi';
import { checkPulumiVersion } from '../../lib/testing/pulumi/mock-monitor';
import { telemetry, violations } from '../pulumi/support/designs';
import { ACCOUNT_ID, CONTAINER, quietPulumiLog } from '../pulumi/support/fleet';
import { shortStackTraces } from '../pulumi/support/stack-traces';
import { rejection, thrown } from './support/errors';
// The CI recipe's Pulumi example test runs here, in a file that already runs Pulumi (jest gives each file a fresh runtime).
import '../../examples/ci/test/pulumi-containers.test';

shortStackTraces();

quietPulumiLog();

const newMonitoring = () => new CosmosAccountMonitoring('fleet', { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } });

/** The events container; `monitoring`: a new one by default (inside a run, to see its resources). */
function events(extra: Partial<GuardedContainerArgs> = {}, monitoring = newMonitoring()) {
  return new GuardedContainer('events', { monitoring, database: 'telemetry', throughput: { autoscaleMax: 40_000 }, design: telemetry, ...extra });
}

/**
 * Monitoring registered once: refusal tests construct components outside a run, which is fine for a
 * component that refuses before it registers, and only for that.
 */
let registered: CosmosAccountMonitoring;
beforeAll(async () => {
  ({ result: registered } = await runWithMocks(newMonitoring));
});
const refused = (design: ContainerDesign, extra: Partial<GuardedContainerArgs> = {}) => events({ design, ...extra }, registered);

/** A custom resource of any type token (the SDK's CustomResource is abstract). */
class Thing extends pulumi.CustomResource {
  constructor(type: string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(type, name, props, opts);
  }
}

const named = (resources: readonly MockedResource[], type: string, name: string) => {
  const found = resources.filter((r) => r.type === type && r.name === name);
  if (found.length !== 1) throw new Error(`expected one ${type} ${name}, found ${found.length}`);
  return found[0];
};

describe('pulumiSnapshot', () => {
  it('lists every registered resource sorted by type and name, with its parent, inputs and data-safety options', async () => {
    const resources = await pulumiSnapshot(() => events());
    expect(resources.map((r) => [r.type, r.name, r.parent])).toEqual([
      [CONTAINER, 'events', 'skewguard:cosmosdb:GuardedContainer::events'],
      ['azure-native:monitor:DiagnosticSetting', 'fleet-partition-keys', 'skewguard:cosmosdb:AccountMonitoring::fleet'],
      ['azure-native:monitor:MetricAlert', 'events-hot-partition-range', 'skewguard:cosmosdb:GuardedContainer::events'],
      ['azure-native:monitor:ScheduledQueryRule', 'events-hot-key', 'skewguard:cosmosdb:GuardedContainer::events'],
      ['azure-native:monitor:ScheduledQueryRule', 'events-hot-prefix', 'skewguard:cosmosdb:GuardedContainer::events'],
      ['azure-native:monitor:ScheduledQueryRule', 'events-throttle-rate', 'skewguard:cosmosdb:GuardedContainer::events'],
      ['azure-native:monitor:ScheduledQueryRule', 'events-throttled-hot-value', 'skewguard:cosmosdb:GuardedContainer::events'],
      ['azure-native:operationalinsights:Workspace', 'fleet-workspace', 'skewguard:cosmosdb:AccountMonitoring::fleet'],
      ['skewguard:cosmosdb:AccountMonitoring', 'fleet', null],
      ['skewguard:cosmosdb:GuardedContainer', 'events', null],
    ]);
    const container = named(resources, CONTAINER, 'events');
    expect(container.options).toEqual({ protect: true, retainOnDelete: true });
    expect(container.inputs).toMatchObject({
      accountName: 'fleet',
      databaseName: 'telemetry',
      containerName: 'events',
      resource: { id: 'events', partitionKey: { paths: ['/tenantId', '/deviceId', '/sessionId'], kind: 'MultiHash', version: 2 } },
    });
    // Outputs are resolved: the diagnostic setting points at the account id and the workspace's mocked id.
    expect(named(resources, 'azure-native:monitor:DiagnosticSetting', 'fleet-partition-keys').inputs).toMatchObject({
      resourceUri: ACCOUNT_ID,
      workspaceId: 'fleet-workspace-id',
    });
    expect(Object.keys(container.inputs)).toEqual([...Object.keys(container.inputs)].sort());
    expect(resources).toMatchSnapshot();
  });

  // Review 15 item 9: GuardedTable's snapshot shows its waivers in the template metadata; a GuardedContainer's shows
  // them as the component's inputs, so a reviewer sees a new waiver and its reason.
  it("shows a GuardedContainer's acknowledgements (rule, path, reason) as the component's inputs: a new waiver changes the snapshot", async () => {
    const SG010 = { rule: 'SG010', reason: 'Diagnostics are set up by the platform team.' };
    const SG017 = { rule: 'SG017', reason: 'The peak is a yearly sale; 429s are retried.' };
    const unmonitored = (acknowledgements: { rule: string; reason: string }[]) => () =>
      new GuardedContainer('events', {
        resourceGroupName: 'data',
        account: 'fleet',
        database: 'telemetry',
        throughput: { manual: 4_000 },
        design: { ...telemetry, acknowledgements },
      });
    const account = { call: (args: pulumi.runtime.MockCallArgs) => ({ id: ACCOUNT_ID, name: args.inputs.accountName }) };
    const component = (resources: MockedResource[]) => named(resources, 'skewguard:cosmosdb:GuardedContainer', 'events').inputs;
    const one = await pulumiSnapshot(unmonitored([SG010]), account);
    const two = await pulumiSnapshot(unmonitored([SG010, SG017]), account);
    expect(component(one)).toEqual({ acknowledgements: [{ ...SG010, path: 'design.acknowledgements[0]' }] });
    expect(component(two)).toEqual({
      acknowledgements: [
        { ...SG010, path: 'design.acknowledgements[0]' },
        { ...SG017, path: 'design.acknowledgements[1]' },
      ],
    });
    // Only the component's inputs differ: no cloud resource changes with a waiver.
    const others = (resources: MockedResource[]) => resources.filter((r) => r.type !== 'skewguard:cosmosdb:GuardedContainer');
    expect(others(two)).toEqual(others(one));
    // Without acknowledgements the component's inputs stay empty, as before.
    expect(component(await pulumiSnapshot(() => events()))).toEqual({});
  });

  it('masks secrets wherever they are, and never lets their value through', async () => {
    const resources = await pulumiSnapshot(() => events({ tags: { team: 'data', billing: pulumi.secret('cost-center-4711') } }));
    const text = JSON.stringify(resources);
    expect(text).not.toContain('cost-center-4711');
    expect(named(resources, CONTAINER, 'events').inputs.tags).toEqual({ billing: MASKS.secret, team: 'data' });
    // Every alert carries the tags too: the secret is masked in each.
    expect(
      resources.filter((r) => r.type.startsWith('azure-native:monitor:') && r.type !== 'azure-native:monitor:DiagnosticSetting').map((r) => r.inputs.tags),
    ).toEqual(Array(5).fill({ billing: MASKS.secret, team: 'data' }));
  });

  it('names resource references, assets and values unknown in a preview', async () => {
    const { resources } = await runWithMocks(
      () => {
        const target = new Thing('test:index:Target', 'target', {});
        new Thing('test:index:Consumer', 'consumer', {
          target,
          code: new pulumi.asset.AssetArchive({ 'index.js': new pulumi.asset.StringAsset('exports.handler = 1;'), lib: new pulumi.asset.FileArchive('./lib') }),
          page: new pulumi.asset.FileAsset('./index.html'),
          later: pulumi.output(pulumi.unknown as unknown as string),
        });
      },
      { preview: true },
    );
    expect(named(resources, 'test:index:Consumer', 'consumer').inputs).toEqual({
      code: { '[archive of]': { 'index.js': { '[asset text]': 'exports.handler = 1;' }, lib: '[archive path=./lib]' } },
      later: MASKS.unknown,
      page: '[asset path=./index.html]',
      target: '[resource test:index:Target::target]',
    });
  });

  it('keeps only the types asked for, and names a type that matches nothing', async () => {
    const alerts = await pulumiSnapshot(() => events(), { resourceTypes: ['azure-native:monitor:*', CONTAINER] });
    expect(new Set(alerts.map((r) => r.type))).toEqual(
      new Set([CONTAINER, 'azure-native:monitor:DiagnosticSetting', 'azure-native:monitor:MetricAlert', 'azure-native:monitor:ScheduledQueryRule']),
    );
    const error = await rejection(pulumiSnapshot(() => events(), { resourceTypes: ['azure-native:cosmosdb:SqlContainer'] }));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues).toEqual([
      { path: 'options.resourceTypes[0]', message: expect.stringContaining(`matches nothing here; the types are: ${CONTAINER}, `) },
    ]);
  });
});

describe('runWithMocks', () => {
  it('runs a whole program module and waits for every registration', async () => {
    const { result, resources } = await runWithMocks(() => import('../../examples/pulumi'));
    expect(result.containers).toEqual(['events', 'devices']);
    expect(resources.filter((r) => r.type === CONTAINER).map((r) => r.name)).toEqual(['devices', 'events']);
    expect(resources.map((r) => r.type)).toEqual(
      expect.arrayContaining(['azure-native:resources:ResourceGroup', 'azure-native:cosmosdb:DatabaseAccount', 'azure-native:monitor:ActionGroup']),
    );
    expect(named(resources, 'azure-native:cosmosdb:DatabaseAccount', 'telemetry').options).toEqual({ protect: true });
    // Loading the program (azure-native's resources module among others) takes seconds on a loaded machine.
  }, 30_000);

  it('starts each run afresh, and records resources created inside apply callbacks', async () => {
    await runWithMocks(() => events());
    const { resources } = await runWithMocks(() => {
      const first = new Thing('test:index:Thing', 'first', { size: 1 });
      first.id.apply((id: string) => new Thing('test:index:Thing', 'second', { after: id }));
    });
    expect(resources.map((r) => [r.name, r.inputs])).toEqual([
      ['first', { size: 1 }],
      ['second', { after: 'first-id' }],
    ]);
  });

  it('records a resource read with an id (`.get()`) with that id, and options that guard data', async () => {
    const { resources } = await runWithMocks(() => {
      new Thing('test:index:Thing', 'existing', {}, { id: 'thing-1234' });
      new Thing(
        'test:index:Thing',
        'kept',
        { size: 1 },
        { protect: true, retainOnDelete: true, ignoreChanges: ['size'], deleteBeforeReplace: true, replaceOnChanges: ['zone'] },
      );
    });
    expect(resources).toEqual([
      { type: 'test:index:Thing', name: 'existing', parent: null, inputs: {}, readId: 'thing-1234' },
      {
        type: 'test:index:Thing',
        name: 'kept',
        parent: null,
        inputs: { size: 1 },
        options: { protect: true, retainOnDelete: true, deleteBeforeReplace: true, ignoreChanges: ['size'], replaceOnChanges: ['zone'] },
      },
    ]);
  });

  it('passes stack configuration to the program', async () => {
    const { result } = await runWithMocks(
      () => {
        const config = new pulumi.Config();
        return {
          peak: config.requireNumber('peakWriteUnits'),
          design: config.requireObject<{ shards: number }>('design'),
          other: new pulumi.Config('shared').require('region'),
        };
      },
      { config: { peakWriteUnits: '2000', design: { shards: 4 }, 'shared:region': 'westeurope' } },
    );
    expect(result).toEqual({ peak: 2000, design: { shards: 4 }, other: 'westeurope' });
  });

  it('fails cleanly, naming the function, when the program calls one the mocks do not answer', async () => {
    const byName = () =>
      new GuardedContainer('events', {
        resourceGroupName: 'data',
        account: 'fleet',
        database: 'telemetry',
        throughput: { manual: 4_000 },
        design: { ...telemetry, acknowledgements: [{ rule: 'SG010', reason: 'Diagnostics are set up by the platform team.' }] },
      });
    const error = await rejection(runWithMocks(byName));
    expect(error.message).toBe(
      'the program did not run cleanly under the mock engine:\n  call of azure-native:cosmosdb:getDatabaseAccount: the mock engine has no answer for it: pass runWithMocks(program, { call }) returning its result',
    );
    const { resources } = await runWithMocks(byName, {
      call: (args) => ({ id: `${ACCOUNT_ID.replace(/fleet$/, args.inputs.accountName)}`, name: args.inputs.accountName }),
    });
    expect(named(resources, 'azure-native:monitor:MetricAlert', 'events-hot-partition-range').inputs.scopes).toEqual([ACCOUNT_ID]);
  });

  it('fails cleanly when a mock throws', async () => {
    const error = await rejection(
      runWithMocks(() => events(), {
        newResource: (args) => {
          if (args.type === CONTAINER) throw new Error('quota exceeded');
          return { id: `${args.name}-id`, state: args.inputs };
        },
      }),
    );
    expect(error.message).toContain(`newResource for ${CONTAINER} events: quota exceeded`);
  });

  it('rethrows what the program throws, after the registrations it started', async () => {
    const error = await rejection(
      runWithMocks(() => {
        new Thing('test:index:Thing', 'before', {});
        throw new RangeError('a bug in the program');
      }),
    );
    expect(error).toBeInstanceOf(RangeError);
  });

  it('refuses a Pulumi SDK its mock-engine adapter was not written against', () => {
    expect(() => checkPulumiVersion('4.0.0')).toThrow(
      /is 4\.0\.0; skewguard\/testing\/pulumi records registrations through the mock engine of @pulumi\/pulumi 3\.247 to 3\.x/,
    );
    expect(() => checkPulumiVersion('3.100.0')).toThrow(UsageError);
    expect(() => checkPulumiVersion('3.246.0')).toThrow(UsageError); // below the peer floor, which the tests run against
    expect(() => checkPulumiVersion('3.247.0')).not.toThrow();
    expect(() => checkPulumiVersion('3.248.0')).not.toThrow();
  });

  it('names bad arguments', async () => {
    const error = await rejection(runWithMocks('index.ts' as never, { stack: '', preview: 'yes' as never, call: {} as never }));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues.map((i) => i.path).sort()).toEqual(['options.call', 'options.preview', 'options.stack', 'program']);
  });
});

describe('hostile run options (the public API sweep)', () => {
  it('a config value JSON cannot hold is a UsageError at its key, not a TypeError from JSON.stringify mid-run', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const [config, path] of [
      [{ size: 10n }, 'options.config.size'],
      [{ settings: cyclic }, 'options.config.settings'],
      [{ settings: [cyclic] }, 'options.config.settings'],
    ] as const) {
      const error = await rejection(runWithMocks(() => undefined, { config }));
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).issues.map((i) => i.path)).toEqual([path]);
    }
    const { result } = await runWithMocks(() => new pulumi.Config().requireObject('settings'), { config: { settings: { tier: 'gold' } } });
    expect(result).toEqual({ tier: 'gold' });
  });

  it('pulumiSnapshot() takes null options as none', async () => {
    expect(await pulumiSnapshot(() => undefined, null as never)).toEqual([]);
  });
});

describe('assertAccepted and assertRefused', () => {
  // As docs/testing.md shows it: outside any run. The next test's run must not see its registrations.
  it('accepts outside a run, registering against a mock engine of its own', async () => {
    const accepted = await assertAccepted(() =>
      events({}, new CosmosAccountMonitoring('outside', { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } })),
    );
    expect(accepted).toBeInstanceOf(GuardedContainer);
  });

  it('leaves the next run clean after an acceptance outside a run', async () => {
    const { resources } = await runWithMocks(() => new Thing('test:index:Thing', 'after', {}));
    expect(resources.map((r) => r.name)).toEqual(['after']);
  });

  it('accepts a design the rules accept, and returns what was constructed', async () => {
    const { result } = await runWithMocks(() => assertAccepted(() => events()));
    expect(result).toBeInstanceOf(GuardedContainer);
  });

  it('fails an accepted-assertion with the whole refusal', async () => {
    const error = await rejection(assertAccepted(() => refused(violations['hierarchy in the wrong order'].design)));
    expect(error).toBeInstanceOf(DesignAssertionError);
    expect(error.message).toMatch(
      /^expected GuardedContainer "events" to be accepted, but its design was refused:\n\nGuardedContainer "events": the partition-key design breaks 1 skewguard rule; none of its Azure resources were created\.\nerror SG004 hierarchy-order at design\.partitionKey\.paths/,
    );
    expect(error.message).toContain('fix: ');
  });

  it.each(Object.entries(violations))('recognizes the refusal of %s', async (_, { rule, path, design }) => {
    const blocking = await assertRefused(() => refused(design), { rule, path, resource: 'events' });
    expect(blocking.map((f) => f.ruleId)).toContain(rule);
  });

  it('takes the error a run rejected with', async () => {
    // 60,000 RU/s of autoscale serve the design's 60,000 RU/s peak, so the hot key (SG003) is the only refusal.
    const error = await rejection(
      runWithMocks(() => events({ design: violations['hot key above the logical-partition ceiling'].design, throughput: { autoscaleMax: 60_000 } })),
    );
    // Two SG003 findings, the full key's and its first level's: the hottest (tenant, session) value takes 50% of the
    // peak, 30,000 RU/s, so the tenant it sits under takes at least that (hier27's lower bound, "Hierarchical partition
    // keys": a first-level value stays on one physical partition until it splits), over a physical partition's 10,000.
    expect(assertRefused(error, 'SG003').map((f) => [f.ruleId, f.path])).toEqual([
      ['SG003', 'design.partitionKey.paths'],
      ['SG003', 'design.partitionKey.paths[0]'],
    ]);
  });

  it('fails with the report when the refusal names other rules, when nothing is refused, and when the args are invalid', async () => {
    const other = await rejection(assertRefused(() => refused(violations['hierarchy in the wrong order'].design), ['SG004', 'SG001']));
    expect(other.message).toMatch(
      /^expected GuardedContainer "events" to be refused with SG001, but it was refused only with SG004:\n\nGuardedContainer "events": the partition-key design breaks 1 skewguard rule/,
    );
    // Accepted: it registers, so it runs under the mock engine.
    expect((await rejection(runWithMocks(() => assertRefused(() => events(), 'SG004')))).message).toBe(
      'expected a refusal with SG004, but the components were accepted',
    );
    const invalid = await rejection(assertRefused(() => refused(telemetry, { throughput: { manual: 450 } }), 'SG004'));
    expect(invalid.message).toMatch(
      /^expected a refusal with SG004, but the args are invalid, so no rule checked the design:\n\nGuardedContainer "events": invalid args, nothing was created:\n {2}throughput\.manual:/,
    );
    expect(thrown(() => assertRefused(undefined, 'SG004')).message).toBe('expected a refusal with SG004, but got no error: the run was accepted');
  });

  it('rethrows errors that are not skewguard verdicts, and refuses asynchronous functions', async () => {
    await expect(
      assertRefused(() => {
        throw new TypeError('a bug');
      }, 'SG004'),
    ).rejects.toThrow(TypeError);
    await expect(assertRefused(async () => undefined, 'SG004')).rejects.toThrow(/construct: returned a Promise/);
    await expect(assertAccepted(async () => undefined)).rejects.toThrow(/construct: returned a Promise/);
  });
});
