/** Alarm names, synth-time warnings, replicas, the shared dashboard and the per-deployment lookup. */
import { Aspects, RemovalPolicy, Validations, type Stack } from 'aws-cdk-lib';
import { Annotations as AssertAnnotations, Match } from 'aws-cdk-lib/assertions';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { UsageError } from '../../lib';
import { GuardedTable, LOOKUP_NONCE_CONTEXT, MAX_ALARM_NAME, SkewDashboard } from '../../lib/cdk';
import { synthDesignReport } from '../../lib/testing/cdk';
import { appWithStack, healthy, synthError, templateOf } from './support';

const alarmProps = (stack: Parameters<typeof templateOf>[0]) =>
  Object.values(templateOf(stack).findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties);

describe('alarm names', () => {
  it(`stay within ${MAX_ALARM_NAME} characters for the longest legal table and index names, cut with a hash that keeps them apart`, () => {
    const { stack } = appWithStack();
    const long = (c: string) => c.repeat(255);
    for (const c of ['a', 'b']) {
      new GuardedTable(
        stack,
        `T${c}`,
        healthy({
          tableName: long(c),
          globalSecondaryIndexes: [{ indexName: long('i'), partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 } }],
        }),
      );
    }
    const names = alarmProps(stack).map((p) => p.AlarmName as string);
    expect(names).toHaveLength(6);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(MAX_ALARM_NAME);
    expect(names.filter((n) => /~[0-9a-f]{10}$/.test(n))).toHaveLength(6);
    expect(new Set(names).size).toBe(6);
  });

  it('name a table without a literal name by stack and construct path (unique in the account), never by a token', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy());
    expect(
      alarmProps(stack)
        .map((p) => p.AlarmName)
        .sort(),
    ).toEqual([
      'skewguard page Test/Orders failed requests (not a hot key)',
      'skewguard page Test/Orders hot partition (key-range throttles)',
      'skewguard ticket Test/Orders sustained throttles',
    ]);
  });
});

describe('the sustained-throttles ticket', () => {
  it('takes alarmThresholds.sustainedThrottles, each value given or its default (5 a minute, 30 of 60)', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy({ alarmThresholds: { sustainedThrottles: { threshold: 20, evaluationPeriods: 120 } } }));
    const ticket = alarmProps(stack).find((p) => String(p.AlarmName).includes('sustained throttles'));
    expect([ticket?.Threshold, ticket?.EvaluationPeriods, ticket?.DatapointsToAlarm]).toEqual([20, 120, 30]);
  });
});

