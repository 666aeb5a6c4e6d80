/**
 * The example app `npx cdk synth` runs (see cdk.json): prints the design report, then CDK
 * synthesizes and the skewguard plugin checks every GuardedTable.
 *
 *   npx cdk synth                    # passes
 *   npx cdk synth -c refuse=true     # refused: SG001 low-cardinality-key on OrdersByStatus
 */
import { App } from 'aws-cdk-lib';
import { designReport } from '../../lib/cdk';
import { SkewguardExampleStack } from './stack';

const app = new App();
const refuse = ['true', true].includes(app.node.tryGetContext('refuse'));
new SkewguardExampleStack(app, 'SkewguardExample', { refuse });
// stderr: `cdk synth` prints the template on stdout.
console.error(designReport(app));
