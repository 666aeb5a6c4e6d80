/**
 * The lint's assumptions in each report: a design that declares no hot share and no storage is told, on one note line
 * of the text report (a `notJudged` list in JSON, the run's `properties.notJudged` in SARIF), what its rules did not
 * judge and which field to declare; never as a finding, so no exit code moves (not even under --fail-on warning); a
 * design that declares every figure gets no such line.
 */
import { cli, tempTree } from './helpers';

const firstDraft = {
  name: 'messages',
  partitionKey: { paths: [{ path: '/conversationId', cardinality: 50_000_000 }] },
  throughput: { autoscaleMax: 80_000 },
  workload: { peakReadUnits: 15_000, peakWriteUnits: 40_000 },
};
const declared = { ...firstDraft, workload: { ...firstDraft.workload, hotKeyShare: 0.001 }, storage: { totalGb: 4_000, largestPartitionGb: 5 } };
const files = tempTree({
  'draft.json': JSON.stringify({ containers: [firstDraft] }, null, 2),
  'declared.json': JSON.stringify({ containers: [declared] }, null, 2),
});
const run = (args: string[]) => cli(['lint', ...args], { cwd: files });

describe('what the rules did not judge', () => {
  it('is one note line of the file in the text report, naming each field to declare', async () => {
    const { stdout, code } = await run(['draft.json', '--fail-on', 'warning']);
    expect(stdout.match(/^ {4}note {4}not judged: .*$/gm)).toEqual([
      "    note    not judged: the hottest value, taken as uniform (1/50,000,000 of the load) (declare containers[0].workload.hotKeyShare); the largest logical partition's size against its 20 GB cap: no storage declared (declare containers[0].storage.largestPartitionGb); the RU/s Azure keeps for the stored GB (10 per GB of an autoscale maximum, 1 of manual) and the physical partition per 50 GB: no storage declared (declare containers[0].storage.totalGb)",
    ]);
    // Not a finding: the design is clean, and passes even where warnings fail the run.
    expect(stdout).toContain('✔ no findings');
    expect(stdout).toMatch(/0 errors, 0 warnings in 1 file\n$/);
    expect(code).toBe(0);
  });

  it('prints nothing for a design that declares every figure, nor under --quiet', async () => {
    expect((await run(['declared.json'])).stdout).not.toContain('not judged');
    expect((await run(['draft.json', '--quiet'])).stdout).not.toContain('not judged');
  });

  it('is a structured list in JSON (only where there is one) and in SARIF', async () => {
    const json = JSON.parse((await run(['draft.json', 'declared.json', '--format', 'json'])).stdout);
    const [draft, full] = json.files;
    expect(draft.notJudged.map((n: { kind: string; declare: string }) => [n.kind, n.declare])).toEqual([
      ['hottestValue', 'containers[0].workload.hotKeyShare'],
      ['partitionSize', 'containers[0].storage.largestPartitionGb'],
      ['storageMinimum', 'containers[0].storage.totalGb'],
    ]);
    // The core's entries as they are (test/lint/not-judged.test.ts holds their shape), with no line or column.
    expect(Object.keys(draft.notJudged[0])).toEqual(['ruleId', 'kind', 'engine', 'resource', 'path', 'declare', 'what']);
    expect(full).not.toHaveProperty('notJudged');
    const sarif = JSON.parse((await run(['draft.json', 'declared.json', '--format', 'sarif'])).stdout).runs[0];
    expect(sarif.results).toEqual([]);
    expect(sarif.properties.notJudged).toHaveLength(3);
    expect(sarif.properties.notJudged[0]).toMatchObject({
      artifactLocation: { uri: 'draft.json', uriBaseId: '%SRCROOT%' },
      ruleId: 'SG003',
      path: 'containers[0]',
      declare: 'containers[0].workload.hotKeyShare',
    });
    const clean = JSON.parse((await run(['declared.json', '--format', 'sarif'])).stdout).runs[0];
    expect(clean).not.toHaveProperty('properties');
  });
});
