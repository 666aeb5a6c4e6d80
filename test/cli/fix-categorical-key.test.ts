/**
 * fix27b (try26a, teams/chat/designs/chat-flawed.json): `--fix` wrote `sharding: {random, 7}` on the container
 * `conversations`, keyed by `/conversationType` (3 values): every read of one conversation then queried all 7 shards.
 * A re-key by the entity the reads name is the fix, so --fix writes no shards of a categorical primary key, and its
 * note says why; its other fixes (the `messages` container's) are written as before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtures, tempTree } from './helpers';

const chatFlawed = readFileSync(join(fixtures, 'designs/chat-flawed.json'), 'utf8');

describe('--fix on a container keyed by a category (chat-flawed.json)', () => {
  it('leaves `conversations` unsharded and says a re-key is the fix; the other container is fixed', async () => {
    const file = join(tempTree({ 'chat.json': chatFlawed }), 'chat.json');
    const { code, stdout } = await cli(['lint', file, '--fix']);
    expect(code).toBe(1);
    const [messages, conversations] = JSON.parse(readFileSync(file, 'utf8')).containers;
    expect(conversations).toEqual(JSON.parse(chatFlawed).containers[1]);
    expect(messages.throughput).toEqual({ autoscaleMax: 57000 });
    for (const rule of ['SG001', 'SG006'])
      expect(stdout).toContain(
        `${rule} not fixed: a re-key is the fix, not shards: \`/conversationType\` is named like a status, type or region, a category of the items rather than their identity (the fix above says what its shards would cost every read); choose the attribute your reads name (an entity id, such as the item id) as the key, or acknowledge the finding`,
      );
    expect(stdout).not.toContain('fixed   SG001');
    // `messages` keeps SG017's raise; its reorder (SG002) is not written since hier27: put first, `/conversationId`
    // would carry the 25% conversation on one physical partition (firstLevelOverloaded).
    expect(stdout).toContain('fixed   SG017 messages');
  });
});

/** try38b claim-status: `/status` (7 values, 60%) got SG001's 18,000 RU/s raise written; SG017's capacity raise stays. */
describe('--fix on a container keyed by a status that a raise would serve', () => {
  it('writes no raise for the key and says a re-key is the fix, not a raise', async () => {
    const design = {
      containers: [
        {
          name: 'claim-status',
          partitionKey: { paths: [{ path: '/status', cardinality: 7 }] },
          workload: { peakReadUnits: 6000, peakWriteUnits: 3000, hotKeyShare: 0.6 },
          storage: { largestPartitionGb: 12, totalGb: 30 },
          throughput: { manual: 10000 },
          accessPatterns: [{ name: 'queue-by-status', keyAttributes: ['/status'], share: 1 }],
        },
      ],
    };
    const file = join(tempTree({ 'claims.json': JSON.stringify(design) }), 'claims.json');
    const { code, stdout } = await cli(['lint', file, '--fix']);
    expect(code).toBe(1);
    const [written] = JSON.parse(readFileSync(file, 'utf8')).containers;
    expect(written.throughput).toEqual({ manual: 11300 });
    expect(written).not.toHaveProperty('physicalPartitions');
    for (const rule of ['SG001', 'SG003'])
      expect(stdout).toContain(
        `${rule} not fixed: a re-key is the fix, not a raise: \`/status\` is named like a status, type or region, a category of the items rather than their identity; choose the attribute your reads name (an entity id, such as the item id) as the key, or acknowledge the finding`,
      );
  });
});

/**
 * A tally keyed by what its reads ask for (voting-tally.json): 12 contestants, 41 shards, and a results page that reads
 * one contestant's votes by `contestantId` alone. A re-key by the viewer would make that read a scan; AWS shards exactly
 * this key, candidate ID + a random suffix, the read summing the suffixes ("Using write sharding to distribute workloads
 * evenly"). Was "SG001 not fixed: a re-key is the fix, not shards: `contestantId` has 12 values, no more than the 41
 * shards" on every run, after the first had asked for splitPerShard: --fix never converged.
 */
describe('--fix on a tally keyed by contestant (voting-tally.json)', () => {
  const votingTally = readFileSync(join(fixtures, 'designs/voting-tally.json'), 'utf8');

  it('writes no shards while the results page declares no resultKb, and says so; sized, it writes them and converges', async () => {
    // The results page's 41 Queries a read, each charged at least one read unit however little it returns, are what
    // SG017 cannot count without the page's size: --fix writes nothing and names the pattern to declare it on.
    const unsized = join(tempTree({ 'voting.json': votingTally }), 'voting.json');
    const withheld = await cli(['lint', unsized, '--fix']);
    expect(withheld.stdout).not.toContain('a re-key is the fix');
    expect(withheld.stdout).not.toContain('fixed   SG001');
    expect(withheld.stdout).toContain(
      'SG001 not fixed: its fix fans reads out with no declared size: declare resultKb (the KB each read loads) on `results-per-contestant`',
    );
    expect(readFileSync(unsized, 'utf8')).toBe(votingTally);

    const sized = JSON.parse(votingTally) as { tables: { accessPatterns: { name: string; resultKb?: number }[] }[] };
    for (const p of sized.tables[0].accessPatterns) if (p.name === 'results-per-contestant') p.resultKb = 400;
    const file = join(tempTree({ 'voting.json': `${JSON.stringify(sized, null, 2)}\n` }), 'voting.json');
    // 100 shards: from 50 to 99 each shard's Query of the 400 KB page is charged 8 KB, 1 RCU (fix-uncounted-fan-out.test.ts).
    const first = await cli(['lint', file, '--fix']);
    expect(first.stdout).toContain('fixed   SG001 votes: set tables[0].sharding to {"strategy":"random","shards":100}');
    const [votes] = JSON.parse(readFileSync(file, 'utf8')).tables;
    expect(votes.sharding).toEqual({ strategy: 'random', shards: 100 });
    expect(votes.accessPatterns.map((p: { fanOut?: boolean }) => p.fanOut)).toEqual([true, true]);
    const fixedText = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix']);
    expect(readFileSync(file, 'utf8')).toBe(fixedText);
    // What is left is outside the design: the table-level read quota (a Service Quotas request).
    const left = await cli(['lint', file, '--format', 'json']);
    const findings = (JSON.parse(left.stdout) as { files: { findings: { ruleId: string }[] }[] }).files.flatMap((f) => f.findings);
    expect(findings.map((f) => f.ruleId)).toEqual(['SG017']);
    expect(second.stdout).not.toContain('fixed ');
  });
});
