import { readFileSync } from 'fs';
import { join } from 'path';
import { RULE_IDS, blockingFindings, describeFinding, lint, lintDocument, UsageError } from '../../lib';
import type { Severity } from '../../lib';
import { RETIRED_RULES, catalogueMarkdown } from '../../lib/internal';
import { lintWithCatalogue } from '../../lib/lint/engine';
import { interpolate } from '../../lib/lint/messages';
import { defineRule } from '../../lib/lint/rule';
import { RULES } from '../../lib/lint/rules';
import { container, rulesFired, table } from '../fixtures';

describe('lint', () => {
  it('finds nothing in healthy designs of either engine', () => {
    expect(lint(table())).toEqual([]);
    expect(lint(container())).toEqual([]);
  });

  it('has one rule per catalogue id, SG001 on, a retired id never run again, each with the metadata the catalogue needs', () => {
    const ids = [...RULE_IDS, ...RETIRED_RULES.map((r) => r.id)].sort();
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => `SG${String(i + 1).padStart(3, '0')}`));
    expect(RETIRED_RULES.map((r) => r.id)).toContain('SG011');
    for (const rule of RULES) {
      expect(rule.title).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      // SARIF's shortDescription: one line a code-scanning list can show as the rule's name.
      expect(rule.summary).toMatch(/^[A-Z][^\n]{9,99}$/);
      expect(rule.summary).not.toBe(rule.fires);
      expect(rule.sources.length).toBeGreaterThan(0);
      // Vendor documentation, or AWS's own database blog or Knowledge Center where the guide is silent (where split
      // for heat stops; the linear combination of reads and writes a new on-demand table serves).
      for (const source of rule.sources)
        expect(source.url).toMatch(
          /^https:\/\/(docs\.aws\.amazon\.com|learn\.microsoft\.com|aws\.amazon\.com\/blogs\/database|repost\.aws\/knowledge-center)\//,
        );
      // Public documentation only: no internal article numbers in what users read.
      expect(`${rule.fires} ${rule.rationale} ${rule.fix}`).not.toMatch(/seed|article \d/i);
      // A template-only rule (SG016) is checked where a design meets its template, by lib/cfn.
      if (!rule.templateOnly) expect(rule.check ?? rule.checkExternal).toBeInstanceOf(Function);
      // Read on a rule's first finding, not when it is defined: every message must still read (an
      // unknown filter throws), whether or not a test reports it.
      expect(Object.keys(rule.templates)).toEqual(Object.keys(rule.messages));
    }
  });

  it("runs only the rules of a design's engine", () => {
    // SG013 (joins) is Cosmos-only: the table declares no joins to check, the container does.
    expect(RULES.find((r) => r.id === 'SG013')?.engines).toEqual(['cosmosdb']);
    const findings = lint({
      tables: [{ ...table({ partitionKey: { name: 'orderId', cardinality: 'unique' } }), engine: undefined }],
      containers: [
        { ...container({ joins: [{ container: 'payments' }] }), engine: undefined },
        { ...container({ name: 'payments', partitionKey: { paths: [{ path: '/paymentId', cardinality: 'unique' }] } }), engine: undefined },
      ],
    });
    expect(findings.map((f) => [f.resource, f.ruleId])).toEqual([
      ['orders', 'SG005'],
      ['profiles', 'SG013'],
    ]);
  });

  it('sorts by resource in file order, then errors before warnings, then rule id', () => {
    const findings = lint({
      tables: [
        {
          ...table({ name: 'bbb', sharding: { strategy: 'random', shards: 4 }, partitionKey: { name: 'status', type: 'S', cardinality: 5 } }),
          engine: undefined,
        },
        { ...table({ name: 'aaa', monitoring: { contributorInsights: false } }), engine: undefined },
      ],
    });
    expect(findings.map((f) => `${f.resource}:${f.ruleId}:${f.severity}`)).toEqual(['bbb:SG001:warning', 'bbb:SG007:warning', 'aaa:SG010:error']);
    const mixed = lint(table({ sharding: { strategy: 'random', shards: 4 }, monitoring: { contributorInsights: false } }));
    expect(mixed.map((f) => f.ruleId)).toEqual(['SG010', 'SG007']);
  });

  it('marks acknowledged findings with their reason and keeps them in the report', () => {
    const reason = 'Twelve regions, 50 reads/s in all: one partition is plenty.';
    const findings = lint(table({ partitionKey: { name: 'region', type: 'S', cardinality: 12 }, acknowledgements: [{ rule: 'SG001', reason }] }));
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'SG001', acknowledged: true, reason })]);
    expect(blockingFindings(findings)).toEqual([]);
  });

  it('applies an index-scoped acknowledgement to that index only', () => {
    const lowKey = { name: 'status', type: 'S' as const, cardinality: 4 };
    const findings = lint(
      table({
        globalSecondaryIndexes: [
          { indexName: 'by-status', partitionKey: lowKey },
          { indexName: 'by-state', partitionKey: { ...lowKey, name: 'state' } },
        ],
        acknowledgements: [{ rule: 'SG001', reason: 'the dashboard index is tiny and read once a minute', index: 'by-status' }],
      }),
    );
    expect(findings.map((f) => [f.index, f.acknowledged])).toEqual([
      ['by-status', true],
      ['by-state', false],
    ]);
  });

  it('blocks on unacknowledged errors by default, and on warnings when asked', () => {
    const warningsOnly = lint(table({ sharding: { strategy: 'random', shards: 4 } }));
    expect(rulesFired(warningsOnly)).toEqual(['SG007']);
    expect(blockingFindings(warningsOnly)).toEqual([]);
    expect(blockingFindings(warningsOnly, 'warning')).toHaveLength(1);
  });

  it('rejects an unknown blocking level instead of letting every finding through', () => {
    const findings = lint(table({ monitoring: { contributorInsights: false } }));
    expect(() => blockingFindings(findings, 'fatal' as Severity)).toThrow(UsageError);
  });
});

