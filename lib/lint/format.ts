/** Number and name formatting shared by rule messages, so every report reads the same way. */

export function fmt(value: number): string {
  if (value === Infinity) return 'unbounded';
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function percent(share: number): string {
  return `${(share * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

export function code(name: string): string {
  return `\`${name}\``;
}

/** `tenantId`, `(tenantId, region)`, `/tenantId → /userId`. */
export function keyName(attributes: readonly { readonly name: string }[], separator = ', '): string {
  const names = attributes.map((a) => a.name);
  return names.length === 1 ? code(names[0]) : `(${names.map(code).join(separator)})`;
}

/** "on index `byStatus`" for a GSI, "" for the table itself. */
export function onIndex(index: string | undefined): string {
  return index === undefined ? '' : ` on index ${code(index)}`;
}
