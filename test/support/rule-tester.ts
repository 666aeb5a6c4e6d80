/**
 * A table-driven rule tester (after eslint's RuleTester): each rule lists designs that must pass and
 * designs that must fail, with the message ids, paths and numbers expected. For every failing case
 * it also checks, without more code per rule, that
 *   - an acknowledgement of its key space waives each finding and keeps it in the report, while one without `index`
 *     waives the findings on the table's own key space only (an index finding stays, naming it), and
 *   - applying each finding's edits makes that finding go away without any new finding appearing.
 */
import { applyDesignEdits, lint, RULES, type DesignEdit, type DesignInput, type Finding, type LintOptions } from '../../lib';
import { dominantAfterRaise } from './dominant-after-raise';

export interface ExpectedFinding {
  readonly messageId: string;
  readonly path?: string;
  readonly index?: string;
  readonly severity?: 'error' | 'warning';
  /** The ids of the clauses appended to the message, exactly. */
  readonly notes?: readonly string[];
  /** Checked with toMatchObject: only the values named. */
  readonly data?: Record<string, unknown>;
  /** The exact text, or a pattern, for the few cases that pin wording. */
  readonly message?: string | RegExp;
  readonly fix?: string | RegExp;
  /** true: the finding carries edits; false: it must not; an array: exactly these. */
  readonly edits?: boolean | readonly DesignEdit[];
}

export interface InvalidCase {
  readonly name: string;
  readonly design: DesignInput;
  readonly options?: LintOptions;
  readonly findings: readonly ExpectedFinding[];
}

export interface ValidCase {
  readonly name: string;
  readonly design: DesignInput;
  readonly options?: LintOptions;
}

/** Identity of a finding across a fix: which rule, where, and on which index (a GSI that takes the table's capacity shares its path). */
const keyOf = (f: Finding, renamed: ReadonlyMap<string, string> = new Map()) => `${f.ruleId} ${f.path} ${renamed.get(f.index ?? '') ?? f.index ?? ''}`;

/** New name → old, of the indexes the edits re-key under a new name (an index key cannot change in place): their findings are the old index's. */
function renamedIndexes(design: DesignInput, edits: readonly DesignEdit[]): Map<string, string> {
  const indexes = (design as { globalSecondaryIndexes?: readonly { indexName: string }[] }).globalSecondaryIndexes ?? [];
  const renames = edits.flatMap((edit) => {
    const at = /^globalSecondaryIndexes\[(\d+)\]\.indexName$/.exec(edit.path);
    const old = at ? indexes[Number(at[1])]?.indexName : undefined;
    return edit.op === 'set' && old !== undefined ? [[String(edit.value), old] as const] : [];
  });
  return new Map(renames);
}

/** The index names of a table (GSIs and LSIs) or an external resource (its keys' indexes): the key spaces an
 *  acknowledgement names with `index`. */
function indexNamesOf(d: object): string[] {
  const named = (list: unknown) => (Array.isArray(list) ? list.flatMap((i: { indexName?: unknown; index?: unknown }) => [i.indexName ?? i.index]) : []);
  const { globalSecondaryIndexes, localSecondaryIndexes, partitionKeys } = d as Record<string, unknown>;
  return [
    ...new Set([...named(globalSecondaryIndexes), ...named(localSecondaryIndexes), ...named(partitionKeys)].filter((n): n is string => typeof n === 'string')),
  ];
}

/** Adds an acknowledgement of `rule` to every table, container and external resource of the input: one without
 *  `index` (its own key space), and, unless `ownKeyOnly`, one per index. */
export function acknowledgeEverywhere(design: DesignInput, rule: string, reason: string, ownKeyOnly = false, appliesTo?: readonly string[]): DesignInput {
  const kinds = appliesTo ? { appliesTo } : {};
  const add = <T extends { acknowledgements?: readonly unknown[] }>(d: T): T => ({
    ...d,
    acknowledgements: [
      ...(d.acknowledgements ?? []),
      { rule, reason, ...kinds },
      ...(ownKeyOnly ? [] : indexNamesOf(d).map((index) => ({ rule, reason, index, ...kinds }))),
    ],
  });
  if ('engine' in design && design.engine !== undefined) return add(design as never);
  const doc = design as { tables?: never[]; containers?: never[]; external?: never[] };
  return { ...doc, tables: doc.tables?.map(add), containers: doc.containers?.map(add), external: doc.external?.map(add) } as DesignInput;
}

