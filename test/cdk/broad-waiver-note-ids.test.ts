/**
 * A broad CDK waiver's note tells the user which id waives one finding's kinds alone. Where those are several parts
 * (a scope waiver over one table's hot key, reads and writes, and another's reads only), each part is its own id: a
 * bracket holds one kind as the synth reads it (`waiverOfId`), so `SG003[hotKeyReads,hotKeyWrites]` would be refused.
 */
import { validateAcknowledgements } from '../../lib';
import { broadScopeWaiverNote, waiverOfId } from '../../lib/internal';

it('names one CDK id a part, each of which the synth accepts', () => {
  const note = broadScopeWaiverNote('SG003', 'Stack', ['hotKeyReads', 'hotKeyWrites'], ['hotKeyReads', 'hotKeyWrites']);
  expect(note).toContain("acknowledge 'skewguard::SG003[hotKeyReads]' and 'skewguard::SG003[hotKeyWrites]' if it was written for this kind only");
  const ids = [...note.matchAll(/'skewguard::(SG\d{3}\[[^\]]*\])'/g)].map((m) => m[1]);
  expect(ids).toEqual(['SG003[hotKeyReads]', 'SG003[hotKeyWrites]']);
  for (const id of ids) expect(() => validateAcknowledgements([{ ...waiverOfId(id), reason: 'A reason an audit can read.' }])).not.toThrow();
});
