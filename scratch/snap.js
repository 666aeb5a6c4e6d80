process.env.CDK_VALIDATION='false'; process.env.NODE_ENV='test';
const { App, Stack, LegacyStackSynthesizer, NestedStack } = require('aws-cdk-lib');
const lambda = require('aws-cdk-lib/aws-lambda');
const { GuardedTable } = require('../dist/cdk');
const { stackSnapshot, assertStackPasses, assertStackFails } = require('../dist/testing/cdk');
const fs = require('fs');
function build(code, legacy) {
  fs.mkdirSync('/tmp/sgt/code', {recursive:true}); fs.writeFileSync('/tmp/sgt/code/index.js', code);
  const app = new App({ analyticsReporting: true });
  const stack = new Stack(app, 'S', legacy ? { synthesizer: new LegacyStackSynthesizer() } : {});
  new GuardedTable(stack, 'Orders', { partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 100, peakWriteUnits: 100 } });
  const fn = new lambda.Function(stack, 'Fn', { runtime: lambda.Runtime.NODEJS_20_X, handler: 'index.handler', code: lambda.Code.fromAsset('/tmp/sgt/code') });
  fn.currentVersion;
  return stack;
}
for (const legacy of [false, true]) {
  const a = stackSnapshot(build('exports.handler=async()=>1;', legacy));
  const b = stackSnapshot(build('exports.handler=async()=>2;', legacy));
  console.log('equal', JSON.stringify(a) === JSON.stringify(b));
  const s = JSON.stringify(a, null, 1);
  console.log(s.split('\n').filter(l => /asset|hash|latest|Asset|CDK|Bootstrap|Version/.test(l)).join('\n'));
}
const s = build('x', false);
console.log(assertStackPasses(s).length);
try { assertStackFails(s, 'SG003') } catch (e) { console.log(e.message) }
