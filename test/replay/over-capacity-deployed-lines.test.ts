/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// A container deployed below its capacity (SG017, a warning) gets alert lines for the partitions it is deployed with,
// not for the raise SG017 recommends. The chat container: /conversationId of 50,000,000 values, 15,000 RU/s of reads and
// 40,000 of writes (55,000) on 60,000 RU/s autoscale, above its usable 0.8 × 60,000 = 48,000. Deployed, it has 6
// physical partitions of 10,000 RU/s (one per 10,000 of an autoscale maximum), each carrying 55,000 ÷ 6 = 9,166.67 of
// uniform load: one conversation can take 10,000 − 9,166.67 = 833.33 RU/s before its partition throttles (429). The
// lines were drawn for SG017's 69,000 (7 partitions of 9,857.14 beside 7,857.14: 2,000 of reach, 80% = 1,600), which a
// key on today's partitions never logs: the hot-key ticket and the throttled-hot-value page stayed silent through its
// throttling. Now both are 80% of 833.33 = 666.66, and a conversation climbing to its partition's remaining RU/s pages.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import { replayProgram, skewguardQueries, type ContainerModel, type RegisteredResource, type Scenario } from '../../lib/testing/replay';
import { installMocks, registeredAll, SUBSCRIPTION } from '../pulumi/support/mocks';
import { firedAt } from './support/cosmos-replay';

const engine = installMocks();
const ACCOUNT_ID = `${SUBSCRIPTION}/resourceGroups/shop/providers/Microsoft.DocumentDB/databaseAccounts/shopcosmos`;

const messages: ContainerDesign = {
  partitionKey: { paths: [{ path: '/conversationId', cardinality: 50_000_000 }] },
  workload: { peakReadUnits: 15_000, peakWriteUnits: 40_000 },
  accessPatterns: [
    { name: 'last-50-messages', keyAttributes: ['/conversationId'], share: 0.8, limit: 50 },
    { name: 'unread-counts-of-user', keyAttributes: [], share: 0.2 },
  ],
};
const PEAK = 55_000;
const DEPLOYED = 60_000;

let resources: RegisteredResource[];
let container: GuardedContainer;
beforeAll(async () => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('shop', { resourceGroupName: 'shop', account: { name: 'shopcosmos', id: ACCOUNT_ID } });
  container = new GuardedContainer('messages', { monitoring, database: 'chat', throughput: { autoscaleMax: DEPLOYED }, design: messages });
  await registeredAll([container, container.container, ...Object.values(container.alerts)]);
  resources = engine.registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
});
afterAll(() => jest.restoreAllMocks());

const thresholdOf = (name: string) => (resources.find((r) => r.name === name)?.inputs.criteria as { allOf: { threshold: number }[] }).allOf[0].threshold;

/** A day at the planned peak, with one conversation on range 3 climbing from 12:00 by 10 RU/s a minute up to `hot`. */
function day(hot = 0): Scenario<ContainerModel> {
  const climb = (m: number) => (m < 720 ? 0 : Math.min(hot, (m - 720) * 10));
  const model: ContainerModel = {
    throughput: { kind: 'autoscale', ru: DEPLOYED },
    storageGb: 0,
    ru: (m) => PEAK - climb(m),
    hotKeys: hot > 0 ? [{ key: '["conversation-42"]', range: 3, ru: climb }] : [],
    design: container.design,
  };
  return { name: 'chat at its planned peak', kind: hot > 0 ? 'incident' : 'healthy', days: 1, seed: 11, assumptions: [], models: { messages: model } };
}
const replay = (scenario: Scenario<ContainerModel>) =>
  replayProgram(resources, scenario, { queries: skewguardQueries([{ databaseName: 'chat', containerName: 'messages' }]) });

it('the container is deployed on 6 ranges, and SG017 (a warning) stands: it is not raised to 69,000', () => {
  expect(replay(day()).containers.messages.truth.ranges).toBe(6);
  expect(container.findings.map((f) => `${f.ruleId} ${f.severity}`)).toContain('SG017 warning');
});

it("both lines are 80% of the 833.33 RU/s a conversation has beside 9,166.67 on its deployed partition (before: 1,600, drawn for SG017's 7 partitions)", () => {
  expect([thresholdOf('messages-hot-key'), thresholdOf('messages-throttled-hot-value')]).toEqual([666.66, 666.66]);
});

it("a conversation climbing past its partition's remaining RU/s at the planned peak: the hot-key ticket names it before its own throttling starts (before: never)", () => {
  // From 12:00 it takes 10 RU/s more a minute, up to 1,500: past the 833.33 its range has left at minute 720 + 84.
  const incident = replay(day(1_500));
  expect(incident.containers.messages.truth.firstKeyOver80).toBe(787);
  const [ticket] = firedAt(incident, 'messages-hot-key');
  expect(ticket).toBe(800);
  expect(ticket).toBeLessThan(720 + 84);
});

it('at the planned peak every range throttles on its per-second spread alone (1.1% of requests): the range page fires on all 6 at minute 5, and the throttled-hot-value page, which counts no interval in which every partition throttles, stays quiet even with the climbing key', () => {
  const incident = replay(day(1_500));
  expect(firedAt(incident, 'messages-hot-partition-range')).toEqual([5, 5, 5, 5, 5, 5]);
  expect(firedAt(incident, 'messages-throttled-hot-value')).toEqual([]);
});

it("off the peak (the rest at 42,000, 7,000 on each range), the range's 429s come and go, and the page names the conversation once it passes its line there, before it reaches the 3,000 RU/s its range leaves it", () => {
  const base = day(3_300);
  const offPeak: Scenario<ContainerModel> = { ...base, models: { messages: { ...base.models.messages, ru: () => 42_000 } } };
  const incident = replay(offPeak);
  const [page] = firedAt(incident, 'messages-throttled-hot-value');
  expect(page).toBe(800);
  // 3,000 RU/s from 12:00 at 10 RU/s a minute: minute 1,020.
  expect(page).toBeLessThan(720 + 300);
});

it('the uniform load at its planned peak all day stays quiet: neither the hot-key ticket nor the throttled-hot-value page fires', () => {
  const quiet = replay(day());
  expect([firedAt(quiet, 'messages-hot-key'), firedAt(quiet, 'messages-throttled-hot-value')]).toEqual([[], []]);
});
