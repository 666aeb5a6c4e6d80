/**
 * A synth without CDK's console report of the whole app: after a synth with violations that does not fail, CDK prints
 * every stack's findings through `console.error`, so a test of one stack would print another's. The helpers say what
 * they assert in their own words (the assertions print their scope's part), so the app's report is left out.
 */
import { PLUGIN_NAME } from '../../cdk/acknowledgements';

/**
 * Whether a `console.error` call is CDK's validation report: after a synth with violations and no
 * failure, CDK prints the report of the whole app, every stack's skewguard warnings in it (ending
 * with where its copy is; without that line when it prints before throwing outside jest).
 */
function isAppValidationReport(args: readonly unknown[]): boolean {
  const [text] = args;
  return args.length === 1 && typeof text === 'string' && (text.includes('A copy of this report can be found in') || text.includes(`(${PLUGIN_NAME})`));
}

/**
 * `synth()` (a real synthesis) without CDK's console report of the whole app. Anything else printed meanwhile is
 * printed after, in order. `reportOnFailure`: where the synth throws, the report is printed too, for a helper whose
 * caller then has nothing else that says why (outside jest, CDK throws with only the path of the report's copy).
 */
export function synthWithoutAppReport<T>(synth: () => T, reportOnFailure = false): T {
  const print = console.error;
  const held: unknown[][] = [];
  let failed = true;
  console.error = (...args: unknown[]) => void held.push(args);
  try {
    const result = synth();
    failed = false;
    return result;
  } finally {
    console.error = print;
    for (const args of held) if ((failed && reportOnFailure) || !isAppValidationReport(args)) print(...args);
  }
}
