/* eslint-disable no-control-regex -- these tests look for raw control characters */
/** Hostile values reaching the library: prototype paths, polluted prototypes, callers' Proxies, bad random sources, control characters. */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyDesignEdits,
  blockingFindings,
  calculatedShardKey,
  DesignError,
  describeFinding,
  fanOutKeys,
  lint,
  normalize,
  lintExternal,
  physicalPartitionCount,
  printable,
  randomShardKey,
  shardedKey,
  shardHash,
  shardsFor,
  UsageError,
  validateAcknowledgements,
  validateLintOptions,
  type DesignEdit,
} from '../../lib';
import { looksLikeTimeBucket, looksLowCardinality, validateAcknowledgement } from '../../lib/internal';
import { tempTree } from '../cli/helpers';
import { container, table } from '../fixtures';
import { revoked, throwing } from '../support/hostile-objects';

const issuesOf = (run: () => unknown): [string, string][] => {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError || error instanceof DesignError) return error.issues.map((i) => [i.path, i.message]);
    throw error;
  }
  throw new Error('did not throw');
};

describe('applyDesignEdits()', () => {
  it.each(['__proto__.polluted', 'tables[0].__proto__.polluted', 'constructor.prototype.polluted', 'tables[0].constructor'])(
    'refuses the prototype path %s, for set and remove',
    (path) => {
      for (const edit of [
        { op: 'set', path, value: 'yes' },
        { op: 'remove', path },
      ] as DesignEdit[]) {
        expect(issuesOf(() => applyDesignEdits({ tables: [{}] }, [edit]))).toEqual([['edits[0].path', expect.stringContaining('prototype')]]);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(typeof Object.prototype.toString).toBe('function');
    },
  );

  it('throws only UsageError for what it cannot use: null or non-list edits, a bad op, values and inputs it cannot copy, a throwing getter, a revoked Proxy', () => {
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    const throwing = {
      get op(): string {
        throw new Error('getter says no');
      },
      path: 'a',
    };
    const cases: [string, () => unknown, string][] = [
      ['null edits', () => applyDesignEdits({}, null as never), 'edits'],
      ['a null edit', () => applyDesignEdits({}, [null as never]), 'edits[0]'],
      ['an unknown op', () => applyDesignEdits({}, [{ op: 'merge', path: 'a' } as never]), 'edits[0].op'],
      ['a path naming no field', () => applyDesignEdits({}, [{ op: 'remove', path: '' }]), 'edits[0].path'],
      ['a function value', () => applyDesignEdits({}, [{ op: 'set', path: 'a', value: () => 1 }]), 'edits[0].value'],
      ['a function input', () => applyDesignEdits((() => 1) as never, []), 'input'],
      ['a revoked Proxy input', () => applyDesignEdits(revocable.proxy, []), 'input'],
      ['a throwing getter', () => applyDesignEdits({}, [throwing as never]), 'edits[0]'],
    ];
    for (const [, run, path] of cases) {
      expect(() => run()).toThrow(UsageError);
      expect(issuesOf(run)[0][0]).toBe(path);
    }
  });

  it('still applies ordinary edits', () => {
    expect(
      applyDesignEdits({ tables: [{ name: 't' }] }, [
        { op: 'set', path: 'tables[0].sharding.shards', value: 4 },
        { op: 'remove', path: 'tables[0].name' },
      ]),
    ).toEqual({ tables: [{ sharding: { shards: 4 } }] });
  });
});

describe('a polluted Object.prototype', () => {
  const hot = table({ partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 20000, peakWriteUnits: 4000 } });

  it('does not turn errors into warnings or add edits to a finding', () => {
    const before = lint(hot);
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto.severity = 'warning';
      proto.edits = [{ op: 'remove', path: 'partitionKey' }];
      proto.index = 'ghost';
      proto.sortKey = [{ name: 'ghost' }];
      proto.sharding = { strategy: 'random', shards: 99 };
      expect(lint(hot)).toEqual(before);
      expect(before.some((f) => f.severity === 'error')).toBe(true);
    } finally {
      for (const key of ['severity', 'edits', 'index', 'sortKey', 'sharding']) delete proto[key];
    }
  });

  it('does not make the CLI rewrite files, read designs as templates, or lower severities (spawned with a polluting --require)', () => {
    const dir = tempTree({
      'pollute.js': "Object.prototype.severity = 'warning'; Object.prototype.fix = true; Object.prototype.Resources = {};\n",
      'design.json': JSON.stringify(hot, null, 2),
    });
    const file = join(dir, 'design.json');
    const original = readFileSync(file, 'utf8');
    const bin = join(__dirname, '../../dist/cli/main.js');
    const run = (preload: string[]) => spawnSync(process.execPath, [...preload, bin, 'lint', file, '--format', 'json'], { encoding: 'utf8' });
    const clean = run([]);
    const polluted = run(['--require', join(dir, 'pollute.js')]);
    expect(polluted.status).toBe(1);
    expect(polluted.status).toBe(clean.status);
    expect(JSON.parse(polluted.stdout)).toEqual(JSON.parse(clean.stdout));
    expect(JSON.parse(polluted.stdout).files[0]).toMatchObject({
      kind: 'design',
      findings: expect.arrayContaining([expect.objectContaining({ ruleId: 'SG001', severity: 'error' })]),
    });
    expect(readFileSync(file, 'utf8')).toBe(original);
    writeFileSync(file, original);
  });
});

