/**
 * Links from every finding to its rule's documentation (text report, JSON `helpUri`, SARIF
 * `helpUri`, GitHub annotations): the section of docs/rules.md for that rule, on the repository.
 */
import { ruleAnchor } from '../lint/catalogue';

/**
 * Where the docs/ folder is published. Change this one constant when the repository's home is
 * settled (package.json has no `repository` or `homepage` yet). Rule ids never change and the
 * headings of docs/rules.md are generated from them (`## SG003 hot-key-exceeds-partition`), so
 * the anchors below are stable.
 */
export const DOCUMENTATION_URL = 'https://github.com/skewguard/skewguard/blob/main/docs/';

export const RULES_DOCUMENTATION_URL = `${DOCUMENTATION_URL}rules.md`;

export function ruleDocsUrl(id: string, title: string): string {
  // SG020 observed-drift is the observe command's, not the core catalogue's: docs/observe.md explains it.
  if (id === 'SG020') return `${DOCUMENTATION_URL}observe.md#${ruleAnchor(id, title)}`;
  return `${RULES_DOCUMENTATION_URL}#${ruleAnchor(id, title)}`;
}
