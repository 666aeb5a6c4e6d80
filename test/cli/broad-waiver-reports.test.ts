/**
 * The CLI's reports say which kinds one acknowledgement without `appliesTo` waives, as the CDK synth's report does
 * (test/cdk/broad-waiver-wording.test.ts): an SG017 waiver written for a raised write quota that also absorbs the
 * read peak's near-quota warning. On demand, 50,000 WCU is above the default table-level quota of 40,000 (overQuota,
 * an error; the raise asked is 50,000 ÷ 0.8 = 62,500), and 36,000 RCU is 90% of it, past the 80% headroom (nearQuota,
 * a warning; 36,000 ÷ 0.8 = 45,000). Named in `appliesTo`, the same waiver absorbs nothing unsaid: no note.
 */
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

const REASON = 'write quota raised to 62,500 WCU (Service Quotas case 123)';

const events = (acknowledgement: object) => ({
  engine: 'dynamodb',
  name: 'events',
  partitionKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 36_000, peakWriteUnits: 50_000 },
  monitoring: { contributorInsights: true },
  acknowledgements: [{ rule: 'SG017', reason: REASON, ...acknowledgement }],
});

const ABSORBS = 'the acknowledgement of SG017 at acknowledgements[0] names no `appliesTo` and waives 2 kinds of finding: nearQuota, overQuota;';

interface JsonFinding {
  readonly ruleId: string;
  readonly messageId: string;
  readonly acknowledged: boolean;
  readonly broadAcknowledgement?: { readonly path: string; readonly kinds: readonly string[] };
}

describe('an SG017 waiver without appliesTo over a quota error and a near-quota warning', () => {
  const file = (acknowledgement: object = {}) => join(tempTree({ 'events.json': JSON.stringify(events(acknowledgement), null, 2) }), 'events.json');

  it('text: each waived finding says the waiver absorbs both kinds, and how to tie it to its own', async () => {
    const { code, stdout } = await cli(['lint', file(), '--no-color']);
    expect(stdout).toContain('62,500 WCU');
    expect(stdout).toContain('45,000 RCU');
    const notes = stdout.split('\n').filter((line) => line.includes('waives several kinds:'));
    expect(notes.map((line) => line.trim())).toEqual([
      `waives several kinds: ${ABSORBS} give it \`appliesTo: ["overQuota"]\` if it was written for this kind only`,
      `waives several kinds: ${ABSORBS} give it \`appliesTo: ["nearQuota"]\` if it was written for this kind only`,
    ]);
    expect(code).toBe(0);
  });

  it('json: each waived finding carries the waiver and the kinds it absorbs', async () => {
    const { stdout } = await cli(['lint', file(), '--format', 'json']);
    const findings = (JSON.parse(stdout).files[0].findings as JsonFinding[]).filter((f) => f.ruleId === 'SG017');
    const broad = { path: 'acknowledgements[0]', kinds: ['nearQuota', 'overQuota'] };
    expect(findings.map((f) => [f.messageId, f.acknowledged, f.broadAcknowledgement])).toEqual([
      ['overQuota', true, broad],
      ['nearQuota', true, broad],
    ]);
  });

  it('named in appliesTo, the kinds it waives are said: no note, text or json', async () => {
    const named = file({ appliesTo: ['overQuota', 'nearQuota'] });
    const { code, stdout } = await cli(['lint', named, '--no-color']);
    expect(stdout).toContain('(2 acknowledged)');
    expect(stdout).not.toContain('waives several kinds');
    expect(code).toBe(0);
    const json = await cli(['lint', named, '--format', 'json']);
    expect((JSON.parse(json.stdout).files[0].findings as JsonFinding[]).map((f) => f.broadAcknowledgement)).toEqual([undefined, undefined]);
  });
});
