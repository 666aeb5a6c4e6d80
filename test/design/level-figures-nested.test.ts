/**
 * README "Bad input": a key level's `hotKeyShare` or `largestGb` above the least one declared on a level over it is
 * rejected, and so is the full key's figure above a level's. A deeper level's value is nested in one value of each level
 * over it (Azure, "Hierarchical partition keys": a first-level value is a prefix of the full key), so it can only take
 * less than any of them; a level that declares nothing bounds nothing (its hottest value takes at least what the one
 * nested in it takes).
 */
import { DesignError, normalize, type CosmosContainerDesign } from '../../lib';
import { container } from '../fixtures';

const issuesOf = (design: CosmosContainerDesign): string[] => {
  try {
    normalize(design);
  } catch (error) {
    if (error instanceof DesignError) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
    throw error;
  }
  return [];
};

const levels = (paths: CosmosContainerDesign['partitionKey']['paths'], extra: Partial<CosmosContainerDesign> = {}) =>
  container({ name: 'events', partitionKey: { paths }, storage: { totalGb: 1000 }, ...extra });

describe('key level figures nested in the levels over them', () => {
  it('rejects every level above the least figure declared over it, not only the nearest (0.3 → 0.5 → 0.4: both)', () => {
    const issues = issuesOf(
      levels([
        { path: '/tenantId', cardinality: 50, hotKeyShare: 0.3, largestGb: 100 },
        { path: '/userId', cardinality: 100000, hotKeyShare: 0.5, largestGb: 200 },
        { path: '/sessionId', cardinality: 'unique', hotKeyShare: 0.4, largestGb: 150 },
      ]),
    );
    expect(issues.filter((issue) => issue.includes('nested in the level above'))).toEqual([
      expect.stringMatching(/^partitionKey\.paths\[1\]\.hotKeyShare: is 0\.5, more than the 0\.3 declared at partitionKey\.paths\[0\]\.hotKeyShare/),
      expect.stringMatching(/^partitionKey\.paths\[2\]\.hotKeyShare: is 0\.4, more than the 0\.3 declared at partitionKey\.paths\[0\]\.hotKeyShare/),
      expect.stringMatching(/^partitionKey\.paths\[1\]\.largestGb: is 200, more than the 100 declared at partitionKey\.paths\[0\]\.largestGb/),
      expect.stringMatching(/^partitionKey\.paths\[2\]\.largestGb: is 150, more than the 100 declared at partitionKey\.paths\[0\]\.largestGb/),
    ]);
  });

  it("rejects the full key's share above the least a level declares", () => {
    const issues = issuesOf(
      levels(
        [
          { path: '/tenantId', cardinality: 50, hotKeyShare: 0.3 },
          { path: '/userId', cardinality: 100000, hotKeyShare: 0.35 },
          { path: '/sessionId', cardinality: 'unique' },
        ],
        { workload: { peakReadUnits: 2000, peakWriteUnits: 1000, hotKeyShare: 0.32 } },
      ),
    );
    expect(issues).toContainEqual(
      expect.stringMatching(/^workload\.hotKeyShare: is 0\.32, more than the 0\.3 declared at partitionKey\.paths\[0\]\.hotKeyShare/),
    );
  });

  it('accepts a deeper figure under a level that declares none, and figures that shrink level by level', () => {
    expect(
      issuesOf(
        levels([
          { path: '/region', cardinality: 5 },
          { path: '/tenantId', cardinality: 1000, hotKeyShare: 0.4, largestGb: 300 },
          { path: '/userId', cardinality: 'unique', hotKeyShare: 0.05, largestGb: 2 },
        ]),
      ),
    ).toEqual([]);
  });

  // agree34 item 4: a wrong-order key (/accountId over /tenantId) with the tenant's own 200 GB on its level was told only
  // that 200 is more than 2; the figure may be the tenant's own, which says the tenant belongs above the account.
  it("says a level's figure is its prefix's, and that a wider level's own figure puts it above (SG004's order)", () => {
    const issues = issuesOf(
      levels([
        { path: '/accountId', cardinality: 2_000_000, largestGb: 2 },
        { path: '/tenantId', cardinality: 5_000, largestGb: 200 },
        { path: '/contactId', cardinality: 'unique' },
      ]),
    );
    expect(issues).toEqual([
      'partitionKey.paths[1].largestGb: is 200, more than the 2 declared at partitionKey.paths[0].largestGb: ' +
        "a level's figure is the key prefix's down to it, what one /tenantId value holds under one /accountId value, and a deeper level's value is nested in the level above, so it can only take less. " +
        "Lower partitionKey.paths[1].largestGb to that prefix's figure (at most 2); or, if 200 is what one /tenantId value holds across all the /accountId values it contains, " +
        "/tenantId is the wider level and belongs above /accountId (the order SG004 asks for): move /tenantId up the key's paths, and declare 200 on it there",
    ]);
  });
});