describe('recoveries (decision 83: where the alarm fired, so the incident tool that opened an incident resolves it)', () => {
  const okOf = (notifyOnRecovery?: boolean) => {
    const { stack } = appWithStack();
    const [page, ticket] = [new sns.Topic(stack, 'Page'), new sns.Topic(stack, 'Ticket')];
    const refs: Record<string, string> = { [String(stack.resolve(page.topicArn).Ref)]: 'page', [String(stack.resolve(ticket.topicArn).Ref)]: 'ticket' };
    new GuardedTable(stack, 'Orders', healthy({ pageTopic: page, ticketTopic: ticket, notifyOnRecovery }));
    new GuardedTable(stack, 'Jobs', healthy({ pageTopic: page, ticketTopic: ticket, compositeAlarm: true, notifyOnRecovery }));
    const template = templateOf(stack);
    const topicsOf = (actions: unknown) => ((actions as { Ref: string }[] | undefined) ?? []).map((a) => refs[a.Ref]).join(',') || '-';
    return [...Object.values(template.findResources('AWS::CloudWatch::Alarm')), ...Object.values(template.findResources('AWS::CloudWatch::CompositeAlarm'))]
      .map((r) => `${String(r.Properties.AlarmName)}: ${topicsOf(r.Properties.AlarmActions)} / OK ${topicsOf(r.Properties.OKActions)}`)
      .sort();
  };

  it("go to the topic the alarm fired to: a page's to the page topic (the composite's too), a ticket's to the ticket topic; a page alarm under the composite tells no one either way", () => {
    expect(okOf()).toEqual([
      'skewguard page Test/Jobs any hot partition: page / OK page',
      'skewguard page Test/Jobs failed requests (not a hot key): - / OK -',
      'skewguard page Test/Jobs hot partition (key-range throttles): - / OK -',
      'skewguard page Test/Orders failed requests (not a hot key): page / OK page',
      'skewguard page Test/Orders hot partition (key-range throttles): page / OK page',
      'skewguard ticket Test/Jobs sustained throttles: ticket / OK ticket',
      'skewguard ticket Test/Orders sustained throttles: ticket / OK ticket',
    ]);
  });

  it('go nowhere with notifyOnRecovery: false, the composite included; the alarms still fire to their topics', () => {
    expect(okOf(false)).toEqual([
      'skewguard page Test/Jobs any hot partition: page / OK -',
      'skewguard page Test/Jobs failed requests (not a hot key): - / OK -',
      'skewguard page Test/Jobs hot partition (key-range throttles): - / OK -',
      'skewguard page Test/Orders failed requests (not a hot key): page / OK -',
      'skewguard page Test/Orders hot partition (key-range throttles): page / OK -',
      'skewguard ticket Test/Jobs sustained throttles: ticket / OK -',
      'skewguard ticket Test/Orders sustained throttles: ticket / OK -',
    ]);
  });

  it('never go to a topic the alarm did not fire to: a page without a page topic, a ticket without a ticket topic, recover silently', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy({ ticketTopic: new sns.Topic(stack, 'Ticket') }));
    const alarms = alarmProps(stack);
    expect(alarms.filter((p) => String(p.AlarmName).startsWith('skewguard page')).map((p) => [p.AlarmActions, p.OKActions])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('are not the further actions: pageActions and ticketActions run on ALARM only', () => {
    const { stack } = appWithStack();
    const topic = new sns.Topic(stack, 'Other');
    new GuardedTable(stack, 'Orders', healthy({ pageActions: [new SnsAction(topic)], ticketActions: [new SnsAction(topic)] }));
    for (const p of alarmProps(stack)) expect([(p.AlarmActions as unknown[]).length, p.OKActions]).toEqual([1, undefined]);
  });

  it('refuse the recoveryTopic of earlier builds, and a notifyOnRecovery that is not a boolean, naming the prop and what to do', () => {
    const refused = (props: Record<string, unknown>) => {
      try {
        new GuardedTable(appWithStack().stack, 'Orders', healthy(props));
      } catch (error) {
        return (error as UsageError).issues.map((i) => `${i.path} ${i.message}`);
      }
      return [];
    };
    expect(refused({ recoveryTopic: {} })).toEqual([
      expect.stringMatching(/^recoveryTopic is not a GuardedTable prop: .*the topic it fired to.*notifyOnRecovery: false/),
    ]);
    expect(refused({ notifyOnRecovery: 'no' })).toEqual([expect.stringMatching(/^notifyOnRecovery /)]);
  });
});

describe('page alarms without a page target', () => {
  const pageWarnings = (stack: Parameters<typeof AssertAnnotations.fromStack>[0]) =>
    AssertAnnotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('skewguard:page-alarms-without-actions'));

  it('warn once per stack at synth, naming the tables and the prop to set, not once per alarm', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy());
    new GuardedTable(stack, 'Carts', healthy());
    new GuardedTable(stack, 'Paged', healthy({ pageTopic: new sns.Topic(stack, 'OnCall') }));
    const warnings = pageWarnings(stack);
    expect(warnings.map((w) => w.id)).toEqual(['/Test']);
    const text = String(warnings[0].entry.data);
    expect(text).toContain('Test/Orders, Test/Carts');
    expect(text).not.toContain('Test/Paged');
    expect(text).toContain('Set pageTopic');
  });

  it('are found by an aspect on the first such table, not on the stack, which CDK would run on every construct of the stack', () => {
    const { stack } = appWithStack();
    const orders = new GuardedTable(stack, 'Orders', healthy());
    const carts = new GuardedTable(stack, 'Carts', healthy());
    // Each table also carries its own not-judged aspect (its annotations, GSIs added later included): the page
    // target's is the first table's second, and none is on the stack.
    expect([stack, orders, carts].map((scope) => Aspects.of(scope).all.length)).toEqual([0, 2, 1]);
    expect(pageWarnings(stack).map((w) => w.id)).toEqual(['/Test']);
  });

  it('stay quiet when every table has a page topic or page actions', () => {
    const { stack } = appWithStack();
    const topic = new sns.Topic(stack, 'OnCall');
    new GuardedTable(stack, 'Orders', healthy({ pageTopic: topic }));
    new GuardedTable(stack, 'Carts', healthy({ pageActions: [new SnsAction(topic)] }));
    expect(pageWarnings(stack)).toEqual([]);
  });
});

