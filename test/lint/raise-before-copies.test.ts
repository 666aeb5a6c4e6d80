/**
 * Review 7 items 2 and 3: SG003's alternatives are ranked by what they cost. A Cosmos DB key whose hottest full key
 * is short only of its physical partition's share (67.5 RU/s against 51.69 usable) is served by a raise in place of
 * 1,000 RU/s with no application change; 2 replicated copies would add 10,000 RU/s of writes, store every document
 * twice, and need 50,000 RU/s (SG017). The raise leads, and is the edit; SG017 asks for no capacity for copies the
 * fix does not write. Where the copies cost less than the raise, they still lead and SG017 counts them.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type Finding } from '../../lib';

/** The stranger's repl2.json: 40,000 RU/s autoscale over 40 physical partitions (2 TB), 20,000 reads + `writes` at peak. */
const messages = (workload = { peakReadUnits: 20_000, peakWriteUnits: 10_000 }, throughput: CosmosContainerDesign['throughput'] = { autoscaleMax: 40_000 }) =>
  ({
    engine: 'cosmosdb',
    name: 'messages',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 300, hotKeyShare: 0.45, largestGb: 40 },
        { path: '/roomId', cardinality: 60_000 },
      ],
    },
    throughput,
    storage: { totalGb: 2_000, largestPartitionGb: 2 },
    workload,
  }) satisfies CosmosContainerDesign;

/** SG003's finding on the full key (the first level has its own, prefix-ingestion.ts). */
const fullKey = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths');

describe('SG003 on a key short of its physical share: the cheapest fix first', () => {
  it('leads with a 1,000 RU/s raise in place, as its edit, when 2 copies would add 10,000 RU/s of writes', () => {
    const findings = lint(messages());
    const hot = fullKey(findings);
    expect(hot?.data).toMatchObject({ hotKeyLoad: 67.5, raiseTo: 41_000, raiseAdds: 1_000, copiesAdd: 10_000, shards: 2 });
    expect(hot?.fix).toMatch(
      /^raise the container's throughput in place to 41,000 RU\/s \(40 physical partitions of 1,025 RU\/s; .*\): 1,000 RU\/s more and no application change, where 2 copies add 10,000 RU\/s of writes at peak, .*; or put the integrated cache in front of its reads/,
    );
    // Review 9: the copies' 40,000 RU/s peak needs 50,000 RU/s at 80%: no option "at the current throughput" of 40,000.
    expect(hot?.fix).not.toMatch(/at the current throughput/);
    expect(hot?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 41_000 }]);
    // No capacity is asked for copies nobody is told to write (the peak is 30,000 of 40,000 RU/s: 75%).
    expect(findings.filter((f) => f.ruleId === 'SG017')).toEqual([]);
  });

  it('once raised, the full key fits and nothing asks for copies or capacity', () => {
    const fixed = applyDesignEdits(messages(), fullKey(lint(messages()))?.edits as DesignEdit[]);
    const after = lint(fixed);
    expect(fullKey(after)).toBeUndefined();
    expect(after.filter((f) => f.ruleId === 'SG017' || f.ruleId === 'SG007')).toEqual([]);
  });

  it('raises a shared database by its containers × the part the container needs', () => {
    const hot = fullKey(lint(messages(undefined, { sharedDatabase: 80_000, containers: 2 })));
    expect(hot?.data).toMatchObject({ raiseTo: 40_800, raiseAdds: 1_600, copiesAdd: 10_000 });
    expect(hot?.edits).toEqual([{ op: 'set', path: 'throughput.sharedDatabase', value: 81_600 }]);
  });

  it('keeps the copies first when they cost less than the raise (900 RU/s of writes against 1,000 RU/s)', () => {
    const findings = lint(messages({ peakReadUnits: 29_100, peakWriteUnits: 900 }));
    const hot = fullKey(findings);
    expect(hot?.fix).toMatch(/^keep N = 2 replicated copies/);
    expect(hot?.fix).toMatch(/; or raise the container's throughput in place to 41,000 RU\/s/);
    expect(hot?.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'replicated', shards: 2 } }]);
    expect(hot?.data?.raiseAdds).toBeUndefined();
  });

  it('at a tie (1,000 RU/s of writes the copies add, 1,000 the raise adds) the raise leads: it changes no application', () => {
    const hot = fullKey(lint(messages({ peakReadUnits: 29_000, peakWriteUnits: 1_000 })));
    expect(hot?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 41_000 }]);
  });
});
