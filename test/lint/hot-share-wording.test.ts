/**
 * SG003's words for what sets its figures (a stranger's chat designs, test/lint/chat45/chat.json and
 * test/cli/fixtures/designs/chat-hot-only.json: 40,000 RU/s of writes, the largest channel 10% of them and 8,760 GB):
 *
 * 1. The share is of what `workload.hotKeyOperations` declares it of: 10% of the writes (4,000 RU/s), not "of the peak"
 *    (the peak is 55,000 RU/s: 15,000 reads + 40,000 writes, of which 10% would be 5,500).
 * 2. A shard count past maxShards is named by what sets it: N = 548 is set by the largest value's 8,760 GB (⌈8,760 ÷ 16⌉,
 *    16 GB the 80% usable of a Cosmos DB logical partition's 20 GB), not by its neighbours' load, which asks for 11.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type Finding } from '../../lib';

const chat = JSON.parse(readFileSync(join(__dirname, 'chat45/chat.json'), 'utf8')) as DesignInput & { containers: Record<string, unknown>[] };
const hotOnly = JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/chat-hot-only.json'), 'utf8')) as DesignInput;

const sg003 = (design: DesignInput): Finding => lint(design).find((f) => f.ruleId === 'SG003') as Finding;

/** chat.json with its container and thresholds changed. */
function chatWith(container: Record<string, unknown>, thresholds?: Record<string, number>): DesignInput {
  return { ...chat, containers: [{ ...chat.containers[0], ...container }], ...(thresholds ? { thresholds } : {}) } as DesignInput;
}

describe('SG003 says what the hottest value’s share is of', () => {
  it.each([
    ['chat.json', chat],
    ['chat-hot-only.json', hotOnly],
  ])('%s: 10% of the writes, 4,000 RU/s, where hotKeyOperations is "writes"', (_, design) => {
    const finding = sg003(design);
    expect(finding.message).toMatch(/^the hottest `\/conversationId` value takes 10% \(declared\) of the writes: 4,000 RU\/s against/);
    expect(finding.message).not.toContain('of the peak: 4,000');
  });

  it('of the reads where it is "reads", and of the peak where it is both', () => {
    const workload = (hotKeyOperations: string) => ({
      workload: { peakReadUnits: 15000, peakWriteUnits: 40000, hotKeyShare: 0.1, hotKeyOperations },
    });
    // 10% of 15,000 RU/s of reads; of both directions, 10% of 55,000.
    expect(sg003(chatWith(workload('reads'))).message).toMatch(/takes 10% \(declared\) of the reads: 1,500 RU\/s/);
    expect(sg003(chatWith(workload('both'))).message).toMatch(/takes 10% \(declared\) of the peak: 5,500 RU\/s/);
  });
});

describe('a shard count past maxShards is named by what sets it', () => {
  it('the largest value’s size: N = 548 for 8,760 GB at 16 GB usable of 20', () => {
    const finding = sg003(chat);
    expect(finding.data).toMatchObject({ shards: 548, sizeCountGb: 8760, sizeCountUsableGb: 16, sizeCountLimitGb: 20 });
    expect(finding.fix).toContain(
      "no shard count is offered: the count the largest value's size asks for, N = 548 (8,760 GB ÷ 16 GB usable, 80% of the 20 GB one value may hold), is past maxShards 100",
    );
    expect(finding.fix).not.toContain('its neighbours ask for');
  });

  it('its neighbours, where the value’s load sets it: N = 66 beside 31.04 RU/s on a 500 RU/s partition', () => {
    // 880,000 RU/s over 1,760 partitions of 500 (400 usable); the value takes 60% of 40,000 = 24,000 RU/s of writes:
    // 24,000 ÷ 66 = 363.64 + 31.04 of its neighbours = 394.68 ≤ 400 (65: 369.23 + 31.04 = 400.27). 15 GB fit one value.
    const design = chatWith(
      {
        throughput: { autoscaleMax: 880000 },
        workload: { peakReadUnits: 15000, peakWriteUnits: 40000, hotKeyShare: 0.6, hotKeyOperations: 'writes' },
        storage: { totalGb: 88000, largestPartitionGb: 15 },
      },
      { maxShards: 50 },
    );
    const finding = sg003(design);
    expect(finding.data).toMatchObject({ shards: 66 });
    expect(finding.data).not.toHaveProperty('sizeCountGb');
    expect(finding.fix).toContain('no shard count is offered: the count its neighbours ask for, N = 66, is past maxShards 50');
  });
});