describe('ticket alarms without a ticket target', () => {
  const ticketWarnings = (stack: Parameters<typeof AssertAnnotations.fromStack>[0]) =>
    AssertAnnotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('skewguard:ticket-alarms-without-actions'));

  it('warn once per stack at synth, like page alarms, naming the tables and the prop to set', () => {
    const { stack } = appWithStack();
    const onCall = new sns.Topic(stack, 'OnCall');
    // A page topic only: the "sustained throttles" ticket alarm notifies no one.
    const orders = new GuardedTable(stack, 'Orders', healthy({ pageTopic: onCall }));
    new GuardedTable(stack, 'Ticketed', healthy({ pageTopic: onCall, ticketTopic: new sns.Topic(stack, 'Backlog') }));
    const warnings = ticketWarnings(stack);
    expect(warnings.map((w) => w.id)).toEqual(['/Test']);
    const text = String(warnings[0].entry.data);
    expect(text).toContain(`${orders.ticketAlarms.length} "skewguard ticket …" alarm`);
    expect(text).toContain('the GuardedTable Test/Orders notifies no one');
    expect(text).not.toContain('Test/Ticketed');
    expect(text).toContain('Set ticketTopic (an SNS topic for the team backlog) or ticketActions on it');
  });

  it('agree with the count: one alarm notifies, several notify; the props go on it (one table) or on each of them', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy());
    new GuardedTable(stack, 'Invoices', healthy());
    const [ticket] = ticketWarnings(stack).map((w) => String(w.entry.data));
    expect(ticket).toContain('2 "skewguard ticket …" alarms of 2 GuardedTables Test/Orders, Test/Invoices notify no one');
    expect(ticket).toContain("so slower problems (throttles sustained under the page's line, a hot key, latency, replication lag) alarm in CloudWatch only");
    expect(ticket).toContain('or ticketActions on each of them');
  });

  it('stay quiet when every table has a ticket topic or ticket actions', () => {
    const { stack } = appWithStack();
    const topic = new sns.Topic(stack, 'Backlog');
    new GuardedTable(stack, 'Orders', healthy({ ticketTopic: topic }));
    new GuardedTable(stack, 'Carts', healthy({ ticketActions: [new SnsAction(topic)] }));
    expect(ticketWarnings(stack)).toEqual([]);
  });
});

