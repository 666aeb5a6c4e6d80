/**
 * The calls `run` makes to `object[method]`, each its arguments: what the work-counted tests count, whatever the
 * machine's speed. The method is spied on only while `run` runs and keeps doing its work.
 */
export function callsDuring<T extends object, M extends jest.FunctionPropertyNames<Required<T>>>(object: T, method: M, run: () => void): unknown[][] {
  const spy = jest.spyOn(object, method);
  try {
    run();
    return spy.mock.calls as unknown[][];
  } finally {
    spy.mockRestore();
  }
}
