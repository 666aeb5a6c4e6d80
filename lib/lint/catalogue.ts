/** The rule catalogue document, generated from the rules' own metadata (docs/rules.md, `skewguard rules`). */
import { DEFAULT_THRESHOLDS } from '../design/limits';
import type { RetiredRule, Rule } from './rule';
import { RETIRED_RULES, RULES } from './rules';

/** GitHub's anchor for the heading `## SG003 hot-key-exceeds-partition` this catalogue writes. */
export function ruleAnchor(id: string, title: string): string {
  return `${id} ${title}`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}

/** `minCardinality` 100, `headroom` 0.8: a rule's thresholds with their default values. */
function thresholdList(rule: Rule): string {
  return rule.thresholds.map((t) => `\`${t}\` ${DEFAULT_THRESHOLDS[t]}`).join(', ');
}

/** A rule's short text with its edge cases as a Markdown list below it (docs/rules.md, `explain --format markdown`, SARIF's help). */
export function withBullets(text: string, bullets: readonly string[] = []): string {
  return bullets.length === 0 ? text : `${text}\n\n${bullets.map((bullet) => `- ${bullet}`).join('\n')}`;
}

export function catalogueMarkdown(rules: readonly Rule[] = RULES, retired: readonly RetiredRule[] = RETIRED_RULES): string {
  const lines = [
    '# skewguard rule catalogue',
    '',
    '<!-- Generated from lib/lint/rules/*.ts by `npm run generate`; do not edit by hand. -->',
    '',
    'Every finding names the rule, the offending field path, the numbers that triggered it, and a fix with',
    'computed values (and, where the fix is a design change, the edits that apply it: `skewguard lint --fix`).',
    'Waive one with `{ rule, reason }` in `acknowledgements` (reason of 10+ characters; one on an index also gives its',
    "`index`: a waiver without it covers the table's or container's own key space only); waived findings still",
    "appear in every report. A rule's severity can be changed or turned off per project (`rules` option).",
    '',
    `Thresholds (override per design, per file, or per project under \`thresholds\`), with their defaults: ${Object.entries(DEFAULT_THRESHOLDS)
      .map(([k, v]) => `\`${k}\` ${v}`)
      .join(', ')}.`,
    '',
    '| id | rule | finds | severity | engines |',
    '|---|---|---|---|---|',
    ...rules.map((r) => `| [${r.id}](#${ruleAnchor(r.id, r.title)}) | ${r.title} | ${r.summary} | ${r.severity} | ${r.engines.join(', ')} |`),
    '',
  ];
  for (const rule of rules) {
    lines.push(
      `## ${rule.id} ${rule.title}`,
      '',
      `Severity: **${rule.severity}** · Engines: ${rule.engines.join(', ')}${rule.thresholds.length ? ` · Thresholds: ${thresholdList(rule)}` : ''}`,
      '',
      `**Fires when:** ${withBullets(rule.fires, rule.firesAlso)}`,
      '',
      `**Why:** ${withBullets(rule.rationale, rule.rationaleDetails)}`,
      '',
      `**Fix:** ${withBullets(rule.fix, rule.fixDetails)}`,
      '',
      `**Sources:** ${rule.sources.map((s) => `[${s.title}](${s.url})`).join(' · ')}`,
      '',
    );
  }
  if (retired.length > 0) {
    lines.push('## Retired rules', '', 'Their ids are never reused; acknowledging one is reported as unused, never an error.', '');
    for (const r of retired) lines.push(`- **${r.id} ${r.title}** — ${r.retired}; replaced by ${r.replacedBy.join(', ') || 'nothing'}.`);
    lines.push('');
  }
  return lines.join('\n');
}
