import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { run } from '../../lib/cli/main';

export const root = join(__dirname, '../..');
export const examples = join(root, 'examples/designs');

export const fixtures = join(__dirname, 'fixtures');
export const BIN = join(root, 'dist/bin/skewguard.js');

/** A Writable that keeps what is written, like a pipe or a terminal (`isTTY`). */
export class Sink extends Writable {
  text = '';
  chunks = 0;
  largestChunk = 0;
  constructor(public readonly isTTY = false) {
    super({ decodeStrings: false });
  }
  override _write(chunk: string, _encoding: string, done: () => void): void {
    this.text += chunk;
    this.chunks++;
    this.largestChunk = Math.max(this.largestChunk, chunk.length);
    done();
  }
}

export interface CliOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly isTTY?: boolean;
  readonly cwd?: string;
  readonly stdin?: string;
  readonly stdout?: Sink;
}

/** Runs the CLI in-process, as the binary would, with its own stdout/stderr/stdin. */
export async function cli(args: string[], options: CliOptions = {}) {
  const stdout = options.stdout ?? new Sink(options.isTTY ?? false);
  const stderr = new Sink();
  const code = await run(args, {
    stdout,
    stderr,
    stdin: options.stdin === undefined ? undefined : Readable.from([Buffer.from(options.stdin)]),
    env: options.env ?? {},
    cwd: options.cwd ?? root,
  });
  return { code, stdout: stdout.text, stderr: stderr.text, sink: stdout };
}

/** Runs the built binary in a child process (exit codes, pipes, signals are real). */
export function bin(args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH }, ...options });
  return { code: result.status, stdout: String(result.stdout), stderr: String(result.stderr), signal: result.signal };
}

/** A fresh directory holding `files` (path → content). */
export function tempTree(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'skewguard-cli-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export const UNIQUE_TABLE = {
  name: 'orders',
  partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 100, peakWriteUnits: 100 },
};

/** A design file with `count` tables, each low-cardinality with its hottest value over its ceiling
 *  (SG001 and SG003, errors: the declared 30% puts 1,500 WCU on one warehouse, N = 5 beside its neighbours, and 2,100 RCU,
 *  under its usable 2,400; on the uniform share SG001 alone reports it) and unmonitored on the table and its GSI (SG010 twice).
 *  The GSI declares its writes (100 WCU: a projection the warehouse's updates do not write), so the hottest warehouse, one
 *  item, does not put its 1,500 WCU on one `customerId` value of it (SG003 on the index; lib/lint/inherited-writes.ts). */
export function designWithFindings(count: number, name = (i: number) => `table-${i}`): string {
  const tables = Array.from({ length: count }, (_, i) => ({
    name: name(i),
    // Not a categorical key (a status: fix27b, whose shards --fix does not write): 8 warehouses, each sharded 5 ways.
    partitionKey: { name: 'warehouseId', type: 'S', cardinality: 8 },
    // 10 partitions (twice 5,000 WCU). 4,500 RCU: every shard is charged the hottest value's 1,350 RCU, and two shards
    // hashed onto one partition take 2 × 1,350 + (4,500 − 1,350) ÷ 10 − 135 = 2,880 of its hard 3,000 RCU (at 6,000 RCU,
    // 3,840: no shard count would serve the reads, and SG001/SG003 would carry no edit). The writes need 6 shards: two of
    // 6 take 2 × 250 + 475 − 25 = 950 of 1,000 WCU (two of 5, 1,040).
    workload: { peakReadUnits: 4500, peakWriteUnits: 5000, hotKeyShare: 0.3 },
    globalSecondaryIndexes: [
      {
        indexName: 'by-customer',
        partitionKey: { name: 'customerId', type: 'S', cardinality: 200000 },
        workload: { peakWriteUnits: 100 },
        contributorInsights: false,
      },
    ],
    monitoring: { contributorInsights: false },
  }));
  return `${JSON.stringify({ tables }, null, 2)}\n`;
}

/** How many design files an examples folder holds (`good`, `bad`, or both when omitted): counts in tests follow the examples as they are added. */
export function exampleCount(folder?: 'good' | 'bad'): number {
  const folders: readonly string[] = folder ? [folder] : ['good', 'bad'];
  return folders.reduce((sum, f) => sum + readdirSync(join(examples, f)).filter((name) => name.endsWith('.json')).length, 0);
}

/**
 * The built CLI, to run as `nobody` when the tests run as root (root reads and writes any directory, so a permission
 * is real only for another user). `nobody` may not be able to read this checkout (a home directory of mode 0700),
 * so it runs a copy of the built CLI from a fresh temporary directory; undefined when even that fails.
 */
export function unprivilegedCli(): { bin: string; options: SpawnSyncOptions } | undefined {
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
  if (!asNobody) return { bin: BIN, options: {} };
  const copy = tempTree({ 'package.json': readFileSync(join(root, 'package.json')) });
  cpSync(join(root, 'dist'), join(copy, 'dist'), { recursive: true });
  chmodSync(copy, 0o755);
  const copied = join(copy, 'dist/bin/skewguard.js');
  const probe = spawnSync(process.execPath, [copied, '--version'], { ...asNobody, encoding: 'utf8' });
  return probe.status === 0 ? { bin: copied, options: asNobody } : undefined;
}

/** A review's `chat2` as a design file: 10,000 RU/s at peak, 60% of it on one `/roomId`, on 12,000 RU/s (SG003's raise
 *  in place to 20,000 RU/s on 2 physical partitions serves it). */
export const HOT_ROOM_CHAT = {
  containers: [
    {
      name: 'chat2',
      throughput: { manual: 12000 },
      partitionKey: { paths: [{ path: '/roomId', cardinality: 50000, hotKeyShare: 0.6 }] },
      workload: { peakReadUnits: 6000, peakWriteUnits: 4000 },
    },
  ],
};
