// Deterministic generator of varied, valid design documents for the benchmark.
'use strict';

/** mulberry32: a tiny seeded PRNG so every run lints the same designs. */
function prng(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateDesigns(count, seed = 42) {
  const random = prng(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const cardinality = () => pick([3, 12, 150, 5000, 200000, 'unique']);
  const designs = [];
  for (let i = 0; i < count; i++) {
    const peakWriteUnits = Math.round(random() * 50000);
    const peakReadUnits = Math.round(random() * 50000);
    if (i % 3 === 2) {
      designs.push({
        engine: 'cosmosdb',
        name: `container-${i}`,
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: pick([50, 500, 2000]) },
            { path: pick(['/userId', '/deviceId', '/day']), cardinality: cardinality() },
          ],
        },
        workload: { peakReadUnits, peakWriteUnits },
        storage: { largestPartitionGb: Math.round(random() * 40) },
        accessPatterns: [
          { name: 'by-tenant', keyAttributes: ['/tenantId'], share: 0.7 },
          { name: 'scan', keyAttributes: [], share: 0.1 },
        ],
      });
      continue;
    }
    const sharded = random() < 0.3;
    designs.push({
      engine: 'dynamodb',
      name: `table-${i}`,
      partitionKey: { name: pick(['eventId', 'status', 'orderDate', 'userId']), type: 'S', cardinality: cardinality() },
      sortKey: { name: 'itemId', type: 'S', cardinality: 'unique' },
      billing: pick(['on-demand', 'provisioned']),
      workload: { peakReadUnits, peakWriteUnits },
      ...(sharded ? { sharding: { strategy: 'calculated', shards: pick([4, 25, 120]), sourceAttribute: 'itemId' } } : {}),
      globalSecondaryIndexes: [
        {
          indexName: 'by-customer',
          partitionKey: { name: 'customerId', type: 'S', cardinality: cardinality() },
          sortKeys: [
            { name: 'country', type: 'S', cardinality: 200 },
            { name: 'city', type: 'S', cardinality: 20000 },
          ],
        },
      ],
      accessPatterns: [
        { name: 'one-item', keyAttributes: ['eventId', 'userId', 'status', 'orderDate', 'itemId'], share: 0.8 },
        { name: 'by-customer', index: 'by-customer', keyAttributes: ['customerId'], share: 0.2 },
      ],
      monitoring: { contributorInsights: random() < 0.9, latencyAlarms: random() < 0.9 },
    });
  }
  return designs;
}

/**
 * One DynamoDB table with `n` GSIs and one access pattern on each: the bench's scale case, and the
 * design test/lint/linear-work.test.ts counts the lint's work on.
 */
function wideTable(n) {
  return {
    engine: 'dynamodb',
    name: 'wide',
    partitionKey: { name: 'id', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
    globalSecondaryIndexes: Array.from({ length: n }, (_, i) => ({
      indexName: `index-${i}`,
      partitionKey: { name: `key${i}`, type: 'S', cardinality: 'unique' },
    })),
    accessPatterns: Array.from({ length: n }, (_, i) => ({ name: `pattern-${i}`, index: `index-${i}`, keyAttributes: [`key${i}`], share: 1 / (n + 1) })),
  };
}

module.exports = { generateDesigns, wideTable };
