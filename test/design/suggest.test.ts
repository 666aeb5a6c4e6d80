import { closest, nearMiss } from '../../lib/design/suggest';

describe('nearMiss', () => {
  // Names over a small alphabet, so that one-edit neighbours, other cases and ties between candidates are common.
  const letters = ['a', 'b', 'A', 'B', 'é', 'É', '/'];
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const name = () => Array.from({ length: random(5) }, () => letters[random(letters.length)]).join('');

  it('answers as closest() with maxDistance 1 and no prefixes: the first equal but for case, else the first one edit away', () => {
    for (let run = 0; run < 3000; run++) {
      const input = name();
      const candidates = Array.from({ length: 1 + random(4) }, name);
      const lower = candidates.map((c) => c.toLowerCase());
      expect([input, candidates, nearMiss(input, candidates, lower)]).toEqual([
        input,
        candidates,
        closest(input, candidates, { maxDistance: 1, prefixes: false }),
      ]);
    }
  });

  it('finds a letter added, dropped or changed, or another case, and nothing two edits away', () => {
    const known = ['itemId', 'status'];
    const lower = known.map((k) => k.toLowerCase());
    expect(['itemIds', 'itemd', 'itemIx', 'ItemID', 'STATUS', 'eventId', 'stat', 'userId'].map((n) => nearMiss(n, known, lower))).toEqual([
      'itemId',
      'itemId',
      'itemId',
      'itemId',
      'status',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
