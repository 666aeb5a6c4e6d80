/**
 * A member `--fix` adds is written as its siblings of that depth are (try26a, teams/games/designs/game-flawed.json): the
 * table's `partitionKey`, `sortKey` and `workload` sit on one line each, and the `sharding` its fix adds was written over
 * six lines, since its one line (107 characters) passed 100, in a file whose own lines reach 159. Now it takes one line,
 * up to the file's longest; where the siblings span lines, so does it; every other byte of the file is kept, CRLF and
 * tabs included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

/** try26a's game-flawed.json, as written (the test fixture of that name is laid out by JSON.stringify). */
const FLAWED = [
  '{',
  '  "$schema": "../../../node_modules/skewguard/schema/design.schema.json",',
  '  "description": "FLAWED gaming: leaderboard keyed by season, GSI by season unsharded, inventory with LSI and whale player, item-type GSI",',
  '  "tables": [',
  '    {',
  '      "name": "season-scores",',
  '      "partitionKey": { "name": "seasonId", "type": "S", "cardinality": 40 },',
  '      "sortKey": { "name": "playerId", "type": "S", "cardinality": "unique" },',
  '      "workload": { "peakReadUnits": 9000, "peakWriteUnits": 6000, "hotKeyShare": 0.95 },',
  '      "globalSecondaryIndexes": [',
  '        {',
  '          "indexName": "leaderboard-by-season",',
  '          "partitionKey": { "name": "seasonId", "type": "S", "cardinality": 40 },',
  '          "sortKey": { "name": "score", "type": "N" },',
  '          "projectionType": "INCLUDE", "nonKeyAttributes": ["displayName"]',
  '        }',
  '      ],',
  '      "accessPatterns": [',
  '        { "name": "my-score", "keyAttributes": ["seasonId", "playerId"], "share": 0.7 },',
  '        { "name": "top-100", "index": "leaderboard-by-season", "keyAttributes": ["seasonId"], "share": 0.3, "limit": 100 }',
  '      ]',
  '    },',
  '    {',
  '      "name": "player-inventory",',
  '      "partitionKey": { "name": "playerId", "type": "S", "cardinality": 5000000 },',
  '      "sortKey": { "name": "itemInstanceId", "type": "S", "cardinality": "unique" },',
  '      "workload": { "peakReadUnits": 20000, "peakWriteUnits": 7000, "hotKeyShare": 0.002 },',
  '      "storage": { "largestPartitionGb": 12 },',
  '      "localSecondaryIndexes": [ { "indexName": "by-acquired", "sortKey": { "name": "acquiredAt", "type": "S" } } ],',
  '      "globalSecondaryIndexes": [',
  '        { "indexName": "by-item-type", "partitionKey": { "name": "itemType", "type": "S", "cardinality": 30 }, "sortKey": { "name": "playerId", "type": "S" } }',
  '      ],',
  '      "accessPatterns": [',
  '        { "name": "inventory", "keyAttributes": ["playerId"], "share": 0.9 },',
  '        { "name": "recent", "index": "by-acquired", "keyAttributes": ["playerId"], "share": 0.05 },',
  '        { "name": "who-has-type", "index": "by-item-type", "keyAttributes": ["itemType"], "share": 0.05 }',
  '      ]',
  '    }',
  '  ]',
  '}',
  '',
].join('\n');
/** The end of season-scores' `accessPatterns`, where the new member goes, and the member on one line. */
const END = '      ]\n    },\n    {\n      "name": "player-inventory"';
const SHARDING = '"sharding": { "strategy": "calculated", "shards": 18, "sourceAttribute": "playerId", "hotValues": 1 }';

/** `text` after `lint --fix` (the fix shards season-scores 18 ways; nothing else is edited). */
async function fixed(text: string): Promise<string> {
  const dir = tempTree({ 'game.json': text });
  await cli(['lint', join(dir, 'game.json'), '--fix']);
  return readFileSync(join(dir, 'game.json'), 'utf8');
}

/** Two spaces a level → tabs, LF → CRLF. */
const tabsAndCrlf = (text: string) => text.replace(/^( +)/gm, (spaces) => '\t'.repeat(spaces.length / 2)).replace(/\n/g, '\r\n');

describe('--fix writes a new object as the file writes its siblings', () => {
  it('on one line beside one-line siblings, past 100 characters (the file’s lines reach 159); nothing else changes', async () => {
    expect(FLAWED.split(END)).toHaveLength(2);
    expect(await fixed(FLAWED)).toBe(FLAWED.replace(END, END.replace('      ]\n', `      ],\n      ${SHARDING}\n`)));
  });

  it('the same in a file of tabs and CRLF line ends, byte for byte outside the edit', async () => {
    const crlf = tabsAndCrlf(FLAWED);
    expect(await fixed(crlf)).toBe(crlf.replace(tabsAndCrlf(END), tabsAndCrlf(END.replace('      ]\n', `      ],\n      ${SHARDING}\n`))));
  });

  it('over several lines where its siblings span lines (a file laid out by JSON.stringify), as before', async () => {
    const expanded = `${JSON.stringify(JSON.parse(FLAWED), null, 2)}\n`;
    const design = JSON.parse(expanded);
    design.tables[0].sharding = { strategy: 'calculated', shards: 18, sourceAttribute: 'playerId', hotValues: 1 };
    expect(await fixed(expanded)).toBe(`${JSON.stringify(design, null, 2)}\n`);
  });
});
