import { DesignError, shapes, UsageError } from '../../lib';
import { checkWith } from '../../lib/internal';

const settings = shapes.record<{ name: string; count?: number }>({
  name: { shape: shapes.text(), doc: 'the name' },
  count: { shape: shapes.num({ integer: true, min: 1 }), optional: true, doc: 'how many' },
});

describe('checkWith', () => {
  it('returns a valid value', () => {
    expect(checkWith(settings, { name: 'a', count: 2 }, { subject: 'test settings' })).toEqual({ name: 'a', count: 2 });
  });

  it('throws a UsageError listing every issue at its path', () => {
    let caught: unknown;
    try {
      checkWith(settings, { nmae: 'a', count: 0 }, { subject: 'test settings', path: 'props' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    const paths = (caught as UsageError).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['props.count', 'props.name', 'props.nmae']);
    expect((caught as UsageError).message).toMatch(/^Invalid skewguard test settings:/);
  });

  it('throws a DesignError when asked to', () => {
    expect(() => checkWith(settings, 'x', { subject: 'design', kind: 'design' })).toThrow(DesignError);
  });
});
