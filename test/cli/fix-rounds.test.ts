/**
 * `--fix` says when its round limit stops it, and says which application change each fix implies.
 * lintDocument is wrapped to return a finding that every fix brings back under a new path, which no
 * real rule does, so the limit is reached.
 */
import type { LintResult } from '../../lib';
import { fixDesignText, MAX_FIX_ROUNDS } from '../../lib/cli/fix';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { cli, designWithFindings, tempTree } from './helpers';

jest.mock('../../lib/index', () => {
  const actual = jest.requireActual('../../lib/index');
  return {
    ...actual,
    lintDocument: (...args: unknown[]): LintResult => {
      const result: LintResult = actual.lintDocument(...args);
      const name = (args[0] as { tables: { name: string }[] }).tables[0].name;
      const round = Number(/-(\d+)$/.exec(name)?.[1] ?? 0);
      const endless = {
        ...result.findings[0],
        ruleId: 'SG010',
        path: `tables[0].name#${round}`,
        acknowledged: false,
        edits: [{ op: 'set' as const, path: 'tables[0].name', value: `table-${round + 1}` }],
      };
      return { ...result, findings: [endless] };
    },
  };
});

describe('--fix limits', () => {
  it('stops after its round limit and says how many fixable findings are left', async () => {
    const result = fixDesignText(designWithFindings(1), {});
    expect(result.fixes).toHaveLength(MAX_FIX_ROUNDS);
    expect(result.stoppedWith).toBe(1);
    const dir = tempTree({ 'design.json': designWithFindings(1) });
    const { stdout } = await cli(['lint', dir, '--fix']);
    expect(stdout).toContain(`--fix stopped after ${MAX_FIX_ROUNDS} rounds with 1 fixable finding left: run it again`);
  });
});

describe('the application change a fix implies', () => {
  it('is none for monitoring, and named for sharding, fan-out and key changes', () => {
    expect(applicationChange({ op: 'set', path: 'tables[0].monitoring.contributorInsights', value: true })).toBeUndefined();
    expect(applicationChange({ op: 'set', path: 'tables[0].sharding', value: { strategy: 'calculated', shards: 8, sourceAttribute: 'userId' } })).toBe(
      'the application must write keys as key#0…key#7 with the suffix computed from userId (hash mod 8), and read the shard that holds an item; existing items must be rewritten under the new keys',
    );
    expect(applicationChange({ op: 'set', path: 'tables[0].sharding', value: { strategy: 'replicated', shards: 2 } })).toMatch(
      /^the application must write every item to all 2 copies/,
    );
    expect(applicationChange({ op: 'remove', path: 'containers[1].sharding' })).toMatch(/^the application must stop adding shard suffixes/);
    expect(applicationChange({ op: 'set', path: 'tables[0].accessPatterns[2].fanOut', value: true })).toBe(
      'the queries of this access pattern must read every shard and merge the results',
    );
    expect(applicationChange({ op: 'set', path: 'containers[0].partitionKey.kind', value: 'MultiHash' })).toMatch(
      /^the partition key changes: Cosmos DB cannot change a container's partition key in place, so a new container must be created with it/,
    );
  });
});
