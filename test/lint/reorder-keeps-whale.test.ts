/**
 * SG004's reorder of a hierarchical key and the figures its levels declare (try29b, scratch/order/enc2.json): an
 * encounters container keyed `/patientId` → `/tenantId` → `/encounterId`, its 35% whale tenant declared on `/tenantId`.
 * The reorder `--fix` wrote left the whale's figures at index 1, on `/patientId`, and the re-lint went quiet; put
 * first with its figures, the whale is SG003's error (14,000 RU/s against 2,800 usable, as ehr.json shows). Where the
 * current first level spreads the whale and the ordered one would not, the order is kept: a warning, no edit.
 */
import { applyDesignEdits, lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign, type DesignInput } from '../../lib';
import { fixedOrder, reorderedPathsEdit } from '../../lib/lint/reorder';

const encounters = (tenant: { hotKeyShare: number; largestGb: number }, autoscaleMax: number): CosmosContainerDesign => ({
  name: 'encounters',
  partitionKey: {
    paths: [
      { path: '/patientId', cardinality: 50000000 },
      { path: '/tenantId', cardinality: 400, ...tenant },
      { path: '/encounterId', cardinality: 'unique' },
    ],
  },
  workload: { peakReadUnits: 16000, peakWriteUnits: 24000 },
  throughput: { autoscaleMax },
  storage: { totalGb: 180 },
  accessPatterns: [
    { name: 'encounter-by-id', keyAttributes: ['/patientId', '/tenantId', '/encounterId'], share: 0.5 },
    { name: 'encounters-of-patient', keyAttributes: ['/patientId', '/tenantId'], share: 0.45 },
    { name: 'tenant-reporting', keyAttributes: ['/tenantId'], share: 0.05 },
  ],
});
const whale = encounters({ hotKeyShare: 0.35, largestGb: 25 }, 50000);
const doc = (container: CosmosContainerDesign): DesignInput => ({ containers: [container] });

describe('a reorder edit moves each level’s declared figures with its path', () => {
  it('the whale’s share and size go first with /tenantId, and the re-lint finds it: SG003, 14,000 RU/s against 2,800 usable', () => {
    const design = normalize(doc(whale)).designs[0].design as CosmosKeyDesign;
    const edit = reorderedPathsEdit(design, fixedOrder(design.primaryKey.partitionKey));
    expect(edit).toMatchObject({ op: 'set', path: 'partitionKey.paths' });
    expect(edit.op === 'set' && edit.value).toEqual([
      { path: '/tenantId', cardinality: 400, hotKeyShare: 0.35, largestGb: 25 },
      { path: '/patientId', cardinality: 50000000 },
      { path: '/encounterId', cardinality: 'unique' },
    ]);
    const findings = lint(applyDesignEdits(doc(whale), [{ ...edit, path: `containers[0].${edit.path}` }]));
    expect(findings.find((f) => f.ruleId === 'SG003')).toMatchObject({
      severity: 'error',
      path: 'containers[0].partitionKey.paths[0]',
      data: { level: '/tenantId', prefixLoad: 14000, prefixUsable: 2800 },
    });
  });
});

