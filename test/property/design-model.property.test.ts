/**
 * Property-based tests of the design model (normalize, lint): generated valid designs are linted
 * into well-formed findings, generated invalid ones are refused with a DesignError naming the
 * field, and the rules keep their promises — a key sharded to shardsFor()'s N passes SG003, and
 * verdicts do not depend on the order or the names of tables and containers. Counts are reported at
 * the end (the inputs tried are part of the test's value).
 */
import fc from 'fast-check';
import {
  DesignError,
  RULE_IDS,
  lint,
  normalize,
  shardsFor,
  type CosmosContainerDesign,
  type DesignDocument,
  type DesignInput,
  type DynamoDbTableDesign,
  type Finding,
} from '../../lib';
import { corrupted, cosmosContainer, designDocument, dynamoTable, fieldsOf } from '../support/arbitrary-designs';
import { SEED, count, counted, reportCounts } from './support/counts';

/** The lint verdict, or the DesignError; any other error fails the property. */
function verdict(input: unknown): { findings: Finding[] } | { error: DesignError } {
  try {
    return { findings: lint(input as DesignInput) };
  } catch (error) {
    if (error instanceof DesignError) return { error };
    throw error;
  }
}

const anyDesign = fc.oneof(dynamoTable as fc.Arbitrary<DesignInput>, cosmosContainer as fc.Arbitrary<DesignInput>, designDocument as fc.Arbitrary<DesignInput>);

describe('the design model, on generated input', () => {
  it('lints valid designs into well-formed findings that point at fields of the input', () => {
    fc.assert(
      fc.property(anyDesign, (design) => {
        const result = verdict(design);
        count('design model: valid designs', 'error' in result ? 'refused' : 'linted');
        if ('error' in result) return;
        const paths = new Set(['', ...fieldsOf(design).map((f) => f.path)]);
        for (const f of result.findings) {
          expect(RULE_IDS).toContain(f.ruleId);
          expect(['error', 'warning']).toContain(f.severity);
          expect(f.messageId).toMatch(/^\w+$/);
          expect(f.message.length).toBeGreaterThan(0);
          expect(f.message).not.toMatch(/\{\{|undefined|NaN/);
          expect(f.fix).not.toMatch(/\{\{|undefined|NaN/);
          // The path names a field the user wrote, or one the fix creates under an existing parent.
          expect(paths.has(f.path) || paths.has(f.path.replace(/(\.[^.[\]]+|\[\d+\])$/, ''))).toBe(true);
          for (const edit of f.edits ?? []) expect(['set', 'remove']).toContain(edit.op);
        }
      }),
      { numRuns: 700, seed: SEED },
    );
  });

  it('refuses designs with one invalid field, naming that field, and never throws anything else', () => {
    fc.assert(
      fc.property(corrupted(anyDesign), ({ input, path, value }) => {
        const result = verdict(input);
        count('design model: corrupted designs', 'error' in result ? 'refused' : 'accepted');
        if (!('error' in result)) throw new Error(`accepted ${path} = ${JSON.stringify(value)}`);
        expect(result.error.issues.map((i) => i.path)).toContain(path);
        for (const issue of result.error.issues) expect(issue.message.length).toBeGreaterThan(10);
      }),
      { numRuns: 1500, seed: SEED },
    );
  });

  it('accepts whatever JSON a user might write only as valid input or a DesignError', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.constantFrom('tables', 'containers', 'external', 'thresholds', 'partitionKey', 'workload'),
        (value, key) => {
          for (const input of [value, { [key]: value }, { tables: [{ name: 'orders', [key]: value }] }]) {
            count('design model: arbitrary JSON', 'error' in verdict(input) ? 'refused' : 'linted');
          }
        },
      ),
      { numRuns: 500, seed: SEED },
    );
  });
});

describe('lint options', () => {
  it('are checked together with the design: every problem at once', () => {
    const design: DesignInput = {
      engine: 'dynamodb',
      name: 'orders',
      partitionKey: { name: 'id', type: 'S', cardinality: 0 },
      workload: { peakReadUnits: 1, peakWriteUnits: 1 },
    };
    let error: DesignError | undefined;
    try {
      lint(design, { rules: { SG999: 'off' } });
    } catch (e) {
      error = e as DesignError;
    }
    expect(error?.issues.map((i) => i.path).sort()).toEqual(['options.rules.SG999', 'partitionKey.cardinality']);
  });
});

/** The SG003 finding of a design's primary key (table or container), if any; not the first level's
 *  ingestion (issue 14), a prefix that shardsFor() of the full key does not size. */
const primaryKeySg003 = (findings: readonly Finding[]) =>
  findings.find((f) => f.ruleId === 'SG003' && f.index === undefined && !f.path.includes('globalSecondaryIndexes') && f.messageId === 'hotKey');

/** Whether one key value holds many items, as the rules decide it: a DynamoDB table key with a sort key; a Cosmos DB key that is not unique. */
function itemCollection(design: DynamoDbTableDesign | CosmosContainerDesign): boolean {
  if (design.engine === 'dynamodb') return (design as DynamoDbTableDesign).sortKey !== undefined;
  return (design as CosmosContainerDesign).partitionKey.paths.every((p) => p.cardinality !== 'unique');
}

describe('shardsFor()', () => {
  it('gives a hot key the N that SG003 then accepts (tables and containers, item collections or single items)', () => {
    // shardsFor() takes one share for the hottest value's reads and writes: a pattern's keyValue gives that value a
    // read share of its own (its reads, on top of hotKeyShare of the rest), which it has no input for.
    // Nor does it know which reads patterns send to an index: on DynamoDB the key meets the rest of its own key space's
    // peak on its partition (P counted from it), so a table whose patterns read an index has less than the peak given.
    const oneShare = (d: DynamoDbTableDesign | CosmosContainerDesign) =>
      (d.accessPatterns ?? []).every((p) => p.keyValue === undefined && (d.engine !== 'dynamodb' || p.index === undefined));
    // Nor has it an input for a read of one item by its full key (GetItem's): random shards charge it on every shard
    // (reads32, AWS "Capacity unit consumption for read operations"), so their N serves none of those reads.
    const pointRead = (t: DynamoDbTableDesign) =>
      t.sortKey !== undefined &&
      (t.accessPatterns ?? []).some((p) => p.keyAttributes.includes(t.partitionKey.name) && p.keyAttributes.includes(t.sortKey!.name));
    const hotKeys = fc.oneof(
      dynamoTable.filter((t) => t.sharding === undefined && (t.localSecondaryIndexes ?? []).length === 0 && oneShare(t) && !pointRead(t)) as fc.Arbitrary<
        DynamoDbTableDesign | CosmosContainerDesign
      >,
      cosmosContainer.filter((c) => c.sharding === undefined && oneShare(c)) as fc.Arbitrary<DynamoDbTableDesign | CosmosContainerDesign>,
    );
    fc.assert(
      fc.property(hotKeys, (design) => {
        const before = verdict(design);
        if ('error' in before) return count('shardsFor: designs', 'invalid');
        const hot = primaryKeySg003(before.findings);
        if (!hot || hot.data?.share === undefined) return count('shardsFor: designs', 'no SG003');
        const collection = itemCollection(design);
        let n: number;
        try {
          n = shardsFor({
            engine: design.engine as 'dynamodb' | 'cosmosdb',
            peakReadUnits: design.workload.peakReadUnits,
            peakWriteUnits: design.workload.peakWriteUnits,
            hotKeyShare: hot.data.share as number,
            itemCollection: collection,
          });
        } catch (error) {
          if (!(error instanceof DesignError)) throw error;
          return count('shardsFor: designs', 'beyond any shard count');
        }
        count('shardsFor: designs', collection ? 'item collection sharded to N' : 'single item sharded to N');
        const sharded = { ...design, sharding: { strategy: 'random' as const, shards: Math.max(n, 2) } };
        const after = verdict(sharded);
        if ('error' in after) throw new Error(`sharding to ${n} made the design invalid: ${after.error.message}`);
        expect(primaryKeySg003(after.findings)).toBeUndefined();
      }),
      { numRuns: 1000, seed: SEED },
    );
    expect(counted('shardsFor: designs', 'item collection sharded to N')).toBeGreaterThan(100);
    expect(counted('shardsFor: designs', 'single item sharded to N')).toBeGreaterThan(20);
  });
});

/** Findings of one resource, independent of where it sits in the document and of its name. */
function byResource(findings: readonly Finding[], names: Record<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of findings) {
    const resource = names[f.resource] ?? f.resource;
    const relative = f.path.replace(/^(tables|containers)\[\d+\]\.?/, '');
    const data = JSON.stringify(f.data ?? {}, (_, v) => (typeof v === 'string' && names[v] ? names[v] : v));
    out.set(resource, [...(out.get(resource) ?? []), `${f.ruleId} ${f.severity} ${f.messageId} ${relative} ${f.index ?? ''} ${f.acknowledged} ${data}`].sort());
  }
  return out;
}