describe('settings that fight each other', () => {
  it('warns at synth when removalPolicy DESTROY meets the default deletion protection, not when protection is off', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Scratch', healthy({ removalPolicy: RemovalPolicy.DESTROY }));
    new GuardedTable(stack, 'Disposable', healthy({ removalPolicy: RemovalPolicy.DESTROY, deletionProtection: false }));
    const warnings = AssertAnnotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('deletion protection'));
    expect(warnings.map((w) => w.id)).toEqual(['/Test/Scratch']);
  });

  it('refuses the synth when a replica added with addReplica() turns Contributor Insights off', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Global', healthy());
    table.table.addReplica({ region: 'us-east-1', contributorInsightsSpecification: { enabled: false } });
    expect(synthError(app)).toMatch(/replica in us-east-1 turns Contributor Insights off/);
    // A construct call at odds with the design is a usage mistake: the design itself is fine.
    expect(() => app.synth()).toThrow(UsageError);
  });

  it('lets replicas keep Contributor Insights on (the default)', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Global', healthy());
    table.table.addReplica({ region: 'us-east-1' });
    const [resource] = Object.values(templateOf(stack).findResources('AWS::DynamoDB::GlobalTable'));
    expect(resource.Properties.Replicas.map((r: { ContributorInsightsSpecification: unknown }) => r.ContributorInsightsSpecification)).toEqual([
      { Enabled: true, Mode: 'THROTTLED_KEYS' },
      { Enabled: true, Mode: 'THROTTLED_KEYS' },
    ]);
  });
});

describe('a hot-key threshold the user gives, against what one key can consume in a minute', () => {
  const unreachableWarnings = (stack: Parameters<typeof AssertAnnotations.fromStack>[0]) =>
    AssertAnnotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('skewguard:hot-key-threshold-unreachable'));
  const accessed = (threshold: number) =>
    healthy({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS, alarmThresholds: { hotKey: { threshold } } });
  const hotKeyThresholds = (stack: Parameters<typeof templateOf>[0]) =>
    alarmProps(stack)
      .filter((p) => /hot key (throttled|approaching)/.test(String(p.AlarmName)))
      .map((p) => p.Threshold);

  it('warns above 180,000 ConsumedThroughputUnits a minute (3,000 RCU/s or 1,000 WCU/s × 3, for 60 s): a key throttled at its partition ceiling never logs more; the alarm keeps the threshold given', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', accessed(180_001));
    const warnings = unreachableWarnings(stack);
    expect(warnings.map((w) => w.id)).toEqual(['/Test/Orders']);
    expect(String(warnings[0].entry.data)).toContain(
      'alarmThresholds.hotKey.threshold is 180,001 ConsumedThroughputUnits a minute, above the 180,000 a key can consume in a minute',
    );
    // The default is per key space (review 15): the headroom × what the key's partition leaves it beside its neighbours.
    expect(String(warnings[0].entry.data)).toContain(
      "Give a threshold of at most 180,000, or leave it out for the default (the headroom, 0.8, × what the key's partition leaves it beside its neighbours' planned load)",
    );
    expect(hotKeyThresholds(stack)).toEqual([180_001]);
  });

  // THROTTLED_KEYS mode makes no hot-key alarm, and refuses its line (hot-key-throttled-mode.test.ts).
  it('stays quiet at 180,000 (the alarm breaches at or above its threshold: a key pinned at the ceiling for the minute) and below it', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'AtCeiling', accessed(180_000));
    new GuardedTable(stack, 'Below', accessed(170_000));
    expect(unreachableWarnings(stack)).toEqual([]);
    expect(hotKeyThresholds(stack).sort()).toEqual([170_000, 180_000]);
  });
});

