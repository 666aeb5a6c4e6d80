/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The CrossGuard policies, called directly as the policy engine would call them: resource props are
// the inputs a real program registers (captured with the mock engine), wrapped in @pulumi/policy's
// unknown-checking proxy as `pulumi preview` wraps them.
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as monitor from '@pulumi/azure-native/monitor';
import {
  unknownCheckingProxy,
  type PolicyConfigSchema,
  type PolicyResource,
  type ResourceValidationArgs,
  type ResourceValidationPolicy,
  type StackValidationPolicy,
} from '@pulumi/policy';
import * as pulumi from '@pulumi/pulumi';
import Ajv from 'ajv';
import { UsageError } from '../../lib';
import { GuardedContainer } from '../../lib/pulumi';
import { POLICY_NAMES, skewguardPolicies, type SkewguardPolicyOptions } from '../../lib/pulumi/policy';
import { revoked, throwing } from '../support/hostile-objects';
import { installMocks, registeredAll, resolved, SUBSCRIPTION } from './support/mocks';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

const engine = installMocks();
// The sentinel @pulumi/policy uses for a string that is unknown during preview.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { unknownStringValue } = require('@pulumi/policy/proxy') as { unknownStringValue: string };

const GROUP = 'data';
const ACCOUNT_ID = (name: string) => `${SUBSCRIPTION}/resourceGroups/${GROUP}/providers/Microsoft.DocumentDB/databaseAccounts/${name}`;
const WORKSPACE_ID = `${SUBSCRIPTION}/resourceGroups/ops/providers/Microsoft.OperationalInsights/workspaces/central`;

/** A resource the program registered, as the policy engine presents it. */
async function asPolicyResource(
  resource: pulumi.CustomResource,
  propertyDependencies: Record<string, PolicyResource[]> = {},
  props?: Record<string, unknown>,
): Promise<PolicyResource> {
  await registeredAll([resource]);
  const urn = await resolved(resource.urn);
  const name = urn.split('::').pop() as string;
  const type = (urn.split('::')[2] as string).split('$').pop() as string;
  const registered = engine.registered.find((r) => r.custom && r.name === name && r.type === type);
  if (!registered) throw new Error(`${name} was not registered`);
  // The parent's URN, as the engine gives it to a policy (`opts.parent`), when there is one.
  const parent = engine.options.get(`${type}::${name}`)?.parent || undefined;
  return {
    type,
    name,
    urn,
    props: unknownCheckingProxy(props ?? registered.inputs),
    opts: {
      protect: false,
      ignoreChanges: [],
      aliases: [],
      customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
      additionalSecretOutputs: [],
      ...(parent ? { parent } : {}),
    },
    dependencies: Object.values(propertyDependencies).flat(),
    propertyDependencies,
    isType: () => false,
    asType: () => undefined,
  };
}

function resourceArgs(resource: PolicyResource, config: object = {}): ResourceValidationArgs {
  return {
    type: resource.type,
    props: resource.props,
    urn: resource.urn,
    name: resource.name,
    opts: resource.opts,
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T>() => config as T,
    notApplicable: (reason?: string) => {
      throw new Error(`not applicable: ${reason}`);
    },
  };
}

function policy<T extends ResourceValidationPolicy | StackValidationPolicy>(name: string, options?: SkewguardPolicyOptions): T {
  const found = skewguardPolicies(options).find((p) => p.name === name);
  if (!found) throw new Error(`no policy ${name}`);
  return found as T;
}

async function violationsOf(name: string, resource: PolicyResource, options?: SkewguardPolicyOptions, config: object = {}): Promise<string[]> {
  const violations: string[] = [];
  const validate = policy<ResourceValidationPolicy>(name, options).validateResource;
  for (const check of Array.isArray(validate) ? validate : [validate]) await check?.(resourceArgs(resource, config), (message) => violations.push(message));
  return violations;
}

async function stackViolations(
  resources: PolicyResource[],
  options?: SkewguardPolicyOptions,
  config: object = {},
): Promise<{ message: string; urn?: string }[]> {
  const violations: { message: string; urn?: string }[] = [];
  await policy<StackValidationPolicy>(POLICY_NAMES.diagnostics, options).validateStack(
    {
      resources,
      stackTags: new Map(),
      getConfig: <T>() => config as T,
      notApplicable: (reason?: string) => {
        throw new Error(`not applicable: ${reason}`);
      },
    },
    (message, urn) => violations.push({ message, urn }),
  );
  return violations;
}

let unique = 0;
/** A raw container (not GuardedContainer) with the given partition key on account `fleet`. */
function rawContainer(partitionKey: Record<string, unknown> | undefined, accountName: pulumi.Input<string> = 'fleet') {
  const id = `raw-${++unique}`;
  return new cosmosdb.SqlResourceSqlContainer(id, {
    resourceGroupName: GROUP,
    accountName,
    databaseName: 'app',
    resource: { id, partitionKey },
  });
}

function account(name: string) {
  return new cosmosdb.DatabaseAccount(name, {
    resourceGroupName: GROUP,
    accountName: name,
    databaseAccountOfferType: 'Standard',
    locations: [{ locationName: 'westeurope', failoverPriority: 0 }],
  });
}

function diagnosticSetting(name: string, resourceUri: pulumi.Input<string>, overrides: Partial<monitor.DiagnosticSettingArgs> = {}) {
  return new monitor.DiagnosticSetting(name, {
    resourceUri,
    workspaceId: WORKSPACE_ID,
    logAnalyticsDestinationType: 'Dedicated',
    logs: [
      { category: 'PartitionKeyStatistics', enabled: true },
      { category: 'PartitionKeyRUConsumption', enabled: true },
    ],
    ...overrides,
  });
}

