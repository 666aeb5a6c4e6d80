/**
 * Review 16 of `skewguard observe`: a hierarchical key's first-level share is written as a share of the operations
 * observe declares carry it (test/cli/observe/review16/sessions.json, the reviewer's design: /tenantId → /userId →
 * /sessionId, 15,000 RU/s of reads and 20,000 of writes declared, autoscale to 50,000 RU/s; its exports are built
 * here). The lint reads `paths[0].hotKeyShare` with `workload.hotKeyOperations` (prefix-ingestion.ts firstLevelLoads):
 * "writes" takes it of the write peak alone. Observe wrote 12,000 ÷ (18,000 + 20,000) = 0.316 beside "writes", and the
 * lint judged the tenant at 6,316 RU/s instead of the 12,000 it logged, and offered a throughput raise no physical
 * partition (10,000 RU/s at most) can give one first-level value under 50 GB.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { findingsOf, observeTable, ORDERS_DESIGN, week } from './support';

const MINUTES = 60;
const minute = (m: number) => `2026-11-20T10:${String(m).padStart(2, '0')}:00.000Z`;

/** One minute's RequestCharge of each key: the whale tenant's keys, and other tenants' keys (90 RU/s each). */
interface Load {
  readonly whale: readonly { readonly operation: string; readonly charge: number }[];
  readonly otherReads: number;
  readonly otherWrites: number;
}

/** One CDBPartitionKeyRUConsumption row, as `az monitor log-analytics query` prints it. */
const ruRow = (container: string, database: string, m: number, key: string[], operation: string, charge: number) => ({
  TimeGenerated: minute(m),
  DatabaseName: database,
  CollectionName: container,
  PartitionKey: JSON.stringify(key),
  OperationName: operation,
  RequestCharge: charge,
});

function rows(load: Load) {
  const out: Record<string, unknown>[] = [];
  const row = (m: number, key: string[], operation: string, charge: number) => ruRow('sessions', 'saas', m, key, operation, charge);
  for (let m = 0; m < MINUTES; m++) {
    load.whale.forEach((w, i) => out.push(row(m, ['whale', `u${i}`, `s${i}`], w.operation, w.charge)));
    for (let t = 0; t < load.otherReads + load.otherWrites; t++) out.push(row(m, [`t${t}`, `u${t}`, `s${t}`], t < load.otherReads ? 'Read' : 'Create', 5400));
  }
  return out;
}

function sessionsTree(load: Load) {
  const manifest = { periodSeconds: 60, observations: [{ container: 'sessions', database: 'saas', ruConsumption: 'ru.json' }] };
  const dir = tempTree({ 'ru.json': JSON.stringify(rows(load)), 'manifest.json': JSON.stringify(manifest) });
  copyFileSync(join(__dirname, 'review16', 'sessions.json'), join(dir, 'sessions.json'));
  return dir;
}

async function updateThenLint(load: Load) {
  const dir = sessionsTree(load);
  const observed = await cli(['observe', 'sessions.json', '--observations', 'manifest.json', '--min-window', '1h', '--update', '--no-color'], { cwd: dir });
  expect(observed.stderr).toBe('');
  const container = JSON.parse(readFileSync(join(dir, 'sessions.json'), 'utf8')).containers[0];
  const lint = await cli(['lint', 'sessions.json', '--format', 'json'], { cwd: dir });
  const hot = findingsOf(lint.stdout).find((f) => f.ruleId === 'SG003' && f.path.endsWith('partitionKey.paths[0]'));
  return { container, hot, observed };
}

/** 50 keys of 14,400 RU a minute: 12,000 RU/s under the whale tenant, 240 RU/s on each key. */
const whale = (operation: string) => Array.from({ length: 50 }, () => ({ operation, charge: 14400 }));

