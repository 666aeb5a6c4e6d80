/** `skewguard rules [<rule>]` and `skewguard explain <rule>`: the catalogue, or one rule in full. */
import { RULES, type RuleDescription } from '../../index';
import { catalogueMarkdown, didYouMean, RETIRED_RULES, withBullets, type RetiredRule } from '../../internal';
import { choice, colorFlag, RULES_FORMATS, UsageError, type ParsedArgs } from '../args';
import { print, type Io } from '../io';
import { DRIFT_RULE } from '../observe/drift-rule';
import { documentationUrl, ruleDocsUrl, rulesDocumentationUrl } from '../rule-docs';
import { COLORS, NO_COLORS, useColor, type Palette } from '../terminal';
import { hangingWrap, wrapWidth } from '../wrap';

/** The catalogue's rules and the one `observe` reports (SG020, documented in docs/observe.md). */
const EXPLAINED: readonly RuleDescription[] = [...RULES, DRIFT_RULE];

/** A rule by id (`SG003`, `sg3`) or name (`hot-key-exceeds-partition`), or a retired one (`SG011`). */
export function findRule(query: string): RuleDescription | RetiredRule {
  const wanted = query.trim().toLowerCase();
  const number = /^sg0*(\d{1,3})$/.exec(wanted);
  const id = number ? `SG${number[1].padStart(3, '0')}` : undefined;
  const rule = [...EXPLAINED, ...RETIRED_RULES].find((r) => r.id === id || r.title === wanted);
  if (rule) return rule;
  const hint = didYouMean(query, [...EXPLAINED.map((r) => r.id), ...EXPLAINED.map((r) => r.title)]);
  throw new UsageError(`unknown rule "${query}"${hint}; \`skewguard rules\` lists them`);
}

const isRetired = (r: RuleDescription | RetiredRule): r is RetiredRule => 'replacedBy' in r;

/** `SG010 monitoring-off`: a replacement named with its title, so the reader knows what to look up. */
function replacements(r: RetiredRule): string[] {
  return r.replacedBy.map((id) => `${id} ${EXPLAINED.find((rule) => rule.id === id)?.title ?? ''}`.trimEnd());
}

/** docs/rules.md's "Retired rules" section, which lists every retired id. */
const retiredDocsUrl = (docsUrl: string) => `${rulesDocumentationUrl(docsUrl)}#retired-rules`;

