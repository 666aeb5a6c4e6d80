/** The core APIs the adapters use instead of fake design documents and path rewrites. */
import {
  DesignError,
  lint,
  lintDocument,
  lintExternal,
  lintNormalized,
  lintTemplateResource,
  normalize,
  restateFinding,
  UsageError,
  validateAcknowledgements,
  validateLintOptions,
} from '../../lib';
import { validateAcknowledgement } from '../../lib/internal';
import { container, table } from '../fixtures';

const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DesignError || error instanceof UsageError) return error.issues.map((i) => [i.path, i.message]);
    throw error;
  }
  return [];
};

describe('validateLintOptions()', () => {
  it('accepts the documented options and treats null and undefined as none', () => {
    expect(validateLintOptions({ thresholds: { headroom: 0.7 }, rules: { SG012: 'off' }, only: ['SG001'], basePath: 'x' })).toMatchObject({
      thresholds: { headroom: 0.7 },
      rules: { SG012: 'off' },
      only: ['SG001'],
      basePath: 'x',
    });
    expect(validateLintOptions(undefined)).toEqual({});
    expect(validateLintOptions(null)).toEqual({});
  });

  it('rejects an unknown key (a typo never switches a setting off silently), naming it with a suggestion', () => {
    expect(() => validateLintOptions({ rule: { SG012: 'off' } })).toThrow(UsageError);
    expect(issuesOf(() => validateLintOptions({ rule: { SG012: 'off' } }))).toEqual([['options.rule', expect.stringContaining('did you mean "rules"?')]]);
    // lint() itself reads its options the same way.
    expect(() => lint(table(), { failOn: 'warning' } as never)).toThrow(UsageError);
    expect(issuesOf(() => lint(table(), { failOn: 'warning' } as never))).toEqual([['options.failOn', expect.stringContaining('is not a known field')]]);
  });

  it('places every problem under the given path (a config file passes "")', () => {
    expect(issuesOf(() => validateLintOptions({ rules: { SG099: 'off', SG001: 'loud' }, thresholds: { headroom: 2 } }, ''))).toEqual([
      ['rules.SG099', expect.stringContaining('"SG099" is not a skewguard rule')],
      ['rules.SG001', 'expected "error", "warning" or "off", got "loud"'],
      ['thresholds.headroom', expect.stringContaining('≤ 1')],
    ]);
  });

  it('reads a rule id named like an Object.prototype member as data, never as a prototype', () => {
    expect(issuesOf(() => validateLintOptions({ rules: JSON.parse('{"__proto__": "off"}') }))).toEqual([
      ['options.rules.__proto__', expect.stringContaining('is not a skewguard rule')],
    ]);
  });
});

describe('validateAcknowledgements() / validateAcknowledgement()', () => {
  it('accepts known and retired rule ids with a real reason', () => {
    expect(validateAcknowledgements([{ rule: 'SG010', reason: 'dev table, torn down nightly' }])).toEqual([
      { rule: 'SG010', reason: 'dev table, torn down nightly' },
    ]);
  });

  it('names each problem at the given path, all at once: a short reason and an unknown rule id (review 12)', () => {
    expect(
      issuesOf(() =>
        validateAcknowledgements(
          [
            { rule: 'SG999', reason: 'a good long reason' },
            { rule: 'SG001', reason: 'short' },
          ],
          { path: 'acknowledgements["c"]' },
        ),
      ),
    ).toEqual([
      ['acknowledgements["c"][1].reason', expect.stringContaining('at least 10 characters')],
      ['acknowledgements["c"][0].rule', expect.stringContaining('"SG999" is not a skewguard rule')],
    ]);
    expect(issuesOf(() => validateAcknowledgements([{ rule: 'SG999', reason: 'a good long reason' }], { path: 'acks' }))).toEqual([
      ['acks[0].rule', expect.stringContaining('"SG999" is not a skewguard rule')],
    ]);
    expect(issuesOf(() => validateAcknowledgement({ rule: 'SG999', reason: '' }))).toEqual([
      ['reason', expect.any(String)],
      ['rule', expect.stringContaining('not a skewguard rule')],
    ]);
    // A rule id the shape refused is named once.
    expect(issuesOf(() => validateAcknowledgement({ rule: 'sg999', reason: '' })).map(([path]) => path)).toEqual(['rule', 'reason']);
    expect(issuesOf(() => validateAcknowledgement({ rule: 'SG999', reason: 'a good long reason' }))).toEqual([
      ['rule', expect.stringContaining('not a skewguard rule')],
    ]);
  });

  it('accepts an index only among the given names', () => {
    expect(issuesOf(() => validateAcknowledgements([{ rule: 'SG001', reason: 'a good long reason', index: 'by-day' }]))).toEqual([
      ['acknowledgements[0].index', expect.stringContaining('there is none')],
    ]);
    expect(validateAcknowledgements([{ rule: 'SG001', reason: 'a good long reason', index: 'by-day' }], { indexNames: ['by-day'] })).toHaveLength(1);
  });
});

