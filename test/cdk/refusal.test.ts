import { App, Aws, Lazy, NestedStack, RemovalPolicy, Stack, Stage, Token, Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { AttributeType, Billing, Capacity, ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { DesignError, UsageError, type Finding } from '../../lib';
import {
  checkResources,
  ContributorInsightsWidget,
  designReport,
  FAIL_ON_CONTEXT,
  GuardedTable,
  SkewDashboard,
  SkewguardPlugin,
  type GuardedTableProps,
} from '../../lib/cdk';
import { revoked, throwing } from '../support/hostile-objects';
import { appWithStack, healthy, skewguardReport, statusKeyed, synthError, templateOf, verdicts } from './support';

/** One warning only: the hottest customer takes 15% of a modest load (SG014). */
// 15% of 1,000 WCU, 2.21× left (× 15% = 0.33, short of minGrowthHeadroom): SG014's share warning. At 100 WCU the
// value's growth left times its share passes 1.5, and SG014 says nothing.
const dominantCustomer = (): GuardedTableProps =>
  healthy({
    partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 100_000 },
    workload: { peakReadUnits: 1000, peakWriteUnits: 1000, hotKeyShare: 0.15 },
  });

const brief = (findings: readonly Finding[]) => findings.map((f) => `${f.severity} ${f.ruleId} ${f.path}${f.acknowledged ? ' (acknowledged)' : ''}`);

describe('refusing the synth, one table per rule family (one synth)', () => {
  const { app, stack } = appWithStack();
  new GuardedTable(stack, 'Healthy', healthy());
  new GuardedTable(stack, 'ByStatus', statusKeyed());
  new GuardedTable(
    stack,
    'HotEvent',
    healthy({
      partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 5000 },
      workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
    }),
  );
  new GuardedTable(
    stack,
    'ByDay',
    healthy({ partitionKey: { name: 'day', type: AttributeType.STRING, cardinality: 365 }, workload: { peakReadUnits: 100, peakWriteUnits: 5000 } }),
  );
  const blind = new GuardedTable(stack, 'Blind', healthy({ monitoring: { contributorInsights: false } }));
  // SG011 is retired: the old latency switch no longer blocks a synth.
  new GuardedTable(stack, 'NoLatency', healthy({ monitoring: { latencyAlarms: false } }));
  const error = synthError(app);
  const report = skewguardReport(app);

  it('throws from app.synth() with each rule id, construct path and field path', () => {
    expect(error).toMatch(/Validation failed|skewguard/);
    for (const expected of [
      'skewguard::SG001',
      'skewguard::SG002',
      'skewguard::SG003',
      'skewguard::SG010',
      'Test/ByStatus',
      'field partitionKey',
      'field monitoring.contributorInsights',
    ]) {
      expect(error).toContain(expected);
    }
    expect(error).not.toContain('Test/Healthy');
    expect(error).not.toContain('Test/NoLatency');
  });

  it('writes every finding to validation-report.json, failing', () => {
    expect(report?.conclusion).toBe('failure');
    expect(verdicts(report?.violations ?? []).sort()).toEqual([
      ['error', 'skewguard::SG001', 'Test/ByStatus'],
      ['error', 'skewguard::SG002', 'Test/ByDay'],
      ['error', 'skewguard::SG003', 'Test/ByStatus'],
      ['error', 'skewguard::SG003', 'Test/HotEvent'],
      ['error', 'skewguard::SG010', 'Test/Blind'],
      // HotEvent's 80,000 WCU is above the table-level quota: an error, as requests past it are throttled unless the quota
      // was raised (the launch check is off: no table here declares launchAtPeak).
      ['error', 'skewguard::SG017', 'Test/HotEvent'],
    ]);
    const sg001 = report?.violations.find((v) => v.ruleName === 'skewguard::SG001');
    expect(sg001?.ruleMetadata).toMatchObject({ rule: 'SG001', fieldPath: 'partitionKey', constructPath: 'Test/ByStatus' });
    expect(sg001?.violatingConstructs[0].cloudFormationResource?.propertyPaths).toEqual(['Metadata.skewguard.design.partitionKey']);
  });

  it('still synthesizes what the design says: Contributor Insights off, no hot-key lookup for that table', () => {
    expect(blind.alarms.filter((a) => a.node.id.endsWith('HotKey'))).toHaveLength(0);
    expect(blind.node.tryFindChild('ContributorInsightsRules')).toBeUndefined();
  });
});

describe('warnings', () => {
  it('are reported without failing the synth', () => {
    const { app, stack } = appWithStack();
    new GuardedTable(stack, 'Customers', dominantCustomer());
    expect(synthError(app)).toBe('');
    expect(verdicts(skewguardReport(app)?.violations ?? [])).toEqual([['warning', 'skewguard::SG014', 'Test/Customers']]);
  });

  it.each([
    [FAIL_ON_CONTEXT, 'warning'],
    ['@aws-cdk/core:strictCfnValidateErrors', true],
  ])('fail the synth with context %s', (key, value) => {
    const { app, stack } = appWithStack({ context: { [key]: value } });
    new GuardedTable(stack, 'Customers', dominantCustomer());
    expect(synthError(app)).toContain('skewguard::SG014');
  });
});