describe('observe, review 16: the first-level share is of the operations declared to carry it', () => {
  it('writes: a tenant logging 12,000 RU/s of Creates is written as 12,000 ÷ 20,000 of the writes, and judged at it', async () => {
    // The reviewer's load: the whale's writes, and 200 other tenants reading 18,000 RU/s.
    const { container, hot } = await updateThenLint({ whale: whale('Create'), otherReads: 200, otherWrites: 0 });
    expect(container.workload.hotKeyOperations).toBe('writes');
    // 12,000 RU/s ÷ the 20,000 RU/s of writes declared (12,000 measured is within the tolerance below it): 0.6, not 0.316.
    expect(container.partitionKey.paths[0].hotKeyShare).toBe(0.6);
    // The hottest full key: 240 RU/s ÷ 20,000.
    expect(container.workload.hotKeyShare).toBe(0.012);
    // 0.6 × 20,000 = 12,000 RU/s of writes, plus the uniform 1/5,000 of the 18,000 RU/s of reads (3.6).
    expect(hot?.message).toContain('takes 60% (declared) of the 20,000 RU/s of writes: 12,003.6 RU/s under one first-level value');
    // One first-level value under 50 GB stays on one physical partition (10,000 RU/s at most): no raise serves it.
    expect(hot?.fix).not.toContain('raise the container');
    expect(hot?.fix).toContain('`/tenantIdBucket`');
  });

  it('reads: a tenant logging 12,000 RU/s of Reads is written as 12,000 ÷ 15,000 of the reads', async () => {
    // 200 other tenants write 18,000 RU/s (within the 20,000 declared); the whale's 12,000 RU/s of reads are the reads.
    const { container, hot } = await updateThenLint({ whale: whale('Read'), otherReads: 0, otherWrites: 200 });
    expect(container.workload.hotKeyOperations).toBe('reads');
    // 12,000 ÷ the 15,000 RU/s of reads declared (12,000 measured, within the tolerance).
    expect(container.partitionKey.paths[0].hotKeyShare).toBe(0.8);
    expect(container.workload.hotKeyShare).toBe(0.016);
    // 0.8 × 15,000 = 12,000 RU/s of reads, plus the uniform 1/5,000 of the 20,000 RU/s of writes (4).
    expect(hot?.message).toContain('takes 80% (declared) of the 15,000 RU/s of reads: 12,004 RU/s under one first-level value');
    expect(hot?.fix).not.toContain('raise the container');
  });

  it('both: a read-hot key under a tenant that reads and writes is restated against both peaks, and hotKeyOperations stays both', async () => {
    // The whale: 20 keys reading 18,000 RU a minute (300 RU/s each, the hottest keys) and 30 writing 12,000 (200 RU/s):
    // 6,000 RU/s each way. 100 other tenants read and 100 write 9,000 RU/s each way: 15,000 + 15,000 RU/s in all.
    const mixed = [
      ...Array.from({ length: 20 }, () => ({ operation: 'Read', charge: 18000 })),
      ...Array.from({ length: 30 }, () => ({ operation: 'Create', charge: 12000 })),
    ];
    const { container, hot, observed } = await updateThenLint({ whale: mixed, otherReads: 100, otherWrites: 100 });
    // The hottest key only reads, but its tenant writes as much: the one field takes both (the default, not written).
    expect(container.workload.hotKeyOperations).toBeUndefined();
    expect(observed.stdout).not.toContain('hotKeyOperations reads measured');
    // 12,000 ÷ (15,000 + 20,000 declared) = 0.342857.
    expect(container.partitionKey.paths[0].hotKeyShare).toBeCloseTo(12000 / 35000, 6);
    // The key's 300 ÷ 35,000 = 0.0086: at most 0.01 beside a unique last level, negligible, so not written.
    expect(container.workload.hotKeyShare).toBeUndefined();
    // 0.342857 × 15,000 = 5,142.86 RU/s of reads and × 20,000 = 6,857.14 of writes: the 12,000 RU/s logged.
    expect(hot?.message).toContain('12,000 RU/s under one first-level value');
    expect(hot?.message).toContain('5,142.86 RU/s of reads and 6,857.14 RU/s of writes');
  });
});

