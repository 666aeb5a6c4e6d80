/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The hot-value alert lines are drawn for the physical partitions the container is deployed with: its declared RU/s,
// held at their storage minimum where Azure holds them there, never the raise SG017 (a warning) recommends. The chat
// container (/conversationId, 50,000,000 values, 15,000 RU/s of reads and 40,000 of writes) at 60,000 RU/s autoscale
// got the lines of SG017's 69,000 (7 partitions: 0.8 × (9,857.14 − 7,857.14) = 1,600), which a key on its 6 deployed
// partitions (0.8 × (10,000 − 9,166.67) = 666.67) never logs: the ticket and the page stayed silent through its throttling.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type GuardedContainerArgs } from '../../lib/pulumi';
import { installMocks, registeredAll, type Registered } from './support/mocks';

const engine = installMocks();

const monitoring = new CosmosAccountMonitoring('shop', {
  resourceGroupName: 'shop',
  account: { name: 'shopcosmos', id: '/subscriptions/0/resourceGroups/shop/providers/Microsoft.DocumentDB/databaseAccounts/shopcosmos' },
});
beforeAll(() => {
  jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
});
afterAll(() => jest.restoreAllMocks());

const messages = (totalGb?: number): GuardedContainerArgs['design'] => ({
  partitionKey: { paths: [{ path: '/conversationId', cardinality: 50_000_000 }] },
  workload: { peakReadUnits: 15_000, peakWriteUnits: 40_000 },
  // Below its storage minimum SG017 is an error: acknowledged, the container is deployed and Azure holds it at that minimum.
  ...(totalGb === undefined ? {} : { storage: { totalGb }, acknowledgements: [{ rule: 'SG017', reason: 'Raised with the next storage migration.' }] }),
  accessPatterns: [
    { name: 'last-50-messages', keyAttributes: ['/conversationId'], share: 0.8, limit: 50 },
    { name: 'unread-counts-of-user', keyAttributes: [], share: 0.2 },
  ],
});

/** The hotKey and throttledHotValue lines of a messages container at `autoscaleMax`, with its SG017 severity. */
async function lines(name: string, autoscaleMax: number, totalGb?: number) {
  const container = new GuardedContainer(name, { monitoring, database: 'chat', throughput: { autoscaleMax }, design: messages(totalGb) });
  await registeredAll([container, container.container, ...Object.values(container.alerts)]);
  const threshold = (alert: string) =>
    (engine.registered.find((r: Registered) => r.name === `${name}-${alert}`)?.inputs.criteria as { allOf: { threshold: number }[] }).allOf[0].threshold;
  return {
    sg017: container.findings.filter((f) => f.ruleId === 'SG017' && !f.acknowledged).map((f) => f.severity),
    hotKey: threshold('hot-key'),
    throttledHotValue: threshold('throttled-hot-value'),
  };
}

it('at 60,000 RU/s (SG017 warns, asks for 69,000): 80% of the 833.33 RU/s its 6 deployed partitions leave a key, not 1,600', async () => {
  expect(await lines('chat60', 60_000)).toEqual({ sg017: ['warning'], hotKey: 666.66, throttledHotValue: 666.66 });
});

it('at 69,000 RU/s, the raise made: 7 partitions of 9,857.14 beside 7,857.14 leave it 2,000, 80% of it 1,600', async () => {
  expect(await lines('chat69', 69_000)).toEqual({ sg017: [], hotKey: 1_600, throttledHotValue: 1_600 });
});

it('declared at 60,000 over 6,500 GB, held at the 65,000 its storage needs (10 RU/s per GB): 130 partitions of 500 beside 423.08, 80% of 76.92', async () => {
  expect(await lines('chat65', 60_000, 6_500)).toEqual({ sg017: [], hotKey: 61.53, throttledHotValue: 61.53 });
});