describe('verdicts', () => {
  const documents = designDocument.filter((d) => (d.tables?.length ?? 0) + (d.containers?.length ?? 0) >= 2);

  it('do not change when tables and containers are reordered or renamed', () => {
    fc.assert(
      fc.property(documents, fc.boolean(), (document: DesignDocument, rename) => {
        const before = verdict(document);
        if ('error' in before) return count('verdicts: documents', 'invalid');
        count('verdicts: documents', rename ? 'reordered and renamed' : 'reordered');
        const renamed: Record<string, string> = {};
        const move = <T extends { name: string }>(items: readonly T[] | undefined) =>
          [...(items ?? [])].reverse().map((item) => {
            const name = rename ? `renamed-${item.name}` : item.name;
            renamed[name] = item.name;
            return { ...item, name };
          });
        const after = verdict({ ...document, tables: move(document.tables), containers: move(document.containers) });
        if ('error' in after) throw new Error(`reordering made the document invalid: ${after.error.message}`);
        expect(byResource(after.findings, renamed)).toEqual(byResource(before.findings, {}));
        // Each finding's path still points at its own resource.
        for (const f of after.findings) {
          const index = Number(/^(?:tables|containers)\[(\d+)\]/.exec(f.path)?.[1]);
          const list = f.engine === 'dynamodb' ? move(document.tables) : move(document.containers);
          expect(list[index]?.name).toBe(f.resource);
        }
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('are the same for a design alone and inside a document', () => {
    fc.assert(
      fc.property(dynamoTable, (table) => {
        const alone = verdict(table);
        if ('error' in alone) return count('verdicts: alone vs in a document', 'invalid');
        count('verdicts: alone vs in a document', 'compared');
        const { engine: _engine, ...rest } = table;
        const inDocument = verdict({ tables: [rest] });
        if ('error' in inDocument) throw inDocument.error;
        expect(inDocument.findings.map((f) => [f.ruleId, f.path.replace(/^tables\[0\]\.?/, ''), f.severity])).toEqual(
          alone.findings.map((f) => [f.ruleId, f.path, f.severity]),
        );
        expect(normalize(table).designs[0].design).toEqual(normalize({ tables: [rest] }).designs[0].design);
      }),
      { numRuns: 200, seed: SEED },
    );
  });
});

afterAll(() => reportCounts('design model'));