describe('the failOn context value', () => {
  it.each(['Warning', 'WARNING', 'warnings', 'true', true, 1])('refuses %p: only exactly "warning" or "error" are known', (value) => {
    const { app, stack } = appWithStack({ context: { [FAIL_ON_CONTEXT]: value } });
    new GuardedTable(stack, 'Customers', healthy());
    expect(synthError(app)).toContain('skewguard::fail-on');
    expect(verdicts(skewguardReport(app)?.violations ?? [])).toEqual([['fatal', 'skewguard::fail-on', '']]);
  });

  it('accepts "error", the default', () => {
    const { app, stack } = appWithStack({ context: { [FAIL_ON_CONTEXT]: 'error' } });
    new GuardedTable(stack, 'Customers', dominantCustomer());
    expect(synthError(app)).toBe('');
  });
});

describe('acknowledgements', () => {
  it("through the construct's prop: the synth passes and the waivers are in the template metadata", () => {
    const { app, stack } = appWithStack();
    const jobs = new GuardedTable(
      stack,
      'Jobs',
      statusKeyed({
        acknowledgements: [
          { rule: 'SG001', reason: 'five statuses, a queue drained every minute' },
          { rule: 'SG003', reason: 'load test table, deleted after the test run' },
        ],
      }),
    );
    templateOf(stack).hasResource('AWS::DynamoDB::GlobalTable', {
      Metadata: {
        skewguard: Match.objectLike({
          design: Match.objectLike({
            acknowledgements: [
              { rule: 'SG001', reason: 'five statuses, a queue drained every minute' },
              { rule: 'SG003', reason: 'load test table, deleted after the test run' },
            ],
          }),
        }),
      },
    });
    expect(brief(jobs.findings)).toEqual(['error SG001 partitionKey (acknowledged)', 'error SG003 partitionKey (acknowledged)']);
    expect(skewguardReport(app)).toBeUndefined();
  });

  describe('through Validations.of(scope).acknowledge(), on the table and on its stack (one synth)', () => {
    const { app, stack } = appWithStack();
    const jobs = new GuardedTable(stack, 'Jobs', statusKeyed());
    // Given after construction, as users do: the metadata is written at synth.
    Validations.of(jobs).acknowledge({ id: 'skewguard::SG001', reason: 'five statuses, a queue drained every minute' });
    Validations.of(stack).acknowledge({ id: 'skewguard::SG003', reason: 'the whole stack is a load test, deleted after the run' });
    const template = templateOf(stack);

    it('waives the findings and lists them as suppressed, with reason and scope, in validation-report.json', () => {
      expect(brief(jobs.findings)).toEqual(['error SG001 partitionKey (acknowledged)', 'error SG003 partitionKey (acknowledged)']);
      const report = skewguardReport(app);
      expect(report?.conclusion).toBe('success');
      expect(report?.violations).toEqual([]);
      expect(report?.suppressedViolations.map((v) => [v.ruleName, v.reason, v.acknowledgedAt])).toEqual([
        ['skewguard::SG001', 'five statuses, a queue drained every minute', 'Test/Jobs'],
        ['skewguard::SG003', 'the whole stack is a load test, deleted after the run', 'Test'],
      ]);
    });

    it('records every waiver in the design metadata (the audit trail)', () => {
      template.hasResource('AWS::DynamoDB::GlobalTable', {
        Metadata: {
          skewguard: Match.objectLike({
            design: Match.objectLike({
              acknowledgements: [
                { rule: 'SG001', reason: 'five statuses, a queue drained every minute' },
                { rule: 'SG003', reason: 'the whole stack is a load test, deleted after the run' },
              ],
            }),
          }),
        },
      });
    });
  });

  it('rejects an empty reason (CDK accepts one): the synth fails and the finding stays unwaived', () => {
    const { app, stack } = appWithStack();
    const jobs = new GuardedTable(stack, 'Jobs', statusKeyed({ acknowledgements: [{ rule: 'SG003', reason: 'load test table, deleted after the test run' }] }));
    Validations.of(jobs).acknowledge({ id: 'skewguard::SG001', reason: '' });
    expect(synthError(app)).toContain('skewguard::acknowledgement');
    const report = skewguardReport(app);
    expect(verdicts(report?.violations ?? [])).toEqual([['fatal', 'skewguard::acknowledgement', 'Test/Jobs']]);
    expect(report?.violations[0].description).toMatch(/reason/);
    expect(brief(jobs.findings)).toEqual(['error SG001 partitionKey', 'error SG003 partitionKey (acknowledged)']);
  });

  it('rejects an unknown rule id, and warns about an id without the skewguard:: prefix (it waives nothing)', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy());
    Validations.of(table).acknowledge({ id: 'skewguard::SG999', reason: 'a rule that does not exist' });
    Validations.of(stack).acknowledge({ id: 'SG001', reason: 'meant for skewguard, filed as an annotation' });
    synthError(app);
    expect(verdicts(skewguardReport(app)?.violations ?? [])).toEqual([
      ['fatal', 'skewguard::acknowledgement', 'Test/Orders'],
      ['warning', 'skewguard::acknowledgement', 'Test'],
    ]);
  });

  it('rejects a prop acknowledgement without a real reason at construction, with its field path', () => {
    const { stack } = appWithStack();
    expect(() => new GuardedTable(stack, 'Jobs', statusKeyed({ acknowledgements: [{ rule: 'SG001', reason: 'ok' }] }))).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: 'acknowledgements[0].reason' })] }),
    );
  });
});

