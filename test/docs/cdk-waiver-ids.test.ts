/**
 * The docs tell a CDK user to waive one kind of a rule's findings with a bracketed id (`skewguard::SG017[overQuota]`)
 * where CDK's own "Acknowledge with 'skewguard::SG017'" line names the whole rule. A kind the rule does not have fails
 * the synth, so every bracketed id the docs show is checked as the synth reads it (`waiverOfId`, then the design's
 * `appliesTo`); the ones the docs show as refused are checked to be refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, validateAcknowledgements } from '../../lib';
import { waiverOfId } from '../../lib/internal';

const root = join(__dirname, '..', '..');
const DOCS = ['README.md', 'docs/cdk.md', 'docs/cli.md', 'docs/testing.md'];
/** Shown in docs/cdk.md as ids that fail the synth: a misspelt kind, and empty brackets. */
const SHOWN_REFUSED = new Set(['SG017[overQuote]', 'SG017[]']);

/** The ids after `skewguard::` that carry brackets, with the files that show them. */
function bracketedIds(): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const file of DOCS) {
    for (const [, id] of readFileSync(join(root, file), 'utf8').matchAll(/skewguard::(SG\d{3}\[[^\]\s'"`]*\])/g)) ids.set(id, [...(ids.get(id) ?? []), file]);
  }
  return ids;
}

/** The problems the synth would name for the waiver `id` gives (none: accepted). */
function problems(id: string): string[] {
  try {
    validateAcknowledgements([{ ...waiverOfId(id), reason: 'A reason an audit can read.' }]);
    return [];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
}

const ids = [...bracketedIds()].filter(([id]) => !SHOWN_REFUSED.has(id));

it('finds the bracketed ids the docs show, the one that waives SG017’s quota finding among them (the check reads something)', () => {
  expect(ids.map(([id]) => id)).toEqual(expect.arrayContaining(['SG017[overQuota]', 'SG003[hotKeyReads]']));
  expect(ids.length).toBeGreaterThanOrEqual(5);
});

it.each(ids)('%s (in %s) names a kind its rule has', (id) => {
  expect(problems(id)).toEqual([]);
});

it.each([...SHOWN_REFUSED])('%s, shown as refused, is refused', (id) => {
  expect(bracketedIds().has(id)).toBe(true);
  expect(problems(id)).not.toEqual([]);
});

it("docs/cdk.md's Waivers say that CDK's Acknowledge-with line names the whole rule, and give the bracketed id beside it", () => {
  const text = readFileSync(join(root, 'docs/cdk.md'), 'utf8');
  const waivers = text.slice(text.indexOf('\n## Waivers\n'), text.indexOf('\n## ', text.indexOf('\n## Waivers\n') + 1));
  const bullet = waivers
    .split('\n- ')
    .map((b) => b.replace(/\s+/g, ' '))
    .find((b) => b.includes("`Acknowledge with 'skewguard::SG017'` line CDK prints"));
  expect(bullet).toMatch(/names the rule alone/);
  expect(bullet).toContain('`skewguard::SG017[overQuota]`');
});