function retiredText(r: RetiredRule, docsUrl: string, c: Palette, width: number | undefined): string {
  const replaced = replacements(r);
  return [
    `${c.bold(`${r.id} ${r.title}`)} ${c.yellow('(retired: it no longer runs)')}`,
    hangingWrap('  why:         ', r.retired, 15, width),
    `  replaced by: ${replaced.length ? `${replaced.join(', ')} (\`skewguard explain ${r.replacedBy[0]}\`)` : 'nothing'}`,
    `  docs:        ${retiredDocsUrl(docsUrl)}`,
    '',
  ].join('\n');
}

function retiredMarkdown(r: RetiredRule, docsUrl: string): string {
  const replaced = r.replacedBy.map((id, i) => {
    const rule = EXPLAINED.find((x) => x.id === id);
    return rule ? `[${replacements(r)[i]}](${ruleDocsUrl(rule.id, rule.title, docsUrl)})` : id;
  });
  return `## ${r.id} ${r.title} (retired)\n\n**Why:** ${r.retired}.\n\n**Replaced by:** ${replaced.join(', ') || 'nothing'}\n\n[Documentation](${retiredDocsUrl(docsUrl)})\n`;
}

const retiredJson = (r: RetiredRule, docsUrl: string) => ({
  id: r.id,
  title: r.title,
  status: 'retired',
  retired: r.retired,
  replacedBy: r.replacedBy,
  helpUri: retiredDocsUrl(docsUrl),
});

const asJson = (r: RuleDescription, docsUrl: string) => ({
  id: r.id,
  title: r.title,
  severity: r.severity,
  engines: r.engines,
  summary: r.summary,
  fires: r.fires,
  firesAlso: r.firesAlso ?? [],
  rationale: r.rationale,
  rationaleDetails: r.rationaleDetails ?? [],
  fix: r.fix,
  fixDetails: r.fixDetails ?? [],
  helpUri: ruleDocsUrl(r.id, r.title, docsUrl),
});

/** Where a field's value starts (`  fires when: `), and so where its wrapped lines and its bullets line up. */
const FIELD = 14;

/** A field of `explain`: its value after the name, then its edge cases, one bullet each, indented under the value. */
function field(name: string, text: string, bullets: readonly string[] = [], width: number | undefined): string[] {
  return [
    hangingWrap(`  ${`${name}:`.padEnd(FIELD - 2)}`, text, FIELD, width),
    ...bullets.map((bullet) => hangingWrap(`${' '.repeat(FIELD)}- `, bullet, FIELD + 2, width)),
  ];
}

function explainText(r: RuleDescription, docsUrl: string, c: Palette, width: number | undefined): string {
  return [
    c.bold(`${r.id} ${r.title}`),
    `  severity:   ${r.severity === 'error' ? c.red(r.severity) : c.yellow(r.severity)}`,
    `  engines:    ${r.engines.join(', ')}`,
    ...field('finds', r.summary, [], width),
    ...field('fires when', r.fires, r.firesAlso, width),
    ...field('why', r.rationale, r.rationaleDetails, width),
    ...field('fix', r.fix, r.fixDetails, width),
    `  docs:       ${c.cyan(ruleDocsUrl(r.id, r.title, docsUrl))}`,
    '',
  ].join('\n');
}

/** The rule's own section of the catalogue (from its heading to the next). */
function explainMarkdown(r: RuleDescription, docsUrl: string): string {
  if (r === DRIFT_RULE)
    return `## ${r.id} ${r.title}\n\n**Fires when:** ${withBullets(r.fires, r.firesAlso)}\n\n**Why:** ${withBullets(r.rationale, r.rationaleDetails)}\n\n**Fix:** ${withBullets(r.fix, r.fixDetails)}\n\n[Documentation](${ruleDocsUrl(r.id, r.title, docsUrl)})\n`;
  const catalogue = catalogueMarkdown();
  const start = catalogue.indexOf(`## ${r.id} `);
  const end = catalogue.indexOf('\n## ', start + 1);
  return `${catalogue.slice(start, end < 0 ? undefined : end + 1).trimEnd()}\n`;
}

function explanation(
  rule: RuleDescription | RetiredRule,
  format: (typeof RULES_FORMATS)[number],
  docsUrl: string,
  c: Palette,
  width: number | undefined,
): string {
  if (format === 'json') return `${JSON.stringify(isRetired(rule) ? retiredJson(rule, docsUrl) : asJson(rule, docsUrl), null, 2)}\n`;
  if (format === 'markdown') return isRetired(rule) ? retiredMarkdown(rule, docsUrl) : explainMarkdown(rule, docsUrl);
  return isRetired(rule) ? retiredText(rule, docsUrl, c, width) : explainText(rule, docsUrl, c, width);
}

export async function rulesCommand(args: ParsedArgs, io: Io, command: 'rules' | 'explain'): Promise<number> {
  const format = choice(args.values.format, RULES_FORMATS, 'format') ?? 'text';
  if (args.positionals.length > 1) throw new UsageError(`${command} takes one rule at a time, got ${args.positionals.length}`, command);
  if (command === 'explain' && args.positionals.length === 0) throw new UsageError('explain needs a rule id or name, e.g. `skewguard explain SG003`', command);
  const palette = useColor(io.env, io.stdout.isTTY, colorFlag(args.values, command)) ? COLORS : NO_COLORS;
  const docsUrl = documentationUrl(io.env);
  const width = wrapWidth(io.stdout);
  const query = args.positionals[0];
  if (query !== undefined) {
    return print(io, explanation(findRule(query), format, docsUrl, palette, width));
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
  const listing = RULES.map(
    (r) => `${r.id}  ${r.severity.padEnd(7)}  ${r.engines.join(', ').padEnd(18)}  ${r.title}\n${hangingWrap('        ', r.fires, 8, width)}\n`,
  );
  const notes = [
    '`skewguard explain <id>` prints one rule with its rationale, fix and documentation link.',
    `\`skewguard observe\` also reports ${DRIFT_RULE.id} ${DRIFT_RULE.title}, against what production measured (\`skewguard explain ${DRIFT_RULE.id}\`).`,
  ];
  return print(io, `${listing.join('')}\n${notes.map((note) => `${hangingWrap('', note, 0, width)}\n`).join('')}`);
}
