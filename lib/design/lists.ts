/**
 * The lists of the normalized model, built one way.
 *
 * V8 gives an array a hidden class by what its elements are and whether it has holes. `Array.prototype.map` returns a
 * packed array while its caller runs unoptimised, but a holey one once the caller is optimised (it allocates the
 * full length first), and an empty `[]` holds small integers: so one list of the model (a key's attributes, the
 * access patterns) would reach the rules in several classes, and code optimised on one is thrown away when it meets
 * another. A list grown by `push` from one literal has one class, empty or not, whichever code built it.
 */
export function listOf<T, U>(items: readonly T[], each: (item: T, index: number) => U): U[] {
  const list: U[] = [];
  for (let i = 0; i < items.length; i++) list.push(each(items[i], i));
  return list;
}