/**
 * DynamoDB: Contributor Insights counts a key's ConsumedThroughputUnits (RCU + 3 × WCU) against the table's, so its share
 * mixes both directions. Where the design declares the share of one direction (hotKeyOperations), the lint takes it of
 * that direction's peak alone, so the share observe compares and writes is the key's units in that direction ÷ its peak.
 * The table: 9,000 RCU and 1,000 WCU at its busiest minute (12,000 units/s), the hot key 2,700 of them (0.225 mixed).
 */
describe('observe, review 16: a DynamoDB share declared of one direction is of that direction', () => {
  const design = (hotKeyOperations: 'reads' | 'writes') => ({
    tables: [{ ...ORDERS_DESIGN.tables[0], workload: { peakReadUnits: 9000, peakWriteUnits: 1000, hotKeyShare: 0.1, hotKeyOperations } }],
  });
  const profile = week({ reads: 9000, writes: 1000, hotShare: 2700 / 12000 });

  async function updateThenLint(hotKeyOperations: 'reads' | 'writes') {
    const run = await observeTable(design(hotKeyOperations), profile, ['--update']);
    const table = JSON.parse(readFileSync(join(run.dir, 'design.json'), 'utf8')).tables[0];
    const lint = await cli(['lint', 'design.json', '--format', 'json'], { cwd: run.dir });
    return { table, hot: findingsOf(lint.stdout).find((f) => f.ruleId === 'SG003') };
  }

  it("writes: 2,700 units/s ÷ 3 = 900 WCU of the 1,000 WCU of writes: 0.9, over one partition's usable 800 WCU", async () => {
    const { table, hot } = await updateThenLint('writes');
    // Not the mixed 0.225, which the lint would take as 225 WCU of writes.
    expect(table.workload.hotKeyShare).toBe(0.9);
    expect(hot?.message).toContain('900 WCU');
  });

  it("reads: 2,700 units/s of the 9,000 RCU of reads: 0.3, over one partition's usable 2,400 RCU", async () => {
    const { table, hot } = await updateThenLint('reads');
    expect(table.workload.hotKeyShare).toBe(0.3);
    expect(hot?.message).toContain('2,700 RCU');
  });
});

/**
 * A share restated against the operations the logs measured is written with them, also where hotKeyOperations alone
 * would change no verdict: written beside the default both, 0.03 of the reads would be judged as 0.03 of the reads and
 * the writes, 600 RU/s for a bot that logged 300.
 */
describe('observe, review 16: a share written of one direction is written with hotKeyOperations', () => {
  it('a bot reading 300 RU/s: 0.03 of the 10,000 RU/s of reads, and hotKeyOperations "reads", both written', async () => {
    const design = {
      containers: [
        {
          name: 'profiles',
          partitionKey: { paths: [{ path: '/userId', cardinality: 100000 }] },
          throughput: { autoscaleMax: 50000 },
          workload: { peakReadUnits: 10000, peakWriteUnits: 10000, hotKeyShare: 0.001 },
        },
      ],
    };
    // Each minute: the bot reads 18,000 RU (300 RU/s); 100 users read and 110 write 3,000 RU each (50 RU/s):
    // 5,300 RU/s of reads and 5,500 of writes, inside the declared peaks (neither drift nor over-declared).
    const log: Record<string, unknown>[] = [];
    for (let m = 0; m < 10; m++) {
      const row = (key: string, operation: string, charge: number) => log.push(ruRow('profiles', 'users', m, [key], operation, charge));
      row('bot-7', 'Read', 18000);
      for (let u = 0; u < 210; u++) row(`user-${u}`, u < 100 ? 'Read' : 'Upsert', 3000);
    }
    const dir = tempTree({
      'design.json': JSON.stringify(design),
      'ru.json': JSON.stringify(log),
      'manifest.json': JSON.stringify({ periodSeconds: 60, observations: [{ container: 'profiles', database: 'users', ruConsumption: 'ru.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--update', '--no-color'], { cwd: dir });
    expect(run.stderr).toBe('');
    const workload = JSON.parse(readFileSync(join(dir, 'design.json'), 'utf8')).containers[0].workload;
    expect(workload).toMatchObject({ hotKeyShare: 0.03, hotKeyOperations: 'reads' });
  });
});
