/**
 * A scenario: a named stretch of modelled traffic for one or more tables or containers, with its
 * seed, its assumptions in words, and — for an incident — which key space it hits.
 */
export interface Scenario<Model> {
  readonly name: string;
  readonly kind: 'healthy' | 'incident';
  readonly days: number;
  readonly seed: number;
  /** What the scenario assumes, in words a reviewer can check. */
  readonly assumptions: readonly string[];
  /** The model of each target: a table's construct id, or a container's name. */
  readonly models: Readonly<Record<string, Model>>;
  /** For an incident: the target and key space it hits, and what a page should say.
   *  @default - none (a healthy scenario) */
  readonly incident?: { readonly target: string; readonly index?: string; readonly description: string };
}
