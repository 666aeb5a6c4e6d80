/* eslint-disable no-control-regex -- these tests look for raw control characters */
// Pulumi resource names are untrusted: control and bidi characters are escaped in refusal messages.
import { describeFinding, lint } from '../../lib';
import { DesignRefusedError, InvalidArgsError } from '../../lib/pulumi';

describe('refusal messages', () => {
  it('escape control and bidi characters in the component name, field paths and messages', () => {
    const error = new InvalidArgsError('evil\u001b]0;owned\u0007', [{ path: 'design.name\u202e', message: 'expected a string\nforged line' }]);
    expect(error.message).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(error.message).toContain('evil\\x1b]0;owned\\x07');
    expect(error.message.split('\n')).toHaveLength(2);
  });

  it('escape the names inside each finding line', () => {
    const findings = lint({ external: [{ engine: 'cosmosdb', name: 'c\u2066ontainer', partitionKeys: [{ attribute: '/status' }], keyMonitoring: true }] });
    const error = new DesignRefusedError('name', findings, findings.map((f) => describeFinding(f)).join('\n'));
    expect(error.message).not.toMatch(/\u2066/);
  });
});