describe('a key-range threshold the user gives, against the most throttle events a key space can count (review 15)', () => {
  const warningsOf = (stack: Parameters<typeof AssertAnnotations.fromStack>[0]) =>
    AssertAnnotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('skewguard:key-range-threshold-unreachable'));

  it('warns above 7,200,000 a minute (every request the default per-table quota would serve, at 0.5 RCU a read and 1 WCU a write), and keeps the threshold', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy({ alarmThresholds: { keyRangeThrottles: { threshold: 1e12 } } }));
    const warnings = warningsOf(stack);
    expect(warnings.map((w) => w.id)).toEqual(['/Test/Orders']);
    expect(String(warnings[0].entry.data)).toContain(
      'alarmThresholds.keyRangeThrottles.threshold is 1,000,000,000,000 throttle events a minute, above the 7,200,000 a key space counts while its requests stay within what its per-table throughput quota serves',
    );
    expect(String(warnings[0].entry.data)).toContain('leave it out for the default (60)');
    expect(
      alarmProps(stack)
        .filter((p) => String(p.AlarmName).includes('key-range'))
        .map((p) => p.Threshold),
    ).toEqual([1e12]);
  });

  it('stays quiet at 7,200,000 and at the default', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'AtMost', healthy({ alarmThresholds: { keyRangeThrottles: { threshold: 7_200_000 } } }));
    new GuardedTable(stack, 'Default', healthy());
    expect(warningsOf(stack)).toEqual([]);
  });
});

