import { JsonSyntaxError, parseJsonWithLocations } from '../../lib/cli/json-locations';

describe('parseJsonWithLocations', () => {
  const text = '{\n  "tables": [\n    { "name": "t", "n": -1.5e3, "ok": true, "no": null, "s": "a\\"b\\u00e9" }\n  ]\n}\n';
  const located = parseJsonWithLocations(text);

  it('parses strict JSON to the same value as JSON.parse', () => {
    expect(located.value).toEqual(JSON.parse(text));
  });

  it('locates fields at their key, and array items at their start (1-based lines and columns)', () => {
    expect(located.positionOf('tables')).toEqual({ line: 2, column: 3 });
    expect(located.positionOf('tables[0]')).toEqual({ line: 3, column: 5 });
    expect(located.positionOf('tables[0].n')).toEqual({ line: 3, column: 20 });
    expect(located.positionOf('')).toEqual({ line: 1, column: 1 });
  });

  it('falls back to the nearest present ancestor for a field the file does not hold', () => {
    expect(located.positionOf('tables[0].monitoring.contributorInsights')).toEqual({ line: 3, column: 5 });
    expect(located.positionOf('nothing.here')).toEqual({ line: 1, column: 1 });
  });

  it('keeps "__proto__" as plain data', () => {
    const value = parseJsonWithLocations('{ "__proto__": { "polluted": true } }').value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['{ "a": 1, }', 'line 1, column 11: expected a property name in double quotes'],
    ['{ "a": 1 } x', 'line 1, column 12: unexpected text after the JSON value'],
    ['{ "a": "b', 'line 1, column 8: unterminated string'],
    ['{ "a": 01 }', 'line 1, column 9: expected "}", found "1"'],
    ['{ "a": 1, "a": 2 }', 'line 1, column 11: duplicate key "a"'],
    // Review 11 item 9: a comment is named for what it is, with what to do instead.
    ['// comment\n{}', 'line 1, column 1: unexpected "/": JSON has no comments; remove it, or move its text to the file\'s top-level "description" field'],
    ['{\n  // the table\n  "a": 1 }', 'line 2, column 3: expected a property name in double quotes: JSON has no comments'],
    ['{ "a": 1 /* one */ }', 'line 1, column 10: expected "}", found "/": JSON has no comments'],
    ['[1,\n2', 'line 2, column 2: expected "]", found the end of the file'],
    ['['.repeat(65) + ']'.repeat(65), 'line 1, column 65: nested deeper than 64 levels'],
  ])('rejects %j with the position', (input, message) => {
    expect(() => parseJsonWithLocations(input)).toThrow(JsonSyntaxError);
    expect(() => parseJsonWithLocations(input)).toThrow(message);
  });

  it('names no comment where the text is not one', () => {
    expect(() => parseJsonWithLocations('{ "a": 1, / }')).toThrow(/^line 1, column 11: expected a property name in double quotes$/);
  });

  it('accepts exactly the depth its message names', () => {
    expect(() => parseJsonWithLocations('['.repeat(64) + ']'.repeat(64))).not.toThrow();
    expect(() => parseJsonWithLocations('{"a":'.repeat(64) + '1' + '}'.repeat(64))).not.toThrow();
    expect(() => parseJsonWithLocations('{"a":'.repeat(65) + '1' + '}'.repeat(65))).toThrow('nested deeper than 64 levels');
  });

  it('stops at a bound on the number of values instead of exhausting memory', () => {
    expect(() => parseJsonWithLocations('[1,2,3]', { maxValues: 4 })).not.toThrow();
    expect(() => parseJsonWithLocations('[1,2,3,4]', { maxValues: 4 })).toThrow('line 1, column 8: more than 4 JSON values');
  });

  it('gives the offsets of a value, and of its key, for edits', () => {
    const value = located.locate('tables[0].n');
    expect(value).toEqual({ value: -1.5e3, start: text.indexOf('-1.5e3'), end: text.indexOf('-1.5e3') + 6, keyStart: text.indexOf('"n"') });
    expect(located.locate('tables[1]')).toBeUndefined();
    expect(located.locate('tables[0].n.x')).toBeUndefined();
    const layout = located.layoutOf(located.value as object);
    expect(layout?.keys).toEqual(['tables']);
  });

  it('finds keys that hold dots or brackets, as the core writes their paths', () => {
    const odd = parseJsonWithLocations('{\n "a.b": { "c[0]": 1 },\n "a": { "x": 2 }\n}');
    expect(odd.positionOf('a.b.c[0]')).toEqual({ line: 2, column: 11 });
    expect(odd.positionOf('a.x')).toEqual({ line: 3, column: 9 });
  });

  it('accepts a byte-order mark and CRLF line ends', () => {
    const crlf = parseJsonWithLocations('\ufeff{\r\n  "a": 1\r\n}');
    expect(crlf.value).toEqual({ a: 1 });
    expect(crlf.positionOf('a')).toEqual({ line: 2, column: 3 });
  });
});