describe('SG004 weighs the reorder’s load on its new first level (SG003)', () => {
  it('keeps an order whose first level spreads the whale: a warning with the reorder’s cost, and no edit for --fix', () => {
    const findings = lint(doc(whale));
    expect(findings.map((f) => f.ruleId)).toEqual(['SG004']);
    const [finding] = findings;
    expect(finding.severity).toBe('warning');
    expect(finding.edits).toBeUndefined();
    expect(finding.data).toMatchObject({
      overloadLevel: '/tenantId',
      overloadShare: 0.35,
      overloadLoad: 14000,
      overloadUsable: 2800,
      unserved: ['tenant-reporting'],
    });
    expect(finding.fix).toBe(
      'keep this order: ordered `/tenantId` → `/patientId` → `/encounterId`, the hottest `/tenantId` value (35% of the traffic) would put 14,000 RU/s on one physical partition, against the 2,800 RU/s usable there, where the values of `/patientId` spread it; serve `tenant-reporting` (5% of the declared queries) another way: as cross-partition queries, or from results the change feed keeps up to date in another container (such as a report per `/tenantId` value)',
    );
  });

  it('writes the reorder where its first level fits (a 5% tenant at 100,000 RU/s), saying the figures move, and the re-lint is clean', () => {
    const small = encounters({ hotKeyShare: 0.05, largestGb: 25 }, 100000);
    const [finding, ...rest] = lint(doc(small));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ ruleId: 'SG004', severity: 'error' });
    expect(finding.fix).toBe(
      'order it `/tenantId` → `/patientId` → `/encounterId`; each level keeps the figures it declares (`hotKeyShare`, `largestGb`: its own hottest and largest value), which move with its path, and the last level keeps those of the full key (one value of every level, the same in any order)',
    );
    const fixed = applyDesignEdits(doc(small), finding.edits ?? []);
    expect((fixed as { containers: CosmosContainerDesign[] }).containers[0].partitionKey.paths[0]).toEqual({
      path: '/tenantId',
      cardinality: 400,
      hotKeyShare: 0.05,
      largestGb: 25,
    });
    expect(lint(fixed)).toEqual([]);
  });

  it('where both orders overload their first level, stays an error, names the reorder’s cost, and writes nothing', () => {
    // A patient hotter than the tenant (40% under /patientId; a deeper level's declared share is at most the upper one's).
    const tenantWhale = encounters({ hotKeyShare: 0.35, largestGb: 25 }, 50000);
    const [patient, ...deeper] = tenantWhale.partitionKey.paths;
    const both = { ...tenantWhale, partitionKey: { paths: [{ ...patient, hotKeyShare: 0.4 }, ...deeper] } };
    const finding = lint(doc(both)).find((f) => f.ruleId === 'SG004');
    expect(finding).toMatchObject({ severity: 'error', data: { overloadLevel: '/tenantId', overloadLoad: 14000 } });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toMatch(
      /^order it .*; ordered .* would put 14,000 RU\/s on one physical partition, against the [\d,.]+ RU\/s usable there \(SG003 fires on it too\), so --fix does not write it$/,
    );
  });

  it('where the current key’s own hottest value is over (one user of one tenant at 60%), keeps no order: an error, no edit, and no "keep this order" with a query named that is not declared', () => {
    // docs/pulumi.md's refusal: `/userId` (unique) → `/tenantId` (500), 60% on the full key, no queries declared.
    const events: CosmosContainerDesign = {
      name: 'events',
      partitionKey: {
        paths: [
          { path: '/userId', cardinality: 'unique' },
          { path: '/tenantId', cardinality: 500 },
        ],
      },
      workload: { peakReadUnits: 10000, peakWriteUnits: 10000, hotKeyShare: 0.6 },
      throughput: { autoscaleMax: 30000 },
    };
    const findings = lint(doc(events));
    expect(findings.find((f) => f.ruleId === 'SG003')?.severity).toBe('error');
    const finding = findings.find((f) => f.ruleId === 'SG004');
    expect(finding).toMatchObject({ severity: 'error', data: { overloadLevel: '/tenantId', overloadLoad: 12000 } });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).not.toMatch(/keep this order|spread it|\( \(|0% of the declared queries/);
  });

  it('with no queries declared, asks for them, quoting what the cardinality order would put on the whale’s partition, and writes nothing', () => {
    // cosmos31a: it kept the order with "serve any query by /tenantId alone another way", a query nobody declared.
    const finding = lint(doc({ ...whale, accessPatterns: [] })).find((f) => f.ruleId === 'SG004');
    expect(finding).toMatchObject({ severity: 'warning', messageId: 'unqueriedOrder' });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toMatch(
      /^declare the queries .*; ordered `\/tenantId` → `\/patientId` → `\/encounterId`, the hottest `\/tenantId` value \(35% of the traffic\) would put 14,000 RU\/s on one physical partition, against the 2,800 RU\/s usable there \(SG003 would fire on it\)$/,
    );
  });
});
