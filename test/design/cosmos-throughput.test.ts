/** The design file's Cosmos DB `throughput` and `storage.totalGb` (issue 14 §2): forms, grids, and errors naming the field. */
import { normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
import { container, issuesOf } from '../fixtures';

const normalized = (design: CosmosContainerDesign) => normalize(design).designs[0].design as CosmosKeyDesign;

describe('Cosmos DB throughput in a design', () => {
  it.each([
    [{ manual: 18_000 }, { mode: 'manual', requestUnits: 18_000, path: 'throughput.manual' }],
    [{ autoscaleMax: 4_000 }, { mode: 'autoscale', requestUnits: 4_000, path: 'throughput.autoscaleMax' }],
    [
      { sharedDatabase: 20_000, containers: 4 },
      { mode: 'shared', requestUnits: 5_000, shared: { databaseRequestUnits: 20_000, containers: 4 } },
    ],
    [{ sharedDatabase: 800 }, { mode: 'shared', requestUnits: 800, shared: { databaseRequestUnits: 800, containers: 1 } }],
    ['serverless', { mode: 'serverless', path: 'throughput' }],
  ] as const)('reads %j', (throughput, expected) => {
    expect(normalized(container({ throughput: throughput as never })).throughput).toMatchObject(expected);
  });

  it("leaves throughput and size unknown when not declared (today's behaviour)", () => {
    const design = normalized(container());
    expect(design.throughput).toBeUndefined();
    expect(design.totalGb).toBeUndefined();
  });

  it.each([
    [{ manual: 450 }, 'throughput.manual: expected at least 400 RU/s in steps of 100, got 450'],
    [{ autoscaleMax: 1_500 }, 'throughput.autoscaleMax: expected at least 1000 RU/s in steps of 1000, got 1500'],
    [{ sharedDatabase: 10_000, containers: 0 }, 'throughput.containers: expected an integer ≥ 1, got 0'],
    [
      { manual: 400, autoscaleMax: 1_000 },
      'throughput: expected exactly one of { manual: RU/s }, { autoscaleMax: RU/s }, { sharedDatabase: RU/s, containers?: n } or "serverless", got { manual, autoscaleMax }',
    ],
    [
      { autoScaleMax: 4_000 },
      'throughput: expected exactly one of { manual: RU/s }, { autoscaleMax: RU/s }, { sharedDatabase: RU/s, containers?: n } or "serverless", got { autoScaleMax } (did you mean "autoscaleMax"?)',
    ],
    ['shared', 'throughput: expected { sharedDatabase: RU/s, containers?: n } for shared database throughput (the design needs its RU/s), got "shared"'],
    ['dedicated', 'throughput: expected "serverless", got "dedicated"'],
    // Past any quota raise: ARM's throughput is a 32-bit integer. (Above 1,000,000 and up to it is SG017's warning.)
    [
      { manual: 1e15 },
      'throughput.manual: is 1000000000000000 RU/s, more than Azure can provision: its throughput field is a 32-bit integer (at most 2,147,483,647), and the default maximum is 1,000,000 RU/s per container or database, raised by an Azure support ticket',
    ],
    [{ autoscaleMax: 2_147_484_000 }, expect.stringMatching(/^throughput\.autoscaleMax: is 2147484000 RU\/s, more than Azure can provision/)],
    [{ sharedDatabase: Infinity }, expect.stringMatching(/^throughput\.sharedDatabase: is Infinity RU\/s, more than Azure can provision/)],
  ])('rejects %j, naming the field', (throughput, issue) => {
    expect(issuesOf(container({ throughput: throughput as never }))).toEqual([issue]);
  });

  it('accepts the largest RU/s a quota raise can reach on the grid, up to what the API carries', () => {
    expect(normalized(container({ throughput: { manual: 2_147_483_600 } })).throughput).toMatchObject({ requestUnits: 2_147_483_600 });
    expect(normalized(container({ throughput: { autoscaleMax: 2_147_483_000 } })).throughput).toMatchObject({ requestUnits: 2_147_483_000 });
  });

  it("rejects a total size below one logical partition's", () => {
    expect(issuesOf(container({ storage: { largestPartitionGb: 12, totalGb: 5 } }))).toEqual([
      "storage.totalGb: is 5 GB, less than the 12 GB declared for one logical partition at storage.largestPartitionGb: the container holds every partition; raise storage.totalGb to the container's expected size, or lower storage.largestPartitionGb",
    ]);
  });
});