describe('invalid input throws at construction, naming the construct and the field', () => {
  const construct =
    (props: unknown, id = 'Bad') =>
    () =>
      new GuardedTable(appWithStack().stack, id, props as GuardedTableProps);
  /** The issues of the error thrown: a DesignError for the design, a UsageError for the construct's own settings and alarm props. */
  const issuesOf = (make: () => unknown, kind: typeof DesignError | typeof UsageError = DesignError): { path: string; message: string }[] => {
    try {
      make();
    } catch (error) {
      expect(error).toBeInstanceOf(kind);
      expect((error as Error).message).toContain('GuardedTable Test/Bad');
      return [...(error as DesignError | UsageError).issues];
    }
    throw new Error(`expected a ${kind.name}`);
  };

  it.each([
    ['a cardinality of 0', { partitionKey: { name: 'id', type: 'S', cardinality: 0 } }, 'partitionKey.cardinality'],
    ['NaN peak writes', { workload: { peakReadUnits: 1, peakWriteUnits: NaN } }, 'workload.peakWriteUnits'],
    ['a negative peak', { workload: { peakReadUnits: -1, peakWriteUnits: 1 } }, 'workload.peakReadUnits'],
    ['an empty attribute name', { partitionKey: { name: '', type: 'S', cardinality: 'unique' } }, 'partitionKey.name'],
    ['an unknown rule id', { acknowledgements: [{ rule: 'SG999', reason: 'a rule that does not exist' }] }, 'acknowledgements[0].rule'],
    ['a numeric token', { workload: { peakReadUnits: 1, peakWriteUnits: Token.asNumber(Lazy.number({ produce: () => 5 })) } }, 'workload.peakWriteUnits'],
    ['a string token', { partitionKey: { name: Lazy.string({ produce: () => 'id' }), type: 'S', cardinality: 'unique' } }, 'partitionKey.name'],
  ])('a design error: %s', (_what, change, path) => {
    const issues = issuesOf(construct({ ...healthy(), ...change }));
    expect(issues.map((i) => i.path)).toContain(path);
  });

  it.each([
    ['NaN alarm threshold', { alarmThresholds: { keyRangeThrottles: { threshold: NaN } } }, 'alarmThresholds.keyRangeThrottles.threshold'],
    ['an alarm family that does not exist', { alarmThresholds: { latency: { threshold: 25 } } }, 'alarmThresholds.latency'],
    [
      'more datapoints than periods',
      {
        contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
        alarmThresholds: { hotKey: { evaluationPeriods: 2, datapointsToAlarm: 3 } },
      },
      'alarmThresholds.hotKey.datapointsToAlarm',
    ],
    // Review 15 item 3: CloudWatch caps evaluationPeriods × period at 86,400 s (PutMetricAlarm): 1,440 one-minute periods.
    [
      'evaluationPeriods beyond one day of minutes',
      { alarmThresholds: { keyRangeThrottles: { evaluationPeriods: 1441 } } },
      'alarmThresholds.keyRangeThrottles.evaluationPeriods',
    ],
    ['a million evaluationPeriods', { latencyAlarms: { thresholds: { GetItem: 20 }, evaluationPeriods: 1e6 } }, 'latencyAlarms.evaluationPeriods'],
    [
      'a token evaluationPeriods beside the default datapointsToAlarm (unchecked: it would become N of N)',
      { alarmThresholds: { keyRangeThrottles: { evaluationPeriods: Token.asNumber(Lazy.number({ produce: () => 10 })) } } },
      'alarmThresholds.keyRangeThrottles.datapointsToAlarm',
    ],
    ['a sustained-throttles threshold of 0', { alarmThresholds: { sustainedThrottles: { threshold: 0 } } }, 'alarmThresholds.sustainedThrottles.threshold'],
    [
      "more sustained-throttles datapoints than the ticket's default 60 periods",
      { alarmThresholds: { sustainedThrottles: { datapointsToAlarm: 61 } } },
      'alarmThresholds.sustainedThrottles.datapointsToAlarm',
    ],
    ['an unknown operation', { latencyAlarms: { thresholds: { GetItems: 20 } } }, 'latencyAlarms.thresholds.GetItems'],
    ['latency alarms without thresholds', { latencyAlarms: { thresholds: {} } }, 'latencyAlarms.thresholds'],
    ['an unknown SystemErrors operation', { systemErrorOperations: ['Get'] }, 'systemErrorOperations[0]'],
    ['replicas that are not an array of { region }', { replicas: [{ Region: 'us-east-1' }] }, 'replicas'],
    ['the alarm topic of 0.1', { alarmTopic: {} }, 'alarmTopic'],
  ])('a usage error (a setting, not the design): %s', (_what, change, path) => {
    const issues = issuesOf(construct({ ...healthy(), ...change }), UsageError);
    expect(issues.map((i) => i.path)).toEqual([path]);
  });

  it('names the most evaluationPeriods CloudWatch takes, and why; takes 1,440, and a token evaluationPeriods with its datapointsToAlarm', () => {
    const accessed = { contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS };
    const issues = issuesOf(construct({ ...healthy(), ...accessed, alarmThresholds: { hotKey: { evaluationPeriods: 1441 } } }), UsageError);
    expect(issues).toEqual([
      {
        path: 'alarmThresholds.hotKey.evaluationPeriods',
        message: expect.stringContaining('expected at most 1,440 one-minute datapoints, got 1441: CloudWatch caps evaluationPeriods × period at 86,400 s'),
      },
    ]);
    const token = Token.asNumber(Lazy.number({ produce: () => 10 }));
    expect(() =>
      construct({
        ...healthy(),
        ...accessed,
        alarmThresholds: { keyRangeThrottles: { evaluationPeriods: 1440 }, hotKey: { evaluationPeriods: token, datapointsToAlarm: 3 } },
      }),
    ).not.toThrow();
  });

  describe('alarmThresholds.throttlesAndErrors.datapointsToAlarm without evaluationPeriods: checked against the default of the capacity mode the table has', () => {
    const autoScaled = Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ maxCapacity: 40000 }) });
    const throttlesAndErrors = (table: GuardedTable) => {
      const [alarm] = table.skewAlarms.filter((a) => a.signal === 'throttles-and-errors').map((a) => a.alarm.node.defaultChild as CfnAlarm);
      return `${alarm.datapointsToAlarm} of ${alarm.evaluationPeriods}`;
    };

    it('takes 20 on an auto-scaled table (40 periods by default), where it was refused against the fixed default of 10', () => {
      const table = new GuardedTable(appWithStack().stack, 'Bad', {
        ...healthy(),
        billing: autoScaled,
        alarmThresholds: { throttlesAndErrors: { datapointsToAlarm: 20 } },
      });
      expect(throttlesAndErrors(table)).toBe('20 of 40');
    });

    it.each([
      ['on demand, 20 of the default 10', {}, 20, '(10, the default for fixed and on-demand capacity: give evaluationPeriods too), got 20'],
      ['auto-scaled, 45 of the default 40', { billing: autoScaled }, 45, '(40, the default for auto-scaled capacity: give evaluationPeriods too), got 45'],
    ])('refuses %s, naming the default it was held against', (_what, change, datapointsToAlarm, message) => {
      const issues = issuesOf(construct({ ...healthy(), ...change, alarmThresholds: { throttlesAndErrors: { datapointsToAlarm } } }), UsageError);
      expect(issues).toEqual([{ path: 'alarmThresholds.throttlesAndErrors.datapointsToAlarm', message: expect.stringContaining(message) }]);
    });

    it('refuses more datapoints than the evaluationPeriods given, whatever the capacity, once', () => {
      const issues = issuesOf(
        construct({ ...healthy(), billing: autoScaled, alarmThresholds: { throttlesAndErrors: { evaluationPeriods: 5, datapointsToAlarm: 6 } } }),
        UsageError,
      );
      expect(issues).toEqual([
        { path: 'alarmThresholds.throttlesAndErrors.datapointsToAlarm', message: 'expected an integer from 1 to evaluationPeriods (5), got 6' },
      ]);
    });
  });

  it('says a token cannot be checked, and never passes it on', () => {
    const [issue] = issuesOf(construct({ ...healthy(), workload: { peakReadUnits: 1, peakWriteUnits: Token.asNumber(Lazy.number({ produce: () => 5 })) } }));
    expect(issue.message).toMatch(/unresolved token.*cannot be checked/);
  });

  it('lists every problem at once', () => {
    const issues = issuesOf(
      construct({
        ...healthy(),
        partitionKey: { name: 'id', type: 'S', cardinality: 0 },
        workload: { peakReadUnits: -1, peakWriteUnits: 1 },
        alarmThresholds: { keyRangeThrottles: { threshold: 0 } },
      }),
    );
    expect(issues.map((i) => i.path).sort()).toEqual(['alarmThresholds.keyRangeThrottles.threshold', 'partitionKey.cardinality', 'workload.peakReadUnits']);
  });

  it('escapes control and bidi characters in its message, as the CLI prints them (the issues keep the value as given)', () => {
    let error: unknown;
    try {
      new GuardedTable(appWithStack().stack, 'Bad\u001b[2J', healthy({ tableName: 'ord\u202eers' }));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DesignError);
    const { message, issues } = error as DesignError;
    expect(message).toContain('"ord\\u202eers"');
    expect(message).toContain('GuardedTable Test/Bad\\x1b[2J');
    // eslint-disable-next-line no-control-regex -- looking for the raw characters is the point
    expect(message).not.toMatch(/[\u202e\u001b]/);
    expect(issues[0].message).toContain('ord\u202eers');
  });

  it('rejects missing props with a UsageError, not a TypeError', () => {
    expect(issuesOf(construct(undefined), UsageError)).toEqual([{ path: '', message: expect.stringContaining('expected the GuardedTable props') }]);
  });

  it('accepts tokens where no check needs the value: table name, alarm threshold', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(
      stack,
      'Tokenized',
      healthy({
        tableName: Lazy.string({ produce: () => 'orders' }),
        alarmThresholds: { keyRangeThrottles: { threshold: Token.asNumber(Lazy.number({ produce: () => 30 })) } },
      }),
    );
    expect(table.design.name).toBe('Test.Tokenized');
    templateOf(stack).hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'skewguard page Test/Tokenized hot partition (key-range throttles)',
      Threshold: 30,
    });
  });

  it("guesses a misspelt prop among GuardedTable's own props (review 16)", () => {
    // The core's guess was among a design file's fields (name, engine, capacity, onDemand: refused here) and missed tableName.
    expect(issuesOf(construct({ ...healthy(), partitionkey: 1 } as never), UsageError)).toEqual([
      { path: 'partitionkey', message: 'is not a GuardedTable prop (did you mean "partitionKey"?)' },
    ]);
    expect(issuesOf(construct({ ...healthy(), tablename: 'orders' } as never), UsageError)).toEqual([
      { path: 'tablename', message: 'is not a GuardedTable prop (did you mean "tableName"?)' },
    ]);
  });

  it("names GuardedTable's own prop for a TableV2 prop it sets another way (review stranger17a)", () => {
    const [insights] = issuesOf(construct({ ...healthy(), contributorInsightsSpecification: { enabled: true } }), UsageError);
    expect(insights.path).toBe('contributorInsightsSpecification');
    expect(insights.message).toMatch(
      /^is not a GuardedTable prop: GuardedTable sets Contributor Insights itself.*contributorInsightsMode .*monitoring\.contributorInsights: false/,
    );
    const [deprecated] = issuesOf(construct({ ...healthy(), contributorInsights: true }), UsageError);
    expect(deprecated.message).toBe(insights.message);
    const [recovery] = issuesOf(construct({ ...healthy(), pointInTimeRecovery: true }), UsageError);
    expect(recovery.message).toMatch(/use pointInTimeRecoverySpecification: \{ pointInTimeRecoveryEnabled \}/);
    // On an index: the index's own contributorInsights, reported once (not also as an unknown design field).
    const gsi = { indexName: 'byStatus', partitionKey: { name: 'status', type: 'S', cardinality: 1000 }, contributorInsightsSpecification: { enabled: false } };
    expect(issuesOf(construct({ ...healthy(), globalSecondaryIndexes: [gsi] } as never), UsageError)).toEqual([
      {
        path: 'globalSecondaryIndexes[0].contributorInsightsSpecification',
        message: expect.stringMatching(/^is not a GuardedTable index prop: set the index's contributorInsights: true or false/),
      },
    ]);
    // A TableV2 prop GuardedTable takes as it is stays accepted, and a typo is still guessed among GuardedTable's props.
    expect(() => construct({ ...healthy(), deletionProtection: false, removalPolicy: RemovalPolicy.RETAIN })()).not.toThrow();
    expect(issuesOf(construct({ ...healthy(), contributorInsightsMod: 'x' } as never), UsageError)).toEqual([
      { path: 'contributorInsightsMod', message: 'is not a GuardedTable prop (did you mean "contributorInsightsMode"?)' },
    ]);
  });

  it('says what replaced a prop of 0.1', () => {
    const [topic] = issuesOf(construct({ ...healthy(), alarmTopic: {} }), UsageError);
    expect(topic.message).toMatch(/pageTopic .* ticketTopic/);
  });
});

