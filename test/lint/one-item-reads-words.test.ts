/**
 * The why-clauses about one item's reads say what the key has: declared replicated copies do divide those reads (each
 * copy serves 1/N), so a fix that trades them for write shards says so rather than that the reads "stay on the one
 * shard"; and where nothing is sharded, the reads the integrated cache misses land on the value's logical partition,
 * not on "the shard that holds the item".
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { qaPosts } from '../fixtures';

const sg003 = (design: DynamoDbTableDesign | CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG003');

/** One configuration item per `configId`, read 12,000 RCU and written 3,000 WCU, 30% on the hottest. */
const config = (sharding?: DynamoDbTableDesign['sharding']): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'cfg',
  partitionKey: { name: 'configId', type: 'S', cardinality: 20 },
  workload: { peakReadUnits: 12000, peakWriteUnits: 3000, hotKeyShare: 0.3 },
  ...(sharding ? { sharding } : {}),
  accessPatterns: [{ name: 'get', keyAttributes: ['configId'], share: 1 }],
  monitoring: { contributorInsights: true },
});

describe('the reads of one item, in the words of the key they are on', () => {
  it('3 replicated copies with no invariant: the copies divide the reads, every write reaches each copy', () => {
    // 900 WCU of writes on every copy are over by themselves: write shards replace the copies, DAX takes the reads.
    const hit = sg003(config({ strategy: 'replicated', shards: 3 }));
    expect(hit?.fix).toMatch(
      /^no shard count serves: the 3 replicated copies declared divide the reads of one item, each copy serving 1\/3 of them, but every write reaches every copy, and write shards in their place leave those reads on the one shard that holds the item whatever the count, and those reads alone \(3,600 RCU/,
    );
    expect(hit?.fix).not.toContain('the reads of one item stay on the one shard');
    expect(hit?.data).toMatchObject({ copiesDeclared: 3 });
  });

  it('no copies: the reads of one item stay on the one shard that holds it', () => {
    const hit = sg003(config());
    expect(hit?.fix).toMatch(/^no shard count serves: the reads of one item stay on the one shard that holds it whatever the count/);
    expect(hit?.data?.copiesDeclared).toBeUndefined();
  });

  it('unsharded, behind the integrated cache: the misses land on the logical partition, not a shard', () => {
    // qa-flawed.json's posts: a viral question, 6,000 RU/s of reads and 1,200 of writes on one `/questionId`.
    const posts = qaPosts({
      accessPatterns: [
        { name: 'question-page', keyAttributes: ['/questionId'], share: 0.97 },
        { name: 'user-activity', keyAttributes: [], share: 0.03 },
      ],
      monitoring: { partitionKeyDiagnostics: true },
    });
    const fix = sg003(posts)?.fix;
    expect(fix).toContain("its writes (1,200 RU/s) then fit unsharded at today's throughput");
    expect(fix).toContain("the 200 RU/s it misses landing on the value's one logical partition, beside its writes");
    expect(fix).not.toContain('the shard that holds the item');
  });
});
