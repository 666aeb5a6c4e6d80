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

describe('record blank', () => {
  const props = {
    name: { shape: shapes.text(), doc: 'the name' },
    count: { shape: shapes.num({ integer: true, min: 1 }), optional: true as const, doc: 'how many' },
  };

  it('reads each valid value into an object its blank makes, every field own (absent ones undefined)', () => {
    const blank = jest.fn(() => ({ name: undefined, count: undefined }));
    const shape = shapes.record<{ name: string; count?: number }>(props, { blank });
    const read = checkWith(shape, { name: 'a' }, { subject: 'test settings' });
    expect(read).toEqual({ name: 'a', count: undefined });
    expect(Object.keys(read)).toEqual(['name', 'count']);
    // Once when the shape is made (its fields are checked), once for the value read.
    expect(blank).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a field left out', () => ({ name: undefined })],
    ['the fields in another order', () => ({ count: undefined, name: undefined })],
    ['a field not undefined', () => ({ name: '', count: undefined })],
  ])('refuses a blank with %s when the shape is made', (_, blank) => {
    expect(() => shapes.record<{ name: string; count?: number }>(props, { blank: blank as () => { name: undefined; count: undefined } })).toThrow(
      "a record shape's blank must name its properties in their order, each undefined: expected name, count",
    );
  });
});
