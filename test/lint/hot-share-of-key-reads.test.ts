/**
 * What a table's `workload.hotKeyShare` is a share of (review 32): the reads its own key serves, which are the declared
 * peak less what the access patterns send to its GSIs (each key space is charged its patterns' share). The finding says
 * so where the two differ, so "30% … 8,100 RCU" of a declared 30,000 RCU reads as 30% of 27,000.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';

process.env.CDK_VALIDATION = 'false';

const feed = JSON.parse(readFileSync(join(__dirname, 'review32', 'feed-flawed.json'), 'utf8')) as { tables: DynamoDbTableDesign[] };
const posts = feed.tables[0];

/** SG003 on the table's own partition key. */
const tableKeyFinding = (table: DynamoDbTableDesign): Finding =>
  lint({ tables: [table] } as DesignInput).find((f) => f.ruleId === 'SG003' && f.path === 'tables[0].partitionKey') as Finding;

describe("a table's hotKeyShare, where access patterns send part of its reads to a GSI", () => {
  it('is said to be of the reads its own key serves: 30% of 27,000 RCU (90% of the declared 30,000), 8,100 RCU', () => {
    const finding = tableKeyFinding(posts);
    expect(finding.data).toMatchObject({ share: 0.3, keyReads: 27000, keyReadShare: 0.9, tableReads: 30000 });
    expect(finding.message).toContain(
      "takes 30% (declared) of the reads its key serves (27,000 RCU of reads, 90% of the table's declared 30,000 RCU: the share of the access patterns that read it, with the share no pattern claims): 8,100 RCU reads against",
    );
  });

  it("is the declared reads, said plainly, where every read is the table key's: 30% of 30,000 RCU, 9,000 RCU", () => {
    const own = {
      ...posts,
      accessPatterns: (posts.accessPatterns ?? [])
        .filter((p) => p.index === undefined)
        .map((p) => (p.name === 'author-profile-posts' ? { ...p, share: 0.7 } : p)),
    };
    const finding = tableKeyFinding(own);
    expect(finding.data).not.toHaveProperty('keyReads');
    expect(finding.message).toContain('takes 30% (declared) of the reads: 9,000 RCU reads against');
  });
});
