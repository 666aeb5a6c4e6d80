// A 2-hour online exam on a table launched at its peak (`launchAtPeak`, pre-warmed): every answer updates the item's
// `questionId` key of the GSI by-question, and an update that changes a GSI key writes the index twice (its old entry
// deleted, its new one put), so 25,000 WCU/s of answers ask 50,000 WCU/s of the GSI, over the default per-table
// quota of 40,000 that an on-demand GSI meets on its own (IndexWriteAccountLimitExceeded). From the exam's 3rd minute
// the GSI throttles 10,000 writes a second, and its back pressure rejects the table's writes. Before: nothing read a
// GSI's WriteAccountLimitThrottleEvents, so no alarm fired in the 2 hours; now the failed-requests page fires in the 3rd
// throttled minute (3 of 6 on a launchAtPeak table: launch-on-sale.test.ts). The sustained-throttles ticket (key-range throttles only) stays quiet: it has nothing to add here, and its text
// says why on a launch-at-peak table. A healthy replayed day (4 of them) pages nobody.
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { GuardedTable } from '../../lib/cdk';
import { healthyWeek, replayStack, single, type CfnTemplate, type Scenario, type TableModel, type Telemetry } from '../../lib/testing/replay';
import { appWithStack, templateOf } from '../cdk/support';
import { dynamoMetric, firesOn, SHAPES } from './support/bursts';
import { tableIdOf } from './support/tickets-table';

process.env.CDK_VALIDATION = 'false';

const EXAM = { start: 600, minutes: 120, throttledFrom: 3 };
const ANSWERS_PER_SECOND = 25_000;
const QUOTA = 40_000;
/** Pre-warmed as SG017 asks: 25,000 WCU at 80% utilization (31,250). */
const WARM = { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 31_250 };

function synthExam(): CfnTemplate {
  const { stack } = appWithStack();
  new GuardedTable(stack, 'Answers', {
    partitionKey: { name: 'attemptId', type: AttributeType.STRING, cardinality: 200_000 },
    sortKey: { name: 'answerId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 5_000, peakWriteUnits: ANSWERS_PER_SECOND },
    launchAtPeak: true,
    warmThroughput: WARM,
    globalSecondaryIndexes: [
      {
        indexName: 'by-question',
        partitionKey: { name: 'questionId', type: AttributeType.STRING, cardinality: 100_000 },
        workload: { peakReadUnits: 1_000, peakWriteUnits: ANSWERS_PER_SECOND },
        warmThroughput: WARM,
      },
    ],
    accessPatterns: [
      { name: 'answers-of-attempt', keyAttributes: ['attemptId'], share: 0.9 },
      { name: 'answers-to-question', index: 'by-question', keyAttributes: ['questionId'], share: 0.1, limit: 100 },
    ],
    pageTopic: new Topic(stack, 'Page'),
    ticketTopic: new Topic(stack, 'Ticket'),
  });
  return templateOf(stack).toJSON() as CfnTemplate;
}

/** One day, quiet until the exam at 10:00; its answers from its 3rd minute ask the GSI twice their units (each changes the
 *  GSI key); spread over enough partitions that only the quota limits it (not a hot key). */
function examDay(): Scenario<TableModel> {
  const inExam = (m: number) => m >= EXAM.start && m < EXAM.start + EXAM.minutes;
  const answers = (m: number) => (inExam(m) ? (m >= EXAM.start + EXAM.throttledFrom ? ANSWERS_PER_SECOND : ANSWERS_PER_SECOND / 2) : 500);
  return {
    name: '2-hour exam, GSI writes past the per-table quota',
    kind: 'incident',
    days: 1,
    seed: 7,
    assumptions: [
      'the exam runs 10:00-12:00; answers ramp to 25,000 WCU/s at its 3rd minute, 500 WCU/s outside it',
      'each answer changes the GSI key (two index writes), so the GSI is asked twice the answers, over its 40,000 quota',
      'partitions enough for twice the peak on the table (warm throughput) and the GSI: only the quota throttles',
    ],
    models: {
      Answers: {
        capacity: { mode: 'on-demand', quota: QUOTA },
        keySpaces: [
          { partitions: 50, cardinality: 200_000, read: (m) => answers(m) / 5, write: answers },
          { index: 'by-question', partitions: 120, cardinality: 100_000, read: (m) => answers(m) / 25, write: (m) => 2 * answers(m) },
        ],
      },
    },
    incident: { target: 'Answers', index: 'by-question', description: "GSI by-question's writes past the per-table quota" },
  };
}

const template = synthExam();
const firings = (scenario: Scenario<TableModel>, alarm: string) =>
  replayStack(template, scenario)
    .alarms.filter((a) => a.name.includes(alarm))
    .flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => c.minute));

it("pages on the GSI's write throttles within minutes of the 3rd minute of the exam", () => {
  const [first] = firings(examDay(), 'failed requests');
  // 1+ a minute in 3 of 6 (launchAtPeak): the 3rd throttled minute, the exam's 5th (minute 3 + 2); 5 of 10 waited for the 7th.
  expect(first - EXAM.start).toBe(EXAM.throttledFrom + 2);
});

it("reads the GSI's write account-limit throttles where either AWS page counts them: under the GSI (the throttling guide) or the table (the metrics page)", () => {
  const table = tableIdOf(template);
  const throttles = (index?: string) => (telemetry: Telemetry, m: number, on: boolean) =>
    telemetry.put(dynamoMetric(table, 'WriteAccountLimitThrottleEvents', index), m, single(on ? 600_000 : 0));
  // In the 3rd minute (3 of 6, launchAtPeak), where 5 of 10 paged in the 5th.
  expect(firesOn(template, 'failed requests', SHAPES.steady, throttles('by-question'))).toEqual([2]);
  expect(firesOn(template, 'failed requests', SHAPES.steady, throttles())).toEqual([2]);
});

it('the sustained-throttles ticket adds nothing in the exam (no key-range throttles) and says why it comes late', () => {
  expect(firings(examDay(), 'sustained throttles')).toEqual([]);
  const ticket = Object.values(template.Resources ?? {}).find((r) => String(r.Properties?.AlarmName).includes('sustained throttles'));
  expect(ticket?.Properties?.AlarmDescription).toContain('a launch at its peak: late for the event by design');
});

it('a healthy replayed stretch (4 days, its planned peak and bursts) pages nobody and opens no ticket', () => {
  const profiles = {
    Answers: {
      capacity: { mode: 'on-demand' as const },
      peakRead: 5_000,
      peakWrite: ANSWERS_PER_SECOND,
      cardinality: 200_000,
      indexes: [{ name: 'by-question', peakRead: 1_000, writeShare: 1, cardinality: 100_000 }],
    },
  };
  const replayed = replayStack(template, healthyWeek(profiles, 1, 4)).tables.Answers;
  expect(replayed.alarms.flatMap((a) => a.changes.filter((c) => c.to === 'ALARM').map((c) => `${a.name} @${c.minute}`))).toEqual([]);
});