describe('lintExternal(): one external resource, a rule subset, reported at the fields it was read from', () => {
  const resource = {
    engine: 'dynamodb' as const,
    name: 'Jobs',
    partitionKeys: [{ attribute: 'status' }, { attribute: 'day', index: 'by-day' }],
    keyMonitoring: false,
  };

  it('reports at paths in the resource by default, and at the given locations', () => {
    expect(lintExternal(resource).findings.map((f) => [f.ruleId, f.path])).toEqual([
      ['SG010', 'keyMonitoring'],
      ['SG015', 'partitionKeys[0]'],
      ['SG015', 'partitionKeys[1]'],
    ]);
    const located = lintExternal(resource, {
      locations: {
        partitionKeys: ['Properties.KeySchema[0].AttributeName', 'Properties.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName'],
        keyMonitoring: 'Properties',
      },
      basePath: 'Resources.Jobs',
    });
    expect(located.findings.map((f) => f.path)).toEqual([
      'Resources.Jobs.Properties',
      'Resources.Jobs.Properties.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName',
      'Resources.Jobs.Properties.KeySchema[0].AttributeName',
    ]);
  });

  it('runs only the rules asked for; a waiver of another rule is not reported as unused', () => {
    const waived = { ...resource, acknowledgements: [{ rule: 'SG010', reason: 'dev table, torn down nightly' }] };
    const result = lintExternal(waived, { only: ['SG015'] });
    expect(result.findings.map((f) => f.ruleId)).toEqual(['SG015', 'SG015']);
    expect(result.unusedAcknowledgements).toEqual([]);
    expect(
      lintExternal({ ...resource, keyMonitoring: true, acknowledgements: waived.acknowledgements }, { only: ['SG010'] }).unusedAcknowledgements.map(
        (a) => a.path,
      ),
    ).toEqual(['acknowledgements[0]']);
  });

  it('reports a bad waiver at the location the waivers came from', () => {
    const bad = { ...resource, acknowledgements: [{ rule: 'SG010', reason: 'short' }] };
    expect(issuesOf(() => lintExternal(bad, { locations: { acknowledgements: 'Metadata.skewguard.acknowledgements' } }))).toEqual([
      ['Metadata.skewguard.acknowledgements[0].reason', expect.stringContaining('at least 10 characters')],
    ]);
  });

  describe('SG005 on a Cosmos DB container as declared (paths, kind, version): no placeholder design', () => {
    const container = (partitionKeys: readonly string[], more: { partitionKeyKind?: 'Hash' | 'MultiHash'; partitionKeyVersion?: 1 | 2 } = {}) => ({
      engine: 'cosmosdb' as const,
      name: 'orders',
      partitionKeys: partitionKeys.map((attribute) => ({ attribute })),
      ...more,
    });
    const sg005 = (resource: ReturnType<typeof container>) =>
      lintExternal(resource, { only: ['SG005'] }).findings.map((f) => [f.messageId, f.path, f.edits ?? []]);

    it('stays quiet on a valid key, and on a MultiHash key whose version is not known', () => {
      expect(sg005(container(['/tenantId']))).toEqual([]);
      expect(sg005(container(['/tenantId', '/userId'], { partitionKeyKind: 'MultiHash', partitionKeyVersion: 2 }))).toEqual([]);
      expect(sg005(container(['/tenantId', '/userId'], { partitionKeyKind: 'MultiHash' }))).toEqual([]);
    });

    it('reads an absent kind as Hash, as ARM does, so several paths without one are SG005 (review 20: taken as MultiHash)', () => {
      const found = lintExternal(container(['/tenantId', '/userId'], { partitionKeyVersion: 2 }), { only: ['SG005'] }).findings;
      expect(found.map((f) => [f.messageId, f.path])).toEqual([['hashWithLevels', 'partitionKeyKind']]);
      expect(found[0].fix).toContain('"MultiHash" with version 2');
      expect(sg005(container(['/tenantId'], { partitionKeyVersion: 2 }))).toEqual([]);
      // A design file's external resource (what `skewguard lint` reads) goes through the same reading.
      const document = { external: [container(['/tenantId', '/userId'], { partitionKeyVersion: 2 })] };
      expect(
        lint(document)
          .filter((f) => f.ruleId === 'SG005')
          .map((f) => [f.messageId, f.path]),
      ).toEqual([['hashWithLevels', 'external[0].partitionKeyKind']]);
    });

    it('reports a one-path key of version 1, which hashes only the first 101 bytes of a value; an unknown version is not judged', () => {
      expect(sg005(container(['/deviceId'], { partitionKeyVersion: 1 }))).toEqual([['hashVersion1', 'partitionKeyVersion', []]]);
      const [finding] = lintExternal(container(['/deviceId'], { partitionKeyKind: 'Hash', partitionKeyVersion: 1 }), { only: ['SG005'] }).findings;
      expect(finding.severity).toBe('error');
      expect(finding.message).toContain('first 101 bytes');
      expect(finding.fix).toContain('create a new container with version 2 and copy the data');
      expect(sg005(container(['/deviceId'], { partitionKeyVersion: 2 }))).toEqual([]);
      expect(sg005(container(['/deviceId']))).toEqual([]);
    });

    it('reports each structure fault at the field it was read from, with no edits (a raw resource is not a design)', () => {
      // Kind given: absent, it is Hash (as ARM's), and the four paths are hashWithLevels too.
      expect(sg005(container(['tenantId', '/a', '/a', '/b'], { partitionKeyKind: 'MultiHash' }))).toEqual([
        ['tooManyLevels', 'partitionKeys', []],
        ['invalidPath', 'partitionKeys[0]', []],
        ['duplicatePath', 'partitionKeys[2]', []],
      ]);
      expect(sg005(container(['/a', '/b'], { partitionKeyKind: 'MultiHash', partitionKeyVersion: 1 }))).toEqual([
        ['multiHashVersion', 'partitionKeyVersion', []],
      ]);
      expect(sg005(container(['/a', '/b'], { partitionKeyKind: 'Hash' }))).toEqual([['hashWithLevels', 'partitionKeyKind', []]]);
      const located = lintExternal(container(['/a', '/b'], { partitionKeyKind: 'MultiHash', partitionKeyVersion: 1 }), {
        only: ['SG005'],
        locations: { partitionKeyVersion: 'resource.partitionKey.version' },
      });
      expect(located.findings.map((f) => f.path)).toEqual(['resource.partitionKey.version']);
    });

    it('refuses a kind or version on a DynamoDB resource, naming the field', () => {
      expect(issuesOf(() => lintExternal({ ...resource, partitionKeyKind: 'Hash' }))).toEqual([
        ['partitionKeyKind', expect.stringContaining('Cosmos DB setting')],
      ]);
    });
  });
});

