// Objects a hostile or careless caller hands the library: the input checks must name the field they
// break, never let their exception or TypeError escape from deep inside.

/** `object` with `key` made an enumerable getter that throws `thrown`. */
export const throwing = <T extends object>(object: T, key: string, thrown: unknown = new Error('getter says no')): T =>
  Object.defineProperty(object, key, {
    enumerable: true,
    get() {
      throw thrown;
    },
  });

/** A Proxy of `target` that is revoked: every read of it throws a TypeError. */
export const revoked = <T extends object>(target: T): T => {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
};

/** `fields` on an object without a prototype (`Object.create(null)`). */
export const nullPrototype = <T extends object>(fields: T): T => Object.assign(Object.create(null) as T, fields);