describe('the shard helpers', () => {
  it('validate what the random source returns', () => {
    for (const bad of [-0.5, 1.5, 7, Number.NaN, '0.5', undefined]) {
      expect(() => randomShardKey('k', 5, '#', () => bad as number)).toThrow(UsageError);
    }
    expect(issuesOf(() => randomShardKey('k', 5, '#', () => -0.5))).toEqual([['random', expect.stringContaining('returned -0.5')]]);
    expect(randomShardKey('k', 5, '#', () => 0.999)).toBe('k#4');
    expect(randomShardKey('k', 5, '#', () => 1)).toBe('k#4');
    expect(randomShardKey('k', 5, '#', () => 0)).toBe('k#0');
  });

  it('throw UsageError, not DesignError, for bad arguments', () => {
    expect(() => fanOutKeys('', 3)).toThrow(UsageError);
    expect(() => fanOutKeys('k', 0)).toThrow(UsageError);
    expect(() => calculatedShardKey('k', 'v', 3, 5 as never)).toThrow(UsageError);
    expect(() => shardedKey({ strategy: 'randm' } as never)).toThrow(UsageError);
    expect(() => shardedKey({ strategy: 'replicated', shards: 3 }).writeKey('k')).toThrow(UsageError);
    expect(() => shardsFor({ engine: 'dynamodb', peakWriteUnits: -1 })).toThrow(UsageError);
    // A load no shard count serves is the design's problem.
    expect(() => shardsFor({ engine: 'dynamodb', peakWriteUnits: 1e12 })).toThrow(DesignError);
  });
});

describe('key attribute names', () => {
  it('are at most 255 bytes for the table key too, as DynamoDB requires (KeySchemaElement)', () => {
    const named = (name: string) => table({ partitionKey: { name, type: 'S', cardinality: 'unique' } });
    expect(issuesOf(() => lint(named('a'.repeat(300))))).toEqual([['partitionKey.name', 'must be at most 255 bytes in UTF-8, got 300']]);
    expect(lint(named('a'.repeat(255)))).toEqual([]);
    expect(issuesOf(() => lint(table({ sortKey: { name: 'é'.repeat(128), type: 'S' } })))).toEqual([
      ['sortKey.name', 'must be at most 255 bytes in UTF-8, got 256'],
    ]);
  });
});

