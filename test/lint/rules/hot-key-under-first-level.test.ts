/**
 * Two SG003 verdicts on Cosmos DB (issue 13 follow-ups, a stranger's review of the saas-cosmos designs).
 *
 * Decision 78: a hot value served within the full RU/s its physical partition has for it (its share of the container's
 * RU/s less its neighbours' expected load), above only the 80% headroom the design plans to use, is a warning, on a
 * hierarchical key's first level (`prefixHeadroomOnly`) and on a key value (`physicalHeadroomOnly`): at the peak it is
 * served, and only a burst above the peak throttles, as SG017 warns of a container within its RU/s.
 *
 * The full key under a whale first-level value: a first-level value's documents stay on one physical partition until
 * they hold 50 GB (Microsoft Learn, "Hierarchical partition keys"), so the full key's hottest value under the whale
 * tenant has the whale's other RU/s as its neighbours, not the container's average. Where the first level's fix serves
 * it whole (it is no more than the smallest bucket any offered count makes), the full key's finding defers to the
 * first level's, with its severity, instead of a raise of its own the first level's finding contradicts.
 */
import type { CosmosContainerDesign, CosmosKeyPathDesign } from '../../../lib';
import { lint, lintDocument } from '../../../lib';
import { fixDesignText } from '../../../lib/cli/fix';
import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** The reviewer's users container: `tenant` as the first level, 400,000 users, 30,000 reads + 10,000 writes. */
function users(tenant: CosmosKeyPathDesign, more: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'users',
    partitionKey: { paths: [tenant, { path: '/userId', cardinality: 400_000 }] },
    workload: { peakReadUnits: 30_000, peakWriteUnits: 10_000 },
    throughput: { manual: 48_000 },
    storage: { totalGb: 300 },
    ...more,
  });
}

/** The sound design's users container: a 5% tenant of 15,000 RU/s at autoscale 20,000 (4 physical partitions). */
const soundUsers = container({
  name: 'users',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2_000, hotKeyShare: 0.05, largestGb: 10 },
      { path: '/userId', cardinality: 400_000 },
    ],
  },
  workload: { peakReadUnits: 12_000, peakWriteUnits: 3_000 },
  throughput: { autoscaleMax: 20_000 },
  storage: { totalGb: 200 },
});

/** The same load under a flat key of tenants, the hottest taking `share` (of `reads` + 3,000 writes). */
function flatTenants(share: number, reads = 12_000): CosmosContainerDesign {
  return container({
    name: 'tenants',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 2_000, hotKeyShare: share }] },
    workload: { peakReadUnits: reads, peakWriteUnits: 3_000 },
    throughput: { autoscaleMax: 20_000 },
    storage: { totalGb: 200 },
  });
}

const whale = { path: '/tenantId', cardinality: 2_000, hotKeyShare: 0.5, largestGb: 40 } as const;

/** The users container with one document per user (`unique`) under the whale, the hottest user at `share` of the peak. */
const oneItemUsers = (share: number) =>
  users(whale, {
    partitionKey: { paths: [whale, { path: '/userId', cardinality: 'unique' }] },
    workload: { peakReadUnits: 30_000, peakWriteUnits: 10_000, hotKeyShare: share },
  });