afterEach(() => jest.restoreAllMocks());

describe('the policy pack', () => {
  it('has three policies with the documented default enforcement, configurable per policy', () => {
    expect(skewguardPolicies().map((p) => [p.name, p.enforcementLevel])).toEqual([
      [POLICY_NAMES.keyStructure, 'mandatory'],
      [POLICY_NAMES.keyNames, 'advisory'],
      [POLICY_NAMES.diagnostics, 'mandatory'],
    ]);
    const tuned = skewguardPolicies({ enforcementLevels: { [POLICY_NAMES.keyNames]: 'mandatory', [POLICY_NAMES.diagnostics]: 'disabled' } });
    expect(tuned.map((p) => p.enforcementLevel)).toEqual(['mandatory', 'mandatory', 'disabled']);
  });

  it('refuses bad options, naming each', () => {
    expect(() =>
      skewguardPolicies({
        enforcementLevels: { 'skewguard-typo': 'advisory', [POLICY_NAMES.keyStructure]: 'remediate' } as never,
        acknowledgements: { legacy: [{ rule: 'SG015', reason: 'short' }], other: [{ rule: 'SG123', reason: 'Not a rule skewguard has.' }] },
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'UsageError',
        issues: [
          expect.objectContaining({ path: 'enforcementLevels["skewguard-typo"]' }),
          expect.objectContaining({ path: `enforcementLevels["${POLICY_NAMES.keyStructure}"]` }),
          expect.objectContaining({ path: 'acknowledgements["legacy"][0].reason' }),
          expect.objectContaining({ path: 'acknowledgements["other"][0].rule' }),
        ],
      }),
    );
  });
});

describe('hostile policy pack options (the public API sweep)', () => {
  const issuesOf = (options: unknown) => {
    try {
      skewguardPolicies(options as never);
    } catch (error) {
      if (error instanceof UsageError) return error.issues.map((i) => [i.path, i.message]);
      throw error;
    }
    return [];
  };

  it('null, a list or a string as the options is a UsageError, not a TypeError', () => {
    for (const options of [null, [], 'mandatory']) expect(issuesOf(options)).toEqual([['', expect.stringContaining('expected an object of options')]]);
  });

  it('a misspelt option is named, not ignored (it silently kept the defaults)', () => {
    expect(issuesOf({ enforcementLevel: { [POLICY_NAMES.keyNames]: 'mandatory' } })).toEqual([
      ['enforcementLevel', expect.stringContaining('did you mean "enforcementLevels"?')],
    ]);
    expect(issuesOf({ acknowledgments: {} })).toEqual([['acknowledgments', expect.stringContaining('did you mean "acknowledgements"?')]]);
  });

  it('levels and waivers that are not objects, or a level that is a BigInt, are named (a string was read letter by letter)', () => {
    expect(issuesOf({ enforcementLevels: 'mandatory' }).map(([path]) => path)).toEqual(['enforcementLevels']);
    expect(issuesOf({ acknowledgements: [{ rule: 'SG015', reason: 'legacy containers, migrating' }] }).map(([path]) => path)).toEqual(['acknowledgements']);
    expect(issuesOf({ enforcementLevels: { [POLICY_NAMES.keyNames]: 10n } })).toEqual([
      [`enforcementLevels["${POLICY_NAMES.keyNames}"]`, 'expected one of "advisory", "mandatory", "disabled", got the BigInt 10n'],
    ]);
  });

  it('a getter or Proxy that throws, at any depth, is a UsageError naming the field, with what was thrown as its cause', () => {
    const cause = new Error('getter says no');
    const options = { acknowledgements: { legacy: [throwing({ rule: 'SG015' }, 'reason', cause)] } };
    expect(issuesOf(options)).toEqual([['acknowledgements.legacy[0].reason', 'could not be read: Error: getter says no']]);
    expect(issuesOf(revoked({}))).toEqual([['', expect.stringMatching(/^could not be read: TypeError: /)]]);
    expect(issuesOf({ enforcementLevels: revoked({}) })).toEqual([['enforcementLevels', expect.stringMatching(/^could not be read: TypeError: /)]]);
  });

  it('a Map, or a class whose getters hold the options, is refused by name rather than read as no options', () => {
    expect(issuesOf(new Map([['enforcementLevels', {}]]))).toEqual([['', 'expected an object of options, got a Map']]);
    class Options {
      get enforcementLevels() {
        return { [POLICY_NAMES.keyNames]: 'mandatory' };
      }
    }
    expect(issuesOf(new Options())).toEqual([['enforcementLevels', expect.stringContaining('is a getter of class Options, not an own field')]]);
  });

  it('resource names are quoted in paths (a Pulumi name may hold a dot), and unknown policies are listed from the policies', () => {
    expect(issuesOf({ acknowledgements: { 'db.orders': [{ rule: 'SG999', reason: 'no such rule exists at all' }] } })).toEqual([
      ['acknowledgements["db.orders"][0].rule', expect.stringContaining('SG999')],
    ]);
    expect(issuesOf({ enforcementLevels: { 'skewguard-cosmos-key-name': 'advisory' } })).toEqual([
      ['enforcementLevels["skewguard-cosmos-key-name"]', expect.stringContaining(`did you mean "${POLICY_NAMES.keyNames}"?`)],
    ]);
  });

  it('names every problem of one waiver at once: an unknown rule id and a short reason (review 12)', () => {
    expect(issuesOf({ acknowledgements: { x: [{ rule: 'SG999', reason: 'short' }] } })).toEqual([
      ['acknowledgements["x"][0].reason', expect.stringContaining('at least 10 characters')],
      ['acknowledgements["x"][0].rule', expect.stringContaining('"SG999" is not a skewguard rule')],
    ]);
  });

  it("checks a waiver's appliesTo as a design does: a kind its rule does not have is named, with the nearest (task ack35)", () => {
    expect(issuesOf({ acknowledgements: { x: [{ rule: 'SG015', reason: 'A status column of many values.', appliesTo: ['lowCardinality'] }] } })).toEqual([
      ['acknowledgements["x"][0].appliesTo[0]', expect.stringContaining('"lowCardinality" is not a message id of SG015; did you mean "lowCardinalityName"?')],
    ]);
    expect(issuesOf({ acknowledgements: { x: [{ rule: 'SG015', reason: 'A status column of many values.', appliesTo: ['lowCardinalityName'] }] } })).toEqual(
      [],
    );
  });

  it("accepts SG003's direction kinds for SG003 only: a cache waiver names the reads (`hotKeyReads`)", () => {
    const waiver = (rule: string) => ({
      acknowledgements: { x: [{ rule, reason: 'The integrated cache answers the hot reads.', appliesTo: ['hotKeyReads'] }] },
    });
    expect(issuesOf(waiver('SG003'))).toEqual([]);
    expect(issuesOf(waiver('SG017'))).toEqual([
      ['acknowledgements["x"][0].appliesTo[0]', expect.stringContaining('"hotKeyReads" is not a message id of SG017')],
    ]);
  });

  it('options are read once: the levels checked are the levels used', () => {
    let reads = 0;
    const options = Object.defineProperty({}, 'enforcementLevels', {
      enumerable: true,
      get: () => (++reads === 1 ? { [POLICY_NAMES.keyNames]: 'mandatory' } : { [POLICY_NAMES.keyNames]: 'remediate' }),
    });
    expect(skewguardPolicies(options).map((p) => p.enforcementLevel)).toEqual(['mandatory', 'mandatory', 'mandatory']);
    expect(reads).toBe(1);
  });
});

