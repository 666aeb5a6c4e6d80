import { normalize, type DesignInput, type DynamoDbKeyDesign } from '../../lib';
import { issuesOf, table } from '../fixtures';

const gsi = (extra = {}) => ({ indexName: 'byStatus', partitionKey: { name: 'status', type: 'S' as const, cardinality: 'unique' as const }, ...extra });

function normalized(input: DesignInput): DynamoDbKeyDesign {
  return normalize(input).designs[0].design as DynamoDbKeyDesign;
}

describe('table capacity', () => {
  it('keeps billing strings as before, and infers provisioned from declared capacity', () => {
    expect(normalized(table()).billing).toBe('on-demand');
    expect(normalized(table({ billing: 'provisioned' }))).toMatchObject({ billing: 'provisioned', capacity: [{ path: '' }] });
    expect(normalized(table({ capacity: { write: { max: 100 } } })).billing).toBe('provisioned');
  });

  it('gives each key space its ceiling per dimension; a GSI without capacity of its own takes the table’s', () => {
    const design = normalized(
      table({
        capacity: { read: { fixed: 300 }, write: { min: 5, max: 100 } },
        warmThroughput: { writeUnitsPerSecond: 5000 },
        globalSecondaryIndexes: [gsi({ capacity: { write: { max: 70 } }, warmThroughput: { readUnitsPerSecond: 13000 } })],
      }),
    );
    expect(design.capacity).toEqual([
      {
        index: undefined,
        path: '',
        read: { units: 300, source: 'fixed', path: 'capacity.read.fixed', inherited: false },
        write: { units: 100, min: 5, source: 'autoscaled', path: 'capacity.write.max', inherited: false, targetUtilization: 0.7 },
        warmReadUnits: undefined,
        warmWriteUnits: 5000,
      },
      {
        index: 'byStatus',
        path: 'globalSecondaryIndexes[0]',
        read: { units: 300, source: 'fixed', path: 'capacity.read.fixed', inherited: true },
        write: { units: 70, source: 'autoscaled', path: 'globalSecondaryIndexes[0].capacity.write.max', inherited: false, targetUtilization: 0.7 },
        warmReadUnits: 13000,
        warmWriteUnits: undefined,
      },
    ]);
  });

  it("reads auto scaling's target utilization, 70% unless declared, and refuses one AWS does not take or on fixed units", () => {
    const write = (units: object) => normalized(table({ capacity: { read: { fixed: 5 }, write: units as never } })).capacity[0].write;
    expect(write({ max: 100, targetUtilizationPercent: 50 })).toMatchObject({ source: 'autoscaled', units: 100, targetUtilization: 0.5 });
    expect(write({ max: 100 })).toMatchObject({ targetUtilization: 0.7 });
    // CDK's Capacity.autoscaled() and Application Auto Scaling take 20 to 90.
    expect(issuesOf(table({ capacity: { write: { max: 100, targetUtilizationPercent: 95 } } }))).toEqual([
      'capacity.write.targetUtilizationPercent: expected a finite number ≥ 20 and ≤ 90, got 95',
    ]);
    expect(issuesOf(table({ capacity: { read: { fixed: 5, targetUtilizationPercent: 50 } as never } }))).toEqual([
      'capacity.read: give either fixed units ({ fixed }) or auto-scaling settings ({ min, max, targetUtilizationPercent }), not both',
    ]);
  });

  it('reads on-demand maximums per table and per GSI', () => {
    const design = normalized(table({ onDemand: { maxReadRequestUnits: 100 }, globalSecondaryIndexes: [gsi({ onDemand: { maxWriteRequestUnits: 7 } })] }));
    expect(design.capacity.map((c) => [c.read?.units, c.write?.units])).toEqual([
      [100, undefined],
      [undefined, 7],
    ]);
  });

  it('refuses capacity that cannot deploy, naming the field and the fix', () => {
    expect(issuesOf(table({ billing: 'on-demand', capacity: { write: { max: 10 } } }))).toEqual([
      'capacity: is provisioned capacity, but billing is "on-demand": set billing to "provisioned", or give on-demand maximums in onDemand instead',
    ]);
    expect(issuesOf(table({ capacity: { write: { max: 10 } }, globalSecondaryIndexes: [gsi({ onDemand: { maxReadRequestUnits: 5 } })] }))).toEqual([
      'globalSecondaryIndexes[0].onDemand: are on-demand maximums, but the table is provisioned: give provisioned capacity in capacity instead, or set billing to "on-demand"',
    ]);
    expect(issuesOf(table({ capacity: { read: { fixed: 5, max: 10 } as never } }))).toEqual([
      'capacity.read: give either fixed units ({ fixed }) or auto-scaling settings ({ min, max, targetUtilizationPercent }), not both',
    ]);
    expect(issuesOf(table({ capacity: { read: { min: 5 } as never } }))).toEqual([
      'capacity.read.max: is required for auto-scaled capacity (the most auto scaling provisions); or give fixed units as { fixed }',
    ]);
    expect(issuesOf(table({ capacity: { read: { min: 50, max: 10 } } }))).toEqual(['capacity.read.min: must be at most max (10), got 50']);
    expect(issuesOf(table({ capacity: { read: { max: 0 } } }))).toEqual(['capacity.read.max: expected an integer ≥ 1, got 0']);
    expect(issuesOf(table({ warmThroughput: { writeUnitsPerSecond: 1.5 } }))).toEqual(['warmThroughput.writeUnitsPerSecond: expected an integer ≥ 1, got 1.5']);
    expect(issuesOf(table({ capacity: { read: { maximum: 10 } as never } }))).toEqual([
      'capacity.read.maximum: is not a known field; expected one of: fixed, min, max, targetUtilizationPercent',
    ]);
  });
});