describe('rule settings', () => {
  const lowKey = table({
    partitionKey: { name: 'status', type: 'S', cardinality: 5 },
    sortKey: { name: 'orderId', type: 'S' },
    workload: { peakReadUnits: 20000, peakWriteUnits: 4000 },
  });

  it('raise, lower or turn off a rule', () => {
    expect(lint(lowKey).map((f) => `${f.ruleId}:${f.severity}`)).toContain('SG001:error');
    const findings = lint(lowKey, { rules: { SG001: 'warning' } });
    expect(findings.find((f) => f.ruleId === 'SG001')?.severity).toBe('warning');
    expect(lint(lowKey, { rules: { SG001: 'off' } }).map((f) => f.ruleId)).not.toContain('SG001');
    const sharded = table({ sharding: { strategy: 'random', shards: 4 } });
    expect(lint(sharded, { rules: { SG007: 'error' } }).map((f) => `${f.ruleId}:${f.severity}`)).toEqual(['SG007:error']);
  });

  it('reject unknown rule ids and settings, naming the option', () => {
    expect(() => lint(lowKey, { rules: { SG999: 'off' } })).toThrow(/options\.rules\.SG999.*not a skewguard rule/);
    expect(() => lint(lowKey, { rules: { SG001: 'fatal' as Severity } })).toThrow(/options\.rules\.SG001.*"fatal"/);
  });
});

describe('unused acknowledgements', () => {
  it('are reported with their path when no finding matches them', () => {
    const reason = 'the key used to be a status enum; kept for the audit trail';
    const { findings, unusedAcknowledgements } = lintDocument({ tables: [{ ...table({ acknowledgements: [{ rule: 'SG001', reason }] }), engine: undefined }] });
    expect(findings).toEqual([]);
    expect(unusedAcknowledgements).toEqual([
      { ruleId: 'SG001', engine: 'dynamodb', resource: 'orders', index: undefined, path: 'tables[0].acknowledgements[0]', reason },
    ]);
  });

  it('are not reported when they waive a finding, or when their rule is turned off', () => {
    const reason = 'Twelve regions, 50 reads/s in all: one partition is plenty.';
    const design = table({ partitionKey: { name: 'region', type: 'S', cardinality: 12 }, acknowledgements: [{ rule: 'SG001', reason }] });
    expect(lintDocument(design).unusedAcknowledgements).toEqual([]);
    expect(lintDocument(table({ acknowledgements: [{ rule: 'SG001', reason }] }), { rules: { SG001: 'off' } }).unusedAcknowledgements).toEqual([]);
  });
});

describe('describeFinding', () => {
  it('prints severity, rule, where, resource, message and fix', () => {
    const [finding] = lint(table({ monitoring: { contributorInsights: false } }));
    const text = describeFinding(finding);
    expect(text).toMatch(/^error SG010 monitoring-off at monitoring\.contributorInsights \(orders\): Contributor Insights is off/);
    expect(text).toContain('\n  fix: enable Contributor Insights');
    expect(describeFinding(finding, { at: 'Stack/Orders' })).toContain(' at Stack/Orders (orders)');
  });
});

