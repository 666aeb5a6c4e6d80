/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Stranger review 35b: a GuardedContainer keyed tenant → ticket ('unique') printed the same note twice in each run of
// runWithMocks and pulumiSnapshot, "no partitionSize alert: …" and "no partitionSizeLimit alert: …", one per size alert
// that the reason skips. A note now names every alert it skips and is printed once per container per run.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { runWithMocks } from '../../lib/testing/pulumi';
import { ACCOUNT_ID, quietPulumiLog } from './support/fleet';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

quietPulumiLog();

/** The stranger's helpdesk design: tickets under tenants, one item per full key value. */
const helpdesk: GuardedContainerArgs['design'] = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 12_000, hotKeyShare: 0.1, largestGb: 35 },
      { path: '/ticketId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 8_000, peakWriteUnits: 4_000 },
  storage: { totalGb: 180 },
};

const account = { name: 'acct', id: ACCOUNT_ID };

/** The `skewguard: no … alert` notes one run of `program` logs, in order. */
async function skippedNotes(program: () => unknown, options: { preview?: boolean } = {}): Promise<string[]> {
  await runWithMocks(program, options);
  return jest
    .mocked(pulumi.log.info)
    .mock.calls.map(([message]) => message)
    .filter((message) => message.startsWith('skewguard: no '));
}

const monitored = (throughput: GuardedContainerArgs['throughput']) => () =>
  new GuardedContainer('tickets', {
    monitoring: new CosmosAccountMonitoring('acct', { resourceGroupName: 'rg', account }),
    database: 'helpdesk',
    throughput,
    design: helpdesk,
  });

describe('a note on alerts a container cannot get', () => {
  it.each([
    ['an update', { preview: false }],
    ['a preview', { preview: true }],
  ])('names both size alerts on a key of one item per logical partition, once per run (%s)', async (_, options) => {
    const notes = await skippedNotes(monitored({ manual: 20_000 }), options);
    expect(notes).toEqual([
      "skewguard: no partitionSize or partitionSizeLimit alert: the partition key's last level /ticketId is declared 'unique' (one value per item), " +
        'so each logical partition holds one item, at most 2 MB (Azure Cosmos DB service quotas), never near the 20 GB a logical partition holds: a size alert could never fire',
    ]);
  });

  it('is printed once when the RU/s are an Output, planned again once known', async () => {
    const notes = await skippedNotes(monitored({ manual: pulumi.output(20_000) }));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^skewguard: no partitionSize or partitionSizeLimit alert: /);
  });

  it('without monitoring, names every log alert in one note, and keeps a note of another reason apart', async () => {
    const design = {
      ...helpdesk,
      throughput: { sharedDatabase: 20_000 },
      acknowledgements: [{ rule: 'SG010', reason: "Diagnostics go through the platform team's central setting." }],
    };
    const notes = await skippedNotes(
      () => new GuardedContainer('tickets', { resourceGroupName: 'rg', account, database: 'helpdesk', throughput: 'shared', design }),
    );
    expect(notes).toEqual([
      'skewguard: no throttleRate, hotKey, hotPrefix, throttledHotValue, partitionSize or partitionSizeLimit alert: ' +
        'needs partition-key diagnostics (args.monitoring): its table is a diagnostic log',
      expect.stringMatching(/^skewguard: no normalizedRu alert: the container shares its database's throughput/),
    ]);
  });
});

describe('what the rules did not judge, logged as info naming the arg to declare', () => {
  /** The `skewguard SG… did not judge` lines one run logs, info and warnings apart. */
  async function notJudgedLines(program: () => unknown): Promise<{ info: string[]; warn: string[] }> {
    await runWithMocks(program);
    const said = (log: typeof pulumi.log.info) =>
      jest
        .mocked(log)
        .mock.calls.map(([message]) => message)
        .filter((message) => / did not judge /.test(message));
    return { info: said(pulumi.log.info), warn: said(pulumi.log.warn) };
  }

  it('the helpdesk design declares every figure its rules read: no line', async () => {
    expect(await notJudgedLines(monitored({ manual: 20_000 }))).toEqual({ info: [], warn: [] });
  });

  it('without the storage (largest tenant, total GB): one info line each, at the arg to declare, no warning', async () => {
    const undeclared: GuardedContainerArgs['design'] = {
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 12_000 },
          { path: '/ticketId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 8_000, peakWriteUnits: 4_000 },
    };
    const program = () =>
      new GuardedContainer('tickets', {
        monitoring: new CosmosAccountMonitoring('acct', { resourceGroupName: 'rg', account }),
        database: 'helpdesk',
        throughput: { manual: 20_000 },
        design: undeclared,
      });
    expect(await notJudgedLines(program)).toEqual({
      info: [
        "skewguard SG006 did not judge the largest logical partition's size against its 20 GB cap: no storage declared (declare design.storage.largestPartitionGb)",
        'skewguard SG017 did not judge the RU/s Azure keeps for the stored GB (10 per GB of an autoscale maximum, 1 of manual) and the physical partition per 50 GB: no storage declared (declare design.storage.totalGb)',
      ],
      warn: [],
    });
  });
});
