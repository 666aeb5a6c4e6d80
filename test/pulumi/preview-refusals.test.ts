/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Stranger review 26: a program with two GuardedContainers whose designs both fail reported only the first, since the
// first constructor threw and the program stopped. In a preview, which creates nothing, a refused component now
// registers alone (its container's inputs reject with the refusal, so the container is never sent) and the program
// goes on: the preview fails, reporting every refused container with its findings. An update without a preview
// (`pulumi up --skip-preview`) still throws at the first refusal, before anything after it registers.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, DesignRefusedError, GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { assertRefused, runWithMocks } from '../../lib/testing/pulumi';
import { telemetry, violations } from './support/designs';
import { ACCOUNT_ID, CONTAINER, quietPulumiLog } from './support/fleet';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

quietPulumiLog();

const lowCardinality = violations['low cardinality'];
const wrongOrder = violations['hierarchy in the wrong order'];

/** A monitored account, then two refused containers and an accepted one, each given `throughput: 10,000 RU/s`. */
function program(): GuardedContainer[] {
  const monitoring = new CosmosAccountMonitoring('m', { resourceGroupName: 'data', account: { name: 'fleet', id: ACCOUNT_ID } });
  const args = (design: GuardedContainerArgs['design']): GuardedContainerArgs => ({ monitoring, database: 'app', throughput: { manual: 10_000 }, design });
  return [
    new GuardedContainer('a', args(lowCardinality.design)),
    new GuardedContainer('b', args(wrongOrder.design)),
    new GuardedContainer('ok', args(telemetry)),
  ];
}

/** Runs `program` under the mocks; what it rejected with, and every registration (type and name) the engine saw. */
async function run(preview: boolean): Promise<{ error: unknown; registered: string[] }> {
  const registered: string[] = [];
  const error = await runWithMocks(program, {
    preview,
    newResource: ({ type, name, inputs }) => {
      registered.push(`${type}::${name}`);
      return { id: `${name}-id`, state: inputs };
    },
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, registered };
}

describe('pulumi preview', () => {
  it('reports every refused container, each with its own findings, and fails', async () => {
    const { error } = await run(true);
    expect(error).toBeInstanceOf(AggregateError);
    const refusals = (error as AggregateError).errors;
    expect(refusals).toHaveLength(2);
    expect(refusals.every((e) => e instanceof DesignRefusedError)).toBe(true);
    const [a, b] = refusals as DesignRefusedError[];
    expect([a.component, b.component]).toEqual(['GuardedContainer "a"', 'GuardedContainer "b"']);
    // a's 50,000 RU/s peak is also above its 10,000 RU/s (SG017).
    expect(a.findings.map((f) => f.ruleId)).toContain(lowCardinality.rule);
    expect(b.findings.map((f) => f.ruleId)).toEqual([wrongOrder.rule]);
    expect((refusals[0] as Error).message).toMatch(
      /^GuardedContainer "a": the partition-key design breaks 2 skewguard rules; none of its Azure resources were created\.\n/,
    );
    const findings = assertRefused(error, [
      { rule: lowCardinality.rule, resource: 'a', path: lowCardinality.path },
      { rule: wrongOrder.rule, resource: 'b', path: wrongOrder.path },
    ]);
    expect(findings.map((f) => `${f.resource} ${f.ruleId}`)).toEqual(['a SG001', 'a SG017', 'b SG004']);
  });

  it('sends no container nor alert of a refused component; the accepted one after them is planned', async () => {
    const { registered } = await run(true);
    const of = (name: string) => registered.filter((r) => r.endsWith(`::${name}`) || r.includes(`::${name}-`));
    expect(of('a')).toEqual(['skewguard:cosmosdb:GuardedContainer::a']);
    expect(of('b')).toEqual(['skewguard:cosmosdb:GuardedContainer::b']);
    expect(of('ok')).toContain(`${CONTAINER}::ok`);
  });

  it('gives the refused component its verdict: the normalized design and every finding', () => {
    const refused: GuardedContainer[] = [];
    return runWithMocks(
      () => {
        refused.push(...program());
      },
      { preview: true },
    ).then(
      () => {
        throw new Error('the preview passed');
      },
      () => {
        const [a] = refused;
        expect(a.containerName).toBe('a');
        expect(a.partitionKeyPaths).toEqual(['/region']);
        expect(a.findings.map((f) => [f.ruleId, f.severity, f.acknowledged])).toContainEqual(['SG001', 'error', false]);
        expect(a.alerts).toEqual({});
        expect(pulumi.Resource.isInstance(a.container)).toBe(true);
      },
    );
  });
});

describe('pulumi up without a preview', () => {
  it('throws at the first refusal: nothing after it registers', async () => {
    const { error, registered } = await run(false);
    expect(error).toBeInstanceOf(DesignRefusedError);
    expect((error as DesignRefusedError).component).toBe('GuardedContainer "a"');
    // The headline a preview gives too (above): exact on both paths, since neither sends an Azure resource of it.
    expect((error as Error).message).toMatch(
      /^GuardedContainer "a": the partition-key design breaks 2 skewguard rules; none of its Azure resources were created\.\n/,
    );
    expect(registered.filter((r) => r.includes('GuardedContainer'))).toEqual([]);
    expect(registered.some((r) => r.endsWith('::ok'))).toBe(false);
  });
});
