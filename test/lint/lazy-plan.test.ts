import { lint } from '../../lib';
import { SpaceAnalysis } from '../../lib/lint/analysis';

/** How many key spaces' plans `run` makes: counted on the lazy getter, whatever the machine's speed. */
function plansMade(run: () => void): number {
  const getter = Object.getOwnPropertyDescriptor(SpaceAnalysis.prototype, 'plan') as PropertyDescriptor;
  const made = new Set<SpaceAnalysis>();
  Object.defineProperty(SpaceAnalysis.prototype, 'plan', {
    configurable: true,
    get(this: SpaceAnalysis) {
      made.add(this);
      return getter.get?.call(this);
    },
  });
  try {
    run();
  } finally {
    Object.defineProperty(SpaceAnalysis.prototype, 'plan', getter);
  }
  return made.size;
}

describe('a key space is planned only when a rule reports on it', () => {
  it('makes no plan for an unsharded table whose keys all fit', () => {
    const findings: unknown[] = [];
    const plans = plansMade(() =>
      findings.push(
        ...lint({
          engine: 'dynamodb',
          name: 'orders',
          partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
          workload: { peakReadUnits: 100, peakWriteUnits: 100 },
          globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: 'S', cardinality: 100000 } }],
        }),
      ),
    );
    expect(findings).toEqual([]);
    expect(plans).toBe(0);
  });

  it('still plans a sharded key, whose sharding the rules judge against its plan', () => {
    const plans = plansMade(() =>
      lint({
        engine: 'dynamodb',
        name: 'orders',
        partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 100 },
        sharding: { strategy: 'random', shards: 4 },
      }),
    );
    expect(plans).toBe(1);
  });
});
