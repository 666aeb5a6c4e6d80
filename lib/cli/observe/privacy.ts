/**
 * Contributor Insights and Cosmos DB logs hold real partition-key values (user ids, emails).
 * Reports show a short hash unless `--show-keys`: enough to tell two keys apart and to find one
 * again (hash the suspect value the same way), not enough to read it.
 */
import { createHash } from 'node:crypto';

export type KeyDisplay = (key: string) => string;

export const hashedKeys: KeyDisplay = (key) => `sha256:${createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 12)}`;

export const plainKeys: KeyDisplay = (key) => JSON.stringify(key);
