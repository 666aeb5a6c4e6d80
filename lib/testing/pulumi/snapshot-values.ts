/**
 * Resource inputs as the engine receives them (Pulumi's wire format: outputs already resolved,
 * secrets, unknowns, resource references and assets marked with signature keys) turned into plain
 * JSON for a snapshot: secrets masked, unknowns and references named, keys sorted. Working on the
 * wire format, not on deserialized values, means a secret can never slip through as its value and a
 * resource reference never constructs a resource.
 */
import * as pulumi from '@pulumi/pulumi';
import { isObject, type JsonObject } from '../../internal';

/** What the snapshot shows instead of values it must not or cannot show. */
export const MASKS = {
  secret: '[secret]',
  unknown: '[unknown]',
} as const;

const { specialSigKey, specialSecretSig, specialResourceSig, specialAssetSig, specialArchiveSig, specialOutputValueSig, unknownValue } = pulumi.runtime;

/** `<type>::<name>` of a URN (`urn:pulumi:stack::project::parent$type::name`). */
export function urnLabel(urn: string): string {
  const parts = urn.split('::');
  if (parts.length < 4) return urn;
  const type = parts[2].split('$').pop() as string;
  return `${type}::${parts.slice(3).join('::')}`;
}

function asset(kind: 'asset' | 'archive', value: JsonObject): unknown {
  if (typeof value.path === 'string') return `[${kind} path=${value.path}]`;
  if (typeof value.uri === 'string') return `[${kind} uri=${value.uri}]`;
  if (typeof value.text === 'string') return { [`[${kind} text]`]: value.text };
  if (isObject(value.assets)) return { [`[${kind} of]`]: snapshotValue(value.assets) };
  return `[${kind}]`;
}

/** One serialized property value as snapshot JSON. */
export function snapshotValue(value: unknown): unknown {
  if (value === unknownValue) return MASKS.unknown;
  if (Array.isArray(value)) return value.map(snapshotValue);
  if (!isObject(value)) return value;
  switch (value[specialSigKey]) {
    case specialSecretSig:
      return MASKS.secret;
    case specialResourceSig:
      return `[resource ${typeof value.urn === 'string' ? urnLabel(value.urn) : 'unknown'}]`;
    case specialAssetSig:
      return asset('asset', value);
    case specialArchiveSig:
      return asset('archive', value);
    case specialOutputValueSig:
      if (value.secret === true) return MASKS.secret;
      return value.value === undefined ? MASKS.unknown : snapshotValue(value.value);
    default:
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, snapshotValue(value[key])]),
      );
  }
}