describe('retired rules', () => {
  // Retire SG014 for the test: its id stays reserved, its acknowledgements keep working.
  const sg014 = RULES.find((r) => r.id === 'SG014');
  const catalogue = {
    rules: RULES.filter((r) => r !== sg014),
    retired: [{ id: 'SG014', title: 'dominant-key-share', retired: 'retired in 9.0: SG003 covers it', replacedBy: ['SG003'] }],
  };
  const reason = 'the tenant split is planned for next quarter';

  it('accept an acknowledgement of a retired id and report it as unused, naming the replacement', () => {
    const { findings, unusedAcknowledgements } = lintWithCatalogue(table({ acknowledgements: [{ rule: 'SG014', reason }] }), {}, catalogue);
    expect(findings).toEqual([]);
    expect(unusedAcknowledgements).toEqual([expect.objectContaining({ ruleId: 'SG014', retired: { replacedBy: ['SG003'] } })]);
  });

  it('reject an id that was never a rule', () => {
    expect(() => lintWithCatalogue(table({ acknowledgements: [{ rule: 'SG099', reason }] }), {}, catalogue)).toThrow(/"SG099" is not a skewguard rule/);
  });

  it('are listed in the catalogue', () => {
    expect(catalogueMarkdown(catalogue.rules, catalogue.retired)).toContain(
      '- **SG014 dominant-key-share** — retired in 9.0: SG003 covers it; replaced by SG003.',
    );
  });
});

describe('a catalogue of its own', () => {
  // One DynamoDB-only rule with two hits: one whose figures carry float noise, one whose figures are already rounded.
  const noisy = { share: 0.1 + 0.2, peak: 1650.0000000000002, count: 3, loads: [0.1 + 0.2, 4], name: 'orders' };
  const clean = { share: 0.25, peak: 1650, count: 3, loads: [0.5, 4], name: 'orders' };
  const check = jest.fn(() => [
    { path: 'partitionKey', messageId: 'seen', fixId: 'fix', data: noisy, edits: [{ op: 'set' as const, path: 'sharding.shards', value: 4 }] },
    { path: 'sortKey', messageId: 'seen', fixId: 'fix', data: clean },
  ]);
  const sg999 = defineRule({
    id: 'SG999',
    title: 'own-rule',
    summary: 'one line',
    severity: 'warning',
    engines: ['dynamodb'],
    thresholds: [],
    fires: '',
    rationale: '',
    fix: '',
    sources: [],
    messages: () => ({ seen: '{{share|percent}} of {{peak}} on {{name|code}}', fix: 'spread {{loads}}' }),
    check,
  });
  const catalogue = { rules: [sg999], retired: [] };
  beforeEach(() => check.mockClear());

  it("gives each finding its hit's figures rounded, lists too, and leaves the hit's data as the rule made it", () => {
    const { findings } = lintWithCatalogue(table(), {}, catalogue);
    expect(findings.map((f) => [f.path, f.message, f.fix, f.data])).toEqual([
      ['partitionKey', '30% of 1,650 on `orders`', 'spread 0.3, 4', { share: 0.3, peak: 1650, count: 3, loads: [0.3, 4], name: 'orders' }],
      ['sortKey', '25% of 1,650 on `orders`', 'spread 0.5, 4', clean],
    ]);
    expect(noisy).toEqual({ share: 0.30000000000000004, peak: 1650.0000000000002, count: 3, loads: [0.30000000000000004, 4], name: 'orders' });
  });

  it("writes each edit's full path: a design given alone keeps its rule's paths, one in a document has them under its own", () => {
    expect(lintWithCatalogue(table(), {}, catalogue).findings.map((f) => f.edits)).toEqual([[{ op: 'set', path: 'sharding.shards', value: 4 }], undefined]);
    const inDocument = lintWithCatalogue({ tables: [{ ...table(), engine: undefined }] }, { basePath: 'design' }, catalogue).findings;
    expect(inDocument.map((f) => [f.path, f.edits])).toEqual([
      ['design.tables[0].partitionKey', [{ op: 'set', path: 'design.tables[0].sharding.shards', value: 4 }]],
      ['design.tables[0].sortKey', undefined],
    ]);
  });

  it("runs its rules on their engines' designs only, not when the options turn them off, and as the options set them", () => {
    expect(lintWithCatalogue(container(), {}, catalogue).findings).toEqual([]);
    expect(lintWithCatalogue(table(), { rules: { SG999: 'off' } }, catalogue).findings).toEqual([]);
    expect(check).not.toHaveBeenCalled();
    expect(lintWithCatalogue(table(), { only: ['SG999'], rules: { SG999: 'error' } }, catalogue).findings.map((f) => f.severity)).toEqual(['error', 'error']);
  });
});