describe('hostile props (the public API sweep): an error naming the prop, never a TypeError, a stack overflow or a synth that fails inside CloudFormation', () => {
  const construct = (props: unknown) => () => new GuardedTable(appWithStack().stack, 'Bad', props as GuardedTableProps);
  const thrown = (make: () => unknown): DesignError | UsageError => {
    try {
      make();
    } catch (error) {
      if (error instanceof DesignError || error instanceof UsageError) return error;
      throw error;
    }
    throw new Error('did not throw');
  };
  const paths = (make: () => unknown) => thrown(make).issues.map((i) => i.path);

  it('a cycle anywhere in the design is a DesignError at its path, not "Maximum call stack size exceeded"', () => {
    const workload: Record<string, unknown> = { peakReadUnits: 1, peakWriteUnits: 1 };
    workload.self = workload;
    const cyclicList: unknown[] = [];
    cyclicList.push(cyclicList);
    expect(paths(construct({ ...healthy(), workload }))).toEqual(['workload.self']);
    expect(paths(construct({ ...healthy(), accessPatterns: cyclicList }))).toEqual(['accessPatterns[0]']);
    expect(thrown(construct({ ...healthy(), workload })).message).toContain('a cycle');
  });

  it('a BigInt is a DesignError naming the field, not a TypeError from JSON.stringify', () => {
    const error = thrown(construct({ ...healthy(), workload: { peakReadUnits: 10n, peakWriteUnits: 1 } }));
    expect(error).toBeInstanceOf(DesignError);
    expect(error.issues).toEqual([{ path: 'workload.peakReadUnits', message: expect.stringContaining('the BigInt 10n') }]);
  });

  it('a Date or Map where the design has an object is refused, not copied into an empty object', () => {
    expect(paths(construct({ ...healthy(), storage: new Map([['largestPartitionGb', 50]]) }))).toEqual(['storage']);
    expect(thrown(construct({ ...healthy(), workload: new Date(0) })).issues[0].message).toBe('expected an object, got a Date');
  });

  it.each([
    ['the partition key', { partitionKey: { name: 'id', cardinality: 'unique' } }, 'partitionKey.type'],
    ['the sort key', { sortKey: { name: 'at', cardinality: 100 } }, 'sortKey.type'],
    [
      "a GSI's key",
      { globalSecondaryIndexes: [{ indexName: 'byCustomer', partitionKey: { name: 'customerId', cardinality: 'unique' } }] },
      'globalSecondaryIndexes[0].partitionKey.type',
    ],
    [
      "an LSI's sort key",
      { sortKey: { name: 'at', type: 'S', cardinality: 100 }, localSecondaryIndexes: [{ indexName: 'byDay', sortKey: { name: 'day' } }] },
      'localSecondaryIndexes[0].sortKey.type',
    ],
  ])('a key attribute without a type (%s) is refused at construction, not at synth by CloudFormation', (_what, change, path) => {
    const error = thrown(construct({ ...healthy(), ...change }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.issues).toEqual([{ path, message: expect.stringContaining("TableV2 needs every key attribute's type") }]);
  });

  it.each([
    ['a number', 3, 'globalSecondaryIndexes[0].projectionType'],
    ['a misspelt value', 'KEYS', 'globalSecondaryIndexes[0].projectionType'],
  ])('a GSI projectionType that is %s is refused naming it (TableV2 copies it into the template unchecked)', (_what, projectionType, path) => {
    const gsi = { indexName: 'byCustomer', partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' }, projectionType };
    expect(paths(construct({ ...healthy(), globalSecondaryIndexes: [gsi] }))).toEqual([path]);
    expect(paths(construct({ ...healthy(), globalSecondaryIndexes: [{ ...gsi, projectionType: 'INCLUDE', nonKeyAttributes: 'total' }] }))).toEqual([
      'globalSecondaryIndexes[0].nonKeyAttributes',
    ]);
  });

  it('name and engine props are refused, not silently replaced (a design with engine "cosmosdb" in its metadata)', () => {
    expect(thrown(construct({ ...healthy(), name: 'orders' })).issues).toEqual([{ path: 'name', message: expect.stringContaining('tableName') }]);
    expect(thrown(construct({ ...healthy(), engine: 'cosmosdb' })).issues).toEqual([{ path: 'engine', message: expect.stringContaining('DynamoDB') }]);
  });

  it('a construct id with an escape sequence or a bidi override reaches no alarm name, description or dashboard unescaped (CloudWatch refuses control characters in alarm names)', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Evil\u001b[2J\u202eX', healthy({ dashboard: true, compositeAlarm: true }));
    const resources = Object.values(templateOf(stack).toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>);
    const texts = resources
      .filter((r) => r.Type.startsWith('AWS::CloudWatch::'))
      .flatMap((r) => [r.Properties.AlarmName, r.Properties.AlarmDescription, JSON.stringify(r.Properties.DashboardBody ?? '')]);
    expect(texts.filter((t) => typeof t === 'string' && t.includes('Test/Evil')).length).toBeGreaterThan(4);
    // eslint-disable-next-line no-control-regex -- looking for the raw characters is the point
    expect(texts.filter((t) => typeof t === 'string' && /[\u0000-\u001f\u202e]/.test(t))).toEqual([]);
    templateOf(stack).hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'skewguard page Test/Evil\\x1b[2J\\u202eX hot partition (key-range throttles)',
    });
  });

  it('addGlobalSecondaryIndex() checks what TableV2 takes as given too: key types and projection (was a synth-time CloudFormation error)', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Bad', healthy());
    const error = thrown(() =>
      table.addGlobalSecondaryIndex({ indexName: 'byCustomer', partitionKey: { name: 'customerId', cardinality: 'unique' } } as never),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error.issues.map((i) => i.path)).toEqual(['globalSecondaryIndexes[0].partitionKey.type']);
    expect(paths(() => table.addGlobalSecondaryIndex({ indexName: 'byId', partitionKey: healthy().partitionKey, projectionType: 'SOME' as never }))).toEqual([
      'globalSecondaryIndexes[0].projectionType',
    ]);
    expect(table.design.globalSecondaryIndexes).toEqual([]);
  });

  it.each([
    ['a number as the name', { dashboardName: 0 }, 'dashboardName'],
    ['an empty name', { dashboardName: '' }, 'dashboardName'],
    ['a name with spaces', { dashboardName: 'my dashboard' }, 'dashboardName'],
    ['zero tables per dashboard', { tablesPerDashboard: 0 }, 'tablesPerDashboard'],
    ['NaN tables per dashboard', { tablesPerDashboard: NaN }, 'tablesPerDashboard'],
    ['1.5 tables per dashboard', { tablesPerDashboard: 1.5 }, 'tablesPerDashboard'],
    ['null props', null, ''],
  ])('SkewDashboard props: %s is a UsageError naming it (was a TypeError, a synth-time error or a dashboard named "-NaN")', (_what, props, path) => {
    const error = thrown(() => new SkewDashboard(appWithStack().stack, 'Dash', props as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.issues.map((i) => i.path)).toEqual([path]);
  });

  it.each([
    ['a throwing getter', () => throwing({}, 'tablesPerDashboard'), 'tablesPerDashboard', /^could not be read: Error: getter says no$/],
    ['a revoked Proxy', () => revoked({}), '', /^could not be read: TypeError: /],
    ['a Map', () => new Map([['tablesPerDashboard', 5]]), '', /^expected an object, got a Map$/],
    [
      'a class whose getter holds the count',
      () =>
        new (class DashboardProps {
          get tablesPerDashboard() {
            return 5;
          }
        })(),
      'tablesPerDashboard',
      /^is a getter of class DashboardProps, not an own field/,
    ],
  ])('SkewDashboard props: %s is a UsageError naming the field (was a TypeError, or read as no props)', (_what, props, path, message) => {
    const error = thrown(() => new SkewDashboard(appWithStack().stack, 'Dash', props() as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.issues).toEqual([expect.objectContaining({ path, message: expect.stringMatching(message) })]);
  });

  it.each([
    ['no props', undefined, ['']],
    ['an empty title and a missing rule name', { title: ' ' }, ['title', 'ruleName']],
    [
      'a NaN width, a height of 0 and 101 contributors',
      { title: 'Top keys', ruleName: 'rule', width: NaN, height: 0, topContributors: 101 },
      ['width', 'height', 'topContributors'],
    ],
    ['a width past the 24 grid units', { title: 'Top keys', ruleName: 'rule', width: 25 }, ['width']],
    ['a throwing getter', throwing({ title: 'Top keys' }, 'ruleName'), ['ruleName']],
    ['a revoked Proxy', revoked({ title: 'Top keys', ruleName: 'rule' }), ['']],
  ])(
    'ContributorInsightsWidget props: %s is a UsageError naming each field (was a TypeError, or null and NaN in the dashboard body)',
    (_what, props, paths) => {
      const error = thrown(() => new ContributorInsightsWidget(props as never));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.issues.map((i) => i.path)).toEqual(paths);
    },
  );

  it('ContributorInsightsWidget still takes a token rule name and its sizes', () => {
    const { stack } = appWithStack();
    const ruleName = Lazy.string({ produce: () => 'orders-throttled-keys' });
    const widget = new ContributorInsightsWidget({ title: 'Top keys', ruleName, width: 24, height: 1000, topContributors: 100 });
    const [json] = stack.resolve(widget.toJson()) as { width: number; height: number; properties: { insightRule: unknown } }[];
    expect([json.width, json.height, json.properties.insightRule]).toEqual([
      24,
      1000,
      { maxContributorCount: 100, orderBy: 'Sum', ruleName: 'orders-throttled-keys' },
    ]);
  });

  it.each([
    ['a failOn that is neither "error" nor "warning"', () => checkResources([], { failOn: 'warn' as never }), ['options.failOn']],
    ['resources that are not a list', () => checkResources('tables' as never), ['resources']],
    ['a resource that is null', () => checkResources([null as never]), ['resources[0]']],
    ['acknowledgements that are not a list', () => checkResources([], { acknowledgements: {} as never }), ['options.acknowledgements']],
    [
      'an acknowledgement without its fields',
      () => checkResources([], { acknowledgements: [{ rule: 'SG010' } as never] }),
      ['options.acknowledgements[0].reason', 'options.acknowledgements[0].acknowledgedAt'],
    ],
    ['a throwing getter', () => checkResources([], throwing({}, 'failOn')), ['options.failOn']],
    ['revoked options', () => checkResources([], revoked({})), ['options']],
  ])('checkResources(): %s is a UsageError naming it (was a TypeError, or a failOn that passed every warning)', (_what, check, paths) => {
    const error = thrown(check);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.issues.map((i) => i.path)).toEqual(paths);
  });

  it.each([
    ['designReport', (scope: unknown) => designReport(scope as never)],
    ['SkewguardPlugin.of', (scope: unknown) => SkewguardPlugin.of(scope as never)],
    ['SkewguardPlugin.checkUnguardedTables', (scope: unknown) => SkewguardPlugin.checkUnguardedTables(scope as never)],
  ])('%s() names a scope that is not a construct (was a TypeError from scope.node)', (_name, call) => {
    for (const scope of [undefined, null, 'app', { node: 1 }, new Map(), revoked({})]) {
      const error = thrown(() => call(scope));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.issues).toEqual([
        expect.objectContaining({
          path: 'scope',
          message: expect.stringMatching(/^(expected a construct \(an App, a Stage, a Stack or a Construct\), got |could not be read: )/),
        }),
      ]);
    }
    expect(() => call(appWithStack().stack)).not.toThrow();
  });

  it('checkResources() still reports as before on what it can use', () => {
    expect(checkResources([], {})).toEqual({ success: true, violations: [], metadata: { guardedTables: '0', otherTables: '0', failOn: 'error' } });
    const stale = checkResources([], {
      acknowledgements: [{ rule: 'SG010', reason: 'no tables here at all', acknowledgedAt: 'App/Stack' }],
      failOn: 'warning',
    });
    expect(stale.success).toBe(false);
    expect(stale.violations.map((v) => v.ruleName)).toEqual(['skewguard::acknowledgement']);
  });

  it('SkewDashboard still takes a token name and a whole count', () => {
    const { stack } = appWithStack();
    const dashboard = new SkewDashboard(stack, 'Dash', { dashboardName: `${Aws.STACK_NAME}-skew`, tablesPerDashboard: 1 });
    new GuardedTable(stack, 'A', healthy({ dashboard }));
    new GuardedTable(stack, 'B', healthy({ dashboard }));
    expect(dashboard.dashboards).toHaveLength(2);
  });

  it('a bad tableName is reported at tableName, the prop the user wrote', () => {
    expect(paths(construct(healthy({ tableName: ' ' })))).toEqual(['tableName']);
    expect(paths(construct(healthy({ tableName: 'x'.repeat(300) })))).toEqual(['tableName']);
  });

  it("a control, bidi or zero-width character in a table or index name is refused: DynamoDB's names are [a-zA-Z0-9_.-]{3,255}", () => {
    expect(paths(construct(healthy({ tableName: 'ord\u202eers' })))).toEqual(['tableName']);
    expect(paths(construct(healthy({ tableName: 'orders\u0000' })))).toEqual(['tableName']);
    const gsi = { indexName: 'by\u200bcustomer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' as const } };
    expect(paths(construct(healthy({ globalSecondaryIndexes: [gsi] })))).toEqual(['globalSecondaryIndexes[0].indexName']);
    expect(() => construct(healthy({ tableName: 'orders.v2_eu-west-1', globalSecondaryIndexes: [{ ...gsi, indexName: 'byCustomer' }] }))()).not.toThrow();
  });

  describe('a getter, Proxy trap or revoked Proxy that throws when a prop is read', () => {
    it('in the design is a DesignError naming the field, with what was thrown as its cause', () => {
      const cause = new Error('getter says no');
      const error = thrown(construct({ ...healthy(), workload: throwing({ peakWriteUnits: 1 }, 'peakReadUnits', cause) }));
      expect(error).toBeInstanceOf(DesignError);
      expect(error.issues).toEqual([{ path: 'workload.peakReadUnits', message: 'could not be read: Error: getter says no', cause }]);
      expect(error.cause).toBe(cause);
      expect(thrown(construct({ ...healthy(), globalSecondaryIndexes: [revoked({})] })).issues).toEqual([
        {
          path: 'globalSecondaryIndexes[0]',
          message: "could not be read: TypeError: Cannot perform 'IsArray' on a proxy that has been revoked",
          cause: expect.any(TypeError),
        },
      ]);
    });

    it('in a setting or the props themselves is a UsageError naming it', () => {
      const error = thrown(construct(throwing(healthy(), 'pageTopic')));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.issues.map((i) => [i.path, i.message])).toEqual([['pageTopic', 'could not be read: Error: getter says no']]);
      expect(thrown(construct(revoked(healthy())))).toBeInstanceOf(UsageError);
    });

    it('in a GSI given to addGlobalSecondaryIndex() is a DesignError at its index path, before the table is touched', () => {
      const table = new GuardedTable(appWithStack().stack, 'Added', healthy());
      const gsi = throwing({ indexName: 'byCustomer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' } }, 'sortKey');
      const error = thrown(() => table.addGlobalSecondaryIndex(gsi as never));
      expect(error).toBeInstanceOf(DesignError);
      expect(error.issues.map((i) => i.path)).toEqual(['globalSecondaryIndexes[0].sortKey']);
      expect(table.design.globalSecondaryIndexes).toEqual([]);
    });

    it('a getter is read once: what is checked is what TableV2 gets (a second read answering another design changes nothing)', () => {
      let reads = 0;
      const props = Object.defineProperty(healthy(), 'workload', {
        enumerable: true,
        get: () => (++reads === 1 ? { peakReadUnits: 1000, peakWriteUnits: 500 } : { peakReadUnits: -1 }),
      });
      const table = new GuardedTable(appWithStack().stack, 'Once', props);
      expect(reads).toBe(1);
      expect(table.design.primaryKey.workload).toMatchObject({ peakReadUnits: 1000, peakWriteUnits: 500 });
    });
  });
});

