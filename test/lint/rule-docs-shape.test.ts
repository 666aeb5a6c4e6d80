/**
 * The shape of every rule's documentation (docs/rules.md, `skewguard explain`, SARIF's help): a short `fires` and
 * `fix` a reader takes in at a glance, the edge cases as bullets of their own, none said twice.
 */
import { RULES } from '../../lib';
import { DRIFT_RULE } from '../../lib/cli/observe/drift-rule';
import { catalogueMarkdown } from '../../lib/internal';

/** Limits the longest texts fit with a little room: `fires` 388 (SG005, both engines), `fix` 349 (SG007), a bullet 461 (SG003; 350 is the aim, 13 of 109 bullets are over it). */
const MAX_FIRES = 400;
const MAX_FIX = 400;
/** The same paragraph as `fires` and `fix`: the ceiling or failure case in a breath, its cases in `rationaleDetails`. */
const MAX_RATIONALE = 400;
const MAX_BULLET = 500;

describe.each([...RULES, DRIFT_RULE].map((rule) => [`${rule.id} ${rule.title}`, rule] as const))('%s documentation', (_name, rule) => {
  const bullets = [...(rule.firesAlso ?? []), ...(rule.rationaleDetails ?? []), ...(rule.fixDetails ?? [])];

  it(`says when it fires in at most ${MAX_FIRES} characters, why in at most ${MAX_RATIONALE} and the fix in at most ${MAX_FIX}`, () => {
    expect(rule.fires.length).toBeLessThanOrEqual(MAX_FIRES);
    expect(rule.rationale.length).toBeLessThanOrEqual(MAX_RATIONALE);
    expect(rule.fix.length).toBeLessThanOrEqual(MAX_FIX);
  });

  it('writes each short text as one paragraph', () => {
    for (const text of [rule.fires, rule.rationale, rule.fix]) expect(text).not.toMatch(/\n/);
  });

  it(`keeps each edge case to one paragraph of at most ${MAX_BULLET} characters, said once`, () => {
    for (const bullet of bullets) {
      expect(bullet.length).toBeLessThanOrEqual(MAX_BULLET);
      expect(bullet).not.toMatch(/\n/);
    }
    expect(new Set(bullets).size).toBe(bullets.length);
  });
});

/** A paragraph, then (when there are any) a blank line and one `- ` line per bullet. */
const listed = (text: string, bullets: readonly string[] = []) =>
  [text, ...(bullets.length > 0 ? ['', ...bullets.map((bullet) => `- ${bullet}`)] : [])].join('\n');

describe('docs/rules.md', () => {
  it('shows the short text, then its edge cases as a list', () => {
    const catalogue = catalogueMarkdown();
    for (const rule of RULES) {
      expect(catalogue).toContain(
        `**Fires when:** ${listed(rule.fires, rule.firesAlso)}\n\n**Why:** ${listed(rule.rationale, rule.rationaleDetails)}\n\n**Fix:**`,
      );
      expect(catalogue).toContain(`**Fix:** ${listed(rule.fix, rule.fixDetails)}\n\n**Sources:**`);
    }
    expect(catalogue).toContain(`\n- ${RULES.find((r) => r.id === 'SG003')?.fixDetails?.[0]}\n`);
    expect(catalogue).toContain(`\n- ${RULES.find((r) => r.id === 'SG003')?.rationaleDetails?.[0]}\n`);
  });
});