describe('the Contributor Insights rule quota (100 per account and Region)', () => {
  const indexes = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      indexName: `by-key${i}`,
      partitionKey: { name: `key${i}`, type: AttributeType.STRING, cardinality: 1_000_000 },
      sortKey: { name: 'at', type: AttributeType.STRING },
    }));
  const withSortKey = (overrides = {}) => healthy({ sortKey: { name: 'at', type: AttributeType.STRING }, ...overrides });
  // The synth's verdict: the validation plugin's report (lib/cdk/rule-quota.ts), with its message and fix.
  const quotaVerdicts = (stack: Stack, severity: 'warning' | 'error') =>
    synthDesignReport(stack)
      .violations.filter((v) => v.ruleId === 'contributor-insights-rule-quota' && v.severity === severity)
      .map((v) => ({ id: v.constructPath, text: `${v.message}: ${v.fix}` }));
  const quotaWarnings = (stack: Stack) => quotaVerdicts(stack, 'warning');
  const quotaErrors = (stack: Stack) => quotaVerdicts(stack, 'error');

  it('is warned about at synth from 80 rules: 20 key spaces with a sort key in ACCESSED_AND_THROTTLED_KEYS mode use 4 each', () => {
    const { stack } = appWithStack();
    new GuardedTable(
      stack,
      'Wide',
      withSortKey({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS, hotKeyAlarm: false, globalSecondaryIndexes: indexes(19) }),
    );
    const [warning] = quotaWarnings(stack);
    expect(warning.text).toMatch(/create 80 Contributor Insights rules .* quota of 100/);
    // Under the quota, the raise it asks for is above the 100 there are, not "to at least 80"; and CDK's own
    // "Acknowledge with" line under the warning is named as not applying, not contradicted.
    expect(warning.text).toContain('in Service Quotas above 100 before more tables are added (20 rules are left, fewer if other apps there use some)');
    expect(warning.text).toContain('CDK\'s "Acknowledge with" line does not apply here: skewguard refuses that waiver');
  });

  it('is not warned about at 40 rules: the same in THROTTLED_KEYS mode uses 2 each', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Wide', withSortKey({ globalSecondaryIndexes: indexes(19) }));
    expect(quotaWarnings(stack)).toEqual([]);
  });

  it('counts every table of the app in the same account and Region, and a raised quota moves the warning', () => {
    const { stack } = appWithStack({ context: { 'skewguard:contributorInsightsRuleQuota': 200 } });
    for (let i = 0; i < 4; i++)
      new GuardedTable(
        stack,
        `T${i}`,
        withSortKey({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS, hotKeyAlarm: false, globalSecondaryIndexes: indexes(9) }),
      );
    // 4 tables × 10 key spaces × 4 rules = 160 = 80% of 200: the fourth table warns.
    expect(quotaWarnings(stack).map((w) => w.id)).toEqual(['Test/T3']);
  });

  it('warns on the table that reaches 80% and reports an error on the one that passes the quota, not on the tables between', () => {
    const { stack } = appWithStack();
    // One rule per key space (THROTTLED_KEYS, no sort key), two key spaces per table: 80 rules with T39, 101 with T50's
    // first key space, 102 with the whole table (the count given); 104 in all.
    for (let i = 0; i < 52; i++) new GuardedTable(stack, `T${i}`, healthy({ globalSecondaryIndexes: indexes(1).map(({ sortKey, ...gsi }) => gsi) }));
    const warnings = quotaWarnings(stack);
    expect(warnings.map((w) => w.id)).toEqual(['Test/T39']);
    expect(warnings[0].text).toMatch(/create 80 Contributor Insights rules .* quota of 100 .*every table after this one adds to the count/);
    // A deployment past the quota fails: an error, which the CLI refuses to deploy.
    const errors = quotaErrors(stack);
    expect(errors.map((e) => e.id)).toEqual(['Test/T50']);
    expect(errors[0].text).toMatch(
      /create 102 Contributor Insights rules .* quota of 100 .*; in all they create 104 there; past it the deployment fails \(LimitExceededException\) unless the quota was raised; rules by stack and table: Test 102 \(T0\w+ 2, .* and 46 more tables\): request a raise of the CloudWatch quota "Contributor Insights rules" in Service Quotas to at least 104 plus the rules other apps there use \(it is adjustable\), then declare the granted quota with -c skewguard:contributorInsightsRuleQuota=<new quota>; or spread the tables over Regions or accounts\. CDK's "Acknowledge with" line does not apply here/,
    );
  });

  it('advises THROTTLED_KEYS mode only where key spaces use ACCESSED_AND_THROTTLED_KEYS mode', () => {
    // Every table already in THROTTLED_KEYS mode (the default): switching saves nothing, so the advice is not given.
    const throttled = appWithStack().stack;
    for (let i = 0; i < 51; i++) new GuardedTable(throttled, `T${i}`, healthy({ globalSecondaryIndexes: indexes(1).map(({ sortKey, ...gsi }) => gsi) }));
    const [reached] = quotaWarnings(throttled);
    const [passed] = quotaErrors(throttled);
    expect(reached.text).not.toMatch(/THROTTLED_KEYS/);
    expect(passed.text).not.toMatch(/THROTTLED_KEYS/);
    // One table of 10 key spaces with a sort key in accessed mode (40 rules, 20 of them PKC/SKC), then THROTTLED_KEYS tables.
    const mixed = appWithStack().stack;
    new GuardedTable(
      mixed,
      'Accessed',
      withSortKey({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS, hotKeyAlarm: false, globalSecondaryIndexes: indexes(9) }),
    );
    for (let i = 0; i < 31; i++) new GuardedTable(mixed, `T${i}`, healthy({ globalSecondaryIndexes: indexes(1).map(({ sortKey, ...gsi }) => gsi) }));
    // 40 + 2 × 30 = 100 rules, so the first key space of T30 passes the quota, and the whole table makes 102.
    const [mixedError] = quotaErrors(mixed);
    expect(mixedError.text).toMatch(
      /create 102 Contributor Insights rules .*; or switch the 10 key spaces in ACCESSED_AND_THROTTLED_KEYS mode to THROTTLED_KEYS mode \(the default: 20 rules fewer\)/,
    );
  });

  it('takes the quota from the command line as text, and refuses a value that is no quota, naming the context key', () => {
    // `cdk synth -c skewguard:contributorInsightsRuleQuota=200` gives the string "200".
    const { stack } = appWithStack({ context: { 'skewguard:contributorInsightsRuleQuota': '200' } });
    for (let i = 0; i < 52; i++) new GuardedTable(stack, `T${i}`, healthy({ globalSecondaryIndexes: indexes(1).map(({ sortKey, ...gsi }) => gsi) }));
    expect([quotaWarnings(stack), quotaErrors(stack)]).toEqual([[], []]);
    for (const given of ['lots', 0, 12.5]) {
      const refused = appWithStack({ context: { 'skewguard:contributorInsightsRuleQuota': given } });
      new GuardedTable(refused.stack, 'T', healthy());
      expect(synthDesignReport(refused.app).violations.filter((v) => v.ruleId === 'contributor-insights-rule-quota')).toEqual([
        expect.objectContaining({
          severity: 'fatal',
          message: `the context value skewguard:contributorInsightsRuleQuota=${JSON.stringify(given)} is not a quota: it must be a whole number ≥ 1 (the quota AWS granted)`,
        }),
      ]);
    }
  });

  it('refuses a waiver of the quota by name, pointing to the raise to declare (CDK prints "Acknowledge with" under the verdicts)', () => {
    const { app, stack } = appWithStack();
    new GuardedTable(stack, 'T', healthy());
    Validations.of(app).acknowledge({ id: 'skewguard::contributor-insights-rule-quota', reason: 'A raise to 200 is requested, ticket 42.' });
    expect(synthDesignReport(app).violations.filter((v) => v.ruleId === 'acknowledgement')).toEqual([
      expect.objectContaining({
        severity: 'fatal',
        message:
          "Validations.acknowledge({ id: 'skewguard::contributor-insights-rule-quota' }) at (app) is refused: the Contributor Insights rule quota cannot be waived, since a deployment past it fails whatever the report says",
        fix: expect.stringContaining('cdk synth -c skewguard:contributorInsightsRuleQuota=<n>'),
      }),
    ]);
  });

  it('does not warn again at exactly the quota: 100 rules deploy', () => {
    const { stack } = appWithStack();
    for (let i = 0; i < 50; i++) new GuardedTable(stack, `T${i}`, healthy({ globalSecondaryIndexes: indexes(1).map(({ sortKey, ...gsi }) => gsi) }));
    expect(quotaWarnings(stack).map((w) => w.id)).toEqual(['Test/T39']);
  });
});

