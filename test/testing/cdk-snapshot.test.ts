// skewguard/testing/cdk: stack snapshots that change with the infrastructure, not with Lambda code
// or the aws-cdk-lib version. Each "no churn" test has a control proving the raw template did change.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, LegacyStackSynthesizer, NestedStack, Stack } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Fact, FactName } from 'aws-cdk-lib/region-info';
import { UsageError } from '../../lib';
import { GuardedTable } from '../../lib/cdk';
import { assetHashesOf, PLACEHOLDERS, stackSnapshot, templateSnapshot } from '../../lib/testing/cdk';
import { synthesizedStack } from '../../lib/testing/cdk/synthesized';

process.env.CDK_VALIDATION = 'false';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** A directory holding a Lambda handler with this body. */
function handlerDir(body: string, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'skewguard-asset-'));
  writeFileSync(join(dir, 'index.js'), `exports.handler = async () => ${body};\n`);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

interface StackOptions {
  readonly code?: string;
  readonly legacy?: boolean;
  readonly appProps?: ConstructorParameters<typeof App>[0];
}

/** A stack with a GuardedTable (with a dashboard section, so its inline lookup function is included) and a Lambda function from an asset with a published version. */
function ordersStack(options: StackOptions = {}): Stack {
  const app = new App(options.appProps);
  const stack = new Stack(app, 'Orders', options.legacy ? { synthesizer: new LegacyStackSynthesizer() } : {});
  new GuardedTable(stack, 'Table', {
    partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
    sortKey: { name: 'lineId', type: AttributeType.STRING },
    workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
    dashboard: true,
  });
  const fn = new lambda.Function(stack, 'Api', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromAsset(handlerDir(options.code ?? '1')),
  });
  new lambda.Alias(stack, 'Live', { aliasName: 'live', version: fn.currentVersion });
  return stack;
}

const raw = (stack: Stack) => synthesizedStack(stack).template as Json;
const resourcesOfType = (template: Json, type: string) => Object.entries(template.Resources as Json).filter(([, r]) => r.Type === type);