testRule('SG003', {
  // 150 + (15,000 − 150) ÷ 4 = 3,862.5 within the 4,000 usable.
  valid: [{ name: 'a 1% tenant within its partition at 80%', design: flatTenants(0.01) }],
  invalid: [
    {
      // 750 RU/s beside (15,000 − 750) ÷ 4 = 3,562.5: over the 4,000 usable of 5,000, within the 5,000 (1,437.5 left in full).
      name: 'a first-level value served within its partition in full, above only the headroom, is a warning (Decision 78)',
      design: soundUsers,
      findings: [
        {
          messageId: 'prefixHot',
          path: 'partitionKey.paths[0]',
          severity: 'warning',
          notes: ['prefixSharedPartition', 'prefixHeadroomOnly', 'prefixReadsAndWrites'],
          data: { prefixLoad: 750, prefixUsable: 437.5, prefixRaw: 1_437.5 },
          message: /so its peak is served, but above the 80% the design plans to use, so this is a warning: no headroom is left for a burst above the peak/,
        },
      ],
    },
    {
      // The same figures on a flat key: 750 + 3,562.5 = 4,312.5 of the partition's 5,000.
      name: 'a key value served within its physical partition in full, above only the headroom, is a warning (Decision 78)',
      design: flatTenants(0.05),
      findings: [
        {
          messageId: 'hotKey',
          path: 'partitionKey.paths',
          severity: 'warning',
          notes: ['requestOverPhysical', 'physicalShare', 'physicalHeadroomOnly'],
          data: { physicalRaw: 1_437.5, requestUsable: 437.5 },
          message:
            /; within the 1,437\.5 RU\/s its physical partition has for it in full, so its peak is served, but above the 80% the design plans to use, so this is a warning/,
        },
      ],
    },
    {
      // 1,440 + (16,000 − 1,440) ÷ 4 = 5,080 > 5,000: it throttles at its peak, an error.
      name: 'a key value over its physical partition in full stays an error',
      design: flatTenants(0.09, 13_000),
      findings: [{ messageId: 'hotKey', path: 'partitionKey.paths', severity: 'error', notes: ['requestOverPhysical', 'physicalShare'] }],
    },
    {
      // The reviewer's flawed users: the 50% tenant's 20,000 RU/s on one partition of 6,250 (at SG017's 50,000 over 8).
      // Its hottest user, 1/200 of it (100 RU/s), has the tenant's other 19,900 RU/s beside it, not the container
      // average's 4,987.5; the first level's fix (65 buckets at 52,700 RU/s, or 8 at 71,900) puts it whole in one
      // bucket (0.5% of the tenant, under 1/65): the full key's finding defers to it, with no raise of its own. Its share
      // is declared: estimated, the tenant's 40 GB of 300 would spread it over about 53,333 users, not the average 200.
      name: "the full key's hottest value under a whale tenant is judged beside the whale, and defers to its fix",
      design: users(whale, { workload: { peakReadUnits: 30_000, peakWriteUnits: 10_000, hotKeyShare: 0.0025 } }),
      findings: [
        {
          messageId: 'hotKeyUnderFirstLevel',
          path: 'partitionKey.paths',
          severity: 'error',
          data: { hotKeyLoad: 100, levelRest: 19_900, levelLeft: 0, prefixLoad: 20_000, prefixUsable: 2_500, splitInto: 65, insideShare: 0.005 },
          message:
            "the hottest (`/tenantId`, `/userId`) value takes 0.25% (declared) of the peak: 100 RU/s under the hottest `/tenantId` value, whose documents stay on one physical partition until they hold 50 GB, so its neighbours there are that value's other 19,900 RU/s before any other: SG003 at `partitionKey.paths[0]` judges that value's 20,000 RU/s against the usable 2,500 RU/s left there beside the other first-level values, which leaves this one 0 RU/s",
          fix: /^apply the fix of the hottest `\/tenantId` value \(SG003 at `partitionKey\.paths\[0\]`\), which serves every value under it: this value is 0\.5% of its load, no more than the 1\/65 the smallest of the buckets that fix offers takes/,
          edits: false,
        },
        { messageId: 'prefixHot', path: 'partitionKey.paths[0]', severity: 'error', fix: /mod 65/, edits: false },
      ],
    },
    {
      // One document per user (`unique`), the hottest declared at 5% of the peak, 10% of the tenant: more than a bucket
      // of 65 takes, and one item no bucket splits. The first level's fix does not serve it: its own plan stays, judged
      // beside the whale's other 18,000 RU/s (not the container's average), and it says why the buckets cannot hold it:
      // the bucket holding it takes 2,000 + 18,000 ÷ 65 RU/s where the count sizes each for 20,000 ÷ 65 (verdict27).
      name: "a full key value more than a bucket of the whale's keeps its own plan, and says the buckets cannot hold it",
      design: oneItemUsers(0.05),
      findings: [
        {
          messageId: 'hotKeyUnderFirstLevel',
          notes: ['beyondFirstLevelBuckets'],
          path: 'partitionKey.paths',
          severity: 'error',
          data: { hotKeyLoad: 2_000, levelRest: 18_000, levelLeft: 0, prefixLoad: 20_000, prefixUsable: 2_500, insideShare: 0.1, buckets: 65 },
          message:
            /that value's buckets \(SG003 at `partitionKey\.paths\[0\]`\) cannot hold this one: a bucket holds each \(`\/tenantId`, `\/userId`\) value whole \(this one is one item, which no bucket splits\), and it is 10% of that value's load, more than the 1\/65 a bucket is sized for: the bucket holding it would take 2,276\.92 RU\/s \(its 2,000 and 1\/65 of the other 18,000\) where the count sizes each for 307\.69; so this value keeps the plan of its own below, applied with those buckets, not instead of them/,
          fix: /^create the container at 48,000 RU\/s, no more, then raise it to 63,200 RU\/s .*then shard \(`\/tenantId`, `\/userId`\) into N = 59 random shards/,
        },
        {
          messageId: 'prefixHot',
          path: 'partitionKey.paths[0]',
          severity: 'error',
          fix: /mod 65.*, 10% of the hottest \/tenantId value, more than the 1\/65 a bucket may take, is one item/,
        },
      ],
    },
    {
      // The same user at 30% of the peak: 12,000 RU/s, above the 10,000 RU/s of one logical partition, which no bucket lifts.
      name: 'a full key value above the logical ceiling under a whale says no bucket lifts it',
      design: oneItemUsers(0.3),
      findings: [
        {
          messageId: 'hotKeyUnderFirstLevel',
          notes: ['beyondFirstLevelBuckets'],
          path: 'partitionKey.paths',
          severity: 'error',
          data: { hotKeyLoad: 12_000, levelRest: 8_000, insideShare: 0.6, overLogical: 1, logicalCeiling: 10_000 },
          message: /, and no bucket lifts a value above the 10,000 RU\/s of one logical partition; so this value keeps the plan of its own below/,
          fix: /: put the integrated cache in front of the reads of the hottest/,
        },
        {
          messageId: 'prefixHot',
          path: 'partitionKey.paths[0]',
          severity: 'error',
          fix: /60% of the hottest \/tenantId value, more than the 1\/\d+ a bucket may take, is one item/,
        },
      ],
    },
  ],
});