export function testRule(ruleId: string, cases: { readonly valid: readonly ValidCase[]; readonly invalid: readonly InvalidCase[] }): void {
  describe(`${ruleId} passes`, () => {
    it.each(cases.valid.map((c) => [c.name, c] as const))('%s', (_, c) => {
      expect(lint(c.design, c.options).filter((f) => f.ruleId === ruleId)).toEqual([]);
    });
  });

  describe(`${ruleId} fires`, () => {
    it.each(cases.invalid.map((c) => [c.name, c] as const))('%s', (_, c) => {
      const found = lint(c.design, c.options).filter((f) => f.ruleId === ruleId);
      expect(found.map((f) => f.messageId)).toEqual(c.findings.map((e) => e.messageId));
      c.findings.forEach((expected, i) => {
        const actual = found[i];
        if (expected.path !== undefined) expect(actual.path).toBe(expected.path);
        if (expected.index !== undefined) expect(actual.index).toBe(expected.index);
        if (expected.severity !== undefined) expect(actual.severity).toBe(expected.severity);
        if (expected.notes !== undefined) expect(actual.notes ?? []).toEqual(expected.notes);
        if (expected.data !== undefined) expect(actual.data).toMatchObject(expected.data);
        if (typeof expected.message === 'string') expect(actual.message).toBe(expected.message);
        else if (expected.message) expect(actual.message).toMatch(expected.message);
        if (typeof expected.fix === 'string') expect(actual.fix).toBe(expected.fix);
        else if (expected.fix) expect(actual.fix).toMatch(expected.fix);
        if (expected.edits === true) expect(actual.edits?.length).toBeGreaterThan(0);
        else if (expected.edits === false) expect(actual.edits).toBeUndefined();
        else if (expected.edits) expect(actual.edits).toEqual(expected.edits);
      });
    });
  });

  describe(`${ruleId} acknowledged`, () => {
    it.each(cases.invalid.map((c) => [c.name, c] as const))('%s', (_, c) => {
      const reason = 'accepted for this test: the numbers are known';
      const found = lint(acknowledgeEverywhere(c.design, ruleId, reason), c.options).filter((f) => f.ruleId === ruleId);
      expect(found).toHaveLength(c.findings.length);
      for (const f of found) expect(f).toMatchObject({ acknowledged: true, reason });
    });
  });

  describe(`${ruleId} acknowledged without \`index\`: the own key space only`, () => {
    it.each(cases.invalid.map((c) => [c.name, c] as const))('%s', (_, c) => {
      const reason = 'accepted for this test: the numbers are known';
      const found = lint(acknowledgeEverywhere(c.design, ruleId, reason, true), c.options).filter((f) => f.ruleId === ruleId);
      for (const f of found) {
        const own = f.index === undefined;
        expect([f.index, f.acknowledged, f.acknowledgementWithoutIndex?.reason]).toEqual([f.index, own, own ? undefined : reason]);
      }
    });
  });

  // A rule whose findings are made of parts (SG003's directions of heat): a waiver naming one part waives a finding made
  // of that part alone, and a finding made of more names it as the waiver that leaves the others out.
  const partKinds = Object.keys(RULES.find((rule) => rule.id === ruleId)?.partKinds ?? {});
  if (partKinds.length > 0) {
    describe(`${ruleId} acknowledged by one part`, () => {
      it.each(cases.invalid.map((c) => [c.name, c] as const))('%s', (_, c) => {
        const reason = 'accepted for this test: the numbers are known';
        for (const part of partKinds) {
          const found = lint(acknowledgeEverywhere(c.design, ruleId, reason, false, [part]), c.options).filter((f) => f.ruleId === ruleId);
          expect(found).toHaveLength(c.findings.length);
          for (const f of found) {
            const alone = f.parts?.length === 1 && f.parts[0] === part;
            const among = !alone && (f.parts ?? []).includes(part);
            expect([f.messageId, f.parts, f.acknowledged, f.partialAcknowledgement?.leftOut]).toEqual([
              f.messageId,
              f.parts,
              alone,
              among ? f.parts?.filter((p) => p !== part) : undefined,
            ]);
          }
        }
      });
      // Waivers of the parts add up: one per part, each with its own reason, waive every finding made of them.
      it.each(cases.invalid.map((c) => [c.name, c] as const))('%s: one waiver per part', (_, c) => {
        const byPart = partKinds.reduce((design, part) => acknowledgeEverywhere(design, ruleId, `accepted for this test: ${part}`, false, [part]), c.design);
        const found = lint(byPart, c.options).filter((f) => f.ruleId === ruleId);
        expect(found.map((f) => [f.messageId, f.acknowledged])).toEqual(found.map((f) => [f.messageId, (f.parts ?? []).length > 0]));
      });
    });
  }

  // A rule whose message ids word one kind of finding several ways (SG003's `hotNamedKey`, a variant of `hotKey`): a
  // waiver naming the kind waives every wording of it, and a finding names the kind it is a variant of.
  const variants = RULES.find((rule) => rule.id === ruleId)?.messageVariants ?? {};
  const kinds = [...new Set(Object.values(variants).filter((kind): kind is string => kind !== undefined))];
  if (kinds.length > 0) {
    describe(`${ruleId} acknowledged by the kind its wordings are variants of`, () => {
      it.each(cases.invalid.map((c) => [c.name, c] as const))('%s', (_, c) => {
        const reason = 'accepted for this test: the numbers are known';
        const found = lint(acknowledgeEverywhere(c.design, ruleId, reason, false, kinds), c.options).filter((f) => f.ruleId === ruleId);
        expect(found.map((f) => [f.messageId, f.variantOf, f.acknowledged])).toEqual(
          found.map((f) => {
            const of = Object.prototype.hasOwnProperty.call(variants, f.messageId) ? variants[f.messageId] : undefined;
            return [f.messageId, of, of !== undefined || kinds.includes(f.messageId)];
          }),
        );
      });
    });
  }

  describe(`${ruleId} fixes converge`, () => {
    it.each(cases.invalid.map((c) => [c.name, c] as const))('%s', (_, c) => {
      const before = lint(c.design, c.options);
      for (const finding of before.filter((f) => f.ruleId === ruleId && f.edits)) {
        const after = lint(applyDesignEdits(c.design, finding.edits as DesignEdit[]), c.options);
        const renamed = renamedIndexes(c.design, finding.edits as DesignEdit[]);
        expect(after.map((f) => keyOf(f, renamed))).not.toContain(keyOf(finding));
        const known = new Set(before.map((f) => keyOf(f)));
        const appeared = after.filter((f) => !known.has(keyOf(f, renamed)) && !dominantAfterRaise(finding, f));
        expect(appeared.map((f) => `${keyOf(f, renamed)}: ${f.message}`)).toEqual([]);
      }
    });
  });
}