describe('printable() and describeFinding()', () => {
  it('escape control and bidi characters so a name cannot drive the terminal or forge a line', () => {
    expect(printable('a\u001b]0;owned\u0007b\u202e\ncd')).toBe('a\\x1b]0;owned\\x07b\\u202e\\x0acd');
    const [finding] = lint({ external: [{ engine: 'dynamodb', name: 'evil\u001b[2J\u202e', partitionKeys: [{ attribute: 'status' }], keyMonitoring: true }] });
    const text = describeFinding(finding, { at: 'App/Evil\u2066Stack' });
    expect(text).not.toMatch(/[\u001b\u202e\u2066]/);
    expect(text).toContain('evil\\x1b[2J\\u202e');
    expect(text.split('\n')).toHaveLength(2);
  });

  it('escape a lone surrogate, which has no UTF-8 form (a terminal shows U+FFFD), and keep a whole pair (an emoji)', () => {
    expect(printable('status\ud800 \udc00x 😀')).toBe('status\\ud800 \\udc00x 😀');
    const [unsafe] = lint(table({ partitionKey: { name: 'status\ud800', type: 'S', cardinality: 3 } })).filter((f) => f.ruleId === 'SG005');
    expect(unsafe).toMatchObject({ path: 'partitionKey.name', message: expect.stringContaining('`status\\ud800` (shown escaped)') });
    expect(lint(table({ partitionKey: { name: 'status😀', type: 'S', cardinality: 'unique' } })).filter((f) => f.ruleId === 'SG005')).toEqual([]);
  });
});