describe('lint() basePath', () => {
  it('prefixes findings, edits, unused acknowledgements and input errors', () => {
    const hot = table({
      partitionKey: { name: 'status', type: 'S', cardinality: 5 },
      acknowledgements: [{ rule: 'SG012', reason: 'no access patterns are declared here' }],
    });
    const result = lintDocument(hot, { basePath: 'Resources.T.Metadata.skewguard.design' });
    expect(result.findings.every((f) => f.path.startsWith('Resources.T.Metadata.skewguard.design.'))).toBe(true);
    expect(result.findings.flatMap((f) => f.edits ?? []).every((e) => e.path.startsWith('Resources.T.Metadata.skewguard.design.'))).toBe(true);
    expect(result.unusedAcknowledgements.map((a) => a.path)).toEqual(['Resources.T.Metadata.skewguard.design.acknowledgements[0]']);
    expect(issuesOf(() => lint(table({ name: 'x' }), { basePath: 'base' }))).toEqual([['base.name', expect.any(String)]]);
  });
});

describe('lintNormalized(): a document normalize() returned, linted without reading it again', () => {
  const hot = container({
    partitionKey: { paths: [{ path: '/status', cardinality: 5 }] },
    acknowledgements: [{ rule: 'SG012', reason: 'no access patterns are declared here' }],
  });

  it('finds what lintDocument() finds, with the same options', () => {
    const options = { thresholds: { headroom: 0.7 }, rules: { SG014: 'off' as const }, basePath: 'design' };
    const result = lintNormalized(normalize(hot, options), options);
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result).toEqual(lintDocument(hot, options));
  });

  it('applies rule settings and `only` to the normalized design, and refuses bad options', () => {
    const document = normalize(hot);
    expect(lintNormalized(document, { only: ['SG001'] }).findings.map((f) => f.ruleId)).toEqual(['SG001']);
    expect(lintNormalized(document, { rules: { SG001: 'off' } }).findings.map((f) => f.ruleId)).not.toContain('SG001');
    expect(lintNormalized(normalize(container())).findings).toEqual([]);
    expect(issuesOf(() => lintNormalized(document, { rules: { SG099: 'off' } }))).toEqual([
      ['options.rules.SG099', expect.stringContaining('is not a skewguard rule')],
    ]);
  });
});

