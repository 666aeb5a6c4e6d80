/**
 * Review 10 (a README-only review): verdicts an expert would not sign. The reviewer's designs are copied under
 * review10/; each case lints them as the reviewer did and, where a fix is offered, applies it and lints again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyDesignEdits, lint, type DesignDocument, type DesignEdit, type DesignInput, type Finding } from '../../lib';

const design = (file: string): DesignInput => JSON.parse(readFileSync(join(__dirname, 'review10', file), 'utf8')) as DesignInput;

/** The design with every edit of `findings` applied, in order (as `lint --fix` applies them). */
const fixed = (input: DesignInput, findings: readonly Finding[]): DesignInput =>
  findings.reduce((current, f) => (f.edits ? applyDesignEdits(current, f.edits as DesignEdit[]) : current), input);

describe('SG017 counts the queries of a fan-out (review 10 item 7)', () => {
  const rateLimiter = design('rate-limiter-sharded.json');

  // The reviewer's 2 shards are 4 here, the count its hot key's usable line needs beside its neighbours (18 partitions,
  // twice 3,000 RCU and 9,000 WCU: max(2, 18)): 270 + 8,730 ÷ 18 = 755 WCU (at 3, 360 + 480 = 840). Two of the 4 on one
  // partition take 540 + 485 − 15 = 1,010 of the hard 1,000 WCU (30.04% of the time): SG003 warns and raises them to 5,
  // whose two take 432 + 488 − 12 = 908.
  it('3,000 RCU of reads fanning out over the 5 shards SG003 raises 4 to are 15,000 read requests, above a maximum of 5,000', () => {
    const [sg017, ...others] = lint(rateLimiter);
    expect(others).toMatchObject([
      {
        ruleId: 'SG003',
        severity: 'warning',
        messageId: 'hashedPairOver',
        data: { declaredShards: 4, shards: 5, hashedPartitions: 18, crowdLoad: 1010, plannedCrowdLoad: 908 },
        edits: [{ op: 'set', path: 'tables[0].sharding.shards', value: 5 }],
      },
    ]);
    expect(sg017).toMatchObject({ ruleId: 'SG017', severity: 'error', path: 'tables[0].onDemand.maxReadRequestUnits' });
    // The fan-out over the 5 shards SG003 sets (3,000 × 5 = 15,000 read requests; 18,750 at 80%), so both fixes applied agree.
    expect(sg017.data).toMatchObject({ peak: 15_000, limit: 5_000, suggested: 18_750, fanOutPatterns: ['check-limit'], fanOutShards: 5, logicalReads: 3_000 });
    expect(sg017.message).toContain('`check-limit` (100% of the 3,000 RCU of reads) query all 5 shards for every read');
  });

  it('its fix raises the maximum to the fan-out peak with headroom, and the design then lints clean', () => {
    // SG003 raises the declared 4 shards to 5 (two of 4 on one partition take 1,010 WCU): SG017 sizes the maximum on
    // the fan-out over those 5, 3,000 RCU × 5 ÷ 80% = 18,750 (on the declared 4, 15,000, short once both applied).
    const after = fixed(rateLimiter, lint(rateLimiter));
    expect(JSON.stringify(after)).toContain('"maxReadRequestUnits":18750');
    expect(JSON.stringify(after)).toContain('"shards":5');
    expect(lint(after)).toEqual([]);
  });

  it('only the share that fans out is multiplied', () => {
    const tables = (rateLimiter as unknown as { tables: Record<string, unknown>[] }).tables;
    const half: DesignInput = {
      tables: [
        {
          ...tables[0],
          accessPatterns: [
            { name: 'check-limit', keyAttributes: ['apiKey', 'windowMinute'], share: 0.5, fanOut: true },
            { name: 'own-shard', keyAttributes: ['apiKey', 'windowMinute', 'shardNo'], share: 0.5, fanOut: false },
          ],
        },
      ],
    } as unknown as DesignInput;
    // Over the 5 shards SG003 raises the declared 4 to: 1,500 once + 1,500 × 5 = 9,000 of 5,000, an error.
    const [sg017] = lint(half).filter((f) => f.ruleId === 'SG017');
    expect(sg017).toMatchObject({ severity: 'error' });
    expect(sg017.data).toMatchObject({ peak: 9_000, fanOutShare: 0.5 });
  });

  it('a fan-out over a range with no page limit reads 1/N of the items from each shard: counted once', () => {
    const tables = (rateLimiter as unknown as { tables: Record<string, unknown>[] }).tables;
    const range = (limit?: number): DesignInput =>
      ({
        tables: [{ ...tables[0], accessPatterns: [{ name: 'windows', keyAttributes: ['apiKey'], share: 1, fanOut: true, ...(limit ? { limit } : {}) }] }],
      }) as unknown as DesignInput;
    expect(lint(range()).filter((f) => f.ruleId === 'SG017')).toEqual([]);
    // A page of 25 from each of the 5 shards SG003 sets: each query reads what the unsharded read did.
    expect(lint(range(25)).find((f) => f.ruleId === 'SG017')?.data).toMatchObject({ peak: 15_000 });
  });
});

