// A GSI's key cannot change in place (CloudFormation GlobalSecondaryIndex KeySchema: "Updates are not supported"), so a
// fix that re-keys one names a new index: the next version of its name that no index of the table has. SG004's reorder of a
// GSI's multi-attribute sort key is tested in rules/hierarchy-order.test.ts, the sharding fix in gsi-shard-attribute.test.ts.
import { replacementIndexName } from '../../lib/lint/index-replacement';

describe('replacementIndexName', () => {
  it('versions a name, past the versions the table already has, within the 255 characters DynamoDB allows', () => {
    expect(replacementIndexName('by-status', new Set(['by-status']))).toBe('by-status-v2');
    expect(replacementIndexName('by-status-v2', new Set(['by-status-v2']))).toBe('by-status-v3');
    expect(replacementIndexName('by-status', new Set(['by-status', 'by-status-v2', 'by-status-v3']))).toBe('by-status-v4');
    const long = 'i'.repeat(255);
    expect(replacementIndexName(long, new Set([long]))).toBe(`${'i'.repeat(252)}-v2`);
  });
});
