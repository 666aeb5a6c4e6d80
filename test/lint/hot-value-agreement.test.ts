/**
 * agree34 item 1: SG001 and SG003 on one key judged its hottest value with two severity rules. On the outbox keyed by
 * `/status` (4 values, 60% of the writes on `PENDING`, 20,000 RU/s on 2 physical partitions), SG001 was an error, "over
 * the usable ceiling on one key (7,600 of a usable 6,800 RU/s)", and SG003 a warning, "within the 8,800 RU/s its
 * physical partition has for it in full". Both now take their figures and verdict from one function
 * (lib/lint/hot-value-verdict.ts): a physical partition serves 10,000 RU/s (Azure: "Azure Cosmos DB service quotas"),
 * so a value within that, less its neighbours, is served at its peak and misses only the headroom: a warning in both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { lint, type CosmosContainerDesign, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';
import { cosmosContainer, dynamoTable } from '../support/arbitrary-designs';

const outbox = (autoscaleMax: number, hotKeyShare = 0.6, cardinality = 4): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'outbox',
  partitionKey: { paths: [{ path: '/status', cardinality }] },
  workload: { peakReadUnits: 4_000, peakWriteUnits: 6_000, hotKeyShare },
  throughput: { autoscaleMax },
  storage: { totalGb: 50, largestPartitionGb: 5 },
  accessPatterns: [{ name: 'pending-due', keyAttributes: ['/status'], share: 1, keyValue: 'PENDING' }],
});

/** What a finding on a key's hottest value states of it: its load, its usable ceiling, the full share, and the verdict. */
function statedFigures(f: Finding) {
  const d = f.data ?? {};
  return f.ruleId === 'SG001'
    ? { load: d.hotLoad, usable: d.hotUsable, inFull: d.physicalRaw, severity: f.severity }
    : { load: d.hotKeyLoad, usable: d.usable, inFull: d.physicalRaw, severity: f.severity };
}

/** Each key on which both SG001 (its hottest value over: `fewValues`) and SG003 report, with what each states. */
function pairs(findings: readonly Finding[]) {
  const over = findings.filter((f) => f.ruleId === 'SG001' && f.data?.hotUsable !== undefined && f.message.includes('is over the usable ceiling'));
  return over.flatMap((sg001) => {
    const sg003 = findings.find((f) => f.ruleId === 'SG003' && f.path === sg001.path && f.index === sg001.index && f.data?.hotKeyLoad !== undefined);
    return sg003 ? [{ key: `${sg001.path}${sg001.index ? ` (${sg001.index})` : ''}`, sg001: statedFigures(sg001), sg003: statedFigures(sg003) }] : [];
  });
}

const disagreements = (design: DesignInput) => pairs(lint(design)).filter((p) => JSON.stringify(p.sg001) !== JSON.stringify(p.sg003));

describe('SG001 and SG003 on one key state one usable figure and one verdict', () => {
  it('the outbox: both a warning, 7,600 of a usable 6,800 RU/s, within the 8,800 its partition has in full', () => {
    const findings = lint(outbox(20_000));
    const [pair] = pairs(findings);
    expect(pair?.sg001).toEqual({ load: 7_600, usable: 6_800, inFull: 8_800, severity: 'warning' });
    expect(pair?.sg003).toEqual(pair?.sg001);
    const sg001 = findings.find((f) => f.ruleId === 'SG001');
    expect(sg001?.message).toContain('within the 8,800 RU/s its physical partition has for it in full, so its peak is served');
    expect(sg001?.message).not.toContain('throttles on its own');
  });

  it('past the full share (16,000 RU/s: 8,000 each, 6,800 left of it in full), both an error', () => {
    const [pair] = pairs(lint(outbox(16_000)));
    expect(pair?.sg001.severity).toBe('error');
    expect(pair?.sg003).toEqual(pair?.sg001);
  });

  const examples = ['bad', 'good'].flatMap((dir) => {
    const folder = join(__dirname, '../../examples/designs', dir);
    return readdirSync(folder).map((file) => [`${dir}/${file}`, JSON.parse(readFileSync(join(folder, file), 'utf8')) as DesignInput] as const);
  });
  it.each(examples)('on the shipped example %s', (_, design) => {
    expect(disagreements(design)).toEqual([]);
  });

  // A grid over the outbox: throughput, hottest share and cardinality, on both sides of each line.
  const grid = [12_000, 16_000, 20_000, 24_000, 40_000].flatMap((ru) =>
    [0.3, 0.45, 0.6, 0.8].flatMap((share) => [2, 4, 10, 50].filter((c) => share >= 1 / c).map((cardinality) => [ru, share, cardinality] as const)),
  );
  it('over a grid of Cosmos DB status keys', () => {
    const judged = grid.flatMap(([ru, share, cardinality]) => {
      return pairs(lint(outbox(ru, share, cardinality))).map((p) => ({ ru, share, cardinality, ...p }));
    });
    // The grid reaches both verdicts, so the comparison below has something to compare.
    expect(new Set(judged.map((p) => p.sg003.severity))).toEqual(new Set(['error', 'warning']));
    expect(judged.filter((p) => JSON.stringify(p.sg001) !== JSON.stringify(p.sg003))).toEqual([]);
  });

  it('over a grid of DynamoDB keys, beside their neighbours or alone', () => {
    const table = (cardinality: number, hotKeyShare: number, peakWriteUnits: number): DynamoDbTableDesign => ({
      engine: 'dynamodb',
      name: 'jobs',
      partitionKey: { name: 'status', type: 'S', cardinality },
      workload: { peakReadUnits: 1_000, peakWriteUnits, hotKeyShare },
    });
    const judged = [2, 4, 10, 50].flatMap((cardinality) =>
      [0.3, 0.5, 0.7, 0.9]
        .filter((share) => share >= 1 / cardinality)
        .flatMap((share) =>
          [800, 1_200, 2_000, 5_000].flatMap((writes) => pairs(lint(table(cardinality, share, writes))).map((p) => ({ cardinality, share, writes, ...p }))),
        ),
    );
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.filter((p) => JSON.stringify(p.sg001) !== JSON.stringify(p.sg003))).toEqual([]);
  });

  it('over generated designs', () => {
    fc.assert(
      fc.property(fc.oneof(cosmosContainer, dynamoTable), (design) => {
        expect(disagreements(design)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