describe('hostile values at the public core entry points (sweep of issue 13 §3)', () => {
  it('a throughput object keyed "constructor" or "__proto__" is a DesignError naming throughput, not a TypeError', () => {
    for (const throughput of [{ constructor: 400 }, JSON.parse('{"__proto__": 400}') as unknown, { toString: 400 }]) {
      expect(issuesOf(() => lint(container({ throughput: throughput as never })))).toEqual([
        ['throughput', expect.stringContaining('expected exactly one of { manual: RU/s }')],
      ]);
    }
  });

  it('a Date, Map or Set where an object is expected is refused naming the field, not read as an empty object', () => {
    expect(issuesOf(() => lint(table({ storage: new Map([['largestPartitionGb', 50]]) as never })))).toEqual([['storage', 'expected an object, got a Map']]);
    expect(issuesOf(() => lint(table({ workload: new Date(0) as never })))).toEqual([['workload', 'expected an object, got a Date']]);
    expect(issuesOf(() => lint(new Set() as never))).toEqual([['', expect.stringContaining('got a Set')]]);
    expect(issuesOf(() => lint(table(), { rules: new Map([['SG001', 'off']]) } as never))).toEqual([['options.rules', expect.stringContaining('got a Map')]]);
    // Class instances holding their data in own fields are still read, as are null-prototype objects.
    class Workload {
      peakReadUnits = 10;
      peakWriteUnits = 10;
    }
    expect(() => lint(table({ workload: new Workload() }))).not.toThrow();
    expect(() => lint(table({ workload: Object.assign(Object.create(null), { peakReadUnits: 10, peakWriteUnits: 10 }) }))).not.toThrow();
  });

  it('validateAcknowledgement(s) check their own options: UsageError naming options.path or options.indexNames', () => {
    const acks = [{ rule: 'SG001', reason: 'twelve regions, all traffic fits one partition', index: 'byStatus' }];
    expect(issuesOf(() => validateAcknowledgements(acks, null as never))).toEqual([['options', expect.stringContaining('expected an object, got null')]]);
    expect(issuesOf(() => validateAcknowledgements(acks, { indexNames: 'byStatus' as never }))).toEqual([
      ['options.indexNames', 'expected an array, got "byStatus"'],
    ]);
    expect(issuesOf(() => validateAcknowledgements(acks, { indexNames: [Symbol('x') as never] }))).toEqual([
      ['options.indexNames[0]', 'expected a non-empty string, got a symbol'],
    ]);
    expect(issuesOf(() => validateAcknowledgement(acks[0], { path: Object.create(null) as never }))).toEqual([
      ['options.path', expect.stringContaining('got an object')],
    ]);
    expect(validateAcknowledgements(acks, { indexNames: ['byStatus'] })).toEqual(acks);
  });

  it('lintExternal() checks its options and locations: UsageError, not a TypeError', () => {
    const external = { engine: 'dynamodb' as const, name: 'legacy', partitionKeys: [{ attribute: 'status' }], keyMonitoring: true };
    expect(lintExternal(external, null as never)).toEqual(lintExternal(external)); // null means none, as for lint()
    expect(issuesOf(() => lintExternal(external, 'SG001' as never))).toEqual([['options', expect.stringContaining('got "SG001"')]]);
    expect(issuesOf(() => lintExternal(external, { locations: null as never }))).toEqual([['options.locations', expect.stringContaining('got null')]]);
    expect(issuesOf(() => lintExternal(external, { locations: { partitionKeys: 'KeySchema' as never } }))).toEqual([
      ['options.locations.partitionKeys', 'expected an array, got "KeySchema"'],
    ]);
    expect(() => lintExternal(external, { locations: { partitionKeys: ['KeySchema[0]'] } })).not.toThrow();
  });

  it('lintExternal() names a resource or options it cannot read, or options a class getter holds (were TypeErrors, or read as none)', () => {
    const external = { engine: 'dynamodb' as const, name: 'legacy', partitionKeys: [{ attribute: 'status' }], keyMonitoring: true };
    expect(issuesOf(() => lintExternal(revoked(external)))).toEqual([['', expect.stringMatching(/^could not be read: TypeError: /)]]);
    expect(issuesOf(() => lintExternal(external, revoked({})))).toEqual([['options', expect.stringMatching(/^could not be read: TypeError: /)]]);
    expect(issuesOf(() => lintExternal(external, throwing({}, 'rules')))).toEqual([['options.rules', 'could not be read: Error: getter says no']]);
    class Only {
      get only() {
        return ['SG015'];
      }
    }
    expect(issuesOf(() => lintExternal(external, new Only()))).toEqual([['options.only', expect.stringMatching(/^is a getter of class Only/)]]);
  });

  it('shardHash() and blockingFindings() throw UsageError for what they cannot use', () => {
    for (const bad of [undefined, null, 42, {}, ['a']]) {
      expect(issuesOf(() => shardHash(bad as never))).toEqual([['value', expect.stringContaining('must be a string')]]);
    }
    expect(shardHash('user-1')).toBe(shardHash('user-1'));
    expect(issuesOf(() => blockingFindings([], Object.create(null) as never))).toEqual([['level', 'expected "error" or "warning", got an object']]);
    expect(issuesOf(() => blockingFindings('findings' as never))).toEqual([['findings', 'expected an array of findings, got "findings"']]);
  });
});