describe('stackSnapshot', () => {
  it('does not change when a Lambda asset changes; the template does', () => {
    const [before, after] = [ordersStack({ code: '1' }), ordersStack({ code: '2' })];
    // Control: the new code is a new asset, and a new version logical ID.
    const [rawBefore, rawAfter] = [raw(before), raw(after)];
    const key = (t: Json) =>
      resourcesOfType(t, 'AWS::Lambda::Function')
        .map(([, r]) => r.Properties.Code.S3Key)
        .filter(Boolean);
    expect(key(rawBefore)).not.toEqual(key(rawAfter));
    expect(resourcesOfType(rawBefore, 'AWS::Lambda::Version')[0][0]).not.toBe(resourcesOfType(rawAfter, 'AWS::Lambda::Version')[0][0]);

    expect(stackSnapshot(after)).toEqual(stackSnapshot(before));
    const snapshot = stackSnapshot(before) as Json;
    const api = resourcesOfType(snapshot, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))?.[1];
    expect(api.Properties.Code.S3Key).toBe('[asset 1].zip');
    const [versionId] = resourcesOfType(snapshot, 'AWS::Lambda::Version')[0];
    expect(versionId).toMatch(/^ApiCurrentVersion[0-9A-F]{8}\[version hash\]$/);
    // References to the renamed version follow it.
    expect(resourcesOfType(snapshot, 'AWS::Lambda::Alias')[0][1].Properties.FunctionVersion).toEqual({ 'Fn::GetAtt': [versionId, 'Version'] });
  });

  it('does not change with the legacy synthesizer either: asset parameters become placeholders', () => {
    const [before, after] = [ordersStack({ code: '1', legacy: true }), ordersStack({ code: '2', legacy: true })];
    expect(Object.keys(raw(before).Parameters)).not.toEqual(Object.keys(raw(after).Parameters));
    const snapshot = stackSnapshot(before) as Json;
    expect(stackSnapshot(after)).toEqual(snapshot);
    expect(Object.keys(snapshot.Parameters)).toEqual([
      'AssetParameters[asset 1]ArtifactHash',
      'AssetParameters[asset 1]S3Bucket',
      'AssetParameters[asset 1]S3VersionKey',
    ]);
    expect(JSON.stringify(snapshot)).not.toMatch(/[0-9a-f]{64}/);
    expect(resourcesOfType(snapshot, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))?.[1].Properties.Code.S3Bucket).toEqual({
      Ref: 'AssetParameters[asset 1]S3Bucket',
    });
  });

  it("does not change with the rule lookup's per-synth nonce, and says where it was", () => {
    const at = (now: number) => {
      const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
      const stack = ordersStack();
      spy.mockRestore();
      return stack;
    };
    const [before, after] = [stackSnapshot(at(1000)), stackSnapshot(at(2000))];
    expect(after).toEqual(before);
    const lookups = Object.values(before.Resources as Json).filter((r) => r.Type === 'Custom::SkewguardContributorInsightsRules');
    expect(lookups.map((r) => r.Properties.Nonce)).toEqual([PLACEHOLDERS.lookupNonce]);
  });

  it("does not change with GuardedTable's own lookup handler source or its runtime, which belong to skewguard and aws-cdk-lib", () => {
    const stack = ordersStack();
    const { template, assetHashes } = synthesizedStack(stack);
    const [[lookupId, lookup]] = resourcesOfType(template as Json, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('SkewguardContributorInsightsLookup'),
    );
    expect(lookup.Properties.Code.ZipFile).toContain('DescribeContributorInsights');
    const changed = structuredClone(template) as Json;
    changed.Resources[lookupId].Properties.Code.ZipFile += '\n// a later skewguard version\n';
    changed.Resources[lookupId].Properties.Runtime = 'nodejs26.x';
    expect(changed).not.toEqual(template);

    const snapshot = templateSnapshot(template, assetHashes) as Json;
    expect(templateSnapshot(changed, assetHashes)).toEqual(snapshot);
    expect(snapshot.Resources[lookupId].Properties).toMatchObject({
      Code: { ZipFile: PLACEHOLDERS.lookupHandlerSource },
      Runtime: PLACEHOLDERS.latestNodeRuntime,
      Timeout: 840,
      MemorySize: 128,
    });
    // The user's own function keeps its runtime.
    expect(resourcesOfType(snapshot, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))?.[1].Properties.Runtime).toBe('nodejs22.x');
  });

  it('leaves out what moves with the aws-cdk-lib version: bootstrap check, CDK metadata, construct metadata', () => {
    const stack = ordersStack({
      appProps: { analyticsReporting: true, context: { 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true } },
    });
    const { template, assetHashes } = synthesizedStack(stack);
    const source = template as Json;
    // Control: all of it is there in the raw template.
    expect(source.Parameters.BootstrapVersion).toBeDefined();
    expect(source.Rules.CheckBootstrapVersion).toBeDefined();
    expect(source.Conditions.CDKMetadataAvailable).toBeDefined();
    expect(resourcesOfType(source, 'AWS::CDK::Metadata')).toHaveLength(1);
    expect(JSON.stringify(source)).toContain('"aws:cdk:path"');
    expect(JSON.stringify(source)).toContain('"aws:asset:path"');

    const snapshot = templateSnapshot(template, assetHashes) as Json;
    expect(snapshot.Parameters).toBeUndefined();
    expect(snapshot.Rules).toBeUndefined();
    expect(snapshot.Conditions).toBeUndefined();
    expect(resourcesOfType(snapshot, 'AWS::CDK::Metadata')).toEqual([]);
    expect(JSON.stringify(snapshot)).not.toMatch(/"aws:(cdk|asset):/);
    // Another aws-cdk-lib version: other analytics, another bootstrap version required.
    const other = structuredClone(source);
    const [metadataId] = resourcesOfType(other, 'AWS::CDK::Metadata')[0];
    other.Resources[metadataId].Properties.Analytics = 'v2:deflate64:H4sIAAAAAAAA/another-version';
    other.Rules.CheckBootstrapVersion.Assertions[0].AssertDescription = 'CDK bootstrap stack version 31 required.';
    expect(templateSnapshot(other, assetHashes)).toEqual(snapshot);
    // The skewguard metadata (the design, what a reviewer cares about) stays.
    const [, table] = resourcesOfType(snapshot, 'AWS::DynamoDB::GlobalTable')[0];
    expect(table.Metadata.skewguard.design.partitionKey).toEqual({ name: 'orderId', type: 'S', cardinality: 'unique' });
  });

  it('replaces the latest-runtime mapping, whose regions move with aws-cdk-lib, by one placeholder', () => {
    const build = (cnRuntime: string) => {
      Fact.register({ region: 'cn-north-1', name: FactName.LATEST_NODE_RUNTIME, value: cnRuntime }, true);
      const stack = new Stack(new App(), 'Handlers');
      new lambda.Function(stack, 'Fn', {
        runtime: lambda.determineLatestNodeRuntime(stack),
        handler: 'index.handler',
        code: lambda.Code.fromInline('exports.handler = async () => 1;'),
      });
      return stack;
    };
    try {
      const [before, after] = [build('nodejs20.x'), build('nodejs22.x')];
      expect(raw(before).Mappings.LatestNodeRuntimeMap['cn-north-1']).not.toEqual(raw(after).Mappings.LatestNodeRuntimeMap['cn-north-1']);
      const snapshot = stackSnapshot(before) as Json;
      expect(stackSnapshot(after)).toEqual(snapshot);
      expect(snapshot.Mappings).toBeUndefined();
      expect(resourcesOfType(snapshot, 'AWS::Lambda::Function')[0][1].Properties.Runtime).toBe(PLACEHOLDERS.latestNodeRuntime);
    } finally {
      Fact.register({ region: 'cn-north-1', name: FactName.LATEST_NODE_RUNTIME, value: lambda.Runtime.NODEJS_LATEST.name }, true);
    }
  });

  it('replaces image asset tags and nested stack template URLs, and snapshots a nested stack', () => {
    const build = (body: string) => {
      const stack = new Stack(new App(), 'Service');
      const nested = new NestedStack(stack, 'Workers');
      new lambda.Function(nested, 'Worker', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromAsset(handlerDir(body)) });
      new lambda.DockerImageFunction(stack, 'Image', {
        code: lambda.DockerImageCode.fromImageAsset(handlerDir(body, { Dockerfile: 'FROM public.ecr.aws/lambda/nodejs:22\nCOPY index.js ./\n' })),
      });
      return { stack, nested };
    };
    const [before, after] = [build('1'), build('2')];
    expect(JSON.stringify(raw(before.stack))).not.toEqual(JSON.stringify(raw(after.stack)));
    const parent = stackSnapshot(before.stack) as Json;
    expect(stackSnapshot(after.stack)).toEqual(parent);
    expect(stackSnapshot(after.nested)).toEqual(stackSnapshot(before.nested));
    const text = JSON.stringify(parent);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    expect(text).toMatch(/cdk-hnb659fds-container-assets-\$\{AWS::AccountId\}-\$\{AWS::Region\}:\[asset \d\]/);
    expect(text).toMatch(/\/\[asset \d\]\.json/);
    expect(resourcesOfType(stackSnapshot(before.nested) as Json, 'AWS::Lambda::Function')[0][1].Properties.Code.S3Key).toBe('[asset 1].zip');
  });

  it('numbers distinct assets by where they first appear, and keeps one number for one asset', () => {
    const stack = new Stack(new App(), 'Two');
    const shared = handlerDir('"shared"');
    new lambda.Function(stack, 'A', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromAsset(handlerDir('"a"')) });
    new lambda.Function(stack, 'B', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromAsset(shared) });
    new lambda.Function(stack, 'C', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromAsset(shared) });
    const keys = resourcesOfType(stackSnapshot(stack) as Json, 'AWS::Lambda::Function').map(([id, r]) => [id.slice(0, 1), r.Properties.Code.S3Key]);
    expect(keys).toEqual([
      ['A', '[asset 1].zip'],
      ['B', '[asset 2].zip'],
      ['C', '[asset 2].zip'],
    ]);
  });

  it('keeps only the resource types asked for, and names a type that matches nothing', () => {
    const stack = ordersStack();
    const snapshot = stackSnapshot(stack, { resourceTypes: ['AWS::DynamoDB::GlobalTable', 'AWS::CloudWatch::*'] }) as Json;
    const types = new Set(Object.values(snapshot.Resources as Json).map((r) => r.Type));
    expect([...types].sort()).toEqual(['AWS::CloudWatch::Alarm', 'AWS::CloudWatch::Dashboard', 'AWS::DynamoDB::GlobalTable']);
    let error: unknown;
    try {
      stackSnapshot(stack, { resourceTypes: ['AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Tabel'] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues).toEqual([
      { path: 'resourceTypes[1]', message: expect.stringContaining('"AWS::DynamoDB::Tabel" matches nothing here; the types are: ') },
    ]);
    expect(() => stackSnapshot(stack, { resourceTypes: ['dynamodb'] })).toThrow(/resourceTypes\[0\]: expected a type such as/);
    expect(() => stackSnapshot(stack, { resourceTypes: [] })).toThrow(/resourceTypes: expected a non-empty array of types/);
  });

  it('refuses what is not a stack of an app, naming the argument', () => {
    expect(() => stackSnapshot({} as Stack)).toThrow(/stack: expected an aws-cdk-lib Stack/);
    expect(() => templateSnapshot([], [])).toThrow(/template: expected a CloudFormation template/);
  });

  it('sorts keys at every level and keeps array order', () => {
    const snapshot = templateSnapshot({ Resources: { B: { Type: 'X::Y::Z', Properties: { z: 1, a: [3, 1, 2] } }, A: { Type: 'X::Y::Z' } } }, []);
    expect(JSON.stringify(snapshot)).toBe('{"Resources":{"A":{"Type":"X::Y::Z"},"B":{"Properties":{"a":[3,1,2],"z":1},"Type":"X::Y::Z"}}}');
  });

  it('matches the committed snapshot, which says what the stack deploys', () => {
    const snapshot = stackSnapshot(ordersStack(), { resourceTypes: ['AWS::DynamoDB::GlobalTable', 'AWS::Lambda::*'] }) as Json;
    const [, table] = resourcesOfType(snapshot, 'AWS::DynamoDB::GlobalTable')[0];
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: 'orderId', KeyType: 'HASH' },
      { AttributeName: 'lineId', KeyType: 'RANGE' },
    ]);
    expect(table.Properties.Replicas[0]).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    expect(table.DeletionPolicy).toBe('Retain');
    expect(snapshot).toMatchSnapshot();
  });
});

