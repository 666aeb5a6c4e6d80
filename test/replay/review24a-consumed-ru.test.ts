/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 24a: a hot key added to a scenario logged its whole demand in CDBPartitionKeyRUConsumption, so a hotKey
// threshold the component warned "cannot fire" (at or above what the key can reach) fired in the replay. Azure logs
// the RU a key consumed within its physical partition
// (https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption): the replay now
// logs at most the key's reach (`hotValueReach(design).key`, the line the alert plan draws on), the rest throttled.
import * as pulumi from '@pulumi/pulumi';
import { hotValueReach } from '../../lib';
import { replayProgram, skewguardQueries, type ContainerModel, type CosmosContainerProfile, type Scenario } from '../../lib/testing/replay';
import { installMocks, registeredAll } from '../pulumi/support/mocks';
import { firedAt } from './support/cosmos-replay';
import { soundProgram } from './support/sound-program';

const engine = installMocks();
const DAY = 1440;
let replay: ReturnType<typeof replayProgram>;
let reach: number;

beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  // The sound design (40,000 RU/s autoscale, 600 GB: 12 ranges of 3,333 RU/s); `unreachable` with a hotKey line
  // above what its hottest key can reach (the component warns it cannot fire), `defaults` with the default line.
  const probe = soundProgram({ probe: undefined });
  await registeredAll(probe);
  reach = hotValueReach(probe[0].design).key;
  const before = engine.registered.length;
  const containers = soundProgram({ unreachable: { hotKey: { threshold: Math.ceil(reach) + 1 } }, defaults: undefined });
  await registeredAll([...containers, ...containers.flatMap((c) => Object.values(c.alerts))]);
  const resources = engine.registered
    .slice(before)
    .filter((r) => r.custom && !r.name.startsWith('probe'))
    .map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
  const profile: CosmosContainerProfile = { throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 600, peakRu: 24_000, design: containers[0].design };
  // The reviewer's case: one key at 1.5 × its range's whole budget all of day 1, on a container at 60% of its RU/s.
  const budget = 40_000 / 12;
  const model: ContainerModel = {
    throughput: profile.throughput,
    storageGb: profile.storageGb,
    design: profile.design,
    ru: () => 16_000,
    hotKeys: [{ key: JSON.stringify(['tenant-hot', 'customer-1', 'id-1']), range: 0, ru: (m) => (m >= DAY && m < 2 * DAY ? 1.5 * budget : 100) }],
  };
  const scenario: Scenario<ContainerModel> = {
    name: 'a key above its range all day',
    kind: 'incident',
    days: 2,
    seed: 7,
    assumptions: ['one key at 1.5 × its range budget through day 1'],
    models: { unreachable: model, defaults: model },
    incident: { target: 'defaults', description: 'a key above its range all day' },
  };
  const queries = skewguardQueries(['unreachable', 'defaults'].map((containerName) => ({ databaseName: 'saas', containerName })));
  replay = replayProgram(resources, scenario, { queries });
});
afterAll(() => jest.restoreAllMocks());

it('a hotKey line above what the key can reach stays quiet though the key demands 1.5 × its range (before: fired, logging the demand)', () => {
  expect(reach).toBeLessThan(40_000 / 12);
  expect(firedAt(replay, 'unreachable-hot-key')).toEqual([]);
  // It is throttled all the same: the page that watches a hot value while the container throttles fires.
  expect(firedAt(replay, 'unreachable-throttled-hot-value').length).toBeGreaterThan(0);
});

it('the default line, below the reach, fires as before, 15 minutes into the incident', () => {
  expect(firedAt(replay, 'defaults-hot-key')).toEqual([DAY + 15]);
});