describe("an index's SG017 is at the index, and its fix gives it complete capacity (review 10 item 10)", () => {
  const jobQueue = design('job-queue.orig.json');
  const indexFinding = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG017' && f.index === 'by-tenant-status');

  it("is reported at the index's field, not at the table's capacity it takes", () => {
    expect(indexFinding(lint(jobQueue))).toMatchObject({
      path: 'tables[0].globalSecondaryIndexes[1].capacity.write',
      data: { limitField: 'capacity.write.max' },
    });
  });

  it("writes both dimensions as the table declares them (its minimum kept), raised where the index's peak needs it", () => {
    const finding = indexFinding(lint(jobQueue)) as Finding;
    expect(finding.edits).toEqual([
      { op: 'set', path: 'tables[0].globalSecondaryIndexes[1].capacity.write', value: { min: 100, max: 11_250 } },
      { op: 'set', path: 'tables[0].globalSecondaryIndexes[1].capacity.read', value: { min: 100, max: 750 } },
    ]);
    expect(finding.fix).toContain('`capacity` = { write: {min: 100, max: 11250}, read: {min: 100, max: 750} }');
  });

  it("applied alone, it leaves no SG017 on the index; every fix applied, only the status index's re-key is left", () => {
    const finding = indexFinding(lint(jobQueue)) as Finding;
    expect(indexFinding(lint(fixed(jobQueue, [finding])))).toBeUndefined();
    // With no resultKb on the tenant dashboard, the shards of `by-tenant-status` would fan its reads out at a charge no
    // peak counts (each shard's Query at least one read unit however little it returns): --fix writes none, and that
    // SG003 is left. Its result declared (480 KB), every fix is written and nothing is left.
    let unsized = jobQueue;
    for (let round = 0; round < 10; round++) unsized = fixed(unsized, lint(unsized));
    // `by-status` is keyed by a category: its re-key is the fix, which --fix cannot write, and it writes no pre-warm for the
    // shards that keep the key (categorical-key.ts), so its SG001 is left too.
    expect(lint(unsized).map((f) => [f.ruleId, f.index, f.data?.uncountedPatterns])).toEqual([
      ['SG001', 'by-status', undefined],
      ['SG003', 'by-tenant-status', ['tenant-dashboard']],
    ]);
    const sized = JSON.parse(JSON.stringify(jobQueue)) as { tables: { accessPatterns: { name: string; resultKb?: number }[] }[] };
    for (const p of sized.tables[0].accessPatterns) if (p.name === 'tenant-dashboard') p.resultKb = 480;
    let current = sized as unknown as DesignInput;
    for (let round = 0; round < 10; round++) current = fixed(current, lint(current));
    // Beside its neighbours the hottest status (2,250 of the index's 9,000 WCU, 12 partitions for the 11,250 WCU its fixed
    // capacity gives it: 237.5 left) needs 42 shards (53.57 + 8,946.43 ÷ 12 = 799.11; at 41, 54.88 + 745.43 = 800.31),
    // whose fan-out (2,400 × 42 = 100,800 RCU of requests, 126,000 at 80%) passes the table-level quota: SG001 says so and
    // writes no edit (it lints clean with the quota raised and acknowledged). (The retired sum count, 13 partitions: 20.)
    // warm20: 42 on 12 partitions is its neighbours' count (3 alone), so the fix leads with warm throughput, whose fan-out
    // SG017's next round gives capacity for: every fix applied, nothing is left (was: SG001 with 42 shards and no edit).
    // 5 shards on 28 partitions leave 5% free (450 + 8,550 ÷ 28 = 755.36 ≤ 760), but two of them on one partition take
    // 900 + 8,100 ÷ 28 = 1,189.29 of the hard 1,000 WCU, and at the quota's 40 partitions still 1,102.5: 6 shards, whose
    // two take 750 + 8,250 ÷ 33 = 1,000 on 33 partitions (1,007.81 on 32).
    // Since an index keyed by a category leads with its re-key (categorical-key.ts), --fix writes neither the 6 shards
    // nor the 33,000 WCU pre-warm that keep `status` (they stay in the fix as its alternative): SG001 alone is left, and
    // its fix is the re-key. Everything else --fix can write is written.
    expect(lint(current).map((f) => [f.ruleId, f.index, f.messageId])).toEqual([['SG001', 'by-status', 'fewValues']]);
    expect(lint(current)[0].fix).toContain('a re-key is the fix');
    const statusIndex = (current as DesignDocument).tables?.[0].globalSecondaryIndexes?.[0];
    expect(statusIndex).not.toHaveProperty('warmThroughput');
    expect(statusIndex).not.toHaveProperty('sharding');
  });
});