describe("the full key's finding and its first level's agree", () => {
  it('in severity: under a first level over only its headroom, both are warnings', () => {
    // The sound audit-log: a 3% tenant on the current day, its 210 RU/s within its partition's 535 in full.
    const audit = container({
      name: 'audit-log',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 2_000, hotKeyShare: 0.03 },
          { path: '/day', cardinality: 365 },
        ],
      },
      workload: { peakReadUnits: 1_000, peakWriteUnits: 6_000 },
      throughput: { autoscaleMax: 10_000 },
      storage: { totalGb: 300 },
    });
    const found = lint(audit).filter((f) => f.ruleId === 'SG003');
    expect(found.map((f) => [f.path, f.severity])).toEqual([
      ['partitionKey.paths', 'warning'],
      ['partitionKey.paths[0]', 'warning'],
    ]);
  });
});

describe('a full key value more than a bucket under a whale (verdict27)', () => {
  it('--fix converges: the two SG003 findings name one bucket count and one share, and a second run writes nothing', () => {
    const text = JSON.stringify({ containers: [oneItemUsers(0.05)] }, null, 2);
    const first = fixDesignText(text, {});
    // SG017 raises for the peak's 50,000, not the 52,700 the tenant's synthetic buckets need (a new key --fix does not write).
    expect(first.fixes.map((f) => [f.ruleId, f.edits?.[0]])).toEqual([['SG017', { op: 'set', path: 'containers[0].throughput.manual', value: 50_000 }]]);
    expect(fixDesignText(first.text, {}).fixes).toEqual([]);
    const result = lintDocument(JSON.parse(first.text));
    // At 50,000 both findings are left, each naming its raise by hand (the tenant's 52,700 and buckets, the full key's
    // 63,200 and shards under it), neither with an edit --fix could write.
    const left = ('findings' in result ? result.findings : []).filter((f) => f.ruleId === 'SG003');
    expect(left.map((f) => [f.messageId, f.edits])).toEqual([
      ['hotKeyUnderFirstLevel', undefined],
      ['prefixHot', undefined],
    ]);
  });

  it('a transactional scope on a key level keeps the value whole: said so, beside the whale', () => {
    // `/userId` holds many documents, but a batch scoped to it keeps each user whole in one bucket (prefixBucketsCannotSplit).
    const scoped = users(whale, {
      workload: { peakReadUnits: 30_000, peakWriteUnits: 10_000, hotKeyShare: 0.05 },
      invariants: [{ kind: 'transactional-batch', scopeAttribute: '/userId' }],
    });
    const [full] = lint(scoped).filter((f) => f.ruleId === 'SG003');
    expect(full).toMatchObject({
      messageId: 'hotKeyUnderFirstLevel',
      notes: ['beyondFirstLevelBuckets'],
      data: { levelRest: 18_000, insideShare: 0.1, scope: '/userId' },
    });
    expect(full.message).toContain(
      'a bucket holds each (`/tenantId`, `/userId`) value whole (`/userId`, the scope of `transactional-batch`, keeps this one whole)',
    );
  });
});
