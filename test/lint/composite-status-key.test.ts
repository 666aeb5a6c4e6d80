/**
 * A GSI key that combines a state with a date (`statusDue` = `status` + `dueDate`) is rewritten whenever the state
 * changes (OPEN → PAID): the index pays a delete and a put, as for a plain `status` key (AWS, "Provisioned throughput
 * considerations for global secondary indexes"). The component's name says so as the plain key's does, with the same
 * warning, and the even split of the current bucket over the 5 states is said as an assumption, not a verdict.
 */
import { lintDocument, type DesignInput } from '../../lib';

const dunning = (partitionKey: object) => ({
  tables: [
    {
      name: 'invoices',
      partitionKey: { name: 'pk', type: 'S', cardinality: 'unique' },
      billing: 'provisioned',
      capacity: { read: { min: 600, max: 2400 }, write: { min: 150, max: 600 } },
      workload: { peakReadUnits: 1200, peakWriteUnits: 300 },
      globalSecondaryIndexes: [
        {
          indexName: 'dunning',
          partitionKey,
          projectionType: 'KEYS_ONLY',
          capacity: { read: { min: 50, max: 500 }, write: { min: 100, max: 400 } },
        },
      ],
    },
  ],
});
const statusDue = (more: object = {}) => ({
  name: 'statusDue',
  type: 'S',
  cardinality: 1825,
  components: [
    { name: 'status', cardinality: 5 },
    { name: 'dueDate', cardinality: 365, kind: 'time-bucket' },
  ],
  ...more,
});
const lint = (partitionKey: object) => lintDocument(dunning(partitionKey) as DesignInput);
const sg017 = (partitionKey: object) => lint(partitionKey).findings.filter((f) => f.ruleId === 'SG017' && f.path.endsWith('write.max'));

describe('a composite GSI key with a component named like a state', () => {
  it('counts the index at 2× the table writes, a warning on the name alone (600 WCU > 400 max; 300 at 1× fits)', () => {
    const [finding] = sg017(statusDue());
    expect(finding).toMatchObject({ severity: 'warning', path: 'tables[0].globalSecondaryIndexes[0].capacity.write.max' });
    expect(finding.message).toContain('derived peak of 600 WCU');
    expect(finding.message).toContain('`status` is named like an attribute that changes');
    expect(finding.message).toContain('`globalSecondaryIndexes[0].partitionKey.mutable`: false');
  });

  it('is an error when the composite declares mutable: true, and quiet at 1× when it declares mutable: false', () => {
    expect(sg017(statusDue({ mutable: true }))).toEqual([expect.objectContaining({ severity: 'error' })]);
    expect(sg017(statusDue({ mutable: false }))).toEqual([]);
  });

  it('stays at 1× where no component is named like a state', () => {
    const regionDue = statusDue();
    regionDue.components[0] = { name: 'region', cardinality: 5 };
    expect(sg017(regionDue)).toEqual([]);
  });

  it("says the current bucket's even split over the states is assumed, until hotKeyShare is declared", () => {
    expect(lint(statusDue({ mutable: false })).notJudged).toEqual([
      expect.objectContaining({
        ruleId: 'SG003',
        kind: 'hottestValue',
        index: 'dunning',
        declare: 'tables[0].globalSecondaryIndexes[0].workload.hotKeyShare',
        what: "the hottest of the current bucket's values, taken as uniform (1/5 of the load)",
      }),
    ]);
    const declared = dunning(statusDue({ mutable: false }));
    Object.assign(declared.tables[0].globalSecondaryIndexes[0], { workload: { hotKeyShare: 0.6 } });
    expect(lintDocument(declared as DesignInput).notJudged).toEqual([]);
  });

  it('refuses mutable on a component: the composite attribute, the value DynamoDB indexes, declares it', () => {
    const onComponent = statusDue();
    Object.assign(onComponent.components[0], { mutable: true });
    expect(() => lint(onComponent)).toThrow(/components\[0\]\.mutable/);
  });
});
