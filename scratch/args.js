const pulumi = require('@pulumi/pulumi');
const { GuardedContainer } = require('../dist/pulumi');
const design = { partitionKey: { paths: [{ path: '/tenantId', cardinality: 2000 }, { path: '/deviceId', cardinality: 500000 }] }, workload: { peakReadUnits: 1000, peakWriteUnits: 1000 }, acknowledgements: [{ rule: 'SG010', reason: 'diagnostics are elsewhere' }] };
const base = { resourceGroupName: 'rg', account: { name: 'a', id: '/x' }, database: 'db', design };
const cases = [
  ['throughput', { manual: 450 }], ['throughput', { manual: 0 }], ['throughput', { manual: NaN }], ['throughput', { manual: '1000' }],
  ['throughput', { autoscaleMax: 1500 }], ['throughput', { autoscaleMax: 999 }], ['throughput', {}], ['throughput', 'x'], ['throughput', { manual: 400, autoscaleMax: 1000 }], ['throughput', null],
  ['defaultTtl', 0], ['defaultTtl', -2], ['defaultTtl', 1.5], ['defaultTtl', '1h'], ['defaultTtl', null],
  ['containerName', ''], ['containerName', 42], ['containerName', 'has/slash'], ['containerName', null], ['protect', 'yes'], ['failOn', 'fatal'], ['database', ''], ['database', 42], ['database', null],
  ['alerts', { normalizedRu: { threshold: 0 } }], ['alerts', { normalizedRu: { threshold: 150 } }], ['alerts', { hotKeyShare: { threshold: 1.5 } }],
  ['alerts', { throttling: { threshold: -1 } }], ['alerts', { partitionSize: { threshold: 25 } }], ['alerts', { normalizedRu: { severity: 5 } }],
  ['alerts', { normalizedRu: { windowSize: 'five minutes' } }], ['alerts', { bogus: true }], ['alerts', 'x'], ['alerts', { actionGroupIds: 'x' }], ['alerts', { actionGroupIds: [42] }],
  ['tags', 'x'], ['tags', { a: 42 }], ['lintOptions', { rules: { SG999: 'off' } }], ['lintOptions', { thresholds: { headroom: 2 } }], ['lintOptions', 'x'],
  ['indexingPolicy', 'x'], ['uniqueKeyPolicy', 42], ['monitoring', {}], ['resourceGroupName', ''], ['account', 42], ['account', { name: 'a' }],
];
for (const [field, value] of cases) {
  let out;
  try { new GuardedContainer('events', { ...base, [field]: value }); out = 'ACCEPTED'; }
  catch (e) { out = e.constructor.name + ' ' + JSON.stringify(e.issues ?? e.message).slice(0, 160); }
  console.log(field, JSON.stringify(value), '→', out);
}
process.exit(0);
