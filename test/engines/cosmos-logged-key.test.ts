// A hierarchical key's first level in Cosmos DB's resource logs: one definition for the hotPrefix
// alert's KQL, `skewguard observe` and the replay's reading of that KQL.
import { LOGGED_FIRST_LEVEL_KQL, loggedFirstLevel } from '../../lib';
import { hotKeyQuery, hotPrefixQuery } from '../../lib/engines/cosmos-alert-queries';

describe('loggedFirstLevel()', () => {
  it('takes the first element of a key logged as a JSON array of its levels', () => {
    expect(loggedFirstLevel('["contoso","alice"]')).toBe('contoso');
    expect(loggedFirstLevel('["contoso"]')).toBe('contoso');
    expect(loggedFirstLevel('["a \\"quoted\\" tenant","x"]')).toBe('a "quoted" tenant');
  });

  it('leaves a key that is not an array as its own first level', () => {
    expect(loggedFirstLevel('contoso')).toBe('contoso');
    expect(loggedFirstLevel('{"tenant":"contoso"}')).toBe('{"tenant":"contoso"}');
    expect(loggedFirstLevel('')).toBe('');
  });

  it('reads what is not a list of strings as the KQL does: tostring of the first element, empty where there is none', () => {
    // parse_json keeps text that is not JSON as a string, and indexing a string gives null: tostring(null) is ''.
    expect(loggedFirstLevel('[contoso')).toBe('');
    expect(loggedFirstLevel('[]')).toBe('');
    expect(loggedFirstLevel('[null,"alice"]')).toBe('');
    expect(loggedFirstLevel('[42,"alice"]')).toBe('42');
    expect(loggedFirstLevel('[true]')).toBe('true');
    expect(loggedFirstLevel('[{"id":1},"alice"]')).toBe('{"id":1}');
    expect(loggedFirstLevel('[["a","b"]]')).toBe('["a","b"]');
  });
});

describe('LOGGED_FIRST_LEVEL_KQL', () => {
  it('is what the hotPrefix alert groups by, and the hotKey alert does not use', () => {
    expect(hotPrefixQuery('shop', 'events')).toContain(`| extend Prefix = ${LOGGED_FIRST_LEVEL_KQL}\n`);
    // Tenant 33: per physical partition as well (was 'by Prefix, RegionName').
    expect(hotPrefixQuery('shop', 'events')).toContain('by Prefix, PartitionKeyRangeId, RegionName');
    expect(hotKeyQuery('shop', 'events')).not.toContain(LOGGED_FIRST_LEVEL_KQL);
  });
});