describe(`${POLICY_NAMES.keyStructure} (SG005)`, () => {
  const structure = async (partitionKey: Record<string, unknown> | undefined) =>
    violationsOf(POLICY_NAMES.keyStructure, await asPolicyResource(rawContainer(partitionKey)));

  it('passes a valid single or hierarchical key', async () => {
    expect(await structure({ paths: ['/orderId'], version: 2 })).toEqual([]);
    expect(await structure({ paths: ['/tenantId', '/deviceId', '/sessionId'], kind: 'MultiHash', version: 2 })).toEqual([]);
    expect(await structure({ paths: ['/tenantId', '/userId'], kind: 'MultiHash', version: 2 })).toEqual([]);
    expect(await structure({ paths: ['/tenantId'], version: 2 })).toEqual([]);
  });

  it('reads an absent kind as ARM does, Hash: several paths without a kind are SG005 (review 20: taken as MultiHash, passed)', async () => {
    // The Node SDK fills kind "Hash" itself (containerPartitionKeyArgsProvideDefaults); a program in YAML or another
    // language, or an older SDK, sends the key as written: the policy sees no kind, and ARM creates a Hash key.
    const asWritten = async (partitionKey: Record<string, unknown>) =>
      violationsOf(
        POLICY_NAMES.keyStructure,
        await asPolicyResource(
          rawContainer(partitionKey),
          {},
          { resourceGroupName: GROUP, accountName: 'fleet', databaseName: 'app', resource: { id: 'x', partitionKey } },
        ),
      );
    expect(await asWritten({ paths: ['/tenantId'], version: 2 })).toEqual([]);
    expect(await asWritten({ paths: ['/tenantId', '/userId'], kind: 'MultiHash', version: 2 })).toEqual([]);
    for (const key of [{ paths: ['/tenantId', '/userId'], version: 2 }, { paths: ['/tenantId', '/userId'] }]) {
      const violations = await asWritten(key);
      expect(violations).toEqual([
        expect.stringMatching(/^error SG005 key-structure at resource\.partitionKey\.kind \(x\): kind "Hash" takes one path, but 2 are given/),
      ]);
      expect(violations[0]).toContain('fix: set partitionKey.kind to "MultiHash" with version 2');
    }
  });

  it('reports a one-path key of version 1, given or left to ARM, which hashes only the first 101 bytes of a value', async () => {
    // azure-native fills an absent kind ("Hash") but sends no version: ARM then creates version 1 (Azure, "Create
    // containers with large partition key": a template asks for version 2 with "version": 2 in the partitionKey).
    for (const key of [{ paths: ['/deviceId'] }, { paths: ['/deviceId'], kind: 'Hash', version: 1 }]) {
      const violations = await structure(key);
      expect(violations).toEqual([
        expect.stringMatching(/^error SG005 key-structure at resource\.partitionKey\.version \(raw-\d+\): partition key version 1 .* first 101 bytes/),
      ]);
      expect(violations[0]).toContain('fix: set partitionKey.version to 2 before the container is created; an existing container keeps its version');
    }
    expect(await structure({ paths: ['/deviceId'], kind: 'Hash', version: 2 })).toEqual([]);
    // A hierarchical key already needs version 2: one finding, the MultiHash one, not two.
    expect(await structure({ paths: ['/tenantId', '/deviceId'], kind: 'MultiHash', version: 1 })).toEqual([
      expect.stringContaining('a MultiHash (hierarchical) key needs partition key version 2, got 1'),
    ]);
  });

  it('takes a waiver of the version finding for a container that exists with version 1', async () => {
    const resource = await asPolicyResource(rawContainer({ paths: ['/deviceId'] }));
    const waiver = { rule: 'SG005', reason: 'Created in 2018; device ids are 36-byte GUIDs.', appliesTo: ['hashVersion1'] };
    expect(await violationsOf(POLICY_NAMES.keyStructure, resource, { acknowledgements: { [resource.name]: [waiver] } })).toEqual([]);
  });

  it.each([
    ['MultiHash without version 2', { paths: ['/tenantId', '/deviceId'], kind: 'MultiHash' }, 'resource.partitionKey.version'],
    ['a path without "/"', { paths: ['tenantId'], kind: 'Hash', version: 2 }, 'resource.partitionKey.paths[0]'],
    ['more than 3 levels', { paths: ['/a', '/b', '/c', '/d'], kind: 'MultiHash', version: 2 }, 'resource.partitionKey.paths'],
    ['a duplicate path', { paths: ['/tenantId', '/tenantId'], kind: 'MultiHash', version: 2 }, 'resource.partitionKey.paths[1]'],
    ['several paths with kind Hash', { paths: ['/tenantId', '/deviceId'], kind: 'Hash', version: 2 }, 'resource.partitionKey.kind'],
  ])("reports %s with the core's SG005 finding at the resource property", async (_label, key, path) => {
    const violations = await structure(key);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(new RegExp(`^error SG005 key-structure at ${path.replace(/[[\].]/g, '\\$&')} \\(raw-\\d+\\): .+\\n {2}fix: `));
  });

  it.each([
    ['a kind Cosmos DB containers do not take', { paths: ['/tenantId'], kind: 'Range' }, 'resource.partitionKey.kind'],
    ['no partition key', undefined, 'resource.partitionKey.paths'],
  ])('reports %s, naming the property', async (_label, key, path) => {
    const violations = await structure(key);
    expect(violations).toEqual([expect.stringMatching(new RegExp(`^SG005: raw-\\d+: ${path.replace(/[[\].]/g, '\\$&')}: `))]);
  });

  it("says a missing partition key in a container's terms, not the core's table and template ones (review 16)", async () => {
    const [violation] = await structure(undefined);
    expect(violation).toMatch(/is required: the container's partition-key paths, e\.g\. \{ paths: \["\/tenantId"\]/);
    expect(violation).not.toMatch(/table|CloudFormation/);
  });

  it('an empty paths list is the same error as a missing key, naming the field (review 18: it passed)', async () => {
    const [violation] = await structure({ paths: [] });
    expect(violation).toMatch(/^SG005: raw-\d+: resource\.partitionKey\.paths: is empty; it is required: the container's partition-key paths/);
  });

  it.each([
    ['a string', 'garbage', 'resource', 'expected an object, got "garbage": the container\'s resource, with its id and partition key, e.g. {'],
    ['an array', [], 'resource', "expected an object, got an array: the container's resource"],
    [
      'a partition key that is a string',
      { partitionKey: '/tenantId' },
      'resource.partitionKey',
      'expected an object, got "/tenantId": the container\'s partition key, e.g. {',
    ],
  ])('says what is wrong at the field above the paths when `resource` holds %s (review 21: "paths: is required")', async (_label, resource, path, message) => {
    // As the pack receives them from a program in another language (the TypeScript SDK's defaults spread a string into
    // an object of its characters before the engine sees it).
    const container = rawContainer({ paths: ['/tenantId'] });
    const id = (await resolved(container.urn)).split('::').pop() as string;
    const props = { resourceGroupName: GROUP, accountName: 'fleet', databaseName: 'app', resource };
    const violations = await violationsOf(POLICY_NAMES.keyStructure, await asPolicyResource(container, {}, props));
    const prefix = `SG005: ${id}: ${path}: ${message}`;
    expect(violations.map((v) => v.slice(0, prefix.length))).toEqual([prefix]);
  });

  it('honors an acknowledgement given in the pack options', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/a', '/b'], kind: 'MultiHash', version: 1 }));
    const acknowledgements = { [container.name]: [{ rule: 'SG005', reason: 'Created in 2021 with version 1; migration planned for Q3.' }] };
    expect(await violationsOf(POLICY_NAMES.keyStructure, container, { acknowledgements })).toEqual([]);
    expect(await violationsOf(POLICY_NAMES.keyStructure, container)).toHaveLength(1);
    const byUrn = { [container.urn]: acknowledgements[container.name] };
    expect(await violationsOf(POLICY_NAMES.keyStructure, container, { acknowledgements: byUrn })).toEqual([]);
  });

  it('ignores other resource types', async () => {
    const setting = await asPolicyResource(diagnosticSetting(`not-a-container-${++unique}`, ACCOUNT_ID('fleet')));
    expect(await violationsOf(POLICY_NAMES.keyStructure, setting)).toEqual([]);
  });
});

describe(`${POLICY_NAMES.keyNames} (SG015)`, () => {
  it('warns on key names that look low-cardinality or time-like, at each path', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/status', '/createdDate'], kind: 'MultiHash', version: 2 }));
    const violations = await violationsOf(POLICY_NAMES.keyNames, container);
    expect(violations).toEqual([
      expect.stringMatching(/^warning SG015 suspicious-key-name at resource\.partitionKey\.paths\[0\] \(raw-\d+\): .*`\/status`/),
      expect.stringMatching(/^warning SG015 suspicious-key-name at resource\.partitionKey\.paths\[1\] \(raw-\d+\): .*`\/createdDate`/),
    ]);
    expect(await violationsOf(POLICY_NAMES.keyNames, await asPolicyResource(rawContainer({ paths: ['/tenantId'] })))).toEqual([]);
  });

  it('warns on a first level named like an academic or fiscal span (`/semester`, `/term`, `/fy`), not on `/termsAccepted` or `/seasoning`', async () => {
    for (const first of ['/semester', '/term', '/fy']) {
      const container = await asPolicyResource(rawContainer({ paths: [first, '/courseId'], kind: 'MultiHash', version: 2 }));
      expect(await violationsOf(POLICY_NAMES.keyNames, container)).toEqual([
        expect.stringMatching(new RegExp(`^warning SG015 suspicious-key-name at resource\\.partitionKey\\.paths\\[0\\] \\(raw-\\d+\\): .*\`${first}\``)),
      ]);
    }
    for (const first of ['/termsAccepted', '/seasoning']) {
      const container = await asPolicyResource(rawContainer({ paths: [first, '/courseId'], kind: 'MultiHash', version: 2 }));
      expect(await violationsOf(POLICY_NAMES.keyNames, container)).toEqual([]);
    }
  });

  it('warns on a key named like a category that trends (`/tag`), as the design lint reads the name', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/tag'], kind: 'Hash', version: 2 }));
    expect(await violationsOf(POLICY_NAMES.keyNames, container)).toEqual([
      expect.stringMatching(
        /^warning SG015 suspicious-key-name at resource\.partitionKey\.paths\[0\] \(raw-\d+\): .*`\/tag` .*named like a category that trends/,
      ),
    ]);
  });

  it('leaves containers created by GuardedContainer to the component, which checked their declared design', async () => {
    jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
    const guarded = new GuardedContainer('regions', {
      resourceGroupName: GROUP,
      account: { name: 'fleet', id: ACCOUNT_ID('fleet') },
      database: 'app',
      throughput: 'shared',
      design: {
        partitionKey: { paths: [{ path: '/region', cardinality: 5_000 }] },
        workload: { peakReadUnits: 100, peakWriteUnits: 100 },
        acknowledgements: [{ rule: 'SG010', reason: "Diagnostics come from the platform team's setting." }],
      },
    });
    const child = await asPolicyResource(guarded.container);
    expect(child.urn).toContain('skewguard:cosmosdb:GuardedContainer$azure-native:cosmosdb:SqlResourceSqlContainer::regions');
    expect(await violationsOf(POLICY_NAMES.keyNames, child)).toEqual([]);
    expect(await stackViolations([child])).toEqual([]);
    // The same props on a raw container are flagged: the skip comes from the parent, not the key.
    const raw = await asPolicyResource(rawContainer({ paths: ['/region'] }));
    expect(await violationsOf(POLICY_NAMES.keyNames, raw)).toHaveLength(1);
  });

  it("checks a raw container created under a GuardedContainer (`{ parent: guarded }`): only the component's own container is skipped", async () => {
    jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
    const guarded = new GuardedContainer('zones', {
      resourceGroupName: GROUP,
      account: { name: 'fleet', id: ACCOUNT_ID('fleet') },
      database: 'app',
      throughput: 'shared',
      design: {
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 5_000 }] },
        workload: { peakReadUnits: 100, peakWriteUnits: 100 },
        acknowledgements: [{ rule: 'SG010', reason: "Diagnostics come from the platform team's setting." }],
      },
    });
    const resource = { id: 'zones-extra', partitionKey: { paths: ['/region', '/region', '/a', '/b'], kind: 'Hash' } };
    const smuggled = await asPolicyResource(
      new cosmosdb.SqlResourceSqlContainer(
        'zones-extra',
        { resourceGroupName: GROUP, accountName: 'fleet', databaseName: 'app', resource },
        { parent: guarded },
      ),
    );
    // Also one that takes the component's name, with another (versioned) token of the same resource.
    const sameName = await asPolicyResource(
      new (class VersionedContainer extends pulumi.CustomResource {})(
        'azure-native:cosmosdb/v20240815:SqlResourceSqlContainer',
        'zones',
        { resourceGroupName: GROUP, accountName: 'fleet', databaseName: 'app', resource },
        { parent: guarded },
      ),
    );
    for (const escaping of [smuggled, sameName]) {
      expect(escaping.urn).toContain('skewguard:cosmosdb:GuardedContainer$azure-native:cosmosdb');
      expect(escaping.opts.parent).toBe(await resolved(guarded.urn));
      expect(await violationsOf(POLICY_NAMES.keyStructure, escaping)).not.toEqual([]);
      expect(await violationsOf(POLICY_NAMES.keyNames, escaping)).not.toEqual([]);
      expect(await stackViolations([escaping])).toHaveLength(1);
    }
    // The component's own container stays skipped.
    const own = await asPolicyResource(guarded.container);
    expect(own.opts.parent).toBe(await resolved(guarded.urn));
    expect(await stackViolations([own, smuggled])).toEqual([expect.objectContaining({ urn: smuggled.urn })]);
  });
});

