const pulumi = require('@pulumi/pulumi');
const { pulumiSnapshot, runWithMocks, assertRefused, assertAccepted } = require('../dist/testing/pulumi');
(async () => {
  const { GuardedContainer, CosmosAccountMonitoring } = require('../dist/pulumi');
  const design = { partitionKey: { paths: [{ path: '/tenantId', cardinality: 2000 }, { path: '/deviceId', cardinality: 500000 }] }, workload: { peakReadUnits: 1000, peakWriteUnits: 1000 } };
  const t0 = Date.now();
  const snap = await pulumiSnapshot(() => {
    const monitoring = new CosmosAccountMonitoring('acct', { resourceGroupName: 'rg', account: { name: 'acct', id: '/subs/x' } });
    const c = new GuardedContainer('events', { monitoring, database: 'db', design, tags: { secret: pulumi.secret('s3cr3t') } });
    return c;
  });
  console.log(Date.now() - t0, 'ms');
  console.log(JSON.stringify(snap, null, 1).slice(0, 3000));
  console.log(snap.map(r => `${r.type} ${r.name} ${r.parent} ${JSON.stringify(r.options)}`).join('\n'));
  try { await runWithMocks(() => new GuardedContainer('x', { resourceGroupName: 'rg', account: 'acct', database: 'db', design, acknowledgements: undefined })); } catch (e) { console.log('ERR', e.message.slice(0, 500)); }
  const d2 = { ...design, acknowledgements: [{ rule: 'SG010', reason: 'monitoring is elsewhere ok' }] };
  try { await runWithMocks(() => new GuardedContainer('x', { resourceGroupName: 'rg', account: 'acct', database: 'db', design: d2 })); } catch (e) { console.log('ERR2', e.message.slice(0, 500)); }
})();
