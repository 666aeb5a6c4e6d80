/**
 * --fix writes the hierarchical key for a whale tenant whose finer attribute the queries give. A PM SaaS keyed by
 * `/tenantId` (4,000 tenants; the whale takes 40% of 30,000 RU/s and holds 80 GB; reads give `/tenantId` and
 * `/projectId`): no cache or shard count fits 80 GB into one logical partition's 20 GB, while under a first level its
 * documents span a physical partition per 50 GB ("Hierarchical partition keys"). Kept whole as that first level, the
 * whale's 12,000 RU/s need the 2 partitions its 80 GB span to have 6,500 usable RU/s each: a raise from 40,000 to
 * 65,000 RU/s (8 partitions of 8,125). The fix writes both, so the re-lint is clean of SG003 and SG006 and a second
 * --fix changes nothing; the key change is a new container (Cosmos DB cannot change a partition key in place).
 */
import { lint, type CosmosContainerDesign, type DesignInput } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { applicationChange } from '../../lib/cli/fix-consequences';

const issues = (resultKb?: number, workloadFigures = false): CosmosContainerDesign => ({
  name: 'issues',
  partitionKey: {
    paths: [workloadFigures ? { path: '/tenantId', cardinality: 4000 } : { path: '/tenantId', cardinality: 4000, hotKeyShare: 0.4, largestGb: 80 }],
  },
  workload: { peakReadUnits: 22000, peakWriteUnits: 8000, ...(workloadFigures ? { hotKeyShare: 0.4 } : {}) },
  throughput: { autoscaleMax: 40000 },
  storage: { totalGb: 400, ...(workloadFigures ? { largestPartitionGb: 80 } : {}) },
  accessPatterns: [
    { name: 'issue-with-comments', keyAttributes: ['/tenantId', '/projectId'], share: 0.7, ...(resultKb === undefined ? {} : { resultKb }) },
    { name: 'project-board', keyAttributes: ['/tenantId', '/projectId'], share: 0.3, ...(resultKb === undefined ? {} : { resultKb }) },
  ],
});

const text = (design: CosmosContainerDesign) => `${JSON.stringify({ containers: [design] }, null, 2)}\n`;
const KEY_RULES = ['SG003', 'SG006'];

describe('--fix writes the hierarchical key of a whale tenant the queries name the finer level of (Cosmos DB)', () => {
  it('SG003 and SG006 lead with `/tenantId` → `/projectId`, whose edits key the container and raise it', () => {
    const findings = lint({ containers: [issues()] } as DesignInput);
    for (const id of KEY_RULES) {
      const f = findings.find((x) => x.ruleId === id);
      expect(f?.fix).toMatch(/^make the key hierarchical, with the levels `\/tenantId`, `\/projectId` in this order: /);
      expect(f?.fix).toContain('--fix writes it, declaring 20,000 values of the new level (5 per value of the first on average');
      expect(f?.fix).toContain("raises the container's throughput to 65,000 RU/s (8 physical partitions of 8,125 RU/s)");
      expect(f?.fix).toContain("Cosmos DB cannot change a container's partition key in place: create a container with the new key and copy every document");
      expect(f?.fix).not.toContain('--fix writes no key change');
      expect(f?.fix).not.toContain('{{');
      expect(f?.edits).toEqual([
        {
          op: 'set',
          path: 'containers[0].partitionKey.paths',
          value: [
            { path: '/tenantId', cardinality: 4000, hotKeyShare: 0.4, largestGb: 80 },
            { path: '/projectId', cardinality: 20000 },
          ],
        },
        { op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 65000 },
      ]);
    }
  });

  it('the re-lint is clean of the key findings, a second --fix changes nothing, and the application change says a new container', () => {
    const result = fixDesignText(text(issues()), {});
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG003']);
    const after = lint(JSON.parse(result.text) as DesignInput);
    expect(after.filter((f) => KEY_RULES.includes(f.ruleId) || f.ruleId === 'SG017')).toEqual([]);
    expect(after.filter((f) => f.severity === 'error')).toEqual([]);
    const again = fixDesignText(result.text, {});
    expect(again.fixes).toEqual([]);
    expect(again.text).toBe(result.text);
    const before = JSON.parse(text(issues())) as unknown;
    const changes = result.fixes[0].edits.map((edit) => applicationChange(edit, before)).filter((c) => c !== undefined);
    expect(changes).toEqual([
      "the partition key changes to `/tenantId` → `/projectId`: Cosmos DB cannot change a container's partition key in place, so a new container must be created with it and every document copied into it (a container copy job, or the change feed while the application writes to both), and the application must write and query the new key",
    ]);
  });

  it('figures declared on the workload and storage move to the first level, the fields that held them removed', () => {
    const f = lint({ containers: [issues(undefined, true)] } as DesignInput).find((x) => x.ruleId === 'SG003');
    expect(f?.edits?.slice(0, 2)).toEqual([
      { op: 'remove', path: 'containers[0].workload.hotKeyShare' },
      { op: 'remove', path: 'containers[0].storage.largestPartitionGb' },
    ]);
    const result = fixDesignText(text(issues(undefined, true)), {});
    expect(lint(JSON.parse(result.text) as DesignInput).filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('with resultKb declared, the hierarchical key still leads: the cache takes reads, not 80 GB', () => {
    const findings = lint({ containers: [issues(8)] } as DesignInput);
    for (const id of KEY_RULES) {
      const f = findings.find((x) => x.ruleId === id);
      expect(f?.fix).toMatch(/^make the key hierarchical, with the levels `\/tenantId`, `\/projectId` in this order: /);
      expect(f?.fix).toContain('integrated cache');
      expect(f?.edits?.[0]?.path).toBe('containers[0].partitionKey.paths');
    }
  });
});
