/** The rule catalogue document, generated from the rules' own metadata (docs/rules.md, `skewguard rules`). */
import { DEFAULT_THRESHOLDS } from '../design/limits';
import type { Rule } from './rule';
import { RULES } from './rules';

export function catalogueMarkdown(rules: readonly Rule[] = RULES): string {
  const lines = [
    '# skewguard rule catalogue',
    '',
    '<!-- Generated from lib/lint/rules/*.ts by `npm run generate`; do not edit by hand. -->',
    '',
    'Every finding names the rule, the offending field path, the numbers that triggered it, and a fix with',
    'computed values. Waive one with `{ rule, reason }` in `acknowledgements` (reason of 10+ characters);',
    'waived findings still appear in every report.',
    '',
    `Default thresholds (override per design or per file under \`thresholds\`): ${Object.entries(DEFAULT_THRESHOLDS).map(([k, v]) => `\`${k}\` ${v}`).join(', ')}.`,
    '',
    '| id | rule | severity | engines |',
    '|---|---|---|---|',
    ...rules.map((r) => `| [${r.id}](#${r.id.toLowerCase()}-${r.title}) | ${r.title} | ${r.severity} | ${r.engines.join(', ')} |`),
    '',
  ];
  for (const rule of rules) {
    lines.push(
      `## ${rule.id} ${rule.title}`,
      '',
      `Severity: **${rule.severity}** · Engines: ${rule.engines.join(', ')}`,
      '',
      `**Fires when:** ${rule.fires}`,
      '',
      `**Why:** ${rule.rationale}`,
      '',
      `**Fix:** ${rule.fix}`,
      '',
    );
  }
  return lines.join('\n');
}