describe('a getter, Proxy trap or revoked Proxy of the caller that throws when the design is read', () => {
  /** The error `run` throws. */
  const errorOf = (run: () => unknown): DesignError | UsageError => {
    try {
      run();
    } catch (error) {
      if (error instanceof DesignError || error instanceof UsageError) return error;
      throw error;
    }
    throw new Error('did not throw');
  };

  it('is a DesignError naming the field, with what was thrown as its cause, from lint() and normalize()', () => {
    const thrown = new Error('getter says no');
    for (const run of [lint, normalize]) {
      const error = errorOf(() => run(table({ workload: throwing({ peakReadUnits: 1, peakWriteUnits: 1 }, 'peakReadUnits', thrown) })));
      expect(error).toBeInstanceOf(DesignError);
      expect(error.issues).toEqual([{ path: 'workload.peakReadUnits', message: 'could not be read: Error: getter says no', cause: thrown }]);
      expect(error.cause).toBe(thrown);
      expect(error.message).toContain('workload.peakReadUnits: could not be read: Error: getter says no');
    }
  });

  it('names the field holding a revoked Proxy, a throwing ownKeys trap or a throwing element, in a design file or one design', () => {
    const isArrayOnRevoked = "could not be read: TypeError: Cannot perform 'IsArray' on a proxy that has been revoked";
    const ownKeys = new Proxy({}, { ownKeys: () => [].concat(null as never).map((x: { y: 1 }) => x.y) as never });
    const firstThrows = (list: object[]) =>
      new Proxy(list, {
        get: (target, key) => {
          if (key === '0') throw new RangeError('element 0');
          return Reflect.get(target, key);
        },
      });
    const cases: [unknown, string, string][] = [
      [revoked({}), '', isArrayOnRevoked],
      [table({ workload: revoked({}) as never }), 'workload', isArrayOnRevoked],
      [table({ globalSecondaryIndexes: revoked([]) }), 'globalSecondaryIndexes', isArrayOnRevoked],
      [table({ workload: ownKeys as never }), 'workload', "could not be read: TypeError: Cannot read properties of null (reading 'y')"],
      [{ tables: firstThrows([table()]) }, 'tables[0]', 'could not be read: RangeError: element 0'],
      [
        { tables: [table({ acknowledgements: firstThrows([{ rule: 'SG001', reason: 'a reason long enough' }]) as never })] },
        'tables[0].acknowledgements[0]',
        'could not be read: RangeError: element 0',
      ],
      [throwing(table(), 'engine'), 'engine', 'could not be read: Error: getter says no'],
      [throwing({ tables: [] }, 'tables', 'a string'), 'tables', 'could not be read: it threw "a string"'],
      [
        container({ throughput: new Proxy({}, { ownKeys: () => revoked([]) as never }) as never }),
        'throughput',
        expect.stringContaining('could not be read: TypeError'),
      ],
    ];
    for (const [input, path, message] of cases) {
      expect(issuesOf(() => lint(input as never))).toEqual([[path, message]]);
    }
  });

  it('in the options is a UsageError naming the option', () => {
    const error = errorOf(() => lint(table(), throwing({}, 'rules' as never)));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.issues).toEqual([{ path: 'options.rules', message: 'could not be read: Error: getter says no', cause: expect.any(Error) }]);
    expect(errorOf(() => normalize(table(), { rules: revoked({}) }))).toBeInstanceOf(UsageError);
  });

  it('reads each field once, and leaves designs that read fine as they were', () => {
    let reads = 0;
    const counted = Object.defineProperty({ peakWriteUnits: 500 }, 'peakReadUnits', { enumerable: true, get: () => (++reads === 1 ? 1000 : -1) });
    expect(lint(table({ workload: counted as never }))).toEqual(lint(table()));
    expect(reads).toBe(1);
    // A Proxy that answers normally, and a class instance with a getter, are read like literals.
    class Workload {
      get peakReadUnits() {
        return 1000;
      }
      peakWriteUnits = 500;
    }
    expect(normalize(table({ workload: new Proxy({ peakReadUnits: 1000, peakWriteUnits: 500 }, {}) }))).toEqual(normalize(table()));
    expect(() => lint(table({ workload: new Workload() }))).toThrow(DesignError); // a prototype's getter is not an own field: peakReadUnits is missing
  });
});

describe('Cosmos DB container names', () => {
  it('refuse control, bidi and zero-width characters, naming the field (a URI segment, shown as written in alerts and logs)', () => {
    for (const name of ['ord\u202eers', 'orders\u0000', 'ord\u200bers', 'orders\u0085', 'or\u2066ders', 'orders\u007f']) {
      expect(issuesOf(() => lint(container({ name })))).toEqual([['name', expect.stringContaining('a control, bidi or zero-width character')]]);
    }
    expect(issuesOf(() => lint(container({ name: 'a/b' })))).toEqual([['name', expect.stringContaining('none of "/"')]]);
    expect(lint(container({ name: 'commandes-été 2026' }))).toEqual([]);
  });
});

