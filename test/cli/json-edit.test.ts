import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { applyEdits, detectStyle, JsonEditError, oneLine } from '../../lib/cli/json-edit';

const DESIGN = [
  '{',
  '  "$schema": "../schema/design.schema.json",',
  '  "tables": [',
  '    {',
  '      "name": "sessions",',
  '      "partitionKey": { "name": "sessionId", "type": "S", "cardinality": "unique" },',
  '      "workload": { "peakReadUnits": 4000, "peakWriteUnits": 2000 },',
  '      "sharding": { "strategy": "random", "shards": 50 },',
  '      "accessPatterns": [',
  '        { "name": "session-by-id", "keyAttributes": ["sessionId"], "share": 1, "fanOut": true }',
  '      ]',
  '    }',
  '  ]',
  '}',
  '',
].join('\n');

/** Every line of `before` that is not in `changed` is in `after`, byte for byte and in order. */
function untouched(before: string, after: string, changed: number[]): void {
  const kept = before.split('\n').filter((_, i) => !changed.includes(i + 1));
  const rest = after.split('\n');
  let at = 0;
  for (const line of kept) {
    at = rest.indexOf(line, at);
    expect(at).toBeGreaterThanOrEqual(0);
  }
}

describe('applyEdits', () => {
  it('sets an existing value in place, leaving every other byte alone', () => {
    const after = applyEdits(DESIGN, [{ op: 'set', path: 'tables[0].sharding.shards', value: 4 }]);
    expect(after).toBe(DESIGN.replace('"shards": 50', '"shards": 4'));
  });

  it('replaces a one-line object with a one-line object, and a multi-line array one element a line, in the file’s style', () => {
    const oneLineEdit = applyEdits(DESIGN, [
      { op: 'set', path: 'tables[0].sharding', value: { strategy: 'calculated', shards: 25, sourceAttribute: 'userId' } },
    ]);
    expect(oneLineEdit.split('\n')[7]).toBe('      "sharding": { "strategy": "calculated", "shards": 25, "sourceAttribute": "userId" },');
    const multi = applyEdits(DESIGN, [{ op: 'set', path: 'tables[0].accessPatterns', value: [{ name: 'a', keyAttributes: [], share: 1 }] }]);
    // The file writes its array elements on one line each: the new one is too.
    expect(multi).toContain('      "accessPatterns": [\n        { "name": "a", "keyAttributes": [], "share": 1 }\n      ]\n    }');
    untouched(DESIGN, multi, [9, 10, 11]);
    const expanded = JSON.stringify(JSON.parse(DESIGN), null, 2);
    const expandedEdit = applyEdits(expanded, [{ op: 'set', path: 'tables[0].accessPatterns', value: [{ name: 'a', keyAttributes: [], share: 1 }] }]);
    expect(expandedEdit).toContain(
      '"accessPatterns": [\n        {\n          "name": "a",\n          "keyAttributes": [],\n          "share": 1\n        }\n      ]',
    );
  });

  it('moves the lines of a reordered array (SG004’s reorder of levels) instead of reformatting them', () => {
    const levels = [
      '{',
      '  "paths": [',
      '    { "path": "/day", "cardinality": 365 },',
      '    {',
      '      "path": "/tenantId",',
      '      "cardinality": 2000',
      '    }',
      '  ]',
      '}',
      '',
    ].join('\n');
    const [day, tenant] = JSON.parse(levels).paths;
    const after = applyEdits(levels, [{ op: 'set', path: 'paths', value: [tenant, day, { path: '/userId', cardinality: 'unique' }] }]);
    expect(after).toBe(
      [
        '{',
        '  "paths": [',
        '    {',
        '      "path": "/tenantId",',
        '      "cardinality": 2000',
        '    },',
        '    { "path": "/day", "cardinality": 365 },',
        '    { "path": "/userId", "cardinality": "unique" }',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('adds a missing field, creating parent objects, in the file’s style', () => {
    const after = applyEdits(DESIGN, [{ op: 'set', path: 'tables[0].monitoring.latencyAlarms', value: true }]);
    expect(after).toContain('      ],\n      "monitoring": { "latencyAlarms": true }\n    }');
    untouched(DESIGN, after, [11]);
    const expanded = JSON.stringify(JSON.parse(DESIGN), null, 4);
    const added = applyEdits(expanded, [{ op: 'set', path: 'tables[0].monitoring', value: { contributorInsights: true } }]);
    const design = JSON.parse(DESIGN);
    design.tables[0].monitoring = { contributorInsights: true };
    expect(added).toBe(JSON.stringify(design, null, 4)); // a file laid out by JSON.stringify stays so
  });

  it('adds to an empty object or array, and appends to an array', () => {
    expect(applyEdits('{\n  "a": {}\n}', [{ op: 'set', path: 'a.b', value: 1 }])).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
    expect(applyEdits('{ "a": [] }', [{ op: 'set', path: 'a[0]', value: 'x' }])).toBe('{ "a": ["x"] }');
    expect(applyEdits('{ "a": [1, 2] }', [{ op: 'set', path: 'a[2]', value: 3 }])).toBe('{ "a": [1, 2, 3] }');
    expect(applyEdits('{\n  "a": [\n    1\n  ]\n}', [{ op: 'set', path: 'a[1]', value: 2 }])).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  });

  it('removes a member with its separator, whichever its place', () => {
    const withoutSharding = applyEdits(DESIGN, [{ op: 'remove', path: 'tables[0].sharding' }]);
    expect(withoutSharding).toBe(DESIGN.replace('      "sharding": { "strategy": "random", "shards": 50 },\n', ''));
    expect(applyEdits('{ "a": 1, "b": 2, "c": 3 }', [{ op: 'remove', path: 'a' }])).toBe('{ "b": 2, "c": 3 }');
    expect(applyEdits('{ "a": 1, "b": 2, "c": 3 }', [{ op: 'remove', path: 'c' }])).toBe('{ "a": 1, "b": 2 }');
    expect(applyEdits('{\n  "a": 1\n}', [{ op: 'remove', path: 'a' }])).toBe('{}');
    expect(applyEdits('{ "a": [1, 2, 3] }', [{ op: 'remove', path: 'a[1]' }])).toBe('{ "a": [1, 3] }');
    expect(applyEdits(DESIGN, [{ op: 'remove', path: 'tables[0].accessPatterns[0].fanOut' }])).toBe(DESIGN.replace(', "fanOut": true', ''));
  });

  it('applies edits in order, each on the result of the last', () => {
    const after = applyEdits(DESIGN, [
      { op: 'remove', path: 'tables[0].sharding' },
      { op: 'remove', path: 'tables[0].accessPatterns[0].fanOut' },
    ]);
    expect(JSON.parse(after).tables[0]).not.toHaveProperty('sharding');
    expect(JSON.parse(after).tables[0].accessPatterns[0]).not.toHaveProperty('fanOut');
  });

  it('tells a file that writes small objects on one line from one fully expanded', () => {
    expect(detectStyle(DESIGN).oneLineObjects).toBe(true);
    expect(detectStyle(JSON.stringify({ a: { b: 'x[1] {"y"}' }, c: [] }, null, 2)).oneLineObjects).toBe(false);
  });

  it('keeps CRLF line ends and tab indentation', () => {
    const crlf = '{\r\n\t"a": {\r\n\t\t"b": 1\r\n\t}\r\n}\r\n';
    expect(detectStyle(crlf)).toEqual({ unit: '\t', eol: '\r\n', oneLineObjects: false, widest: 8 });
    expect(applyEdits(crlf, [{ op: 'set', path: 'a.c', value: { d: 2 } }])).toBe(
      '{\r\n\t"a": {\r\n\t\t"b": 1,\r\n\t\t"c": {\r\n\t\t\t"d": 2\r\n\t\t}\r\n\t}\r\n}\r\n',
    );
  });

  describe('a new object written as its siblings of that depth are (try26a: game-flawed.json’s `sharding`)', () => {
    // try26a's game-flawed.json: the table's objects are on one line; its arrays of one-line objects span lines, and the
    // file's longest line is 159.
    const GAME = readFileSync(join(__dirname, 'fixtures/designs/game-flawed-one-line.json'), 'utf8');
    const SHARDING = { strategy: 'calculated', shards: 18, sourceAttribute: 'playerId', hotValues: 1 };
    const ONE_LINE = '      "sharding": { "strategy": "calculated", "shards": 18, "sourceAttribute": "playerId", "hotValues": 1 }';
    const add = (text: string, value: unknown = SHARDING) => applyEdits(text, [{ op: 'set', path: 'tables[0].sharding', value }]);

    it('on one line where they are, past 100 characters up to the file’s longest line (it went over 6 lines)', () => {
      expect(ONE_LINE.length).toBe(107);
      expect(add(GAME)).toBe(GAME.replace('      ]\n    }', `      ],\n${ONE_LINE}\n    }`));
      // A new access pattern beside one-line ones: on one line too (111 characters).
      const pattern = { name: 'season-top', index: 'leaderboard-by-season', keyAttributes: ['seasonId'], share: 0.1 };
      const appended = applyEdits(GAME, [{ op: 'set', path: 'tables[0].accessPatterns[2]', value: pattern }]);
      expect(appended).toContain(`"limit": 100 },\n        ${oneLine(pattern)}\n      ]`);
    });

    it('over several lines where one line would pass the file’s longest, or where its siblings span lines (as before)', () => {
      const long = { ...SHARDING, sourceAttribute: 'playerId'.repeat(8) }; // 163 characters on one line
      expect(add(GAME, long)).toContain('      "sharding": {\n        "strategy": "calculated",\n');
      const expanded = JSON.stringify(JSON.parse(GAME), null, 2);
      expect(add(expanded)).toContain('      "sharding": {\n        "strategy": "calculated",\n');
      expect(JSON.parse(add(expanded)).tables[0].sharding).toEqual(SHARDING);
    });

    it('in a file with CRLF line ends and tabs, every byte outside the edit kept', () => {
      const crlf = GAME.replace(/^( +)/gm, (spaces) => '\t'.repeat(spaces.length / 2)).replace(/\n/g, '\r\n');
      const oneLineCrlf = ONE_LINE.replace(/^ +/, '\t\t\t');
      expect(add(crlf)).toBe(crlf.replace('\t\t\t]\r\n\t\t}', `\t\t\t],\r\n${oneLineCrlf}\r\n\t\t}`));
      // Its siblings over several lines: so is the new one, in tabs and CRLF.
      const expanded = JSON.stringify(JSON.parse(GAME), null, '\t').replace(/\n/g, '\r\n');
      const added = add(expanded);
      const at = expanded.indexOf('\t\t\t]\r\n\t\t},') + 4;
      expect(added.slice(0, at)).toBe(expanded.slice(0, at));
      expect(added.slice(added.length - (expanded.length - at))).toBe(expanded.slice(at));
      expect(added.slice(at, added.length - (expanded.length - at))).toBe(
        ',\r\n\t\t\t"sharding": {\r\n\t\t\t\t"strategy": "calculated",\r\n\t\t\t\t"shards": 18,\r\n\t\t\t\t"sourceAttribute": "playerId",\r\n\t\t\t\t"hotValues": 1\r\n\t\t\t}',
      );
    });
  });

  it.each([
    [{ op: 'remove', path: 'tables[0].nothing' }, 'tables[0].nothing: is not in the file'],
    [{ op: 'set', path: 'tables[5].name', value: 'x' }, 'tables[5]: an array element can only be added at the end (index 1)'],
    [{ op: 'set', path: 'tables[0].name.first', value: 'x' }, 'tables[0].name: is not an object or array'],
    [{ op: 'set', path: 'tables.x', value: 1 }, 'tables.x: cannot add a named field to an array'],
    [{ op: 'set', path: 'tables[0].a[0].b', value: 1 }, 'cannot create the array element tables[0].a[0]'],
    [{ op: 'remove', path: '' }, 'cannot remove the whole document'],
  ] as const)('refuses %j', (edit, message) => {
    expect(() => applyEdits(DESIGN, [edit])).toThrow(JsonEditError);
    expect(() => applyEdits(DESIGN, [edit])).toThrow(message);
  });

  it('always yields JSON equal to the edited value, for any values (property)', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'name', 'shards');
    const json = fc.jsonValue({ maxDepth: 2 });
    fc.assert(
      fc.property(fc.dictionary(key, json, { minKeys: 1 }), key, json, fc.boolean(), (object, field, value, pretty) => {
        const text = pretty ? JSON.stringify(object, null, 2) : oneLine(object);
        const before = JSON.parse(text) as Record<string, unknown>;
        const set = JSON.parse(applyEdits(text, [{ op: 'set', path: field, value }]));
        expect(set).toEqual({ ...before, [field]: JSON.parse(JSON.stringify(value)) });
        const first = Object.keys(before)[0];
        const removed = JSON.parse(applyEdits(text, [{ op: 'remove', path: first }]));
        const { [first]: _gone, ...rest } = before;
        expect(removed).toEqual(rest);
      }),
      { numRuns: 200 },
    );
  });
});