describe('hostile arguments of the snapshot helpers (the public API sweep)', () => {
  const issuesOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof UsageError) return error.issues.map((i) => i.path);
      throw error;
    }
    return [];
  };

  it('templateSnapshot() names assetHashes that are not a list of strings, a template JSON cannot hold, and options that are not an object', () => {
    const cyclic: Record<string, unknown> = { Resources: {} };
    cyclic.self = cyclic;
    expect(issuesOf(() => templateSnapshot({ Resources: {} }, undefined as never))).toEqual(['assetHashes']);
    expect(issuesOf(() => templateSnapshot({ Resources: {} }, 'abc' as never))).toEqual(['assetHashes']);
    expect(issuesOf(() => templateSnapshot({ Resources: {} }, [1] as never))).toEqual(['assetHashes']);
    expect(issuesOf(() => templateSnapshot(cyclic, []))).toEqual(['template']);
    expect(issuesOf(() => templateSnapshot({ Resources: { T: { Type: 'AWS::SNS::Topic', Properties: { n: 1n } } } }, []))).toEqual(['template']);
    expect(issuesOf(() => templateSnapshot({ Resources: {} }, [], 'AWS::SNS::Topic' as never))).toEqual(['options']);
    expect(templateSnapshot({ Resources: {} }, [], null as never)).toEqual({ Resources: {} });
  });

  it('assetHashesOf() names what is not a cloud assembly, and stackSnapshot() null options mean none', () => {
    expect(issuesOf(() => assetHashesOf(undefined as never))).toEqual(['assembly']);
    expect(issuesOf(() => assetHashesOf({} as never))).toEqual(['assembly']);
    const app = new App();
    const stack = new Stack(app, 'Plain');
    new GuardedTable(stack, 'Orders', {
      partitionKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: 10, peakWriteUnits: 10 },
    });
    expect(stackSnapshot(stack, null as never)).toEqual(stackSnapshot(stack));
  });
});
