/**
 * A member `--fix` adds is written as its siblings of that depth are (try26a, teams/games/designs/game-flawed.json): the
 * table's `partitionKey`, `sortKey` and `workload` sit on one line each, and the `sharding` its fix adds was written over
 * six lines, since its one line (107 characters) passed 100, in a file whose own lines reach 159. Now it takes one line,
 * up to the file's longest; where the siblings span lines, so does it; every other byte of the file is kept, CRLF and
 * tabs included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtures, tempTree } from './helpers';

/**
 * try26a's game-flawed.json, as written but for its $schema (the fixture game-flawed.json is laid out by JSON.stringify),
 * less season-scores' index and its `top-100` (index29: on the 37 shards that index needs, `top-100` fans out past the
 * read quota, so the table's fix asks for the quota increase and writes no edit). Its one read left, `my-score`, gives
 * `seasonId` and `playerId`, so the fix keys the table by the composite `seasonIdPlayerId` (a new object, with a new
 * `components` list, in place of the `partitionKey`), drops the `playerId` sort key and the declared share; it no longer
 * adds the 18 shards, which follow in its text (composite-key.ts).
 */
const FULL = readFileSync(join(fixtures, 'designs/game-flawed-one-line.json'), 'utf8');
const INDEX = FULL.slice(
  FULL.indexOf('      "globalSecondaryIndexes": [\n        {\n          "indexName": "leaderboard-by-season"'),
  FULL.indexOf('      "accessPatterns": ['),
);
const TOP_100 = ',\n        { "name": "top-100", "index": "leaderboard-by-season", "keyAttributes": ["seasonId"], "share": 0.3, "limit": 100 }';
const FLAWED = FULL.replace(INDEX, '').replace(TOP_100, '');
/** season-scores' key and workload as written, and as --fix writes them (its lines reach 159; the new key's 199, one line as the key it replaces). */
const KEYS = [
  '      "partitionKey": { "name": "seasonId", "type": "S", "cardinality": 40 },',
  '      "sortKey": { "name": "playerId", "type": "S", "cardinality": "unique" },',
  '      "workload": { "peakReadUnits": 9000, "peakWriteUnits": 6000, "hotKeyShare": 0.95 },',
].join('\n');
const COMPONENTS = '[{ "name": "seasonId", "cardinality": 40 }, { "name": "playerId", "cardinality": "unique" }]';
const FIXED_KEYS = [
  `      "partitionKey": { "name": "seasonIdPlayerId", "type": "S", "cardinality": "unique", "components": ${COMPONENTS} },`,
  '      "workload": { "peakReadUnits": 9000, "peakWriteUnits": 6000 },',
].join('\n');

/** `text` after `lint --fix` (the fix re-keys season-scores; nothing else is edited). */
async function fixed(text: string): Promise<string> {
  const dir = tempTree({ 'game.json': text });
  await cli(['lint', join(dir, 'game.json'), '--fix']);
  return readFileSync(join(dir, 'game.json'), 'utf8');
}

/** Two spaces a level → tabs, LF → CRLF. */
const tabsAndCrlf = (text: string) => text.replace(/^( +)/gm, (spaces) => '\t'.repeat(spaces.length / 2)).replace(/\n/g, '\r\n');

describe('--fix writes a new object as the file writes its siblings', () => {
  it('on one line beside one-line siblings, where the member it replaces took one line; nothing else changes', async () => {
    expect(FLAWED.split(KEYS)).toHaveLength(2);
    expect(await fixed(FLAWED)).toBe(FLAWED.replace(KEYS, FIXED_KEYS));
  });

  it('the same in a file of tabs and CRLF line ends, byte for byte outside the edit', async () => {
    const crlf = tabsAndCrlf(FLAWED);
    expect(await fixed(crlf)).toBe(crlf.replace(tabsAndCrlf(KEYS), tabsAndCrlf(FIXED_KEYS)));
  });

  it('over several lines where its siblings span lines (a file laid out by JSON.stringify), as before', async () => {
    const expanded = `${JSON.stringify(JSON.parse(FLAWED), null, 2)}\n`;
    const design = JSON.parse(expanded);
    const components = [
      { name: 'seasonId', cardinality: 40 },
      { name: 'playerId', cardinality: 'unique' },
    ];
    design.tables[0].partitionKey = { name: 'seasonIdPlayerId', type: 'S', cardinality: 'unique', components };
    delete design.tables[0].sortKey;
    delete design.tables[0].workload.hotKeyShare;
    expect(await fixed(expanded)).toBe(`${JSON.stringify(design, null, 2)}\n`);
  });
});
