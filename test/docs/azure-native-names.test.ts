/**
 * The Pulumi docs tell an adopter which azure-native resource to reach for (an import, a raise of the RU/s). A class the
 * SDK does not export sends them to code that does not compile: azure-native has no resource for a container's
 * throughput settings, so its RU/s stay in the container's `options` (docs/pulumi.md, "Throughput"). Every
 * `cosmosdb.`-module class the docs name is checked against the installed SDK's exports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';

const root = join(__dirname, '..', '..');
const DOCS = ['README.md', 'docs/pulumi.md', 'docs/testing.md'];

/** Resource classes of the Cosmos DB module as docs name them: `SqlResourceSqlContainer`, `cosmosdb.DatabaseAccount`. */
function namedClasses(text: string): string[] {
  const names = new Set<string>();
  for (const [, name] of text.matchAll(/\b((?:SqlResource|DatabaseAccount|MongoDBResource|CassandraResource|GremlinResource|TableResource)[A-Za-z]*)\b/g)) {
    names.add(name);
  }
  return [...names];
}

it.each(DOCS)('%s names only azure-native cosmosdb classes the SDK exports', (file) => {
  const named = namedClasses(readFileSync(join(root, file), 'utf8'));
  const missing = named.filter((name) => !(name in cosmosdb));
  expect(missing).toEqual([]);
});

it('finds the classes the Pulumi docs do name (the check reads something)', () => {
  expect(namedClasses(readFileSync(join(root, 'docs/pulumi.md'), 'utf8'))).toEqual(
    expect.arrayContaining(['SqlResourceSqlContainer', 'SqlResourceSqlDatabase']),
  );
});
