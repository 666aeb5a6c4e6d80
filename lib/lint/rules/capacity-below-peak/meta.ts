/** What SG017 is on every engine; each engine's checks and messages live in its own file beside this one. */
export const CAPACITY_BELOW_PEAK = {
  id: 'SG017',
  title: 'capacity-below-peak',
  severity: 'error',
  thresholds: [],
  rationale:
    'A declared peak above the capacity the resource has is throttled whatever the partition key: the requests beyond it are refused (Cosmos DB: 429) until capacity is raised, and raising it at the peak is too late.',
  fix: 'Raise the capacity to at least the declared peak (the finding computes it), or lower the declared peak if it is wrong.',
} as const;