describe('the skew dashboard (opt-in, shared per stack)', () => {
  it('puts 20 tables on a dashboard and continues on <name>-2', () => {
    const { stack } = appWithStack();
    for (let i = 0; i < 21; i++) new GuardedTable(stack, `T${i}`, healthy({ dashboard: true }));
    const names = Object.values(templateOf(stack).findResources('AWS::CloudWatch::Dashboard')).map((r) => JSON.stringify(r.Properties.DashboardName));
    expect(names).toEqual([
      JSON.stringify({ 'Fn::Join': ['', ['Test-', { Ref: 'AWS::Region' }, '-skewguard']] }),
      JSON.stringify({ 'Fn::Join': ['', ['Test-', { Ref: 'AWS::Region' }, '-skewguard-2']] }),
    ]);
  });

  it('can be a SkewDashboard of your own, named as you say', () => {
    const { stack } = appWithStack();
    const dashboard = new SkewDashboard(stack, 'Orders', { dashboardName: 'orders-skew' });
    new GuardedTable(stack, 'T', healthy({ dashboard }));
    templateOf(stack).hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'orders-skew' });
  });
});

describe('the rule lookup', () => {
  it('changes its Nonce with every synth, so every deployment looks the rules up again; the context pins it', () => {
    const nonce = (context: Record<string, unknown>, now: number) => {
      const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
      const { stack } = appWithStack({ context });
      new GuardedTable(stack, 'T', healthy({ dashboard: true }));
      spy.mockRestore();
      return Object.values(templateOf(stack).findResources('Custom::SkewguardContributorInsightsRules'))[0].Properties.Nonce;
    };
    expect(nonce({}, 1000)).toBe('1000');
    expect(nonce({}, 2000)).toBe('2000');
    expect(nonce({ [LOOKUP_NONCE_CONTEXT]: 'release-7' }, 3000)).toBe('release-7');
  });
});
