/**
 * A fix that re-keys a sharded container sets `fanOut` on the reads the new key splits (fixconvB34, from the generated
 * designs of fix-convergence, seeds 77006–77010). SG002 keys a container led by a time bucket by its unique level alone;
 * a query that gave only that level gave no prefix of the old key, and gives the whole new one: on a random-sharded key
 * it then reads one shard of N (AWS, "Using write sharding to distribute workloads evenly"; Azure, "Create a synthetic
 * partition key"). The edit left it without `fanOut`, and the re-lint raised SG009.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type Finding } from '../../lib';

const key = (f: Finding) => `${f.ruleId} ${f.path}`;

/** A month first, then the user: 5 random shards for the 50 GB its largest partition holds. */
function monthlyUsers(sharding: CosmosContainerDesign['sharding']): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'activity',
    partitionKey: {
      paths: [
        { path: '/yyyyMM', cardinality: 150, hotKeyShare: 0.06 },
        { path: '/userId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 3552, peakWriteUnits: 801, hotKeyShare: 0.01 },
    storage: { largestPartitionGb: 50 },
    sharding,
    accessPatterns: [
      { name: 'recent', keyAttributes: [], share: 0.08, fanOut: true },
      { name: 'of-user', keyAttributes: ['/userId'], share: 0.19 },
      { name: 'of-user-any', keyAttributes: ['/userId'], share: 0.05, wants: 'any' },
    ],
    monitoring: { partitionKeyDiagnostics: true },
  };
}

function sg002Fix(design: CosmosContainerDesign): Finding {
  const fix = lint(design).find((f) => f.ruleId === 'SG002' && f.edits);
  if (fix === undefined) throw new Error('SG002 writes no fix');
  return fix;
}

describe("SG002's re-key of a sharded container", () => {
  it.each<[string, CosmosContainerDesign['sharding'], string[]]>([
    // `of-user` gives the whole new key and wants every item: it fans out; `of-user-any` takes one shard's.
    ['random shards: every whole-key read fans out', { strategy: 'random', shards: 5 }, ['accessPatterns[1].fanOut']],
    // Calculated on an attribute the reads do not give: they cannot name the shard either.
    ['calculated shards on what the reads do not give', { strategy: 'calculated', shards: 5, sourceAttribute: '/sessionId' }, ['accessPatterns[1].fanOut']],
  ])('%s', (_, sharding, fanned) => {
    const design = monthlyUsers(sharding);
    const fix = sg002Fix(design);
    expect(fix.edits?.[0]).toEqual({ op: 'set', path: 'partitionKey.paths', value: [{ path: '/userId', cardinality: 'unique' }] });
    expect(fix.edits?.slice(1)).toEqual(fanned.map((path) => ({ op: 'set', path, value: true })));
    const known = new Set(lint(design).map(key));
    const after = lint(applyDesignEdits(design, fix.edits ?? []));
    expect(after.filter((f) => f.ruleId === 'SG009' && !known.has(key(f))).map(key)).toEqual([]);
  });

  it('writes no fan-out on an unsharded container', () => {
    const { sharding: _, ...unsharded } = monthlyUsers(undefined);
    const design: CosmosContainerDesign = { ...unsharded, storage: { largestPartitionGb: 10 }, accessPatterns: unsharded.accessPatterns?.slice(0, 2) };
    expect(sg002Fix(design).edits).toHaveLength(1);
  });
});
