/**
 * `--fix` on a hierarchical key under a whale tenant (verdict26, a stranger's review of saas-cosmos.json): the full key's
 * hottest value sits under the 50% tenant, on its physical partition, so its SG003 finding defers to the tenant's (no
 * raise of its own, which a second round wrote as 51,000 RU/s beside the tenant's "52,700 and 65 buckets"). The run
 * writes SG017's raise alone, a second run writes nothing, and the two SG003 findings left agree.
 */
import { join } from 'node:path';
import { lintDocument } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { cli, HOT_ROOM_CHAT, tempTree } from './helpers';

const users = {
  name: 'users',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2000, hotKeyShare: 0.5, largestGb: 40 },
      { path: '/userId', cardinality: 400000 },
    ],
  },
  workload: { peakReadUnits: 30000, peakWriteUnits: 10000 },
  throughput: { manual: 48000 },
  storage: { totalGb: 300 },
};
const text = JSON.stringify({ containers: [users] }, null, 2);

const sg003 = (designText: string) => {
  const result = lintDocument(JSON.parse(designText));
  return ('findings' in result ? result.findings : []).filter((f) => f.ruleId === 'SG003');
};

describe('--fix under a whale tenant', () => {
  it('writes no raise for the full key, whose finding defers to the tenant’s, and converges', () => {
    const before = sg003(text);
    // The full key's hottest value is estimated from the tenant's data: its 40 GB of the 300 suggest about 53,333 of the
    // 400,000 users (not the average 200), so 50% spread over them is no hot user, and only the tenant's finding is
    // raised (before: the full key's too, at 50% ÷ 200 = 0.25%, 100 RU/s, deferring to the tenant's).
    expect(before.map((f) => [f.path, f.messageId, f.edits])).toEqual([['containers[0].partitionKey.paths[0]', 'prefixHot', undefined]]);
    const first = fixDesignText(text, {});
    // SG017's raise to peak ÷ headroom alone; before: a second round also wrote the full key's own raise (51,000 RU/s).
    // fix27a: with the 8 partitions 48,000 manual RU/s were created on, which the raise in place keeps (a container
    // created at 50,000 gets 9): before, the re-lint judged the 9. The tenant's fix (SG003 at paths[0]) leads with a raise
    // in place to 52,700, then 65 buckets of a synthetic first level, a new key --fix does not write: SG017 raises for
    // the peak's 50,000, not for a layout the container does not get.
    expect(first.fixes.map((f) => [f.ruleId, f.edits])).toEqual([
      [
        'SG017',
        [
          { op: 'set', path: 'containers[0].throughput.manual', value: 50000 },
          { op: 'set', path: 'containers[0].physicalPartitions', value: 8 },
        ],
      ],
    ]);
    const after = sg003(first.text);
    // The tenant's finding is left, leading with its raise to 52,700 and its buckets, by hand (it carries no edit).
    expect(after.map((f) => [f.path, f.messageId, f.severity])).toEqual([['containers[0].partitionKey.paths[0]', 'prefixHot', 'error']]);
    expect(after[0].fix).toMatch(/raise the container's throughput in place to 52,700 RU\/s/);
    expect(after[0].edits).toBeUndefined();
    expect(fixDesignText(first.text, {}).fixes).toEqual([]);
  });

  it('names the finding a fixed line applied where no edit is at its path (two SG003 findings can share a container)', async () => {
    const dir = tempTree({
      'chat.json': JSON.stringify(HOT_ROOM_CHAT),
    });
    const { stdout } = await cli(['lint', join(dir, 'chat.json'), '--fix', '--no-color']);
    expect(stdout).toContain(
      'fixed   SG003 chat2: set containers[0].throughput.manual to 20000; set containers[0].physicalPartitions to 2 (the finding at containers[0].partitionKey.paths)\n',
    );
  });
});