describe('messages', () => {
  it('are reported by id with their data, and every rule lists the thresholds it reads', () => {
    const [finding] = lint(table({ partitionKey: { name: 'environment', type: 'S', cardinality: 4 }, workload: { peakReadUnits: 50, peakWriteUnits: 1 } }));
    expect(finding).toMatchObject({ ruleId: 'SG001', messageId: 'fewValuesFits', data: { cardinality: 4, minCardinality: 100 } });
    expect(RULES.find((r) => r.id === 'SG001')?.thresholds).toEqual(['minCardinality', 'headroom']);
    expect(catalogueMarkdown()).toContain('Thresholds: `minCardinality` 100, `headroom` 0.8');
  });

  it("fail loudly when a rule forgets a placeholder's data (a rule bug, not a user error)", () => {
    expect(() => interpolate('{{missing}} here', {})).toThrow(/placeholder "\{\{missing\}\}" has no data/);
    expect(interpolate('{{n}} at {{s|percent}} on {{k|code}}', { n: 20000, s: 0.25, k: 'eventId' })).toBe('20,000 at 25% on `eventId`');
  });

  it('writes a declared value in data as the design file writes it, and only with its filter', () => {
    const ownCapacity = { write: { min: 31250, max: 40000 }, read: { fixed: 2000 } };
    expect(interpolate('`capacity` = {{c|declaration}}', { c: ownCapacity })).toBe('`capacity` = { write: {min: 31250, max: 40000}, read: {fixed: 2000} }');
    expect(() => interpolate('{{c}}', { c: ownCapacity })).toThrow(/declaration/);
  });

  it('writes a section only where data has its name, with placeholders of its own', () => {
    const template = 'raise to {{to}}{{?createAt}} (a new one: create at {{createAt}}, then raise){{/createAt}}, then shard';
    expect(interpolate(template, { to: 97000 })).toBe('raise to 97,000, then shard');
    expect(interpolate(template, { to: 97000, createAt: 60000 })).toBe('raise to 97,000 (a new one: create at 60,000, then raise), then shard');
    expect(() => interpolate('a {{?open}} b', {})).toThrow(/section is not closed/);
  });

  it('writes an unless-section only where data lacks its name: the wording a section replaces', () => {
    const template = "{{!db}}the container's {{ru}} RU/s{{/db}}{{?db}}the database's {{db}} RU/s{{/db}} are divided";
    expect(interpolate(template, { ru: 3000 })).toBe("the container's 3,000 RU/s are divided");
    expect(interpolate(template, { ru: 3000, db: 9000 })).toBe("the database's 9,000 RU/s are divided");
    expect(() => interpolate('a {{!open}} b', {})).toThrow(/section is not closed/);
  });

  it('agrees a count with its noun by a plural select, the count formatted and kept a number in data', () => {
    const template = 'on {{values|one=# key value|other=# key values}}';
    expect(interpolate(template, { values: 1 })).toBe('on 1 key value');
    expect(interpolate(template, { values: 0 })).toBe('on 0 key values');
    expect(interpolate(template, { values: 20000 })).toBe('on 20,000 key values');
    expect(() => interpolate(template, { values: 'one' })).toThrow(/has no choice for "one"/);
  });

  it('leaves out a clause whose figure is 0 by a plural `zero` choice (text29: "less the 0 RU/s" was written)', () => {
    const template = '({{usable}} usable{{neighbours|zero=|other=, less the # RU/s others take}})';
    expect(interpolate(template, { usable: 325, neighbours: 0 })).toBe('(325 usable)');
    expect(interpolate(template, { usable: 325, neighbours: 1 })).toBe('(325 usable, less the 1 RU/s others take)');
    expect(interpolate(template, { usable: 325, neighbours: 1200 })).toBe('(325 usable, less the 1,200 RU/s others take)');
    expect(interpolate('{{n|zero=none|one=one|other=# of them}}', { n: 0 })).toBe('none');
  });

  it('words a flag by a select: data keeps true or false, the template its words (issue 13 §5)', () => {
    const template = 'read {{logged|true=on the range at 100%|false=while a range stood at 100%}}';
    expect(interpolate(template, { logged: true })).toBe('read on the range at 100%');
    expect(interpolate(template, { logged: false })).toBe('read while a range stood at 100%');
  });

  it('writes lists, key levels and indexes from plain names, and words an id by a select', () => {
    const data = { names: ['a', 'b', 'c'], loads: [1500, 2], one: ['byDay'], source: 'derived' };
    expect(interpolate('{{names|code}}; {{loads}}', data)).toBe('`a`, `b`, `c`; 1,500, 2');
    expect(interpolate('{{names|key}} / {{names|levels}}', data)).toBe('(`a`, `b`, `c`) / `a` → `b` → `c`');
    expect(interpolate('{{names|indexes}}; {{one|indexes}}', data)).toBe('index `a`, index `b` and index `c`; index `byDay`');
    expect(interpolate('({{source|declared=declared|derived=estimated from a key level}})', data)).toBe('(estimated from a key level)');
    expect(() => interpolate('{{source|declared=declared}}', data)).toThrow(/has no choice for "derived"/);
    expect(() => interpolate('{{source|percentage}}', data)).toThrow(/has no such filter "percentage"/);
    // An index is optional: the table itself has none.
    expect(interpolate('key `k`{{index|onIndex}} is hot', { index: 'byDay' })).toBe('key `k` on index `byDay` is hot');
    expect(interpolate('key `k`{{index|onIndex}} is hot', {})).toBe('key `k` is hot');
  });

  it('write every name from data escaped, whatever the filter, while the finding keeps the raw name in data', () => {
    const data = { name: 'evil\u202econtainer\u001b[31mRED', names: ['a\u200bb', 'ok'], index: 'by\u2066x' };
    expect(interpolate('{{name}} / {{name|code}} / {{names|levels}}{{index|onIndex}}', data)).toBe(
      'evil\\u202econtainer\\x1b[31mRED / `evil\\u202econtainer\\x1b[31mRED` / `a\\u200bb` → `ok` on index `by\\u2066x`',
    );
    const [finding] = lint(
      table({ name: 'orders', partitionKey: { name: 'user\u202eId', type: 'S', cardinality: 4 }, workload: { peakReadUnits: 50, peakWriteUnits: 1 } }),
      {
        only: ['SG001'],
      },
    );
    expect(finding.message).toContain('`user\\u202eId`');
    expect(finding.message).not.toMatch(/[\u202e]/);
    expect(finding.data?.key).toEqual(['user\u202eId']);
  });
});

