/**
 * A billed raise is never written from a figure the finding calls an upper bound: an index counted at the table's
 * writes under a `KEYS_ONLY` projection (the EV charging `faulted` sparse index, 13,000 WCU of table writes where ~40
 * reach it) got warm throughput of 16,250 WCU, which cannot be lowered again. Its fix asks for the index's own
 * `peakWriteUnits`; an index that declares them keeps its warm edit.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { table } from '../fixtures';

function stations(faultedWrites?: number): DynamoDbTableDesign {
  return table({
    name: 'stations',
    launchAtPeak: true,
    partitionKey: { name: 'stationId', type: 'S', cardinality: 200000 },
    workload: { peakReadUnits: 6000, peakWriteUnits: 13000 },
    globalSecondaryIndexes: [
      {
        indexName: 'faulted',
        partitionKey: { name: 'faultedOperatorId', type: 'S', cardinality: 800 },
        sortKey: { name: 'faultedAt', type: 'S' },
        projectionType: 'KEYS_ONLY',
        ...(faultedWrites !== undefined ? { workload: { peakWriteUnits: faultedWrites } } : {}),
      },
    ],
    accessPatterns: [
      { name: 'station', keyAttributes: ['stationId'], share: 0.99 },
      { name: 'faulted-of-operator', index: 'faulted', keyAttributes: ['faultedOperatorId'], share: 0.01 },
    ],
  });
}

const warmOfIndex = (findings: readonly Finding[]) =>
  findings.find((f) => f.ruleId === 'SG017' && f.index === 'faulted' && f.path.endsWith('globalSecondaryIndexes[0].workload')) as Finding;

describe('SG017 writes no warm throughput from an upper bound of an index’s writes', () => {
  it('the sparse index counted at the table’s 13,000 WCU: no edit, and the fix asks for its peakWriteUnits', () => {
    const hit = warmOfIndex(lint(stations()));
    expect(hit.message).toContain('those index writes are an upper bound');
    expect(hit.edits).toBeUndefined();
    expect(hit.fix).toContain(
      "--fix writes no warm throughput from that upper bound of the index's writes: the raise is billed and cannot be lowered again, and the writes that reach the index may be far fewer; declare `globalSecondaryIndexes[0].workload.peakWriteUnits` with them",
    );
  });

  it('control: the index declaring 6,000 WCU of its own keeps its warm edit', () => {
    const hit = warmOfIndex(lint(stations(6000)));
    expect(hit.edits).toEqual([
      { op: 'set', path: 'globalSecondaryIndexes[0].warmThroughput', value: { readUnitsPerSecond: 12000, writeUnitsPerSecond: 7500 } },
    ]);
    expect(hit.fix).not.toContain('upper bound');
  });

  it('the table itself, on its declared writes, keeps its warm edit', () => {
    const hit = lint(stations()).find((f) => f.ruleId === 'SG017' && f.path === 'workload') as Finding;
    expect(hit.edits).toEqual([{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 12000, writeUnitsPerSecond: 16250 } }]);
  });

  it('alike a provisioned index: no capacity edit from the bound, the raise kept where it declares its writes', () => {
    const provisioned = (writes?: number) =>
      table({
        name: 'stations',
        partitionKey: { name: 'stationId', type: 'S', cardinality: 200000 },
        capacity: { read: { fixed: 8000 }, write: { fixed: 17000 } },
        workload: { peakReadUnits: 6000, peakWriteUnits: 13000 },
        globalSecondaryIndexes: [
          {
            indexName: 'faulted',
            partitionKey: { name: 'faultedOperatorId', type: 'S', cardinality: 800 },
            projectionType: 'KEYS_ONLY',
            capacity: { read: { fixed: 100 }, write: { fixed: 100 } },
            ...(writes !== undefined ? { workload: { peakWriteUnits: writes } } : {}),
          },
        ],
        accessPatterns: [
          { name: 'station', keyAttributes: ['stationId'], share: 0.99 },
          { name: 'faulted-of-operator', index: 'faulted', keyAttributes: ['faultedOperatorId'], share: 0.01 },
        ],
      });
    const writeCapacity = (findings: readonly Finding[]) =>
      findings.find((f) => f.ruleId === 'SG017' && f.index === 'faulted' && f.path.includes('capacity.write')) as Finding;
    const bound = writeCapacity(lint(provisioned()));
    expect(bound.edits).toBeUndefined();
    expect(bound.fix).toContain("--fix writes no capacity from that upper bound of the index's writes: the raise is billed, and");
    expect(writeCapacity(lint(provisioned(400))).edits).toEqual([{ op: 'set', path: 'globalSecondaryIndexes[0].capacity.write.fixed', value: 500 }]);
  });
});
