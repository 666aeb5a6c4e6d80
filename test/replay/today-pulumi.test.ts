/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Today's default alerts of the example program (examples/pulumi), registered under the mock engine
// as test/pulumi does, replayed over modelled weeks. Characterizations with their numbers, like
// today-cdk.test.ts: issue 18's targets (≤ 1 false page a week, every incident paged) replace them
// once the alerts change.
import * as pulumi from '@pulumi/pulumi';
import { cosmosIncident, healthyCosmosWeek, replayProgram, type ContainerReplay, type ProgramReplay, type RegisteredResource } from '../../lib/testing/replay';
import { installMocks, registeredAll } from '../pulumi/support/mocks';
import { EXAMPLE_CONTAINERS, todaysQueries } from './support/examples';
import { describeContainer, firstPageAfter, pagesByAlarm } from './support/summary';

const engine = installMocks();
let resources: RegisteredResource[];
const queries = todaysQueries([{ databaseName: 'telemetry', containerName: 'events' }, { databaseName: 'telemetry', containerName: 'devices' }]);
const byAlert = (c: ContainerReplay) => pagesByAlarm(c.pages.map((p) => ({ alarm: p.alert })));

beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  const program = await import('../../examples/pulumi');
  await registeredAll([program.events, program.devices, ...Object.values(program.events.alerts), ...Object.values(program.devices.alerts)]);
  resources = engine.registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
});
afterAll(() => jest.restoreAllMocks());

describe('the example program on a healthy week (seed 3)', () => {
  let replay: ProgramReplay;
  beforeAll(() => {
    replay = replayProgram(resources, healthyCosmosWeek(EXAMPLE_CONTAINERS), { queries });
  });

  it('replays all 8 alert rules, 4 per container', () => {
    expect(replay.alerts).toHaveLength(8);
    expect(replay.containers.events.alerts).toHaveLength(4);
    expect(replay.containers.devices.alerts).toHaveLength(4);
  });

  it('events pages 258 times a week (186 hot-partition-range on one-second bursts and evening peaks, 72 throttling on the healthy 429s of the nightly import and on bursts); 258 recoveries go to the same action group', () => {
    const events = replay.containers.events;
    expect(byAlert(events)).toEqual({ 'events-hot-partition-range': 186, 'events-throttling': 72 });
    expect(events.recoveries).toHaveLength(258);
  });

  it('devices pages 223 times a week (172 hot-partition-range, 51 throttling); the log alerts stay quiet on both containers', () => {
    expect(byAlert(replay.containers.devices)).toEqual({ 'devices-hot-partition-range': 172, 'devices-throttling': 51 });
    expect(replay.alerts.filter((a) => a.kind === 'log').flatMap((a) => a.events)).toEqual([]);
  });
});

describe('the example program on incidents (seed 4)', () => {
  const run = (incident: Parameters<typeof cosmosIncident>[0], target: string) => replayProgram(resources, cosmosIncident(incident, EXAMPLE_CONTAINERS, target), { queries }).containers[target];

  const INCIDENT_START = 1 * 1440 + 15 * 60;
  const firstOf = (c: ContainerReplay, alert: string, after = 0) => firstPageAfter(c.pages.filter((p) => p.alert === alert), after);

  it('a whale tenant under the hierarchical key of events (1.2 × a range budget over 100 full keys): the range alert pages 8 minutes before the first 429; the hot-key-share alert never sees it', () => {
    const c = run('whale prefix under a hierarchical key', 'events');
    expect([firstOf(c, 'events-hot-partition-range', INCIDENT_START)! - c.truth.first429!, firstOf(c, 'events-hot-key-share')]).toEqual([-8, undefined]);
  });

  it('a key growing for days in events: the hot-key-share alert pages at 20% of a quiet night\'s RU (737 minutes before the first 429) and 123 times in all', () => {
    const c = run('hot key growing for days', 'events');
    const first = c.pages.find((p) => p.alert === 'events-hot-key-share');
    expect([first!.minute - c.truth.first429!, Math.round(first!.value! * 100), first!.minute < 6 * 60, byAlert(c)['events-hot-key-share']]).toEqual([-737, 12, true, 123]);
  });

  it('a logical partition growing towards 20 GB in devices: the partition-size alert pages 96 minutes after it reaches 16 GB (hourly statistics, hourly checks), once', () => {
    const c = run('logical partition growing towards 20 GB', 'devices');
    expect([firstOf(c, 'devices-partition-size')! - c.truth.firstSizeOver16Gb!, byAlert(c)['devices-partition-size'], describeContainer(c).length > 0]).toEqual([96, 1, true]);
  });
});
