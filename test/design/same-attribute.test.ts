import { sameAttribute, withoutLeadingSlash } from '../../lib/design/key-design';

describe('sameAttribute', () => {
  // Names over a small alphabet with slashes, so that names equal but for a leading slash (or two) are common.
  const letters = ['/', 'a', 'b', 'A'];
  let seed = 11;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const name = () => Array.from({ length: random(5) }, () => letters[random(letters.length)]).join('');

  it('holds exactly for names equal once a leading slash is dropped from each', () => {
    for (let run = 0; run < 5000; run++) {
      const a = name();
      const b = random(3) === 0 ? `/${a}` : name();
      const [x, y] = random(2) === 0 ? [a, b] : [b, a];
      expect([x, y, sameAttribute(x, y)]).toEqual([x, y, x === y || withoutLeadingSlash(x) === withoutLeadingSlash(y)]);
    }
  });

  it('matches a Cosmos DB path to its bare name, and no other', () => {
    expect([sameAttribute('/tenantId', 'tenantId'), sameAttribute('tenantId', '/tenantId'), sameAttribute('/tenantId', '/tenantId')]).toEqual([
      true,
      true,
      true,
    ]);
    expect([sameAttribute('//tenantId', 'tenantId'), sameAttribute('/tenantId', 'tenantIds'), sameAttribute('/a', 'b')]).toEqual([false, false, false]);
  });
});
