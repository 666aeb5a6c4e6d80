/**
 * `--fix` writes no fix that recreates a table or container (a new partition or sort key, and a copy of every item) for
 * a finding below `--fail-on`: a warning's premise may be a guess (SG002 judging `/period` a time bucket by its name).
 * Its other fixes (sharding, monitoring, capacity) are written at every severity, as before (fix.test.ts: SG007's removal).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { cli, tempTree } from './helpers';

/**
 * A container whose first level `/period` SG002 guesses a time bucket by its name: a warning at this load. Its edit keys
 * the container by the unique `/deviceId` alone (whale22: a unique first level leaves `/period` nothing to divide).
 */
const periodFirst: DesignInput = {
  containers: [
    {
      name: 'events',
      throughput: { autoscaleMax: 10000 },
      partitionKey: {
        paths: [
          { path: '/period', cardinality: 365 },
          { path: '/deviceId', cardinality: 'unique' },
        ],
      },
      workload: { peakReadUnits: 1000, peakWriteUnits: 1000 },
    },
  ],
};
const text = `${JSON.stringify(periodFirst, null, 2)}\n`;
const paths = (fixed: string) => (JSON.parse(fixed) as { containers: { partitionKey: { paths: { path: string }[] } }[] }).containers[0].partitionKey.paths;

describe('--fix below --fail-on', () => {
  it('the design has one finding, a warning whose edit reorders the partition key', () => {
    const [finding, ...rest] = lint(periodFirst);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ ruleId: 'SG002', severity: 'warning', edits: [{ op: 'set', path: 'containers[0].partitionKey.paths' }] });
  });

  it('leaves a warning that recreates the container unwritten at the default --fail-on error, and says why', () => {
    const result = fixDesignText(text, {});
    expect(result.text).toBe(text);
    expect(result.fixes).toEqual([]);
    expect(result.skipped).toEqual([
      {
        ruleId: 'SG002',
        path: 'containers[0].partitionKey.paths[0]',
        message: expect.stringMatching(
          /^it is a warning, below --fail-on error, and its fix changes the key \(the partition key changes: .*\): .*run --fix with --fail-on warning$/,
        ),
      },
    ]);
  });

  it('writes it under --fail-on warning, where the finding fails the run', () => {
    const result = fixDesignText(text, {}, 'warning');
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG002']);
    expect(paths(result.text).map((p) => p.path)).toEqual(['/deviceId']);
  });

  it('through the command: exit 0 and the file as it was by default; rewritten and exit 1 with --fail-on warning', async () => {
    const file = join(tempTree({ 'events.json': text }), 'events.json');
    const kept = await cli(['lint', file, '--fix']);
    expect(kept.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(kept.stdout).toContain('SG002 not fixed: it is a warning, below --fail-on error, and its fix changes the key');
    writeFileSync(file, text);
    const written = await cli(['lint', file, '--fix', '--fail-on', 'warning']);
    expect(written.code).toBe(1);
    expect(paths(readFileSync(file, 'utf8')).map((p) => p.path)).toEqual(['/deviceId']);
    expect(written.stdout).toContain('application change needed: the partition key changes');
  });
});

/**
 * try29b's leaderboards: a course read at 80% of 24,500 RU/s, replicated over 10 copies of 1,960 RU/s each, against a
 * usable 1,115 RU/s on one of 4 physical partitions: within the partition's RU/s, above the planned 80%, so a warning.
 * Its fix raises the container in place to 71,000 RU/s (+78%, billed every hour): the README says `--fix` writes no
 * raise that is not SG017's, and the run wrote it and exited 0.
 */
const leaderboards: DesignInput = {
  containers: [
    {
      name: 'leaderboards',
      partitionKey: { paths: [{ path: '/courseId', cardinality: 20000 }] },
      workload: { peakReadUnits: 24500, peakWriteUnits: 500, hotKeyShare: 0.8, hotKeyOperations: 'reads' },
      sharding: { strategy: 'replicated', shards: 10 },
      throughput: { autoscaleMax: 40000 },
      storage: { totalGb: 2, largestPartitionGb: 0.01 },
      accessPatterns: [{ name: 'leaderboard-of-course', keyAttributes: ['/courseId'], share: 1 }],
    },
  ],
};
const leaderboardsText = `${JSON.stringify(leaderboards, null, 2)}\n`;
const autoscaleMax = (fixed: string) => (JSON.parse(fixed) as { containers: { throughput: { autoscaleMax: number } }[] }).containers[0].throughput.autoscaleMax;

describe('--fix below --fail-on: a raise for a hot value', () => {
  it('the design has one finding, an SG003 warning whose edit raises the container', () => {
    const [finding, ...rest] = lint(leaderboards);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      ruleId: 'SG003',
      severity: 'warning',
      edits: [{ op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 71000 }],
    });
  });

  it('leaves it unwritten at the default --fail-on error, and names the raise', () => {
    const result = fixDesignText(leaderboardsText, {});
    expect(result.text).toBe(leaderboardsText);
    expect(result.fixes).toEqual([]);
    expect(result.skipped).toEqual([
      {
        ruleId: 'SG003',
        path: 'containers[0].sharding.shards',
        message:
          'it is a warning, below --fail-on error, and its fix raises containers[0].throughput.autoscaleMax from 40000 to 71000, +78%, billed every hour it stands: --fix writes such a fix only for a finding that fails the run; apply it by hand if you agree with it, or run --fix with --fail-on warning',
      },
    ]);
  });

  it('writes it under --fail-on warning, where the finding fails the run', () => {
    const result = fixDesignText(leaderboardsText, {}, 'warning');
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG003']);
    expect(autoscaleMax(result.text)).toBe(71000);
  });

  it('writes SG017’s raise, the peak’s own capacity, at every severity', () => {
    // The same container without the hot course: its peak alone over the planned 80% of 30,000 RU/s.
    const [hot] = leaderboards.containers ?? [];
    const design: DesignInput = {
      containers: [{ ...hot, sharding: undefined, workload: { peakReadUnits: 24500, peakWriteUnits: 500 }, throughput: { autoscaleMax: 30000 } }],
    };
    const [finding] = lint(design);
    expect(finding).toMatchObject({ ruleId: 'SG017', severity: 'warning' });
    const result = fixDesignText(`${JSON.stringify(design, null, 2)}\n`, {});
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG017']);
    expect(autoscaleMax(result.text)).toBeGreaterThan(30000);
  });
});
