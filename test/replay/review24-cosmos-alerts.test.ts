/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 24: a stranger's replay of the sound program (tenant → customer → id, 40,000 RU/s autoscale, 12 ranges).
// - The throttleRate page resolved and paged again hours later while the container throttled all along: its condition
//   is now remembered for the episode (22 hours) while 3 of the hour's intervals still count 5+ 429s.
// - The partition-size alerts were created on a key whose last level is a unique /id: one item per logical partition
//   (≤ 2 MB) can never approach 16 or 19 GB, so they are no longer created.
import * as pulumi from '@pulumi/pulumi';
import {
  cosmosIncident,
  healthyCosmosWeek,
  replayProgram,
  skewguardQueries,
  type CosmosContainerProfile,
  type Scenario,
  type ContainerModel,
} from '../../lib/testing/replay';
import { installMocks, registeredAll } from '../pulumi/support/mocks';
import { firedAt } from './support/cosmos-replay';
import { soundProgram } from './support/sound-program';

const engine = installMocks();
const queries = skewguardQueries([{ databaseName: 'saas', containerName: 'orders' }]);
let resources: { type: string; name: string; inputs: Record<string, unknown> }[];
let profile: CosmosContainerProfile;
const info = jest.fn();

beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async (message: string) => void info(message));
  const containers = soundProgram({ orders: undefined });
  await registeredAll([...containers, ...containers.flatMap((c) => Object.values(c.alerts))]);
  resources = engine.registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
  profile = { throughput: { kind: 'autoscale', ru: 40_000 }, storageGb: 600, peakRu: 24_000, design: containers[0].design };
});
afterAll(() => jest.restoreAllMocks());

/** The growing key of 'hot key growing for days' at `scale` × its load, shaped by `shape` (1: constant). */
function growingKey(on: CosmosContainerProfile, scale: number, shape: (minute: number) => number = () => 1): Scenario<ContainerModel> {
  const base = cosmosIncident('hot key growing for days', { orders: on }, 'orders', 4);
  const model = base.models.orders;
  const [key] = model.hotKeys ?? [];
  return { ...base, models: { orders: { ...model, hotKeys: [{ ...key, ru: (m: number) => scale * key.ru(m) * shape(m) }] } } };
}
/** Share of an evening's load: 1 at 19:00, 0.3 at 07:00 (a key that follows its users' day). */
const evening = (m: number) => 0.3 + 0.7 * ((1 + Math.cos((((m % 1440) / 60 - 19) / 24) * 2 * Math.PI)) / 2) ** 1.5;

describe('the throttleRate page: one page per throttling episode', () => {
  it('a key throttled day and night, its share dipping under 5% after the evening peak, pages once (before: paged, resolved at 2800, paged again at 3625)', () => {
    // Only throttleRate is read: its line (5% of requests) is the same whatever the container's RU/s.
    const small: CosmosContainerProfile = { ...profile, throughput: { kind: 'manual', ru: 6_000 }, storageGb: 40, peakRu: 4_000 };
    const replay = replayProgram(resources, growingKey(small, 0.8), { queries });
    const rule = replay.alerts.find((a) => a.name === 'orders-throttle-rate');
    expect(rule?.events.map((e) => [e.kind, e.minute])).toEqual([['fired', 2590]]);
  });

  it('a key that throttles each evening and stops at night: each evening is an episode of its own, one page each (not one per crossing)', () => {
    const replay = replayProgram(resources, growingKey(profile, 1, evening), { queries });
    expect(firedAt(replay, 'orders-throttle-rate')).toEqual([3855, 5250]);
  });

  it('healthy weeks (the nightly import at 1–5%, the planned peak) still page no one', () => {
    for (const seed of [3, 4])
      expect(firedAt(replayProgram(resources, healthyCosmosWeek({ orders: profile }, seed), { queries }), 'orders-throttle-rate')).toEqual([]);
  });

  it('the rule looks back a day (P1D), every 5 minutes', () => {
    const inputs = resources.find((r) => r.name === 'orders-throttle-rate')?.inputs;
    expect([inputs?.windowSize, inputs?.evaluationFrequency, inputs?.autoMitigate]).toEqual(['P1D', 'PT5M', true]);
  });
});

describe('size alerts on a key of one item per logical partition', () => {
  it('are not created for tenant → customer → id (unique): each logical partition holds one item of at most 2 MB', () => {
    expect(resources.map((r) => r.name).filter((name) => name.includes('partition-size'))).toEqual([]);
    expect(info).toHaveBeenCalledWith(
      expect.stringContaining("no partitionSize or partitionSizeLimit alert: the partition key's last level /id is declared 'unique'"),
    );
  });
});
