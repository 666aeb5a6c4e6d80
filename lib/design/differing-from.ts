/** The figures of `given` that differ from their `defaults`: what a config changes, not what it repeats. */
export function differingFrom<K extends string>(
  defaults: Readonly<Record<K, number>>,
  given: Partial<Record<K, number>> | undefined,
): Partial<Record<K, number>> {
  const differing: Partial<Record<K, number>> = {};
  for (const [name, value] of Object.entries(given ?? {}) as [K, number | undefined][])
    if (value !== undefined && value !== defaults[name]) differing[name] = value;
  return differing;
}