describe('SG011 latency-blind-on-demand, retired', () => {
  // SuccessfulRequestLatency is time inside DynamoDB only (Developer Guide, "DynamoDB metrics and
  // dimensions"): SDK retries never show in it, so the rule's premise was false.
  it('no longer refuses an on-demand table with monitoring.latencyAlarms false; the field is still accepted', () => {
    expect(lint(table({ monitoring: { latencyAlarms: false } }))).toEqual([]);
  });

  it('is listed as retired, replaced by SG010, and an old acknowledgement of it is reported unused, never an error', () => {
    expect(RETIRED_RULES.find((r) => r.id === 'SG011')).toMatchObject({ title: 'latency-blind-on-demand', replacedBy: ['SG010'] });
    expect(RETIRED_RULES.find((r) => r.id === 'SG011')?.retired).toMatch(/time inside DynamoDB only/);
    expect(catalogueMarkdown()).toMatch(/- \*\*SG011 latency-blind-on-demand\*\* — retired before the first release: .*; replaced by SG010\./);
    const result = lintDocument(table({ acknowledgements: [{ rule: 'SG011', reason: 'latency is watched by the service SLO alarms' }] }));
    expect(result.findings).toEqual([]);
    expect(result.unusedAcknowledgements).toMatchObject([{ ruleId: 'SG011', retired: { replacedBy: ['SG010'] } }]);
  });

  // Review 4: `explain SG011` said "retired in 0.2" in version 0.1.0. A retirement names a version the
  // package has reached, never a later one. A rule retired before the first release says so, not "in 0.1.0": the
  // CHANGELOG's 0.1.0 is unreleased, and no user ever ran the rule in a version named by it.
  it('names the version it was retired in, no later than the package version, or says it was retired before the first release', () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string };
    const parts = (v: string) => v.split('.').map(Number);
    expect(RETIRED_RULES.find((r) => r.id === 'SG011')?.retired).toMatch(/^retired before the first release: /);
    for (const rule of RETIRED_RULES.filter((r) => !r.retired.startsWith('retired before the first release: '))) {
      const named = /^retired in (\d+(?:\.\d+){0,2}):/.exec(rule.retired)?.[1];
      expect([rule.id, named]).toEqual([rule.id, expect.any(String)]);
      const [a, b] = [parts(named as string), parts(version)];
      const cmp = [0, 1, 2].map((i) => (a[i] ?? 0) - (b[i] ?? 0)).find((d) => d !== 0) ?? 0;
      expect([rule.id, named, cmp <= 0]).toEqual([rule.id, named, true]);
    }
  });
});
