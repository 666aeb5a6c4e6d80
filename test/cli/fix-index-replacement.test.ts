/**
 * `--fix` on a hot GSI key (review 20 item 1, /work/try20b's orders.json): the fix shards index `by-status` by a
 * separate attribute, `orderLaneShard`. CloudFormation cannot change a GSI's key in place ("Cannot update GSI's
 * properties other than Provisioned Throughput and Contributor Insights Specification. You can create a new GSI with a
 * different name"; AWS::DynamoDB::Table / GlobalTable GlobalSecondaryIndex KeySchema: "Updates are not supported"),
 * and UpdateTable creates or deletes one GSI per call. So the re-keyed index is a new index under a new name, the
 * access patterns and waivers that named the old one follow it, and the fix says the two-deploy rollout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { cli, tempTree } from './helpers';

const ORDERS = `${JSON.stringify(
  {
    tables: [
      {
        name: 'orders',
        partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 4000, peakWriteUnits: 3000 },
        capacity: { read: { min: 1000, max: 8000 }, write: { min: 1000, max: 6000 } },
        globalSecondaryIndexes: [
          {
            indexName: 'by-status',
            partitionKey: { name: 'orderLane', type: 'S', cardinality: 5, mutable: true },
            sortKey: { name: 'createdAt', type: 'S' },
            workload: { hotKeyShare: 0.6 },
          },
          { indexName: 'by-status-v2', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' } },
        ],
        accessPatterns: [
          { name: 'get-order', keyAttributes: ['orderId'], share: 0.9 },
          { name: 'orders-in-status', index: 'by-status', keyAttributes: ['orderLane'], share: 0.1, resultKb: 480 },
        ],
        acknowledgements: [{ rule: 'SG010', index: 'by-status', reason: 'Contributor Insights on this index is on in the console' }],
      },
    ],
  },
  null,
  2,
)}\n`;

// The key is named like no category (categorical-index.test.ts): a status would lead with its re-key, and --fix would write no pre-warm.
describe('--fix on a hot GSI key: a new index, not a key changed in place', () => {
  it('names the sharded index by-status-v3 (v2 is taken), moves its readers and waivers, says the rollout, and a second run changes nothing', async () => {
    const file = join(tempTree({ 'orders.json': ORDERS }), 'orders.json');
    const first = await cli(['lint', file, '--fix', '--no-color']);
    const table = JSON.parse(readFileSync(file, 'utf8')).tables[0];
    expect(table.globalSecondaryIndexes.map((i: { indexName: string }) => i.indexName)).toEqual(['by-status-v3', 'by-status-v2']);
    expect(table.globalSecondaryIndexes[0].partitionKey).toMatchObject({ name: 'orderLaneShard', type: 'S' });
    expect(table.accessPatterns[1]).toMatchObject({ index: 'by-status-v3', keyAttributes: ['orderLaneShard'], fanOut: true });
    expect(table.acknowledgements[0].index).toBe('by-status-v3');
    // ddb24 item 2: the edit renames the index, so the edited design no longer declares `by-status`; the text says the
    // edited design is the one after the rollout, and that the first deploy declares `by-status` again beside the new one.
    expect(first.stdout).toContain(
      "application change needed: the index's key and projection cannot change in place, so the fix names a new index, `by-status-v3`, declared in place of `by-status`: the edited design is the one after the rollout, which one deploy cannot reach (an update that adds one index and deletes another fails); roll it out in two deploys: first deploy `by-status-v3` beside `by-status` (declare `by-status` again beside it for this deploy",
    );
    expect(first.stdout).toContain('then deploy the edited design, which removes `by-status`');
    expect(first.stdout).not.toContain('keep `by-status` in the design');
    expect(first.stdout).toContain('the queries of this access pattern must read index `by-status-v3` (their IndexName) once it is active');
    // The old text had the index deleted and created again under its own name, which no deploy can do.
    expect(first.stdout).not.toContain('deleted and created');
    // No finding left; the waiver that followed the index waives nothing now (SG010 is on), and says so.
    expect(first.stdout).toContain('0 errors, 1 warning (1 unused acknowledgement counted as a warning)');
    expect(first.stdout).toContain('the acknowledgement of SG010 on index by-status-v3 waives nothing');
    const after = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix', '--no-color']);
    expect(readFileSync(file, 'utf8')).toBe(after);
    expect(second.stdout).not.toMatch(/fixed {3}SG/);
  });

  it('says the rollout without the old name when it is not known, and no application change for a moved waiver', () => {
    const rename = { op: 'set', path: 'tables[0].globalSecondaryIndexes[0].indexName', value: 'by-status-v2' } as const;
    expect(applicationChange(rename)).toMatch(
      /a new index, `by-status-v2`, declared in place of the old index: the edited design is the one after the rollout.*first deploy `by-status-v2` beside the old index/,
    );
    expect(applicationChange({ op: 'set', path: 'tables[0].acknowledgements[0].index', value: 'by-status-v2' })).toBeUndefined();
  });
});
