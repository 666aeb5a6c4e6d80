import type { CfnTemplate } from '../../../lib/testing/replay';

/** `cfn` with the failed-requests page as it summed every throttle, before it left an auto-scaled direction's provisioned
 *  throttles out of the minutes the at-maximum page counts it at its maximum: each such term counted in every minute. */
export function unmasked(cfn: CfnTemplate): CfnTemplate {
  const copy = JSON.parse(JSON.stringify(cfn)) as CfnTemplate;
  for (const resource of Object.values(copy.Resources ?? {}))
    for (const m of (resource.Properties?.Metrics ?? []) as { Expression?: string }[])
      m.Expression &&= m.Expression.replace(/IF\(FILL\(consumed\w+, 0\) \/ PERIOD\(consumed\w+\) >= 0\.9 \* \d+, 0, (FILL\(provisioned\w+, 0\))\)/g, '$1');
  return copy;
}
