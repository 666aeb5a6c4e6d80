/**
 * `--fix` on hier27's designs (try27a, a stranger's review). 1: `clicks`, whose full key SG003 once told to shard into
 * 24 (written by --fix; the re-lint then passed while the `/advertiserId` value, at least the full key's 30%, stayed over
 * its physical partition). 3: `impressions`, whose bucket fix, followed literally, kept the full key's 35% and 35 GB
 * and asked for 100 × 100 shards; the fix now says which figures to re-declare, and the design so written passes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintDocument, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { cli, tempTree } from './helpers';

const designs = join(__dirname, '../lint/hier27');
const read = (file: string) => readFileSync(join(designs, file), 'utf8');
const findings = (text: string): Finding[] => {
  const result = lintDocument(JSON.parse(text));
  return 'findings' in result ? result.findings : [];
};

describe('--fix under a hot first level (hier27)', () => {
  it('writes no shards under the hot /advertiserId prefix, and the re-lint still reports it (item 1)', async () => {
    const clicks = JSON.parse(read('ads-flawed.json')).containers[1];
    const dir = tempTree({ 'clicks.json': JSON.stringify({ containers: [clicks] }, null, 2) });
    const file = join(dir, 'clicks.json');
    await cli(['lint', file, '--fix', '--no-color']);
    const after = readFileSync(file, 'utf8');
    expect(JSON.parse(after).containers[0].sharding).toBeUndefined();
    const left = findings(after).filter((f) => f.ruleId === 'SG003');
    expect(left.map((f) => [f.path, f.severity, f.edits])).toEqual([
      ['containers[0].partitionKey.paths', 'error', undefined],
      ['containers[0].partitionKey.paths[0]', 'error', undefined],
    ]);
    expect(fixDesignText(after, {}).fixes).toEqual([]);
  });

  it('converges on the bucket fix followed as its text says, the full key re-declared (item 3)', () => {
    const text = read('imp-l1.json');
    const fixed = fixDesignText(text, {}).text;
    const first = findings(fixed).find((f) => f.ruleId === 'SG003' && f.path.endsWith('paths[0]'));
    const data = first?.data ?? {};
    expect(data).toMatchObject({ bucketLevel: '/campaignIdBucket', redeclareShareAt: 'workload.hotKeyShare', redeclareGbAt: 'storage.largestPartitionGb' });
    // The first level's buckets are a new key --fix does not write, so SG017 raises for the peak alone (213,000 RU/s),
    // not the 331,000 those buckets need: the first level's fix leads with that raise, and following it by hand
    // writes both.
    const buckets = data.buckets as number;
    const [impressions] = JSON.parse(fixed).containers;
    expect(impressions.throughput).toEqual({ autoscaleMax: 213_000 });
    expect(data.bucketRaiseTo).toBe(331_000);
    const bucketed = {
      ...impressions,
      throughput: { autoscaleMax: data.bucketRaiseTo },
      partitionKey: {
        paths: [
          {
            path: '/campaignIdBucket',
            cardinality: 20_000 * buckets,
            components: [
              { name: 'campaignId', cardinality: 20_000 },
              { name: 'bucket', cardinality: buckets },
            ],
          },
          { path: '/day', cardinality: 365 },
        ],
      },
      workload: { ...impressions.workload, hotKeyShare: data.redeclareShare },
      storage: { ...impressions.storage, largestPartitionGb: data.redeclareGb },
      accessPatterns: impressions.accessPatterns.map((p: { keyAttributes: string[] }) => ({
        ...p,
        keyAttributes: p.keyAttributes.map((a) => (a === '/campaignId' ? '/campaignIdBucket' : a)),
        fanOut: true,
      })),
    };
    const dir = tempTree({});
    const file = join(dir, 'impressions.json');
    writeFileSync(file, JSON.stringify({ containers: [bucketed] }, null, 2));
    // The buckets serve today's peak, leaving the full key's hottest value no growth: SG014's growth warning alone.
    expect(findings(readFileSync(file, 'utf8')).map((f) => `${f.ruleId} ${f.messageId}`)).toEqual(['SG014 nearCeiling']);
  });
});