describe('class instances where plain objects are expected', () => {
  it('an own field of a class instance is data, read as in an object literal', () => {
    class Options {
      readonly only = ['SG001'];
      describe(): string {
        return 'only SG001';
      }
    }
    expect(validateLintOptions(new Options()).only).toEqual(['SG001']);
  });

  it('a getter on its class is refused by name, not read as absent: a known field says why, an unknown one is an unknown field', () => {
    class Options {
      get only(): string[] {
        return ['SG001'];
      }
      get extra(): number {
        return 1;
      }
    }
    expect(issuesOf(() => validateLintOptions(new Options()))).toEqual([
      ['options.only', expect.stringMatching(/^is a getter of class Options, not an own field: .*pass an object literal with only as a field$/)],
      ['options.extra', expect.stringContaining('is not a known field')],
    ]);
  });

  it('a Map or a Date is refused by its kind', () => {
    expect(issuesOf(() => validateLintOptions(new Map([['only', ['SG001']]])))).toEqual([['options', 'expected an object, got a Map']]);
    expect(issuesOf(() => validateLintOptions({ rules: new Date() }))).toEqual([['options.rules', expect.stringMatching(/, got a Date$/)]]);
  });
});

describe('an unknown key of a keyed map (lint options rules)', () => {
  it('is suggested and listed from the keys accepted, not from the keys given', () => {
    const [[path, message]] = issuesOf(() => validateLintOptions({ rules: { SG0011: 'off' } }));
    expect(path).toBe('options.rules.SG0011');
    expect(message).toMatch(/^"SG0011" is not a skewguard rule \(did you mean "SG001"\?\); expected one of: SG001, SG002, /);
  });
});

describe('the public core helpers given values of the wrong kind', () => {
  it('looksLikeTimeBucket() and looksLowCardinality() name a name that is not a string (were TypeErrors from split)', () => {
    for (const name of [42, null, undefined, Symbol('s'), new Map(), revoked({})]) {
      expect(issuesOf(() => looksLikeTimeBucket(name as never))).toEqual([['name', expect.stringMatching(/^expected an attribute name \(a string\), got /)]]);
      expect(issuesOf(() => looksLowCardinality(name as never))).toEqual([['name', expect.stringMatching(/^expected an attribute name \(a string\), got /)]]);
    }
    expect([looksLikeTimeBucket('eventDate'), looksLikeTimeBucket(''), looksLowCardinality('orderStatus'), looksLowCardinality('orderId')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('physicalPartitionCount() names an unknown mode and a NaN, negative or non-number figure (counted 1 partition, or returned NaN)', () => {
    expect(issuesOf(() => physicalPartitionCount('manual', NaN))).toEqual([['requestUnits', 'expected a finite number ≥ 0, got NaN']]);
    expect(issuesOf(() => physicalPartitionCount('provisioned' as never, 40_000, -1, 0))).toEqual([
      ['mode', expect.stringContaining('"manual", "autoscale", "shared", "serverless"')],
      ['totalGb', 'expected a finite number ≥ 0, got -1'],
      ['existing', 'expected an integer ≥ 1, got 0'],
    ]);
    expect(issuesOf(() => physicalPartitionCount('manual', Symbol('ru') as never))).toEqual([['requestUnits', 'expected a finite number ≥ 0, got a symbol']]);
    expect([
      physicalPartitionCount('manual', 40_000),
      physicalPartitionCount('serverless', undefined, 120),
      physicalPartitionCount('autoscale', 10_000, 0, 3),
    ]).toEqual([7, 3, 3]);
  });

  it('the shard key builders refuse an empty separator, with which two logical keys share stored keys', () => {
    expect(issuesOf(() => calculatedShardKey('order', 'customer-1', 20, ''))).toEqual([['separator', expect.stringContaining('"order12"')]]);
    expect(issuesOf(() => fanOutKeys('order', 4, ''))).toEqual([['separator', expect.stringContaining('must not be empty')]]);
    expect(issuesOf(() => randomShardKey('order', 4, '', () => 0.5))).toEqual([['separator', expect.stringContaining('must not be empty')]]);
    expect(fanOutKeys('order', 2, '|')).toEqual(['order|0', 'order|1']);
  });
});
