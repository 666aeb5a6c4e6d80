/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Stranger 34b: a CRM container (/tenantId → /accountId → /contactId, 5,000 tenants, the largest 200 GB and 35% of
// requests, 30,000 RU/s autoscale: 8 partitions of 3,750) replayed "hot key growing for days": one contact of a small
// tenant. The throttledHotValue page's line, drawn for tenants (1,950 RU/s: 80% of what the whale leaves a tenant on its
// partitions), was above the 1,875 RU/s the contact can use beside its neighbours' planned load (its range's 3,750 less
// 15,000 ÷ 8), all a tenant whose load is that one key ever logs: the page never fired, and the first page was
// normalizedRu's, 1,080 minutes after the first sustained 429s. The page's line is now at most the hotKey line.
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, GuardedContainer, type ContainerDesign } from '../../lib/pulumi';
import { cosmosIncident, healthyCosmosWeek, replayProgram, skewguardQueries, type ContainerReplay, type RegisteredResource } from '../../lib/testing/replay';
import { installMocks, registeredAll } from '../pulumi/support/mocks';
import { accountIds, alertThreshold, customResources } from './support/pulumi-program';

const engine = installMocks();
const { account: ACCOUNT_ID, oncall: ONCALL } = accountIds('rg', 'acct');

const crm: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 5_000, hotKeyShare: 0.35, largestGb: 200 },
      { path: '/accountId', cardinality: 2_000_000, largestGb: 2 },
      { path: '/contactId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 11_000, peakWriteUnits: 4_000 },
  storage: { totalGb: 400, largestPartitionGb: 0.01 },
  accessPatterns: [
    { name: 'contact-by-id', keyAttributes: ['/tenantId', '/accountId', '/contactId'], share: 0.3 },
    { name: 'contacts-of-account', keyAttributes: ['/tenantId', '/accountId'], share: 0.6 },
    { name: 'tenant-search', keyAttributes: ['/tenantId'], share: 0.1 },
  ],
};

let resources: RegisteredResource[];
let component: GuardedContainer;
let warnings: string[];
beforeAll(async () => {
  const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const monitoring = new CosmosAccountMonitoring('acct', { resourceGroupName: 'rg', account: { name: 'acct', id: ACCOUNT_ID }, actionGroupIds: [ONCALL] });
  component = new GuardedContainer('crm', { monitoring, database: 'app', throughput: { autoscaleMax: 30_000 }, design: crm });
  await registeredAll([component, component.container, ...Object.values(component.alerts)]);
  resources = customResources(engine.registered);
  warnings = warn.mock.calls.map(([m]) => String(m));
});
afterAll(() => jest.restoreAllMocks());

const queries = skewguardQueries([{ databaseName: 'app', containerName: 'crm' }]);
const profiles = () => ({ crm: { throughput: { kind: 'autoscale' as const, ru: 30_000 }, storageGb: 400, peakRu: 15_000, design: component.design } });
const replay = (scenario: Parameters<typeof replayProgram>[1]): ContainerReplay => replayProgram(resources, scenario, { queries }).containers.crm;
const thresholdOf = (name: string) => alertThreshold(resources, name);

const PAGE_ALERTS = /-(throttled-hot-value|hot-partition-range|throttle-rate)$/;
/** Each alert's first notification, minutes after the first of 3 consecutive minutes with 429s. */
function firstAfterSustained429(c: ContainerReplay): Record<string, number> {
  const first: Record<string, number> = {};
  for (const p of c.pages) first[p.alert] ??= p.minute - (c.truth.firstSustained429 as number);
  return first;
}

// Before: 1,950 (hotPrefix 2,025).
it('the throttledHotValue page judges a contact against the hotKey line (1,500 RU/s: 80% of the 1,875 it can use) and a tenant against the tenant line (1,950 beside the whale, 2,025 elsewhere)', () => {
  expect(['crm-hot-key', 'crm-hot-prefix', 'crm-throttled-hot-value'].map(thresholdOf)).toEqual([1_500, 2_025, 1_500]);
  // The rule's threshold is the contact's line; a tenant's total is judged in the query against the tenant line: 1,950
  // on one of the whale's 4 partitions, 2,025 (hotPrefix's) elsewhere.
  const query = (resources.find((r) => r.name === 'crm-throttled-hot-value')?.inputs.criteria as { allOf: { query: string }[] }).allOf[0].query;
  expect(/> ([0-9.]+);\nlet prefix/.exec(query)?.[1]).toBe('1500');
  expect(query).toContain('| where SustainedRUPerSecond > iff(PartitionKeyRangeId in (besideSpanning), 1950, 2025)');
  // The whale (1,312.5 RU/s planned on each of its 4 partitions, 1,443.75 with its margin) stays under it: nothing said.
  expect(warnings.filter((w) => w.includes('drawn on each physical partition'))).toEqual([]);
});

// Before: { crm-hot-key: 125, crm-hot-partition-range: 1,080, crm-throttle-rate: 2,140 }: no throttledHotValue page. Alerts35: the
// page 125 → 27 minutes, the range page 1,080 → 147, once the replay added its per-second spreads' variances (not deviations): the
// contact's range now throttles in sparse seconds from minute 1,099 and sustained from 2,098 (1,018 and 1,090 before).
it('"hot key growing for days" on one contact is paged 27 minutes after its first sustained 429s, not 1,080', () => {
  const growing = replay(cosmosIncident('hot key growing for days', profiles(), 'crm'));
  expect([growing.truth.first429, growing.truth.firstSustained429, growing.truth.firstKeyOver80]).toEqual([1_099, 2_098, 1_202]);
  expect(firstAfterSustained429(growing)).toEqual({
    'crm-hot-key': -883,
    'crm-throttled-hot-value': 27,
    'crm-hot-partition-range': 147,
    'crm-throttle-rate': 1_212,
  });
});

it('healthy weeks page no one (seeds 3, 4 and 5)', () => {
  const pages = [3, 4, 5].map((seed) => replay(healthyCosmosWeek(profiles(), seed)).pages.filter((p) => PAGE_ALERTS.test(p.alert)));
  expect(pages).toEqual([[], [], []]);
});
