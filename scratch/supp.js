process.env.CDK_VALIDATION='false'; process.env.NODE_ENV='test';
const { App, Stack, Validations } = require('aws-cdk-lib');
const { GuardedTable } = require('../dist/cdk');
const app = new App();
const stack = new Stack(app, 'S');
const t = new GuardedTable(stack, 'Orders', { partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 20000, peakWriteUnits: 20000 }, acknowledgements: [{rule:'SG001', reason: 'because we know it is fine'}] });
Validations.of(t).acknowledge({ id: 'skewguard::SG003', reason: 'a reason long enough' });
try { app.synth(); } catch (e) { console.log('THROWN', e.message.slice(0, 300)); }
const r = JSON.parse(require('fs').readFileSync(app.outdir + '/validation-report.json', 'utf8'));
console.log(JSON.stringify(r.pluginReports, null, 1));
console.log(t.findings.map(f => [f.ruleId, f.acknowledged, f.reason]));
