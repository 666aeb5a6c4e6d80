/**
 * Links from every finding to its rule's documentation (text report, JSON `helpUri`, SARIF
 * `helpUri`, GitHub annotations): the section of docs/rules.md for that rule. Where docs/ is
 * published is a setting: the environment variable `SKEWGUARD_DOCS_URL` (docs/cli.md), for a fork
 * or a mirror; by default the repository's docs path. Rule ids never change and the headings of
 * docs/rules.md are generated from them (`## SG003 hot-key-exceeds-partition`), so the anchors are
 * stable.
 */
import { RULE_QUOTA_CHECK, ruleAnchor } from '../internal';
import { UsageError } from './errors';

/** The repository's docs/ folder, used unless `SKEWGUARD_DOCS_URL` says otherwise. */
export const DOCUMENTATION_URL = 'https://github.com/skewguard/skewguard/blob/main/docs/';

/** The environment variable that moves the documentation links. */
export const DOCS_URL_VARIABLE = 'SKEWGUARD_DOCS_URL';

/** The docs/ base URL from the environment (a trailing slash added), or the default; a value that is
 *  not an absolute http(s) URL is refused, since SARIF and GitHub need absolute links. */
export function documentationUrl(env: NodeJS.ProcessEnv): string {
  const given = env[DOCS_URL_VARIABLE];
  if (given === undefined || given === '') return DOCUMENTATION_URL;
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new UsageError(`${DOCS_URL_VARIABLE} must be an absolute http(s) URL of the docs/ folder (e.g. ${DOCUMENTATION_URL}), got ${JSON.stringify(given)}`);
  }
  return given.endsWith('/') ? given : `${given}/`;
}

/** docs/rules.md under `base`. */
export function rulesDocumentationUrl(base = DOCUMENTATION_URL): string {
  return `${base}rules.md`;
}

/** docs/cli.md's section on acknowledgements that waive nothing (the `unused-acknowledgement` reporting rule). */
export function unusedAcknowledgementDocsUrl(base = DOCUMENTATION_URL): string {
  return `${base}cli.md#acknowledgements-that-waive-nothing`;
}

/** docs/cli.md's exit codes, whose code 2 lists what makes an input an error (the `input-error` reporting rule). */
export function inputErrorDocsUrl(base = DOCUMENTATION_URL): string {
  return `${base}cli.md#exit-codes`;
}

export function ruleDocsUrl(id: string, title: string, base = DOCUMENTATION_URL): string {
  // SG020 observed-drift is the observe command's, not the core catalogue's: docs/observe.md explains it.
  if (id === 'SG020') return `${base}observe.md#${ruleAnchor(id, title)}`;
  // The rule quota is counted over a run's cloud assemblies, not a rule of the catalogue: docs/cli.md explains it.
  if (id === RULE_QUOTA_CHECK) return `${base}cli.md#the-contributor-insights-rule-quota`;
  return `${rulesDocumentationUrl(base)}#${ruleAnchor(id, title)}`;
}