describe('addGlobalSecondaryIndex()', () => {
  it('throws for invalid input with the index path, before touching the table', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy());
    expect(() =>
      table.addGlobalSecondaryIndex({ indexName: 'by-status', partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 0 } }),
    ).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'globalSecondaryIndexes[0].partitionKey.cardinality' })] }));
    expect(table.design.globalSecondaryIndexes).toEqual([]);
  });

  it('refuses the synth for an index added to the TableV2 directly, around the check', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy());
    table.table.addGlobalSecondaryIndex({ indexName: 'by-status', partitionKey: { name: 'status', type: AttributeType.STRING } });
    // SG016 (template-differs-from-design) since the template is checked against its design; formerly skewguard::undeclared-index.
    expect(synthError(app)).toContain('skewguard::SG016');
    expect(verdicts(skewguardReport(app)?.violations ?? [])).toEqual([['fatal', 'skewguard::SG016', 'Test/Orders']]);
  });

  it('refuses the synth for an index that breaks a rule, like one given in props', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy({ workload: { peakReadUnits: 20000, peakWriteUnits: 20000 } }));
    table.addGlobalSecondaryIndex({ indexName: 'by-status', partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 } });
    expect(synthError(app)).toContain('skewguard::SG001');
    expect(
      skewguardReport(app)
        ?.violations.filter((v) => v.ruleName === 'skewguard::SG001')
        .map((v) => v.ruleMetadata?.fieldPath),
    ).toEqual(['globalSecondaryIndexes[0].partitionKey']);
  });
});

