// Marks the modules of a bundle for eager compilation (used by scripts/bundle-cli.js on the start bundle).
//
// esbuild wraps each module in a method, `__commonJS({"dist/x.js"(exports){…}})`, that runs on the
// module's first require. V8 compiles a function lazily: it pre-parses the body with the file, then
// parses it again in full on the first call. A lint runs every module of the start bundle, so each
// body was read twice. V8 compiles a function in parentheses at once, as it would an IIFE, so
// `__commonJS({"dist/x.js":(function(exports){…})})` reads each body once: about 5% of the
// instructions of a `skewguard lint` start (bench/cli.js). Functions inside a module stay lazy.
//
// Every wrapper but the last is rewritten: esbuild writes them one after another, so a wrapper ends
// where the next begins. The last, followed by the entry's own code, stays lazy. The source map's
// columns move with the text, so `--enable-source-maps` still points into lib/.
'use strict';
const vm = require('node:vm');

const WRAPPER = /var require_\w+=__commonJS\(\{("[^"]+")\(([^)]*)\)\{/g;
const WRAPPER_END = '}});';

/** `{ code, mappings }` with every module wrapper but the last in parentheses, and the count of those. */
function eagerModules(code, mappings) {
  const starts = [...code.matchAll(WRAPPER)];
  const inserts = []; // [offset, text], in order
  for (let i = 0; i + 1 < starts.length; i++) {
    const [head, path, params] = starts[i];
    const end = starts[i + 1].index - WRAPPER_END.length;
    if (code.slice(end, end + WRAPPER_END.length) !== WRAPPER_END) throw new Error(`${path}'s wrapper does not end where the next begins`);
    const open = starts[i].index + head.length - `(${params}){`.length;
    // `"path"(params){` → `"path":(function(params){`, and `}});` → `})});`
    inserts.push([open, ':(function'], [end + 1, ')']);
  }
  let out = '';
  let from = 0;
  for (const [at, text] of inserts) {
    out += code.slice(from, at) + text;
    from = at;
  }
  out += code.slice(from);
  new vm.Script(out); // a wrapper misread would not parse: fail the build, not a user's start
  return { code: out, mappings: shiftColumns(mappings, linesAndColumns(code, inserts)), eager: inserts.length / 2 };
}

/** The inserts by generated line: [column, length] pairs. */
function linesAndColumns(code, inserts) {
  const byLine = new Map();
  let line = 0;
  let lineStart = 0;
  let scanned = 0;
  for (const [at, text] of inserts) {
    for (; scanned < at; scanned++) {
      if (code.charCodeAt(scanned) === 10) {
        line++;
        lineStart = scanned + 1;
      }
    }
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push([at - lineStart, text.length]);
  }
  return byLine;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first base64 VLQ number of a source map segment, and how many characters it takes. */
function firstNumber(segment) {
  let value = 0;
  let shift = 0;
  let i = 0;
  let digit;
  do {
    digit = BASE64.indexOf(segment[i++]);
    value += (digit & 31) * 2 ** shift;
    shift += 5;
  } while (digit & 32);
  return [value % 2 === 1 ? -(value - 1) / 2 : value / 2, i];
}

function vlq(number) {
  let value = number < 0 ? -number * 2 + 1 : number * 2;
  let out = '';
  do {
    const digit = value % 32;
    value = Math.floor(value / 32);
    out += BASE64[value > 0 ? digit + 32 : digit];
  } while (value > 0);
  return out;
}

/**
 * Source map `mappings` for the text with the inserts: a segment's first number is its generated
 * column, relative to the segment before it on the line; the other numbers (source, line, column,
 * name) are unchanged. Text inserted at a segment's column goes before that segment.
 */
function shiftColumns(mappings, insertsByLine) {
  return mappings
    .split(';')
    .map((line, n) => {
      const inserts = insertsByLine.get(n);
      if (!inserts || line === '') return line;
      let column = 0;
      let previous = 0;
      let next = 0; // the first insert not yet before `column` (segments and inserts are in column order)
      let added = 0;
      return line
        .split(',')
        .map((segment) => {
          const [delta, length] = firstNumber(segment);
          column += delta;
          for (; next < inserts.length && inserts[next][0] <= column; next++) added += inserts[next][1];
          const moved = column + added;
          const shifted = vlq(moved - previous) + segment.slice(length);
          previous = moved;
          return shifted;
        })
        .join(',');
    })
    .join(';');
}

module.exports = { eagerModules };
