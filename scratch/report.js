process.env.CDK_VALIDATION='false'; process.env.NODE_ENV='test';
const { App, Stack, Validations } = require('aws-cdk-lib');
const { GuardedTable } = require('../dist/cdk');
const app = new App();
const stack = new Stack(app, 'S');
new GuardedTable(stack, 'Orders', { partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 20000, peakWriteUnits: 20000 } });
const s2 = new Stack(app, 'S2');
const t = new GuardedTable(s2, 'Ok', { partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 100, peakWriteUnits: 100 }, sharding: {strategy:'random', shards: 4} });
try { app.synth(); } catch (e) { console.log('THROWN', e.message.slice(0, 3000)); }
console.log(require('fs').readFileSync(app.outdir + '/validation-report.json', 'utf8'));
