import { looksLikeTimeBucket, looksMutable, nameWords } from '../../lib/design/key-names';

describe('nameWords', () => {
  it('splits at every run of other characters and where a capital follows a small letter or a digit, never inside a run of capitals', () => {
    const cases: [string, string[]][] = [
      ['eventDate', ['event', 'date']],
      ['created_at', ['created', 'at']],
      ['/yyyyMM', ['yyyy', 'mm']],
      ['HTTPServer', ['httpserver']],
      ['userID', ['user', 'id']],
      ['a1B', ['a1', 'b']],
      ['__x--Y', ['x', 'y']],
      ['caféDate', ['caf', 'date']],
      ['orderStatusShard', ['order', 'status', 'shard']],
      ['', []],
      ['#/-', []],
    ];
    expect(cases.map(([name]) => [name, nameWords(name)])).toEqual(cases);
  });

  it('feeds the name heuristics word by word', () => {
    expect([looksLikeTimeBucket('hourBucket'), looksLikeTimeBucket('candidate'), looksMutable('lastLogin'), looksMutable('lastName')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