describe('bucketing a hierarchical first level respects the declared share of the full key (review 10 item 5)', () => {
  const prefixFinding = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.path.endsWith('partitionKey.paths[0]')) as Finding;

  it('one (tenant, store) at 40% of the tenant: the buckets hash the batch scope `cartId`, not `storeId`', () => {
    const finding = prefixFinding(lint(design('cart-step1.json')));
    expect(finding.data).toMatchObject({ buckets: 5, source: 'cartId', skippedSource: 'storeId', insideShare: 0.4 });
    expect(finding.fix).toContain('hash(cartId) mod 5');
    expect(finding.fix).toContain('hashed on `cartId`, not `storeId`: the hottest (`/tenantId`, `/storeId`) value takes 40% of the hottest /tenantId value');
  });

  it('the raises of the original design spell the same source', () => {
    // The carts container runs today (the flash sale is on it), on the 5 partitions its 50,000 RU/s started it on.
    const orig = design('cart-hot-store.orig.json') as unknown as { containers: object[] };
    const finding = prefixFinding(lint({ ...orig, containers: [{ ...orig.containers[0], physicalPartitions: 5 }] } as unknown as DesignInput));
    // 6 buckets at 91,000 RU/s (10 = 2 × 5 partitions; 42 at 53,000 before, whose split to 6 left 4 holding 1/5).
    expect(finding.fix).toContain('hash(cartId) mod 6');
    expect(finding.fix).not.toContain('hash(storeId)');
  });

  it('a bucketed level under a declared full-key share as large: more buckets are said not to split it, and no edit is written', () => {
    const finding = prefixFinding(lint(design('cart-step2.json')));
    expect(finding.edits).toBeUndefined();
    expect(finding.data).toMatchObject({ keyShare: 0.2 });
    expect(finding.fix).toContain('is under one bucket: more buckets hashed on a key level cannot take a bucket below it, so --fix writes none');
  });

  it.each(['cart-step1.json', 'cart-step2.json', 'cart-hot-store.orig.json'])(
    '--fix twice on %s: a valid design, and the second run changes nothing',
    (file) => {
      const once = fixed(design(file), lint(design(file)));
      const twice = fixed(once, lint(once));
      expect(twice).toEqual(once);
      expect(() => lint(twice)).not.toThrow();
    },
  );
});
