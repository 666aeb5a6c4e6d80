import { testRule } from '../../support/rule-tester';

const external = (...keys: { attribute: string; index?: string }[]) => ({
  external: [{ engine: 'dynamodb' as const, name: 'legacy-jobs', partitionKeys: keys }],
});

testRule('SG015', {
  valid: [
    { name: 'id-like names', design: external({ attribute: 'jobId' }, { attribute: 'customerId', index: 'by-customer' }) },
    { name: 'words that only contain a suspicious word', design: external({ attribute: 'candidateId' }, { attribute: 'stateless', index: 'x-index' }) },
  ],
  invalid: [
    {
      name: 'status and a date key on an index',
      design: external({ attribute: 'status' }, { attribute: 'createdDate', index: 'by-day' }),
      findings: [
        { messageId: 'suspicious', path: 'external[0].partitionKeys[0]', edits: false, data: { like: 'a low-cardinality field (status, type, region…)' } },
        { messageId: 'suspicious', path: 'external[0].partitionKeys[1]', index: 'by-day', data: { like: 'a time bucket (date, hour, month…)' } },
      ],
    },
    {
      name: 'a Cosmos DB path named like a flag',
      design: { external: [{ engine: 'cosmosdb', name: 'legacy container', partitionKeys: [{ attribute: '/isActive' }] }] },
      findings: [{ messageId: 'suspicious' }],
    },
  ],
});
