/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 18: adopting an existing Cosmos DB container under GuardedContainer (docs/pulumi.md, "Adopting an existing
// container"). The legacy `transformations` option adds `import: <ARM id>` to the child container; the newer `transforms`
// option needs the CLI's callback server, which the mock engine lacks: runWithMocks fails at once naming it (before:
// the run hung until jest's timeout, the SDK's "The Pulumi CLI does not support transforms" only a secondary error).
import * as pulumi from '@pulumi/pulumi';
import { GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { runWithMocks } from '../../lib/testing/pulumi';
import { ACCOUNT_ID, CONTAINER, quietPulumiLog } from './support/fleet';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

quietPulumiLog();

const IMPORT_ID = `${ACCOUNT_ID}/sqlDatabases/shop/containers/orders`;
const args = (design: Partial<GuardedContainerArgs['design']> = {}): GuardedContainerArgs => ({
  resourceGroupName: 'data',
  account: { name: 'fleet', id: ACCOUNT_ID },
  database: 'shop',
  throughput: { manual: 4000 },
  design: {
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 2000 },
        { path: '/userId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 2000, peakWriteUnits: 2000 },
    acknowledgements: [{ rule: 'SG010', reason: 'diagnostics come from the platform stack' }],
    ...design,
  } as GuardedContainerArgs['design'],
});

/** Adds `import: IMPORT_ID` to the container the component creates, as a resource transformation. */
const importContainer = (a: pulumi.ResourceTransformationArgs): pulumi.ResourceTransformationResult | undefined =>
  a.type === CONTAINER ? { props: a.props, opts: pulumi.mergeOptions(a.opts, { import: IMPORT_ID }) } : undefined;

describe('adopting an existing container', () => {
  it('the legacy `transformations` option imports the child container by its ARM id, and nothing else', async () => {
    const run = await runWithMocks(() => new GuardedContainer('orders', args(), { transformations: [importContainer] }));
    const imported = run.resources.filter((r) => r.options?.import !== undefined);
    expect(imported.map((r) => [r.type, r.name, r.options?.import])).toEqual([[CONTAINER, 'orders', IMPORT_ID]]);
  });

  it('the `transforms` option fails the run at once with one message naming it and `transformations` (before: a hang until the jest timeout)', async () => {
    const transform: pulumi.ResourceTransform = (a) => ({ props: a.props, opts: pulumi.mergeOptions(a.opts, { import: IMPORT_ID }) });
    const error = await runWithMocks(() => new GuardedContainer('orders', args(), { transforms: [transform] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/options\.transforms/);
    expect((error as Error).message).toMatch(/`transformations`/);
    // The next run is clean: the refusal does not outlive the run.
    await expect(runWithMocks(() => new GuardedContainer('orders', args()))).resolves.toBeDefined();
  }, 20_000);

  it('a container created with partition-key version 1 keeps it when the design says so: the adopted key must match the live one', async () => {
    const run = await runWithMocks(
      () =>
        new GuardedContainer('orders', args({ partitionKey: { paths: [{ path: '/customerId', cardinality: 100_000 }], kind: 'Hash', version: 1 } } as never)),
    );
    const container = run.resources.find((r) => r.type === CONTAINER);
    expect((container?.inputs.resource as { partitionKey: unknown }).partitionKey).toEqual({ kind: 'Hash', paths: ['/customerId'], version: 1 });
  });
});
