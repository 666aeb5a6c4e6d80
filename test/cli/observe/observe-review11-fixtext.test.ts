/**
 * Review 11 of `skewguard observe`, the fix texts (test/cli/observe/review11/profiles-sound.json, the reviewer's
 * design; its exports are built here, row for row):
 * - item 7: the hot key is a bot whose logged operations are all reads, so its fix names the cache, not batching;
 * - item 9: the NormalizedRUConsumption note names the hottest few of its 80 ranges, the JSON report keeps all.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { findingsOf } from './support';

const FIXTURES = join(__dirname, 'review11');
const minute = (m: number) => `2026-11-30T18:${String(m).padStart(2, '0')}:00Z`;

/** The reviewer's profiles.ru.json: 30 minutes; each logs bot-7 reading 24,000 RU, and 199 users of 3,000 RU,
 *  40 of them writing (Upsert) and 159 reading: 501,000 RU of reads and 120,000 of writes a minute. */
function profileRows(botOperation = 'Read', botUpsert = 0) {
  const rows: Record<string, unknown>[] = [];
  const row = (m: number, key: string, operation: string, charge: number) => ({
    TimeGenerated: minute(m),
    DatabaseName: 'users',
    CollectionName: 'profiles',
    PartitionKey: `["${key}"]`,
    OperationName: operation,
    RequestCharge: charge,
  });
  for (let m = 0; m < 30; m++) {
    rows.push(row(m, 'bot-7', botOperation, 24000));
    if (m === 0 && botUpsert > 0) rows.push(row(m, 'bot-7', 'Upsert', botUpsert));
    for (let user = 0; user < 199; user++) rows.push(row(m, `user-${user}`, user < 40 ? 'Upsert' : 'Read', 3000));
  }
  return rows;
}

/** The reviewer's profiles.nru.json: 80 partition-key ranges at 62% for 30 minutes, range 17 at 100% in the first. */
function normalizedRu() {
  const series = Array.from({ length: 80 }, (_, range) => ({
    metadatavalues: [{ name: { value: 'partitionkeyrangeid' }, value: String(range) }],
    data: Array.from({ length: 30 }, (_, m) => ({ timeStamp: minute(m), maximum: range === 17 && m === 0 ? 100 : range === 3 && m === 0 ? 70 : 62 })),
  }));
  return { interval: 'PT1M', value: [{ name: { value: 'NormalizedRUConsumption' }, unit: 'Percent', timeseries: series }] };
}

function profilesTree(botOperation?: string, botUpsert?: number) {
  const manifest = {
    periodSeconds: 60,
    observations: [{ container: 'profiles', database: 'users', ruConsumption: 'ru.json', normalizedRu: 'nru.json' }],
  };
  const dir = tempTree({
    'ru.json': JSON.stringify(profileRows(botOperation, botUpsert)),
    'nru.json': JSON.stringify(normalizedRu()),
    'manifest.json': JSON.stringify(manifest),
  });
  copyFileSync(join(FIXTURES, 'profiles-sound.json'), join(dir, 'profiles-sound.json'));
  return dir;
}

const observeProfiles = (dir: string, ...args: string[]) =>
  cli(['observe', 'profiles-sound.json', '--observations', 'manifest.json', '--no-color', ...args], { cwd: dir });

describe('observe, review 11 item 9: the NormalizedRUConsumption note of 80 ranges', () => {
  it('names the ranges at 100% and the hottest few by id, and how many more, in the text', async () => {
    const run = await observeProfiles(profilesTree());
    const line = run.stdout.split('\n').find((l) => l.includes('NormalizedRUConsumption 100%')) ?? '';
    expect(line).toContain(
      'at that minute the 80 ranges stood at median 62%, lowest 62%; 1 at 100%; the hottest: range 17 100%, range 3 70%, range 0 62%, range 1 62%, range 2 62% and 75 more;',
    );
    expect(line).not.toContain('range 79');
  });

  it('keeps every range as data in the JSON report', async () => {
    const run = await observeProfiles(profilesTree(), '--format', 'json');
    const notes: { message: string; data?: { figure: string; ranges: { range: string; percent: number }[] } }[] = JSON.parse(run.stdout).files[0].notes;
    const nru = notes.find((n) => n.data?.figure === 'normalizedRuPercent');
    expect(nru?.data?.ranges).toHaveLength(80);
    expect(nru?.data?.ranges).toContainEqual({ range: '17', percent: 100 });
    expect(nru?.data?.ranges).toContainEqual({ range: '79', percent: 62 });
  });
});

