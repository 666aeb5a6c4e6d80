import { container, findingsOf, table } from '../../fixtures';

describe('SG001 low-cardinality-key', () => {
  it('fires on a five-value status key, with the field path, the numbers and a shard count', () => {
    const [finding, ...rest] = findingsOf('SG001', table({ partitionKey: { name: 'status', type: 'S', cardinality: 5 } }));
    expect(rest).toHaveLength(0);
    expect(finding).toMatchObject({ severity: 'error', path: 'partitionKey', acknowledged: false, data: { cardinality: 5, minCardinality: 100, shards: 20 } });
    expect(finding.message).toContain('5 distinct values');
    expect(finding.fix).toContain('N = 20');
  });

  it('does not fire on a well-ordered tenant → user hierarchy whose first level is small', () => {
    expect(findingsOf('SG001', container({
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 20 }, { path: '/userId', cardinality: 50000 }] },
    }))).toEqual([]);
  });
});
