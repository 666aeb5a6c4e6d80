/**
 * SG003 on a GSI with a multi-attribute partition key (the reviewer's d2/mak2.json and mak.json). DynamoDB hashes a
 * multi-attribute key's attributes together, up to 4 in a GSI partition key (AWS, "Multi-attribute keys pattern"), so
 * the shard of a key with room for one more is an attribute of its own, a number added to the key, not a string that
 * concatenates the typed key; --fix writes it. A key with 4 already gets no edit, and says why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

function design(attributes: readonly string[]): string {
  const partitionKeys = attributes.map((name) => ({ name, type: 'S', cardinality: 500 }));
  return `${JSON.stringify({
    tables: [
      {
        name: 'events',
        partitionKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 1000, peakWriteUnits: 20000 },
        globalSecondaryIndexes: [{ indexName: 'by-scope', partitionKeys, workload: { hotKeyShare: 0.2 } }],
        accessPatterns: [
          { name: 'by-event', keyAttributes: ['eventId'], share: 0.5 },
          { name: 'scope', index: 'by-scope', keyAttributes: attributes, share: 0.5, resultKb: 480 },
        ],
      },
    ],
  })}\n`;
}

describe('--fix on a hot multi-attribute GSI key', () => {
  it('adds the shard as one more key attribute, and a second run changes nothing', async () => {
    const file = join(tempTree({ 'mak2.json': design(['tenantId', 'regionCode']) }), 'mak2.json');
    const first = await cli(['lint', file, '--fix', '--no-color']);
    // 4,000 of the index's 20,000 WCU on one scope, 40 partitions: 13 fit the usable line (307.69 + 492.31 = 800), but two of
    // 13 on one partition take 615.38 + 492.31 − 7.69 = 1,100 of its hard 1,000 WCU (15: 1,020); two of 16, 987.5.
    expect(first.stdout).toMatch(/fixed {3}SG003 events: set tables\[0\]\.globalSecondaryIndexes\[0\]\.sharding to \{"strategy":"random","shards":16\}/);
    const table = JSON.parse(readFileSync(file, 'utf8')).tables[0];
    // Cardinality 1: a key's cardinality counts its values before sharding; the sharding's 16 counts the shards.
    expect(table.globalSecondaryIndexes[0].partitionKeys[2]).toEqual({ name: 'shard', type: 'N', cardinality: 1 });
    expect(table.accessPatterns[1]).toMatchObject({ keyAttributes: ['tenantId', 'regionCode', 'shard'], fanOut: true });
    expect(first.stdout).not.toMatch(/error {3}SG/);
    const after = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix', '--no-color']);
    expect(readFileSync(file, 'utf8')).toBe(after);
    expect(second.stdout).toContain('no findings');
  });

  it('a key with 4 attributes: the fix says why --fix writes no edit, and the file is left as it was', async () => {
    const text = design(['tenantId', 'regionCode', 'appId', 'env']);
    const file = join(tempTree({ 'mak.json': text }), 'mak.json');
    const { stdout } = await cli(['lint', file, '--fix', '--no-color']);
    expect(stdout).toContain('the key already has 4 attributes, the most a GSI partition key takes');
    expect(stdout).toMatch(/SG003 not fixed/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
