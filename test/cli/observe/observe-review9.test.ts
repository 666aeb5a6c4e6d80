/**
 * Review 9 of `skewguard observe`, on the reviewer's own exports (test/cli/observe/review9, copied from
 * the report): replicated copies counted twice, a hot key's share applied to peaks it was not measured
 * against, NormalizedRUConsumption's spread and range count, and where invalid JSON is.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { findingsOf } from './support';

const FIXTURES = join(__dirname, 'review9');

function withFixtures(files: Record<string, string>, fixtures: readonly string[]): string {
  const dir = tempTree(files);
  for (const name of fixtures) copyFileSync(join(FIXTURES, name), join(dir, name));
  return dir;
}

const manifest = (observation: Record<string, string>) => JSON.stringify({ periodSeconds: 60, observations: [observation] });

/** A feed table whose authors are kept as 2 replicated copies, declaring 1,000 WCU of logical writes. */
const replicatedFeed = (writes: number, capacity?: { read: number; write: number }) => ({
  tables: [
    {
      name: 'feed-rep-live',
      billing: capacity ? 'provisioned' : 'on-demand',
      partitionKey: { name: 'authorId', type: 'S', cardinality: 5000000 },
      sortKey: { name: 'postedAt', type: 'N', cardinality: 'unique' },
      workload: { peakReadUnits: 20000, peakWriteUnits: writes, hotKeyShare: 0.1 },
      sharding: { strategy: 'replicated', shards: 2 },
      ...(capacity ? { capacity: { read: { fixed: capacity.read }, write: { fixed: capacity.write } } } : {}),
    },
  ],
});

async function observeReplicated(design: unknown, args: string[] = []) {
  const dir = withFixtures(
    {
      'design.json': `${JSON.stringify(design, null, 2)}\n`,
      'manifest.json': manifest({ table: 'feed-rep-live', contributorInsights: 'rep.pkc.json', metrics: 'rep.metrics.json' }),
    },
    ['rep.pkc.json', 'rep.metrics.json'],
  );
  const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--no-color', '--format', 'json', ...args], { cwd: dir });
  return { dir, ...run };
}

describe('observe: a replicated key’s writes are counted as the design declares them, before the copies', () => {
  it('2,000 consumed WCU over 2 copies are the declared 1,000: no drift; reads (one copy each) are not divided', async () => {
    const run = await observeReplicated(replicatedFeed(1000));
    const findings = findingsOf(run.stdout);
    // rep.metrics.json: the busiest minute holds 120,000 WCU = 2,000 WCU/s consumed, ÷ 2 copies = 1,000.
    expect(findings.filter((f) => f.path.endsWith('peakWriteUnits'))).toEqual([]);
    // Reads are not divided: 1,200,000 RCU in the busiest minute = 20,000 RCU/s, the declared 20,000.
    const lower = await observeReplicated({
      tables: [{ ...replicatedFeed(1000).tables[0], workload: { peakReadUnits: 10000, peakWriteUnits: 1000, hotKeyShare: 0.1 } }],
    });
    expect(findingsOf(lower.stdout).find((f) => f.path.endsWith('peakReadUnits'))?.data).toMatchObject({ declared: 10000, observed: 20000 });
  });

  it('a design a previous run raised to 2,000 is over-declared by the copies, and the note says how writes were divided', async () => {
    // The exports cover less than 7 days: --min-window lets them lower a declaration (review 11 item 6).
    const run = await observeReplicated(replicatedFeed(2000), ['--below', '0.6', '--min-window', '1m']);
    expect(findingsOf(run.stdout).find((f) => f.path.endsWith('peakWriteUnits'))).toMatchObject({
      messageId: 'belowDeclared',
      data: { declared: 2000, observed: 1000 },
    });
    const text = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--no-color'], { cwd: run.dir });
    expect(text.stdout).toContain('peak writes 1,000 WCU/s');
    expect(text.stdout).toContain('(120,000 units at 2026-11-30T18:29:00.000Z) ÷ 2 replicated copies (deployed: the stored keys');
  });

  it('--update writes nothing that lint then multiplies again: lint of the file stays free of SG017 at 3,000 WCU provisioned', async () => {
    const run = await observeReplicated(replicatedFeed(1000, { read: 30000, write: 3000 }), ['--update']);
    expect(JSON.parse(readFileSync(join(run.dir, 'design.json'), 'utf8')).tables[0].workload.peakWriteUnits).toBe(1000);
    const lint = await cli(['lint', join(run.dir, 'design.json'), '--format', 'json']);
    // 1,000 declared × 2 copies = 2,000 WCU at peak, within 80% of 3,000; before the fix observe wrote 2,000 and lint counted 4,000.
    expect(findingsOf(lint.stdout).filter((f) => f.ruleId === 'SG017')).toEqual([]);
  });
});

/** The reviewer's feed: no access patterns; the celebrity author reads 177,000 units in the busiest minute. */
const FEED = {
  tables: [
    {
      name: 'feed-live',
      partitionKey: { name: 'authorId', type: 'S', cardinality: 5000000 },
      sortKey: { name: 'postedAt', type: 'N', cardinality: 'unique' },
      workload: { peakReadUnits: 20000, peakWriteUnits: 2000, hotKeyShare: 0.02 },
    },
  ],
};

