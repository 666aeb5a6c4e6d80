process.env.CDK_VALIDATION='false'; process.env.NODE_ENV='test';
const { App, Stack } = require('aws-cdk-lib');
const { Table, AttributeType } = require('aws-cdk-lib/aws-dynamodb');
const { SkewguardPlugin } = require('../dist/cdk');
const app = new App(); const stack = new Stack(app, 'Shop');
new Table(stack, 'Jobs', { partitionKey: { name: 'status', type: AttributeType.STRING }, contributorInsightsSpecification: { enabled: true } });
SkewguardPlugin.checkUnguardedTables(app);
try { app.synth() } catch (e) { console.log(e.message) }
console.log(require('fs').readFileSync(app.outdir + '/validation-report.json', 'utf8').slice(0, 2000));
