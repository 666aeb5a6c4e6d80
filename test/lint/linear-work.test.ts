import { generateDesigns, wideTable } from '../../bench/designs';
import { lint, type DesignDocument } from '../../lib';

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
