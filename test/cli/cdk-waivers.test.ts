/**
 * `skewguard lint cdk.out/` reads the `Validations.acknowledge()` waivers the synth judges: a template
 * holds only those skewguard accepted, so the others are read from the stack's construct metadata in
 * the cloud assembly, and reported in the synth's own words. One real synth of a GuardedTable with a
 * waiver of an unknown rule id, one of a retired rule, a valid one and one without the prefix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { GuardedTable } from '../../lib/cdk';
import { ACKNOWLEDGED_RULES_METADATA_TYPE } from '../../lib/cfn/cdk-acknowledgements';
import { appWithStack, skewguardReport, statusKeyed, synthError } from '../cdk/support';
import { cli, tempTree } from './helpers';

const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
const table = new GuardedTable(stack, 'Orders', statusKeyed({ workload: { peakReadUnits: 100, peakWriteUnits: 100 }, warmThroughput: undefined }));
Validations.of(table).acknowledge({ id: 'skewguard::SG999', reason: 'a typo of the rule id in the waiver' });
Validations.of(table).acknowledge({ id: 'skewguard::SG011', reason: 'latency alarms are handled by the platform team' });
Validations.of(table).acknowledge({ id: 'skewguard::SG001', reason: 'five statuses, a small table read once a day' });
Validations.of(stack).acknowledge({ id: 'SG015', reason: 'an id without the skewguard:: prefix' });
Validations.of(stack).acknowledge({ id: 'skewguard::SG014', reason: 'a stack-wide waiver that waives nothing' });
const refusal = synthError(app);
/** The synth's violation whose description starts with `start` (CDK writes the plugin's `fix` as `suggestedFix`). */
const synthSays = (start: string) =>
  skewguardReport(app)?.violations.find((v) => v.description.startsWith(start)) as { description: string; suggestedFix: string } | undefined;
const cwd = join(app.outdir, '..');

describe('lint cdk.out/ judges the Validations.acknowledge() waivers the synth judges', () => {
  it('reads them from the metadata CDK records them under', () => {
    expect(ACKNOWLEDGED_RULES_METADATA_TYPE).toBe(Validations.ACKNOWLEDGED_RULES_METADATA_KEY);
  });

  it('refuses a waiver of an unknown rule id, as the synth does, naming the construct path, the id and the fix in the synth’s words', async () => {
    expect(refusal).toContain("Validations.acknowledge({ id: 'skewguard::SG999' }) at Test/Orders is not a valid waiver");
    const synth = synthSays("Validations.acknowledge({ id: 'skewguard::SG999' })");
    expect(synth).toBeDefined();
    const { code, stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd });
    expect(code).toBe(2);
    const [template] = JSON.parse(stdout).files as { file: string; errors: { path: string; message: string }[]; notes: { message: string }[] }[];
    expect(template.file).toBe(join('cdk.out', 'Test.template.json'));
    expect(template.errors).toEqual([{ path: '', message: `${synth?.description}. Fix: ${synth?.suggestedFix}` }]);
    expect(template.errors[0].message).toContain('id: "SG999" is not a skewguard rule');
  });

  it('reports the unprefixed id as a note (the synth warns), the retired rule’s waiver as unused, and honours the valid one', async () => {
    const { stdout } = await cli(['lint', 'cdk.out'], { cwd });
    expect(stdout).toContain(
      `    note    ${join('cdk.out', 'Test.template.json')}: ${synthSays("Validations.acknowledge({ id: 'SG015' })")?.description}. Fix: use id: 'skewguard::SG015'\n`,
    );
    expect(stdout).toMatch(
      /warning unused acknowledgement of SG011 .*\n.*Validations\.acknowledge\(\{ id: 'skewguard::SG011' \}\) at Test\/Orders waives nothing/,
    );
    expect(stdout).toMatch(/\(acknowledged\) SG001 low-cardinality-key/);
    expect(stdout).toContain('acknowledged: five statuses, a small table read once a day');
  });

  // Review 25: a stack's waiver was headed "Test (dynamodb)", as if the stack were a table of that engine.
  it('heads a waiver given on a scope by that scope, not by an engine', async () => {
    const { stdout } = await cli(['lint', 'cdk.out', '--no-color'], { cwd });
    expect(stdout.match(/^ {2}\S.*$/gm)).toEqual(['  Test.Orders (dynamodb)', '  Test/Orders (CDK scope)', '  Test (CDK scope)']);
    expect(stdout).toMatch(
      / {2}Test \(CDK scope\)\n {4}warning unused acknowledgement of SG014 .*\n.*Validations\.acknowledge\(\{ id: 'skewguard::SG014' \}\) at Test waives nothing/,
    );
  });

  it('reads a stack’s metadata kept inline in manifest.json (no additionalMetadataFile), as older CDK versions write it', async () => {
    const manifest = JSON.parse(readFileSync(join(app.outdir, 'manifest.json'), 'utf8'));
    const artifact = manifest.artifacts.Test;
    artifact.metadata = JSON.parse(readFileSync(join(app.outdir, artifact.additionalMetadataFile), 'utf8'));
    delete artifact.additionalMetadataFile;
    const dir = tempTree({
      'cdk.out/cdk.out': readFileSync(join(app.outdir, 'cdk.out'), 'utf8'),
      'cdk.out/manifest.json': JSON.stringify(manifest),
      'cdk.out/Test.template.json': readFileSync(join(app.outdir, 'Test.template.json'), 'utf8'),
    });
    const { code, stdout } = await cli(['lint', 'cdk.out'], { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toContain("Validations.acknowledge({ id: 'skewguard::SG999' }) at Test/Orders is not a valid waiver");
  });
});
