/**
 * A message or fix is assembled from clauses, each of which its data may leave empty: no rendering may leave the
 * separators of an empty clause behind ("writes alone; , while a read": a calculated sharding's clause on its reads
 * rendered without the data that says which reads give its source).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DesignError, lintDocument, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';

const ROOT = join(__dirname, '../..');
const FOLDERS = ['examples/designs', 'test/published', 'test/lint'];
const STRAY_SEPARATORS = /[;,] ,|; ;/;

function designFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(folder, name));
}

function findingsOf(input: DesignInput): readonly Finding[] {
  try {
    return lintDocument(input).findings;
  } catch (error) {
    // A design written to be refused has no findings to render.
    if (error instanceof DesignError) return [];
    throw error;
  }
}

const strays = (findings: readonly Finding[]) =>
  findings.flatMap((f) => [f.message, f.fix ?? ''].filter((text) => STRAY_SEPARATORS.test(text)).map((text) => `${f.ruleId} ${f.path}: ${text}`));

describe('no rendered message or fix leaves an empty clause behind', () => {
  const files = FOLDERS.flatMap(designFiles).filter((file) => {
    const input = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { tables?: unknown; containers?: unknown };
    return Array.isArray(input.tables) || Array.isArray(input.containers);
  });

  it('reads the designs it checks', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files)('%s', (file) => {
    expect(strays(findingsOf(JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as DesignInput))).toEqual([]);
  });

  // 200 depots, the busiest writing 3,000 of 10,000 WCU (over a partition's 1,000 by itself), its reads of the whole
  // depot each 4 KB or less (so no shard count spreads them): SG003 shards the hottest value alone on the unique
  // parcelId, and its clause on the reads rendered empty ("writes alone; , while").
  it('says what a calculated sharding for the writes alone does to the reads no count spreads', () => {
    const parcels: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'parcels',
      partitionKey: { name: 'depotId', type: 'S', cardinality: 200 },
      sortKey: { name: 'parcelId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 20_000, peakWriteUnits: 10_000, hotKeyShare: 0.3 },
      accessPatterns: [{ name: 'parcels-of-depot', keyAttributes: ['depotId'], share: 1, resultKb: 4 }],
    };
    const findings = findingsOf(parcels);
    expect(strays(findings)).toEqual([]);
    expect(findings.find((f) => f.ruleId === 'SG003')?.fix).toContain(
      'appends the suffix to its writes alone; no declared read gives parcelId, so none finds one shard by it: every read of that value as a whole fans out over all 12, as over random shards',
    );
  });
});
