import { lint, type DynamoDbTableDesign, type ShardingDesign } from '../../lib';
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

/** How many key spaces `run` judges the reads of by a shard source (`gatheredWith`, which `readsSpread` is made by). */
function readsJudged(run: () => void): number {
  const gatheredWith = SpaceAnalysis.prototype.gatheredWith;
  const judged = new Set<SpaceAnalysis>();
  SpaceAnalysis.prototype.gatheredWith = function (this: SpaceAnalysis, source) {
    judged.add(this);
    return gatheredWith.call(this, source);
  };
  try {
    run();
  } finally {
    SpaceAnalysis.prototype.gatheredWith = gatheredWith;
  }
  return judged.size;
}

describe('the reads are judged by a shard source only where shards divide them', () => {
  // Item collections read by a pattern that gives an attribute a calculated shard could hash (`customerId`).
  const orders = (sharding?: ShardingDesign): DynamoDbTableDesign => ({
    engine: 'dynamodb',
    name: 'orders',
    partitionKey: { name: 'storeId', type: 'S', cardinality: 100000 },
    sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 100, peakWriteUnits: 100 },
    accessPatterns: [{ name: 'orders-of-customer', keyAttributes: ['storeId', 'customerId'], share: 1 }],
    ...(sharding ? { sharding } : {}),
  });

  it('judges none for an unsharded table whose keys all fit', () => {
    const findings: unknown[] = [];
    expect(readsJudged(() => findings.push(...lint(orders())))).toBe(0);
    expect(findings).toEqual([]);
  });

  it('judges the reads of a sharded key, whose shards divide them', () => {
    expect(readsJudged(() => lint(orders({ strategy: 'random', shards: 4 })))).toBeGreaterThan(0);
  });
});
