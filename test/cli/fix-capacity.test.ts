/**
 * `--fix` with the rules' own edits (no mocks): raising capacity or throughput changes no key, so it
 * needs no application change and does not fail the run; a fix to a key's layout still does (exit 1).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { siteTelemetry } from '../fixtures';
import { cli, examples, HOT_ROOM_CHAT, tempTree } from './helpers';

const copy = (name: string, edit = (text: string) => text) => {
  const dir = tempTree({ 'design.json': edit(readFileSync(join(examples, name), 'utf8')) });
  return join(dir, 'design.json');
};

describe('--fix that only raises capacity or throughput', () => {
  it('raises a DynamoDB auto-scaling maximum with no application change, and the fixed design passes (exit 0)', async () => {
    const file = copy('bad/autoscaling-below-peak.json');
    const { code, stdout } = await cli(['lint', file, '--fix', '--no-color']);
    expect(stdout).toContain('fixed   SG017 votes: set tables[0].capacity.write.max to 31250');
    expect(stdout).not.toContain('application change needed');
    expect(stdout).not.toContain('--fix changed the declared design only');
    expect(JSON.parse(readFileSync(file, 'utf8')).tables[0].capacity.write.max).toBe(31250);
    expect(code).toBe(0);
  });

  it('raises a Cosmos DB autoscale maximum with no application change (JSON report: no applicationChanges)', async () => {
    const file = copy('bad/cosmos-throughput-below-peak.json', (text) => text.replace('"manual": 4000', '"autoscaleMax": 4000'));
    const { code, stdout } = await cli(['lint', file, '--fix', '--format', 'json']);
    const report = JSON.parse(stdout);
    const [fix] = report.files[0].fixes;
    expect(fix.ruleId).toBe('SG017');
    expect(fix.edits[0].path).toBe('containers[0].throughput.autoscaleMax');
    expect(fix.applicationChanges).toBeUndefined();
    expect(report.summary.fixesNeedingApplicationChanges).toBe(0);
    expect(code).toBe(0);
  });

  // SG003's raise in place: 10,000 RU/s of peak, 60% of it (6,000) on one `/roomId`; at the 12,500 RU/s SG017 asks
  // for, 2 partitions of 6,250 leave it 5,000 − 2,000 = 3,000; at 20,000 RU/s, 2 partitions of 10,000 leave it
  // 8,000 − 2,000 (4,000 of other traffic ÷ 2) = 6,000, which it fits. The raise splits no key: only the
  // throughput and the partition count it leaves (2) change, so nothing is asked of the application.
  it('raises a Cosmos DB container for its hot key, with the partition count it leaves, with no application change (exit 0)', async () => {
    const file = tempTree({
      'chat.json': JSON.stringify(HOT_ROOM_CHAT),
    });
    const { code, stdout } = await cli(['lint', join(file, 'chat.json'), '--fix', '--no-color']);
    expect(stdout).toContain('fixed   SG003 chat2: set containers[0].throughput.manual to 20000; set containers[0].physicalPartitions to 2');
    expect(stdout).not.toContain('application change needed');
    expect(stdout).not.toContain('--fix changed the declared design only');
    expect(code).toBe(0);
  });

  // cap26: a first level over only by the container's capacity (the 2% site, 800 RU/s, at 40,000 RU/s of peak) is led
  // by the raise that serves it as it is. That raise wrote no edit, so --fix wrote SG017's smaller raise (50,000) and
  // left SG003 with nothing to write; its edits now (the RU/s, and the partition count where a new container created
  // at them would get another) make one run converge. reorder29: that raise is a warning's, written only where the warning
  // fails the run (`--fail-on warning`); below it the run names it not fixed, with the raise (fix-below-fail-on.test.ts).
  it.each([
    ['an autoscale maximum (500 GB: 10 partitions either way)', { autoscaleMax: 40000 }, 500, 'set containers[0].throughput.autoscaleMax to 59000', {}],
    [
      'manual RU/s (100 GB: 7 partitions kept by the raise in place, 10 if created there)',
      { manual: 40000 },
      100,
      'set containers[0].throughput.manual to 56000; set containers[0].physicalPartitions to 7',
      { physicalPartitions: 7 },
    ],
  ])(
    'converges on a first level over only by the container’s capacity, %s: one run, then no SG003 or SG017 (SG014 warns of its growth)',
    async (_name, throughput, totalGb, fixed, declared) => {
      const container = siteTelemetry({ throughput, storage: { totalGb } });
      const file = join(tempTree({ 'telemetry.json': JSON.stringify({ containers: [container] }) }), 'telemetry.json');
      const { code, stdout } = await cli(['lint', file, '--fix', '--fail-on', 'warning', '--no-color']);
      expect(stdout).toContain(`fixed   SG003 telemetry: ${fixed}`);
      // The raise serves the site's 800 RU/s at its usable ceiling, the least that does: no growth is left, and SG014's
      // growth warning (minGrowthHeadroom) plans the bucketed first level; it has no edit, so it fails --fail-on warning.
      expect(stdout.match(/not fixed/g)).toHaveLength(1);
      expect(stdout).toContain('SG014 not fixed: it appeared in this run, caused by the fixes above');
      expect(code).toBe(1);
      const written = JSON.parse(readFileSync(file, 'utf8')).containers[0];
      expect(written).toMatchObject(declared);
      const again = await cli(['lint', file, '--format', 'json']);
      const findings = JSON.parse(again.stdout).files[0].findings as { ruleId: string }[];
      expect(findings.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG017')).toEqual([]);
    },
  );

  // Review launch19: a provisioned table launched at its peak (prov-launch.json) gets its minimums raised to peak ÷ headroom,
  // and an on-demand one its warm throughput; a second run finds nothing to fix, and the lint after it no launch finding.
  it.each([
    [
      'a provisioned launch',
      {
        billing: 'provisioned',
        capacity: { read: { min: 5, max: 20000 }, write: { min: 5, max: 20000 } },
        workload: { peakReadUnits: 15000, peakWriteUnits: 15000 },
      },
      { capacity: { read: { min: 18750, max: 20000 }, write: { min: 18750, max: 20000 } } },
    ],
  ])('converges on %s: one run fixes it, a second changes nothing', async (_name, declared, fixed) => {
    const design = { name: 'cutover', partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' }, launchAtPeak: true, ...declared };
    const file = join(tempTree({ 'design.json': JSON.stringify({ tables: [design] }, null, 2) }), 'design.json');
    const first = await cli(['lint', file, '--fix', '--no-color']);
    expect(first.stdout).toContain('fixed   SG017 cutover');
    expect(first.stdout).toContain('0 errors, 0 warnings');
    expect(JSON.parse(readFileSync(file, 'utf8')).tables[0]).toMatchObject(fixed);
    const text = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix', '--no-color']);
    expect(second.stdout).not.toContain('fixed ');
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(second.code).toBe(0);
  });

  it('counts capacity, on-demand maximums, warm throughput and Cosmos throughput as infrastructure only', () => {
    for (const path of [
      'tables[0].capacity.write.max',
      'tables[0].globalSecondaryIndexes[1].capacity.read',
      'tables[0].onDemand.maxWriteRequestUnits',
      'tables[0].warmThroughput',
      'containers[0].throughput.autoscaleMax',
      'containers[0].throughput.sharedDatabase',
      'containers[0].physicalPartitions',
    ]) {
      expect(applicationChange({ op: 'set', path, value: 40_000 })).toBeUndefined();
    }
  });
});

describe('--fix that changes a key', () => {
  it('still names the application change and exits 1', async () => {
    const file = copy('bad/over-sharded-uuid.json');
    const { code, stdout } = await cli(['lint', file, '--fix', '--no-color']);
    expect(stdout).toMatch(/fixed {3}SG007 .*: removed tables\[0\]\.sharding/);
    expect(stdout).toContain('application change needed: the application must stop adding shard suffixes');
    expect(stdout).toContain('--fix changed the declared design only: 1 fix needs the application changes listed with it; exit 1');
    expect(code).toBe(1);
  });

  it('says the code the run exits with: 2 when a near-miss design beside the fixed one could not be linted', async () => {
    const dir = tempTree({
      'design.json': readFileSync(join(examples, 'bad/over-sharded-uuid.json'), 'utf8'),
      'typo.json': JSON.stringify({ Tables: [{ name: 'orders', partitionKey: { name: 'id', type: 'S' } }] }),
    });
    const { code, stdout } = await cli(['lint', dir, '--fix', '--no-color']);
    expect(stdout).toContain('application change needed: the application must stop adding shard suffixes');
    expect(stdout).toContain(
      '--fix changed the declared design only: 1 fix needs the application changes listed with it; exit 2 (1 input could not be linted), never 0 after such a fix, so that CI never passes on --fix alone',
    );
    expect(stdout).not.toContain('exit 1');
    expect(code).toBe(2);
  });

  it('is named for the key fields, whichever resource holds them', () => {
    expect(applicationChange({ op: 'set', path: 'tables[0].partitionKey.type', value: 'S' })).toMatch(/^the partition key changes/);
    expect(applicationChange({ op: 'set', path: 'tables[0].globalSecondaryIndexes[0].sortKey.name', value: 'k' })).toMatch(/^the sort key changes/);
  });
});
