/**
 * One cause, one raise (README: "so one `--fix` raises it once"). A chat container (chat-hot-only.json: `/conversationId`,
 * autoscale 60,000 RU/s, a 55,000 RU/s peak, one conversation taking 10% of the 40,000 RU/s of writes) is short of RU/s,
 * so SG003 judges the hot conversation at SG017's raise, where the peak fills the usable RU/s and a shard count turns on a
 * fraction of an RU/s: SG003's fix leads with the raise that serves the value as it is. That raise carried no edit while
 * SG017's smaller one did, so `--fix` wrote 69,000 RU/s and the design was still refused by SG003. The raise SG003 leads
 * with is now its edit, and SG017 carries it (`withKeyRaise`), so one run writes one raise and the re-lint is without both.
 *
 * Figures, autoscale (one physical partition per 10,000 RU/s of the maximum at creation, evenly split; "Provisioned
 * throughput", "Partitioning and horizontal scaling"): the peak alone needs 55,000 ÷ 0.8 = 68,750 → 69,000 on the grid of
 * 1,000. At R = 129,000: 13 partitions of 9,923.08 RU/s, 7,938.46 usable; the other conversations' (55,000 − 4,000) ÷ 13 =
 * 3,923.08 beside the hot 4,000 make 7,923.08, which fit. At 128,000 (13 of 9,846.15, 7,876.92 usable) they do not; at
 * 120,000 (12 of 10,000, 8,000 usable) the neighbours are 51,000 ÷ 12 = 4,250, 8,250 > 8,000.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const text = readFileSync(join(__dirname, '../cli/fixtures/designs/chat-hot-only.json'), 'utf8');
const design = JSON.parse(text) as DesignInput;
const raise = [{ op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 129_000 }];

describe('a hot conversation in a container short of RU/s: one raise, written once', () => {
  const findings = lint(design);
  const hot = findings.find((f) => f.ruleId === 'SG003');
  const capacity = findings.find((f) => f.ruleId === 'SG017');

  it("SG003's lead raise is its edit, and SG017 carries it (before: SG003 none, SG017 69,000)", () => {
    expect(hot?.data).toMatchObject({ raiseTo: 129_000, raisedPartitions: 13, capacityRaiseTo: 69_000 });
    expect(hot?.fix).toMatch(/^raise the container's throughput to 129,000 RU\/s \(13 physical partitions of 9,923\.08 RU\/s/);
    expect(hot?.edits).toEqual(raise);
    expect(capacity?.edits).toEqual(raise);
    expect(capacity?.data).toMatchObject({ needed: 129_000, keyRaisePlain: 69_000, keyRaiseKind: 'value' });
    expect(capacity?.fix).toContain(
      '129,000 RU/s, not the 69,000 RU/s the peak alone needs: the fix for the hottest `/conversationId` value (SG003) leads with this raise',
    );
  });

  it.each(['error', 'warning'] as const)('--fix (failing on %s) converges in one run, SG014 warning of the growth the least raise leaves', (failOn) => {
    const fixed = fixDesignText(text, {}, failOn).text;
    expect(JSON.parse(fixed).containers[0].throughput).toEqual({ autoscaleMax: 129_000 });
    // Decision 50: the least raise that serves today's peak leads; SG014 then warns that the value fits with no growth
    // left (4,000 of 4,015.38 usable), planning the key change. SG012's cross-partition query is no capacity finding.
    expect(lint(JSON.parse(fixed) as DesignInput).map((f) => `${f.ruleId} ${f.messageId}`)).toEqual(['SG012 crossingOne', 'SG014 nearCeiling']);
    expect(fixDesignText(fixed, {}, failOn).text).toBe(fixed);
  });
});