it('checks a GuardedTable in a nested stack (its template is read from the assembly)', () => {
  const { app, stack } = appWithStack();
  new GuardedTable(new NestedStack(stack, 'Nested'), 'Jobs', statusKeyed());
  expect(synthError(app)).toContain('skewguard::SG001');
  expect(verdicts(skewguardReport(app)?.violations ?? [])).toContainEqual(['error', 'skewguard::SG001', 'Test/Nested/Jobs']);
});

describe('the plugin is registered once per Stage by the first GuardedTable', () => {
  const app = new App();
  const prod = new Stage(app, 'Prod');
  const inApp = new Stack(app, 'Shared');
  const inStage = new Stack(prod, 'Service');
  new GuardedTable(inApp, 'Jobs', statusKeyed());
  new GuardedTable(inStage, 'Jobs', statusKeyed());
  new GuardedTable(inStage, 'Orders', healthy());
  const error = synthError(app);

  it('registers one shared plugin on each Stage holding a table', () => {
    // `_validationPlugins` is where CDK keeps the plugins of a Stage (no public accessor).
    const plugins = (stage: Stage) => (stage as unknown as { _validationPlugins: { name: string }[] })._validationPlugins.filter((p) => p.name === 'skewguard');
    expect(plugins(app)).toHaveLength(1);
    expect(plugins(prod)).toHaveLength(1);
    expect(plugins(prod)[0]).toBe(plugins(app)[0]);
    expect(SkewguardPlugin.of(inStage)).toBe(plugins(app)[0]);
  });

  it('checks the tables of every Stage, each once', () => {
    expect(error).toContain('Prod/Service/Jobs');
    const report = skewguardReport(app);
    expect(
      verdicts(report?.violations ?? [])
        .filter(([, rule]) => rule === 'skewguard::SG001')
        .map(([, , path]) => path)
        .sort(),
    ).toEqual(['Prod/Service/Jobs', 'Shared/Jobs']);
  });
});
