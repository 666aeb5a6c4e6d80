/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Under the mock engine, Pulumi's log module prints the info lines a component logs with console.log (stdout): a script
// that prints pulumiSnapshot's JSON (`ts-node snap.ts > snap.json`) wrote them before it. runWithMocks sends them to
// stderr, with Pulumi's warnings, and leaves the program's own console.log on stdout.
import { GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import { pulumiSnapshot, runWithMocks } from '../../lib/testing/pulumi';
import { ACCOUNT_ID } from '../pulumi/support/fleet';

// No diagnostics, acknowledged: GuardedContainer logs the acknowledged SG010 and the alerts it does not make as info lines.
const design: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2_000 },
      { path: '/deviceId', cardinality: 500_000 },
    ],
  },
  workload: { peakReadUnits: 4_000, peakWriteUnits: 6_000 },
  acknowledgements: [{ rule: 'SG010', reason: "Diagnostics come from the platform team's setting." }],
};
const events = () =>
  new GuardedContainer('events', {
    resourceGroupName: 'data',
    account: { name: 'fleet', id: ACCOUNT_ID },
    database: 'telemetry',
    throughput: { autoscaleMax: 13_000 },
    design,
  });

const lines = (spy: jest.SpyInstance) => spy.mock.calls.map((call: unknown[]) => String(call[0]));

afterEach(() => jest.restoreAllMocks());

describe("Pulumi's log lines under runWithMocks", () => {
  it('go to stderr (console.warn), none to stdout: what a snapshot script prints is its JSON alone', async () => {
    const stdout = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const stderr = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const resources = await pulumiSnapshot(events);
    expect(resources.length).toBeGreaterThan(0);
    expect(lines(stdout)).toEqual([]);
    expect(lines(stderr)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^info: \[runtime\] skewguard: error SG010 monitoring-off .*\(acknowledged: Diagnostics come from/)]),
    );
  });

  it("leave the program's own console.log on stdout, and console.log as it was after the run", async () => {
    const stdout = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await runWithMocks(() => {
      console.log('the program says so');
      return events();
    });
    expect(lines(stdout)).toEqual(['the program says so']);
    expect(console.log).toBe(stdout);
  });
});
