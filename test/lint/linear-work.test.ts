import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDesigns, wideTable } from '../../bench/designs';
import { lint, type CosmosContainerDesign, type DesignDocument } from '../../lib';
import { profileOf } from '../../lib/engines';

/** The array methods a per-GSI scan of every GSI would use (`find`, `some`, `filter`…). */
const SCANS = ['find', 'findIndex', 'some', 'every', 'includes', 'indexOf', 'filter', 'map', 'forEach', 'flatMap', 'reduce'] as const;

/**
 * Work, counted instead of timed: the elements every array scan visits while `run` runs. A lookup
 * that scans all GSIs once per GSI makes this grow with n², whatever the machine's speed.
 */
function elementsScanned(run: () => void): number {
  const originals = SCANS.map((name) => [name, Array.prototype[name]] as const);
  let visited = 0;
  for (const [name, original] of originals) {
    Object.defineProperty(Array.prototype, name, {
      configurable: true,
      writable: true,
      value(this: unknown[], ...args: unknown[]) {
        visited += this.length;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
  try {
    run();
  } finally {
    for (const [name, original] of originals) Object.defineProperty(Array.prototype, name, { configurable: true, writable: true, value: original });
  }
  return visited;
}

describe('lint work grows linearly with the GSIs of a table', () => {
  it('scans about 3× the elements for 3,000 GSIs and access patterns as for 1,000', () => {
    const small = wideTable(1000);
    const large = wideTable(3000);
    const a = elementsScanned(() => lint(small));
    const b = elementsScanned(() => lint(large));
    // Every GSI is visited at least once: the counter sees the work.
    expect(a).toBeGreaterThan(1000);
    // Quadratic lookups would make this about 9.
    expect(b / a).toBeLessThan(3.3);
    expect(b / a).toBeGreaterThan(2.7);
  });
});

/** A stranger's feature store (3,000 of these in one file took 45 s): a first level of 4 values, one 40% hot. */
const featureStore: DesignDocument = {
  containers: [
    {
      name: 'features',
      partitionKey: {
        paths: [
          { path: '/entityType', cardinality: 4, hotKeyShare: 0.4, largestGb: 80 },
          { path: '/entityId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 60000, peakWriteUnits: 3000 },
      throughput: { manual: 80000 },
      storage: { totalGb: 85, largestPartitionGb: 0.001 },
      accessPatterns: [{ name: 'point-read-features', keyAttributes: ['entityType', 'entityId'], share: 1 }],
    },
  ],
};

describe('SG003 searches the RU/s grid for the raises that let buckets serve, instead of walking it', () => {
  it('lints a container offered raises for buckets for a few times the work of an average design', () => {
    const [finding] = lint(featureStore);
    // The raises found: the least at which a count within maxShards serves (99 buckets at 82,900 RU/s), and the least
    // at which no more buckets than partitions do (14 at 108,000): 252 steps of 100 RU/s apart.
    expect(finding.data).toMatchObject({ bucketRaiseTo: 82900, bucketsAtRaise: 99, fewRaiseTo: 108000, fewBuckets: 14 });
    const designs = generateDesigns(200);
    const average = elementsScanned(() => designs.forEach((design) => lint(design))) / designs.length;
    const container = elementsScanned(() => lint(featureStore));
    // Linting the design at every step of the grid between the two made it 23× an average design; halving each stretch, about 3×.
    expect(container / average).toBeLessThan(8);
  });
});

/**
 * The work of a fix's raise searches, counted instead of timed: the physical partitions' shares judged (the engine
 * profile's `physicalShare`, one per count tried at a raise) and the objects built (`Object.assign`: every raised
 * design, copy of the container and share a search judges is one). A walk of every 100 RU/s of the grid makes both grow
 * with the RU/s between the declared throughput and the raise; halving, with their logarithm.
 */
function searchWork(run: () => void): { readonly shares: number; readonly built: number } {
  const profile = profileOf('cosmosdb');
  const share = profile.physicalShare;
  const assign = Object.assign;
  let shares = 0;
  let built = 0;
  profile.physicalShare = (...args) => {
    shares += 1;
    return share?.apply(profile, args);
  };
  Object.assign = (...args: Parameters<typeof Object.assign>) => {
    built += 1;
    return assign(...args);
  };
  try {
    run();
  } finally {
    profile.physicalShare = share;
    Object.assign = assign;
  }
  return { shares, built };
}

describe('the raises a fix offers are searched by halving the RU/s grid, not by walking it', () => {
  it('SG003 on a flat key that shards at a raise (shardRaises): a few dozen shares judged', () => {
    // review12's conversation: 44 shards at 52,700 RU/s, 3 at 89,400, from 40,000 (494 points of the grid).
    const chat = JSON.parse(readFileSync(join(__dirname, 'review12', 'chat-messages.json'), 'utf8')) as CosmosContainerDesign;
    let data: unknown;
    const work = searchWork(() => (data = lint(chat).find((f) => f.ruleId === 'SG003')?.data));
    expect(data).toMatchObject({ leastShardRaiseTo: 52_700, leastShards: 44, fewestShardRaiseTo: 89_400, fewestShards: 3 });
    // A share at every grid point up to each raise judged 775.
    expect(work.shares).toBeLessThan(150);
  });

  it('SG003 on a read-hot key whose copies fit at a raise (copiesAtRaise): no copy of the container per count and grid point', () => {
    // copies-at-raise.test.ts's catalogue: 2 copies at 166,300 RU/s, from 140,000.
    const viral: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'catalogue',
      partitionKey: { paths: [{ path: '/productId', cardinality: 1_000_000 }] },
      workload: { peakReadUnits: 100_000, peakWriteUnits: 5_000, hotKeyShare: 0.02, hotKeyOperations: 'reads' },
      throughput: { manual: 140_000 },
      storage: { totalGb: 500 },
    };
    let data: unknown;
    const work = searchWork(() => (data = lint(viral).find((f) => f.ruleId === 'SG003')?.data));
    expect(data).toMatchObject({ shards: 2, copiesRaiseTo: 166_300 });
    // Trying every count up to maxShards at each of the 263 grid points built 35,000 objects.
    expect(work.built).toBeLessThan(10_000);
  });

  it('SG003 on a bucketed first level (bucketRaises): each raise asks only whether a count within the cap serves', () => {
    let data: unknown;
    const work = searchWork(() => (data = lint(featureStore)[0].data));
    expect(data).toMatchObject({ bucketRaiseTo: 82900, bucketsAtRaise: 99, fewRaiseTo: 108000, fewBuckets: 14 });
    // Narrowing every raise tried to its fewest buckets (about 11 counts each) judged 290 shares.
    expect(work.shares).toBeLessThan(150);
  });
});
