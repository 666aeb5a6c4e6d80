/**
 * A CrossGuard policy pack with skewguard's policies, run from the stack's directory with
 *   pulumi preview --policy-pack ./policy-pack
 * Inside this repository it uses the repository's node_modules. In your own pack, add `skewguard`
 * to package.json's dependencies and import from 'skewguard/pulumi/policy'; this one imports the
 * sources so that it type-checks in the repository's CI.
 */
import { PolicyPack } from '@pulumi/policy';
import { POLICY_NAMES, skewguardPolicies } from '../../../lib/pulumi/policy';

new PolicyPack('skewguard', {
  policies: skewguardPolicies({
    // Key names (SG015) only advise by default; make them block in this organization.
    enforcementLevels: { [POLICY_NAMES.keyNames]: 'mandatory' },
    acknowledgements: {
      'legacy-jobs': [{ rule: 'SG015', reason: 'The /status key holds 10,000 job-run ids despite its name; see ADR-12.' }],
    },
  }),
});
