/**
 * The shape of every rule's documentation (docs/rules.md, `skewguard explain`, SARIF's help): a short `fires` and
 * `fix` a reader takes in at a glance, the edge cases as bullets of their own, none said twice.
 */
import { RULES } from '../../lib';
import { DRIFT_RULE } from '../../lib/cli/observe/drift-rule';

/** The limits the longest rewritten texts fit (SG017's `fires` and `fix`, SG003's longest bullet). */
const MAX_FIRES = 400;
const MAX_FIX = 500;
const MAX_BULLET = 600;

describe.each([...RULES, DRIFT_RULE].map((rule) => [`${rule.id} ${rule.title}`, rule] as const))('%s documentation', (_name, rule) => {
  const bullets = [...(rule.firesAlso ?? []), ...(rule.fixDetails ?? [])];

  it(`says when it fires in at most ${MAX_FIRES} characters and the fix in at most ${MAX_FIX}`, () => {
    expect(rule.fires.length).toBeLessThanOrEqual(MAX_FIRES);
    expect(rule.fix.length).toBeLessThanOrEqual(MAX_FIX);
  });

  it(`keeps each edge case to one paragraph of at most ${MAX_BULLET} characters, said once`, () => {
    for (const bullet of bullets) {
      expect(bullet.length).toBeLessThanOrEqual(MAX_BULLET);
      expect(bullet).not.toMatch(/\n/);
    }
    expect(new Set(bullets).size).toBe(bullets.length);
  });
});