describe('observe: the hottest key’s own load, beside its share', () => {
  it('DynamoDB: 177,000 units ÷ 60 s = 2,950 units/s: 2,950 RCU/s if all reads, 983 WCU/s if all writes', async () => {
    const dir = withFixtures(
      {
        'design.json': `${JSON.stringify(FEED, null, 2)}\n`,
        'manifest.json': manifest({ table: 'feed-live', contributorInsights: 'feed.pkc.json', metrics: 'feed.metrics.json' }),
      },
      ['feed.pkc.json', 'feed.metrics.json'],
    );
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--no-color'], { cwd: dir });
    expect(run.stdout).toContain(
      'which consumed 2,950 units/s (177,000 ConsumedThroughputUnits ÷ 60 s): 2,950 RCU/s if all reads, 983 WCU/s if all writes (a unit is 1 RCU or 1/3 WCU)',
    );
  });
});

/** The reviewer's catalogue container: 40 categories, products unique, 40,000 RU/s autoscale. */
const CATALOGUE = {
  containers: [
    {
      name: 'catalogue',
      throughput: { autoscaleMax: 40000 },
      partitionKey: {
        paths: [
          { path: '/categoryId', cardinality: 40 },
          { path: '/productId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 30000, peakWriteUnits: 2000 },
      storage: { totalGb: 120 },
    },
  ],
};

/** One busy minute: "electronics" reads 10 products × 42,000 RU; 20 other categories write 36,000 RU each. */
function catalogueRows() {
  const row = (category: string, product: string, operation: string, charge: number) => ({
    TimeGenerated: '2026-11-30T18:00:00Z',
    DatabaseName: 'shop',
    CollectionName: 'catalogue',
    PartitionKey: JSON.stringify([category, product]),
    OperationName: operation,
    RequestCharge: charge,
  });
  return [
    ...Array.from({ length: 10 }, (_, i) => row('electronics', `p${i}`, 'Query', 42000)),
    ...Array.from({ length: 20 }, (_, i) => row(`c${i}`, 'p0', 'Upsert', 36000)),
  ];
}

async function observeCatalogue(design: unknown, args: string[] = ['--format', 'json']) {
  const dir = withFixtures(
    {
      'design.json': `${JSON.stringify(design, null, 2)}\n`,
      'ru.json': JSON.stringify(catalogueRows()),
      'manifest.json': manifest({ container: 'catalogue', database: 'shop', ruConsumption: 'ru.json', normalizedRu: 'nru.json' }),
    },
    ['nru.json'],
  );
  return cli(['observe', 'design.json', '--observations', 'manifest.json', '--no-color', ...args], { cwd: dir });
}

describe('observe (Cosmos DB): the logged figures, the ranges’ spread and count, the uniform share', () => {
  it('prints the hottest first-level value’s logged load: 420,000 RU ÷ 60 s = 7,000 RU/s', async () => {
    const run = await observeCatalogue(CATALOGUE, []);
    expect(run.stdout).toContain('hottest first-level value share ≈ 0.368');
    expect(run.stdout).toContain('which logged 7,000 RU/s (420,000 RU logged ÷ 60 s)');
  });

  it('shows how every partition-key range stood at the busiest minute, and counts the ranges as physical partitions', async () => {
    const run = await observeCatalogue(CATALOGUE, []);
    expect(run.stdout).toContain(
      'NormalizedRUConsumption 100% (NormalizedRUConsumption Maximum, the highest of 120 datapoints (range 2 at 2026-11-30T18:00:00.000Z); at that minute the 4 ranges stood at median 55%, lowest 55%; 1 at 100%; the hottest: range 2 100%, range 0 55%, range 1 55%, range 3 55%;',
    );
    expect(run.stdout).toContain('physical partitions ≥ 4 (distinct PartitionKeyRangeIds of NormalizedRUConsumption at its last minute');
    // 4 ranges are the 4 partitions a 40,000 RU/s autoscale container is created with: nothing to report.
    expect(run.stdout).not.toContain('physicalPartitions 4');
  });

  it('more ranges than the design divides its RU/s by is drift, written as physicalPartitions', async () => {
    const design = { containers: [{ ...CATALOGUE.containers[0], throughput: { autoscaleMax: 20000 } }] };
    const findings = findingsOf((await observeCatalogue(design)).stdout);
    expect(findings.find((f) => f.path === 'containers[0].physicalPartitions')).toMatchObject({
      messageId: 'exceedsDeclared',
      data: { declared: 3, observed: 4, bound: 'lower' },
    });
  });

  it('says what the uniform share assumed where a unique level makes it 0', async () => {
    const findings = findingsOf((await observeCatalogue(CATALOGUE)).stdout);
    expect(findings.find((f) => f.path === 'containers[0].workload.hotKeyShare')?.message).toMatch(
      /^assumed \(uniform: 1\/cardinality, and `\/productId` is declared unique, a value per item, so no one full key is expected to take a measurable share\) hotKeyShare 0, observed/,
    );
  });
});

describe('observe: invalid JSON in an export is located as lint locates it', () => {
  it('names the line and column, not a character offset', async () => {
    const dir = withFixtures(
      {
        'design.json': JSON.stringify(FEED),
        'manifest.json': manifest({ table: 'feed-live', contributorInsights: 'broken.pkc.json' }),
      },
      ['broken.pkc.json'],
    );
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--no-color'], { cwd: dir });
    expect(run.stdout).toContain('broken.pkc.json:12:5: invalid JSON: line 12, column 5: expected "}", found the end of the file');
    expect(run.stdout).not.toContain('position');
    expect(run.code).toBe(2);
  });
});
