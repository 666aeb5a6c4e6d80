process.env.CDK_VALIDATION='false'; process.env.NODE_ENV='test';
const { App, Stack } = require('aws-cdk-lib');
const { GuardedTable } = require('../dist/cdk');
const base = { partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 100, peakWriteUnits: 100 } };
const cases = {
  contributorInsightsMode: 'SOMETIMES', dashboard: 'yes', dashboardName: 42, alarmTopic: {}, alarmActions: 'x',
  removalPolicy: 'keep', deletionProtection: 'yes', tableName: 42, timeToLiveAttribute: 7, pointInTimeRecoverySpecification: 'on',
  tableClass: 'CHEAP', billing: 'on-demand', alarmThresholds: { latency: { operations: 'GetItem' } }, tags: 'x', encryption: 'kms',
};
let i = 0;
for (const [k, v] of Object.entries(cases)) {
  const app = new App(); const stack = new Stack(app, 'S' + i++);
  let outcome;
  try { new GuardedTable(stack, 'T', { ...base, [k]: v }); try { app.synth(); outcome = 'SYNTH OK'; } catch (e) { outcome = 'synth error: ' + e.constructor.name + ': ' + e.message.split('\n')[0].slice(0, 150); } }
  catch (e) { outcome = 'construct error: ' + e.constructor.name + ': ' + e.message.split('\n').slice(0,2).join(' | ').slice(0, 200); }
  console.log(k, '=', JSON.stringify(v), '→', outcome);
}