describe('lintTemplateResource(): the one reader of template resources for the CLI and the CDK checks', () => {
  const raw = { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }] } };

  it('lints a raw table at its template fields, under basePath', () => {
    const result = lintTemplateResource('Jobs', raw, { basePath: 'Resources.Jobs' });
    expect(result.kind).toBe('raw');
    expect(result.findings.map((f) => [f.ruleId, f.path, f.location])).toEqual([
      ['SG010', 'Properties.ContributorInsightsSpecification', 'Resources.Jobs.Properties.ContributorInsightsSpecification'],
      ['SG015', 'Properties.KeySchema[0].AttributeName', 'Resources.Jobs.Properties.KeySchema[0].AttributeName'],
    ]);
  });

  it('lints the design of a GuardedTable: the field as declared, and its template location', () => {
    const design = { name: 'orders', partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 1000, peakWriteUnits: 500 } };
    const resource = {
      Type: 'AWS::DynamoDB::GlobalTable',
      Metadata: { skewguard: { version: 1, design } },
      Properties: {
        KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }],
        Replicas: [{ Region: 'eu-west-1', ContributorInsightsSpecification: { Enabled: true } }],
      },
    };
    const result = lintTemplateResource('Orders', resource, { basePath: 'Resources.Orders' });
    expect(result.kind).toBe('guarded');
    const sg001 = result.findings.find((f) => f.ruleId === 'SG001');
    expect([sg001?.path, sg001?.location]).toEqual(['partitionKey', 'Resources.Orders.Metadata.skewguard.design.partitionKey']);
  });

  describe('with the design its author already linted', () => {
    const design = { name: 'orders', partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 1000, peakWriteUnits: 500 } };
    const resourceOf = (written: object, hashKey = 'status') => ({
      Type: 'AWS::DynamoDB::GlobalTable',
      Metadata: { skewguard: { version: 1, design: written } },
      Properties: {
        KeySchema: [{ AttributeName: hashKey, KeyType: 'HASH' }],
        Replicas: [{ Region: 'eu-west-1', ContributorInsightsSpecification: { Enabled: true } }],
      },
    });
    // A result no lint of `design` gives (it has SG001): where it shows, the author's lint was used.
    const linted = (of: object) => ({
      design: of,
      document: normalize({ ...of, engine: 'dynamodb' } as Parameters<typeof normalize>[0]),
      result: { findings: [], unusedAcknowledgements: [], notJudged: [] },
    });
    const rules = (result: ReturnType<typeof lintTemplateResource>) => result.findings.map((f) => f.ruleId);

    it('uses it when the metadata holds exactly that design, read back from JSON', () => {
      const written = JSON.parse(JSON.stringify(design)) as object;
      expect(rules(lintTemplateResource('Orders', resourceOf(written)))).toContain('SG001');
      expect(rules(lintTemplateResource('Orders', resourceOf(written), {}, linted(design)))).toEqual([]);
    });

    it('lints the metadata as written when it differs (an entry edited after construction)', () => {
      const edited = { ...design, partitionKey: { ...design.partitionKey, cardinality: 4 } };
      expect(rules(lintTemplateResource('Orders', resourceOf(edited), {}, linted(design)))).toContain('SG001');
      // A number JSON writes as another value is never the same design.
      const negativeZero = { ...design, workload: { ...design.workload, peakReadUnits: -0 } };
      expect(rules(lintTemplateResource('Orders', resourceOf(JSON.parse(JSON.stringify(negativeZero)) as object), {}, linted(negativeZero)))).toContain(
        'SG001',
      );
    });

    it('still compares the resource with the design (SG016): an escape hatch is caught', () => {
      const result = lintTemplateResource('Orders', resourceOf(design, 'eventId'), {}, linted(design));
      expect(result.findings.map((f) => [f.ruleId, f.path])).toEqual([['SG016', 'Properties.KeySchema']]);
    });
  });

  it('reports unreadable metadata as an error at its location', () => {
    const result = lintTemplateResource('T', { ...raw, Metadata: { skewguard: { version: 9 } } }, { basePath: 'Resources.T' });
    expect(result.errors).toEqual([{ path: 'Resources.T.Metadata.skewguard.version', message: expect.stringContaining('newer skewguard') }]);
  });
});