describe(`${POLICY_NAMES.diagnostics} (SG010)`, () => {
  it('reports a container whose account has no partition-key diagnostic setting', async () => {
    const fleet = await asPolicyResource(account(`acct-${++unique}`));
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, fleet.props.accountName), { accountName: [fleet] });
    const violations = await stackViolations([fleet, container]);
    expect(violations).toEqual([
      { urn: container.urn, message: expect.stringMatching(/^error SG010 monitoring-off at diagnostic settings of its account \(raw-\d+\): /) },
    ]);
    expect(violations[0].message).toContain('found: no diagnostic setting in this stack targets its account');
  });

  it('an accountName that is no name is a type error naming the field, not "diagnostics are off" (review 18)', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 42 as never));
    expect(await stackViolations([container])).toEqual([{ urn: container.urn, message: expect.stringMatching(/^SG010: raw-\d+: accountName: .*got 42/) }]);
  });

  it('passes when a complete setting targets the account, by dependency or by resource id', async () => {
    const name = `acct-${++unique}`;
    const fleet = await asPolicyResource(account(name));
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, name), { accountName: [fleet] });
    const byDependency = await asPolicyResource(diagnosticSetting(`pk-${unique}`, ACCOUNT_ID(name)), { resourceUri: [fleet] });
    expect(await stackViolations([fleet, container, byDependency])).toEqual([]);
    // An existing account, named only: matched through the account name in resourceUri.
    const existing = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'Legacy-Account'));
    const byId = await asPolicyResource(diagnosticSetting(`pk-legacy-${unique}`, ACCOUNT_ID('legacy-account')));
    expect(await stackViolations([existing, byId])).toEqual([]);
    const allLogs = await asPolicyResource(
      diagnosticSetting(`pk-all-${unique}`, ACCOUNT_ID('legacy-account'), { logs: [{ categoryGroup: 'allLogs', enabled: true }] }),
    );
    expect(await stackViolations([existing, allLogs])).toEqual([]);
  });

  it('names what an incomplete setting lacks', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'shop'));
    const incomplete = await asPolicyResource(
      diagnosticSetting(`pk-shop-${++unique}`, ACCOUNT_ID('shop'), {
        logAnalyticsDestinationType: undefined,
        logs: [
          { category: 'PartitionKeyStatistics', enabled: true },
          { category: 'PartitionKeyRUConsumption', enabled: false },
        ],
      }),
    );
    const otherAccount = await asPolicyResource(diagnosticSetting(`pk-other-${unique}`, ACCOUNT_ID('other')));
    const [violation, ...rest] = await stackViolations([container, incomplete, otherAccount]);
    expect(rest).toEqual([]);
    expect(violation.urn).toBe(container.urn);
    expect(violation.message).toContain(
      `diagnostic setting "${incomplete.name}": PartitionKeyRUConsumption is not enabled; logAnalyticsDestinationType is not "Dedicated"`,
    );
    expect(violation.message).not.toContain(otherAccount.name);
  });

  it('honors an acknowledgement given in the pack options', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'quiet'));
    const acknowledgements = { [container.name]: [{ rule: 'SG010', reason: 'A scratch container, deleted every night.' }] };
    expect(await stackViolations([container], { acknowledgements })).toEqual([]);
    expect(await stackViolations([container])).toHaveLength(1);
  });

  it('during preview, cannot judge a setting whose target is unknown: it says so rather than pass or fail', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'fresh'));
    const setting = diagnosticSetting(`pk-fresh-${++unique}`, ACCOUNT_ID('fresh'));
    await registeredAll([setting]);
    const inputs = engine.named(`pk-fresh-${unique}`).inputs;
    const unknownTarget = await asPolicyResource(setting, {}, { ...inputs, resourceUri: unknownStringValue });
    await expect(stackViolations([container, unknownTarget])).rejects.toThrow("string value at .resourceUri can't be known during preview");
    // Known through its dependency on the account resource, the same setting is judged.
    const fresh = await asPolicyResource(account('fresh'));
    const viaDependency = await asPolicyResource(setting, { resourceUri: [fresh] }, { ...inputs, resourceUri: unknownStringValue });
    expect(await stackViolations([fresh, container, viaDependency])).toEqual([]);
  });

  it('during preview, fails a container that no setting could serve (none in the stack, or none that could lack nothing), instead of leaving it to pulumi up', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'lonely'));
    const unknownAccount = await asPolicyResource(
      rawContainer({ paths: ['/tenantId'] }, 'other'),
      {},
      { accountName: unknownStringValue, resourceGroupName: GROUP, databaseName: 'app', resource: { id: 'x', partitionKey: { paths: ['/tenantId'] } } },
    );
    expect(await stackViolations([container])).toHaveLength(1);
    // Its account unknown, but no setting in the stack at all: nothing could serve it.
    expect(await stackViolations([unknownAccount])).toHaveLength(1);
    // A setting whose target is unknown but which lacks categories cannot serve it either.
    const setting = diagnosticSetting(`pk-lonely-${++unique}`, ACCOUNT_ID('lonely'), { logs: [{ category: 'PartitionKeyStatistics', enabled: true }] });
    await registeredAll([setting]);
    const partial = await asPolicyResource(setting, {}, { ...engine.named(`pk-lonely-${unique}`).inputs, resourceUri: unknownStringValue });
    const [violation] = await stackViolations([container, partial]);
    expect(violation.message).toContain('found: no diagnostic setting in this stack targets its account');
  });

  it("warns of a waiver, in code or in a policy's stack config, of a rule that policy does not run, saying where (review 12)", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reason = 'a rule these policies never report';
    skewguardPolicies({
      acknowledgements: {
        orders: [
          { rule: 'SG015', reason },
          { rule: 'SG003', reason },
        ],
      },
    });
    expect(warn.mock.calls).toEqual([
      [
        'warning: skewguard policy pack options: acknowledgements["orders"][1]: the waiver of SG003 waives nothing: no policy of this pack runs SG003 (they run SG005, SG015, SG010); the CLI and GuardedContainer, which read a design, run every rule',
      ],
    ]);
    warn.mockClear();
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'scratch'));
    const misplaced = { acknowledgements: { [container.name]: [{ rule: 'SG015', reason }] } };
    // Once per policy, not once per check: a pack's policies are built once, and check every preview and update.
    const diagnostics = policy<StackValidationPolicy>(POLICY_NAMES.diagnostics);
    const notApplicable = () => {
      throw new Error('not applicable');
    };
    for (let run = 0; run < 2; run++)
      await diagnostics.validateStack({ resources: [container], stackTags: new Map(), getConfig: <T>() => misplaced as T, notApplicable }, () => undefined);
    expect(warn.mock.calls).toEqual([
      [
        `warning: "${POLICY_NAMES.diagnostics}" policy config: acknowledgements["${container.name}"][0]: the waiver of SG015 waives nothing: this policy runs SG010 only, and reads only its own config: move it under "${POLICY_NAMES.keyNames}"`,
      ],
    ]);
  });

  it('takes a waiver keyed by URN for that container only; one keyed by a name two containers share waives both, with a warning naming them', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const team = new pulumi.ComponentResource('test:index:Team', 'team-a');
    const resource = { id: 'jobs', partitionKey: { paths: ['/tenantId'] } };
    const props = { resourceGroupName: GROUP, accountName: 'jobs', databaseName: 'app', resource };
    const top = await asPolicyResource(new cosmosdb.SqlResourceSqlContainer('jobs', props));
    const nested = await asPolicyResource(new cosmosdb.SqlResourceSqlContainer('jobs', props, { parent: team }));
    expect(top.name).toBe(nested.name);
    const reason = 'Diagnostics of the jobs account come from Azure Policy.';
    const byUrn = { acknowledgements: { [nested.urn]: [{ rule: 'SG010', reason }] } };
    expect(await stackViolations([top, nested], byUrn)).toEqual([expect.objectContaining({ urn: top.urn })]);
    // The same through a stack's policy config.
    expect(await stackViolations([top, nested], undefined, byUrn)).toEqual([expect.objectContaining({ urn: top.urn })]);
    expect(warn).not.toHaveBeenCalled();
    expect(await stackViolations([top, nested], { acknowledgements: { jobs: [{ rule: 'SG010', reason }] } })).toEqual([]);
    expect(warn.mock.calls).toEqual([
      [
        `warning: skewguard policy pack options: acknowledgements["jobs"] is keyed by a resource name that more than one container has (${top.urn}, ${nested.urn}): it waives them all; key it by the URN of the one it means`,
      ],
    ]);
  });

  it('names a bad waiver keyed by URN by its URN, in the pack options and in the stack config: each list is checked where it is read (review 14)', async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'scratch'));
    const byUrn = { acknowledgements: { [container.urn]: [{ rule: 'SG010', reason: 'short' }] } };
    const place = `acknowledgements[${JSON.stringify(container.urn)}][0].reason`;
    expect(() => skewguardPolicies(byUrn)).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: place })] }));
    await expect(stackViolations([container], undefined, byUrn)).rejects.toThrow(place);
    await expect(stackViolations([container], undefined, byUrn)).rejects.not.toThrow(`acknowledgements[${JSON.stringify(container.name)}]`);
  });

  it('passes the containers of accounts declared as managed elsewhere (a platform stack, Azure Policy), in code or in the stack config; the others still fail', async () => {
    const platform = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'Platform-Account'));
    const own = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'team-account'));
    const reason = "Azure Policy 'Deploy diagnostics for Cosmos DB' sets them in every subscription.";
    const declared = { diagnosticsManagedElsewhere: { accounts: ['platform-account'], reason } };
    expect(await stackViolations([platform, own], declared)).toEqual([expect.objectContaining({ urn: own.urn })]);
    expect(await stackViolations([platform, own], undefined, declared)).toEqual([expect.objectContaining({ urn: own.urn })]);
    expect(await stackViolations([platform, own], { diagnosticsManagedElsewhere: { accounts: ['*'], reason } })).toEqual([]);
    // Without the declaration the violation says how to declare it.
    const [violation] = await stackViolations([platform]);
    expect(violation.message).toContain("declare the account in the pack's diagnosticsManagedElsewhere option or this policy's config");
  });

  it('checks a diagnosticsManagedElsewhere declaration, in code and in config (schema and core), naming the field', async () => {
    expect(() => skewguardPolicies({ diagnosticsManagedElsewhere: { accounts: [], reason: 'short' } })).toThrow(
      expect.objectContaining({
        issues: [
          expect.objectContaining({ path: 'diagnosticsManagedElsewhere.accounts' }),
          expect.objectContaining({ path: 'diagnosticsManagedElsewhere.reason' }),
        ],
      }),
    );
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'platform'));
    await expect(stackViolations([container], undefined, { diagnosticsManagedElsewhere: { accounts: ['platform'] } })).rejects.toThrow(
      /diagnosticsManagedElsewhere\.reason/,
    );
    const { properties } = policy<StackValidationPolicy>(POLICY_NAMES.diagnostics).configSchema as PolicyConfigSchema;
    const validate = new Ajv({ strict: false }).compile({ type: 'object', properties });
    expect(validate({ diagnosticsManagedElsewhere: { accounts: ['platform'], reason: 'The platform stack sets them.' } })).toBe(true);
    expect(validate({ diagnosticsManagedElsewhere: { accounts: ['platform'] } })).toBe(false);
  });

  it('during preview, leaves to pulumi up a container whose account is unknown when some accounts are declared as managed elsewhere', async () => {
    const unknownAccount = await asPolicyResource(
      rawContainer({ paths: ['/tenantId'] }, 'other'),
      {},
      { accountName: unknownStringValue, resourceGroupName: GROUP, databaseName: 'app', resource: { id: 'x', partitionKey: { paths: ['/tenantId'] } } },
    );
    const declared = { diagnosticsManagedElsewhere: { accounts: ['platform'], reason: 'The platform stack sets them.' } };
    await expect(stackViolations([unknownAccount], declared)).rejects.toThrow("can't be known during preview");
  });

  it('declares the rule ids a waiver may name in its config schema, so `pulumi policy enable --config` refuses SG999 (review 12)', () => {
    const { properties } = policy<StackValidationPolicy>(POLICY_NAMES.diagnostics).configSchema as PolicyConfigSchema;
    const validate = new Ajv({ strict: false }).compile({ type: 'object', properties });
    const config = (rule: string) => ({ acknowledgements: { scratch: [{ rule, reason: 'A dev-stack scratch container.' }] } });
    expect(validate(config('SG010'))).toBe(true);
    expect(validate(config('SG011'))).toBe(true); // retired: accepted as in a design, reported as waiving nothing
    expect(validate(config('SG999'))).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/acknowledgements/scratch/0/rule', keyword: 'enum' });
  });

  it('takes waivers per stack from the policy configuration, checked like waivers in code', async () => {
    const policyOf = policy<StackValidationPolicy>(POLICY_NAMES.diagnostics);
    expect(policyOf.configSchema?.properties?.acknowledgements).toMatchObject({ type: 'object' });
    expect(policy<ResourceValidationPolicy>(POLICY_NAMES.keyNames).configSchema?.properties?.acknowledgements).toBe(
      policyOf.configSchema?.properties?.acknowledgements,
    );
    const container = await asPolicyResource(rawContainer({ paths: ['/tenantId'] }, 'scratch'));
    const waived = { acknowledgements: { [container.name]: [{ rule: 'SG010', reason: 'A scratch container in the dev stack only.' }] } };
    expect(await stackViolations([container], undefined, waived)).toEqual([]);
    const bad = { acknowledgements: { [container.name]: [{ rule: 'SG010', reason: 'short' }] } };
    await expect(stackViolations([container], undefined, bad)).rejects.toThrow(/acknowledgements\["raw-\d+"\]\[0\]\.reason/);
  });

  it("refuses an unknown key in a policy's stack config, as in the pack's options, saying it is that policy's stack config (review 22)", async () => {
    const container = await asPolicyResource(rawContainer({ paths: ['/status'] }, 'scratch'));
    const reason = 'A dev-stack scratch container.';
    // Before: a typo was ignored, so the waiver waived nothing, silently; the same typo in code options is an error.
    const typo = { acknowledgemnts: { [container.name]: [{ rule: 'SG015', reason }] } };
    await expect(violationsOf(POLICY_NAMES.keyNames, container, undefined, typo)).rejects.toThrow(
      `Invalid skewguard policy config for "${POLICY_NAMES.keyNames}" (the stack's policy configuration: pulumi policy enable --config, or its policy group):\n` +
        '  acknowledgemnts: is not a known field (did you mean "acknowledgements"?); expected one of: acknowledgements',
    );
    expect(() => skewguardPolicies(typo as never)).toThrow('acknowledgemnts: is not a known field (did you mean "acknowledgements"?)');
    // The diagnostics policy also reads the accounts managed elsewhere; a key policy does not.
    await expect(stackViolations([container], undefined, { diagnosticsManagedElswhere: {} })).rejects.toThrow(
      `policy config for "${POLICY_NAMES.diagnostics}" (the stack's policy configuration: pulumi policy enable --config, or its policy group):\n` +
        '  diagnosticsManagedElswhere: is not a known field (did you mean "diagnosticsManagedElsewhere"?); expected one of: acknowledgements, diagnosticsManagedElsewhere',
    );
    const elsewhere = { diagnosticsManagedElsewhere: { accounts: ['scratch'], reason } };
    await expect(violationsOf(POLICY_NAMES.keyStructure, container, undefined, elsewhere)).rejects.toThrow(`policy config for "${POLICY_NAMES.keyStructure}"`);
    // A bad value says where it came from too (before: "Invalid skewguard policy pack options", as if from code).
    const bad = { acknowledgements: 'nope' };
    await expect(violationsOf(POLICY_NAMES.keyNames, container, undefined, bad)).rejects.toThrow(
      /^Invalid skewguard policy config for "skewguard-cosmos-key-names" .*\n {2}acknowledgements: expected an object keyed by container URN or resource name, got "nope"$/,
    );
    // Valid config, none, or null still work.
    expect(await violationsOf(POLICY_NAMES.keyNames, container, undefined, { acknowledgements: { [container.name]: [{ rule: 'SG015', reason }] } })).toEqual(
      [],
    );
    expect(await violationsOf(POLICY_NAMES.keyNames, container, undefined, null as never)).toHaveLength(1);
    expect(await stackViolations([container], undefined, elsewhere)).toEqual([]);
  });
});
