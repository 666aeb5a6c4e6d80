/**
 * The application change a sharding fix names says which values it shards: a sharding of the hottest values only
 * (`sharding.hotValues`) suffixes the values the application lists, and every other value keeps its plain key, read
 * with one query as before (lib/lint/hot-values.ts). "read all 12 shards" alone would send the team to fan out every
 * value's reads.
 */
import { join } from 'node:path';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { cli, tempTree } from './helpers';

const TWELVE = { strategy: 'random', shards: 12 };

describe('the application change of a sharding of the hottest values only', () => {
  it('names the hottest value, the fan-out of its reads alone, and the other values read as before', () => {
    const change = applicationChange({ op: 'set', path: 'tables[0].sharding', value: { ...TWELVE, hotValues: 1 } });
    expect(change).toBe(
      "the application must write keys of the hottest value only (sharding.hotValues: 1), which it keeps in a list in its configuration, as key#0…key#11 with a random suffix and read all 12 shards of that value; every other value keeps its plain key and is read with one query as before; that value's existing items must be rewritten under the new keys",
    );
  });

  it('names the listed values of a list of several, on a calculated sharding too', () => {
    const change = applicationChange({
      op: 'set',
      path: 'sharding',
      value: { strategy: 'calculated', shards: 4, sourceAttribute: 'orderId', hotValues: 3 },
    });
    expect(change).toContain('write keys of the 3 hottest values only (sharding.hotValues: 3)');
    expect(change).toContain('every other value keeps its plain key and is read with one query as before');
    expect(change).toContain("the listed values' existing items must be rewritten");
  });

  it('keeps the words for a sharding of every value', () => {
    expect(applicationChange({ op: 'set', path: 'sharding', value: TWELVE })).toBe(
      'the application must write keys as key#0…key#11 with a random suffix and read all 12 shards; existing items must be rewritten under the new keys',
    );
  });

  it('reads the declared list where a fix changes only the count', () => {
    const before = { tables: [{ sharding: { ...TWELVE, hotValues: 2 } }] };
    const change = applicationChange({ op: 'set', path: 'tables[0].sharding.shards', value: 5 }, before);
    expect(change).toContain('write keys of the 2 hottest values only (sharding.hotValues: 2)');
    expect(change).toContain('as key#0…key#4 with a random suffix and read all 5 shards of a listed value');
  });

  // SG003's `restOverUnsharded` removes the list: every value is sharded then, none unsuffixed.
  it('says every value is sharded where a fix removes the list', () => {
    const before = { sharding: { ...TWELVE, hotValues: 1 } };
    expect(applicationChange({ op: 'remove', path: 'sharding.hotValues' }, before)).toBe(
      'the application must write keys as key#0…key#11 with a random suffix and read all 12 shards; existing items must be rewritten under the new keys',
    );
  });

  it('is what --fix reports for a whale tenant sharded alone', async () => {
    const table = {
      name: 'orders',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 5000 },
      sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 6000, hotKeyShare: 0.3 },
      accessPatterns: [{ name: 'by-tenant', keyAttributes: ['tenantId'], share: 1, resultKb: 480 }],
      monitoring: { contributorInsights: true },
    };
    const file = join(tempTree({ 'design.json': JSON.stringify({ tables: [table] }, null, 2) }), 'design.json');
    const { stdout } = await cli(['lint', file, '--fix', '--format', 'json']);
    const [fix] = JSON.parse(stdout).files[0].fixes;
    expect(fix.edits[0]).toMatchObject({ path: 'tables[0].sharding', value: { hotValues: 1 } });
    expect(fix.applicationChanges[0]).toContain('of the hottest value only (sharding.hotValues: 1)');
    expect(fix.applicationChanges[0]).toContain('every other value keeps its plain key and is read with one query as before');
  });
});