describe('restateFinding(): a finding said again with other data', () => {
  const hot = table({ workload: { peakReadUnits: 1000, peakWriteUnits: 5000, hotKeyShare: 0.25 } });
  const declared = lint(hot).find((f) => f.ruleId === 'SG003');

  it('says an observed share is observed, from the rule’s own templates, and keeps the rest', () => {
    expect(declared?.message).toContain('takes 25% (declared) of the peak');
    const finding = declared as NonNullable<typeof declared>;
    const observed = restateFinding(finding, { ...finding.data, shareSource: 'observed' });
    expect(observed.message).toBe(finding.message.replace('(declared)', '(observed)'));
    expect(observed).toEqual({ ...finding, message: observed.message, data: { ...finding.data, shareSource: 'observed' } });
    expect(restateFinding(finding, finding.data ?? {}).message).toBe(finding.message);
  });

  it('refuses a finding of a rule the catalogue does not have, and data its select has no words for', () => {
    const finding = declared as NonNullable<typeof declared>;
    expect(() => restateFinding({ ...finding, ruleId: 'SG999' }, finding.data ?? {})).toThrow('no rule SG999');
    expect(() => restateFinding(finding, { ...finding.data, shareSource: 'guessed' })).toThrow('has no choice for "guessed"');
  });
});