describe('observe, review 11 item 7: the hot key’s fix follows the direction of its logged operations', () => {
  it('a bot whose logged operations are all reads: the cache, no batching of writes, and hotKeyOperations "reads" judged', async () => {
    const run = await observeProfiles(profilesTree('Read'), '--format', 'json');
    const hot = findingsOf(run.stdout).find((f) => f.messageId === 'firesWithObserved' && f.data?.rule === 'SG003');
    expect(hot?.fix).toContain('put the integrated cache in front of its reads');
    expect(hot?.fix).not.toContain('batch');
    // 400 RU/s logged, all reads: the share of the 40,000 RU/s of reads, not of reads and writes.
    expect(hot?.message).toContain('400 RU/s against a usable 5 RU/s');
    const notes: { message: string }[] = JSON.parse(run.stdout).files[0].notes;
    expect(notes.map((n) => n.message).join('\n')).toContain(
      "hotKeyOperations reads measured (the hottest key's logged operations were reads: 95% or more of its logged RU over the window; assumed (the default) hotKeyOperations both)",
    );
  });

  it('--update writes hotKeyOperations "reads", and the lint then gives the same fix', async () => {
    const dir = profilesTree('Read');
    await observeProfiles(dir, '--update');
    expect(JSON.parse(readFileSync(join(dir, 'profiles-sound.json'), 'utf8')).containers[0].workload).toMatchObject({
      hotKeyOperations: 'reads',
      hotKeyShare: 0.01,
    });
    const lint = await cli(['lint', 'profiles-sound.json', '--format', 'json'], { cwd: dir });
    const hot = findingsOf(lint.stdout).find((f) => f.ruleId === 'SG003');
    expect(hot?.fix).toContain('put the integrated cache in front of its reads');
    expect(hot?.fix).not.toContain('batch');
  });

  it('review 13: one Upsert of 2% of the read-hot key\'s RU leaves it "reads" (the lint leaves its writes out, inside its headroom)', async () => {
    const dir = profilesTree('Read', 0.02 * 30 * 24000);
    await observeProfiles(dir, '--update');
    expect(JSON.parse(readFileSync(join(dir, 'profiles-sound.json'), 'utf8')).containers[0].workload.hotKeyOperations).toBe('reads');
    const both = profilesTree('Read', 0.1 * 30 * 24000);
    await observeProfiles(both, '--update');
    expect(JSON.parse(readFileSync(join(both, 'profiles-sound.json'), 'utf8')).containers[0].workload.hotKeyOperations).toBeUndefined();
  });

  it('the same key writing (Upsert): batching its writes, no cache', async () => {
    const run = await observeProfiles(profilesTree('Upsert'), '--format', 'json');
    const hot = findingsOf(run.stdout).find((f) => f.messageId === 'firesWithObserved' && f.data?.rule === 'SG003');
    expect(hot?.fix).toContain("batch the hottest value's writes");
    expect(hot?.fix).not.toContain('integrated cache');
    // The share drifts, restated against the writes: its finding writes hotKeyOperations with it (review 16).
    const share = findingsOf(run.stdout).find((f) => f.messageId === 'exceedsDeclared' && f.path.endsWith('workload.hotKeyShare'));
    expect(share?.message).toContain('written with hotKeyOperations writes, the operations the share is of');
  });
});
