/** `skewguard rules [<rule>]` and `skewguard explain <rule>`: the catalogue, or one rule in full. */
import { catalogueMarkdown, didYouMean, RULES, type RuleDescription } from '../../index';
import { choice, RULES_FORMATS, UsageError, type ParsedArgs } from '../args';
import { print, type Io } from '../io';
import { DRIFT_RULE } from '../observe/drift-rule';
import { documentationUrl, ruleDocsUrl } from '../rule-docs';

/** The catalogue's rules and the one `observe` reports (SG020, documented in docs/observe.md). */
const EXPLAINED: readonly RuleDescription[] = [...RULES, DRIFT_RULE];

/** A rule by id (`SG003`, `sg3`) or name (`hot-key-exceeds-partition`). */
export function findRule(query: string): RuleDescription {
  const wanted = query.trim().toLowerCase();
  const number = /^sg0*(\d{1,3})$/.exec(wanted);
  const id = number ? `SG${number[1].padStart(3, '0')}` : undefined;
  const rule = EXPLAINED.find((r) => r.id === id || r.title === wanted);
  if (rule) return rule;
  const hint = didYouMean(query, [...EXPLAINED.map((r) => r.id), ...EXPLAINED.map((r) => r.title)]);
  throw new UsageError(`unknown rule "${query}"${hint}; \`skewguard rules\` lists them`);
}

const asJson = (r: RuleDescription, docsUrl: string) => ({
  id: r.id,
  title: r.title,
  severity: r.severity,
  engines: r.engines,
  fires: r.fires,
  rationale: r.rationale,
  fix: r.fix,
  helpUri: ruleDocsUrl(r.id, r.title, docsUrl),
});

function explainText(r: RuleDescription, docsUrl: string): string {
  return [
    `${r.id} ${r.title}`,
    `  severity:   ${r.severity}`,
    `  engines:    ${r.engines.join(', ')}`,
    `  fires when: ${r.fires}`,
    `  why:        ${r.rationale}`,
    `  fix:        ${r.fix}`,
    `  docs:       ${ruleDocsUrl(r.id, r.title, docsUrl)}`,
    '',
  ].join('\n');
}

/** The rule's own section of the catalogue (from its heading to the next). */
function explainMarkdown(r: RuleDescription, docsUrl: string): string {
  if (r === DRIFT_RULE)
    return `## ${r.id} ${r.title}\n\n**Fires when:** ${r.fires}\n\n**Why:** ${r.rationale}\n\n**Fix:** ${r.fix}\n\n[Documentation](${ruleDocsUrl(r.id, r.title, docsUrl)})\n`;
  const catalogue = catalogueMarkdown();
  const start = catalogue.indexOf(`## ${r.id} `);
  const end = catalogue.indexOf('\n## ', start + 1);
  return `${catalogue.slice(start, end < 0 ? undefined : end + 1).trimEnd()}\n`;
}

export async function rulesCommand(args: ParsedArgs, io: Io, command: 'rules' | 'explain'): Promise<number> {
  const format = choice(args.values.format, RULES_FORMATS, 'format') ?? 'text';
  if (args.positionals.length > 1) throw new UsageError(`${command} takes one rule at a time, got ${args.positionals.length}`, command);
  if (command === 'explain' && args.positionals.length === 0) throw new UsageError('explain needs a rule id or name, e.g. `skewguard explain SG003`', command);
  const docsUrl = documentationUrl(io.env);
  const query = args.positionals[0];
  if (query !== undefined) {
    const rule = findRule(query);
    return print(
      io,
      format === 'json'
        ? `${JSON.stringify(asJson(rule, docsUrl), null, 2)}\n`
        : format === 'markdown'
          ? explainMarkdown(rule, docsUrl)
          : explainText(rule, docsUrl),
    );
  }
  if (format === 'markdown') return print(io, catalogueMarkdown());
  if (format === 'json')
    return print(
      io,
      `${JSON.stringify(
        RULES.map((r) => asJson(r, docsUrl)),
        null,
        2,
      )}\n`,
    );
  return print(
    io,
    RULES.map((r) => `${r.id}  ${r.severity.padEnd(7)}  ${r.engines.join(', ').padEnd(18)}  ${r.title}\n        ${r.fires}\n`).join('') +
      '\n`skewguard explain <id>` prints one rule with its rationale, fix and documentation link.\n' +
      `\`skewguard observe\` also reports ${DRIFT_RULE.id} ${DRIFT_RULE.title}, against what production measured (\`skewguard explain ${DRIFT_RULE.id}\`).\n`,
  );
}
