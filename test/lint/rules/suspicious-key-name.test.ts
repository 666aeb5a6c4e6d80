import { testRule } from '../../support/rule-tester';

const external = (...keys: { attribute: string; index?: string }[]) => ({
  external: [{ engine: 'dynamodb' as const, name: 'legacy-jobs', partitionKeys: keys }],
});

testRule('SG015', {
  valid: [
    { name: 'id-like names', design: external({ attribute: 'jobId' }, { attribute: 'customerId', index: 'by-customer' }) },
    { name: 'words that only contain a trending word', design: external({ attribute: 'tagline' }, { attribute: 'topicality', index: 'x-index' }) },
    { name: 'words that only contain a suspicious word', design: external({ attribute: 'candidateId' }, { attribute: 'stateless', index: 'x-index' }) },
    { name: 'words that only contain city', design: external({ attribute: 'velocity' }, { attribute: 'citySlugger', index: 'x-index' }) },
    {
      // DynamoDB hashes a multi-attribute key's attributes together: the current day of each device is a value of its own.
      name: 'a time bucket beside another attribute of a multi-attribute index key',
      design: external({ attribute: 'jobId' }, { attribute: 'deviceId', index: 'by-device-day' }, { attribute: 'readingDay', index: 'by-device-day' }),
    },
    {
      // Azure's IoT key: /deviceId → a time level; the device level routes each device's writes.
      name: 'a time bucket as a later level of a Cosmos DB hierarchical key',
      design: {
        external: [{ engine: 'cosmosdb', name: 'turbines', partitionKeys: [{ attribute: '/farmId' }, { attribute: '/turbineId' }, { attribute: '/day' }] }],
      },
    },
  ],
  invalid: [
    {
      name: 'status and a date key on an index',
      design: external({ attribute: 'status' }, { attribute: 'createdDate', index: 'by-day' }),
      findings: [
        {
          messageId: 'lowCardinalityName',
          path: 'external[0].partitionKeys[0]',
          edits: false,
          data: { attribute: 'status', name: 'legacy-jobs' },
          message:
            'partition key `status` of `legacy-jobs` is named like a low-cardinality field (status, type, region…), and no design declares its cardinality or peak',
        },
        {
          messageId: 'timeBucketName',
          path: 'external[0].partitionKeys[1]',
          index: 'by-day',
          data: { attribute: 'createdDate' },
          message: /^partition key `createdDate` on index `by-day` of `legacy-jobs` is named like a time bucket \(date, hour, month…\)/,
        },
      ],
    },
    {
      // The design lint reads `tag` as a category whose hottest value moves (hot-values.ts): SG015 reads it so too.
      name: 'a Cosmos DB path named like a category that trends',
      design: { external: [{ engine: 'cosmosdb', name: 'tag-feed', partitionKeys: [{ attribute: '/tag' }, { attribute: '/topicId' }] }] },
      findings: [
        {
          messageId: 'trendingName',
          path: 'external[0].partitionKeys[0]',
          data: { attribute: '/tag', name: 'tag-feed' },
          message: /^partition key `\/tag` of `tag-feed` is named like a category that trends \(a tag, a topic\)/,
          fix: /with the trending value's share \(hotKeyShare\)/,
        },
        { messageId: 'trendingName', path: 'external[0].partitionKeys[1]', data: { attribute: '/topicId' } },
      ],
    },
    {
      // A city, like a country, is one of few values that carry most of the traffic; its id names one city as its code names one country.
      name: 'Cosmos DB paths named like a city, as a country code is',
      design: {
        external: [
          {
            engine: 'cosmosdb',
            name: 'venues',
            partitionKeys: [{ attribute: '/city' }, { attribute: '/cityId' }, { attribute: '/location/city' }, { attribute: '/countryCode' }],
          },
        ],
      },
      findings: [
        { messageId: 'lowCardinalityName', path: 'external[0].partitionKeys[0]', data: { attribute: '/city' } },
        { messageId: 'lowCardinalityName', path: 'external[0].partitionKeys[1]', data: { attribute: '/cityId' } },
        { messageId: 'lowCardinalityName', path: 'external[0].partitionKeys[2]', data: { attribute: '/location/city' } },
        { messageId: 'lowCardinalityName', path: 'external[0].partitionKeys[3]', data: { attribute: '/countryCode' } },
      ],
    },
    {
      name: 'a time bucket as the first level of a Cosmos DB hierarchical key',
      design: {
        external: [{ engine: 'cosmosdb', name: 'turbines', partitionKeys: [{ attribute: '/day' }, { attribute: '/farmId' }, { attribute: '/turbineId' }] }],
      },
      findings: [
        {
          messageId: 'timeBucketFirstLevel',
          path: 'external[0].partitionKeys[0]',
          data: { attribute: '/day', name: 'turbines' },
          message: /is the first level of the key: every write of the current period shares that prefix/,
          fix: /^put the time bucket last, after the level that spreads the writes/,
        },
      ],
    },
    {
      name: 'a Cosmos DB path named like a flag',
      design: { external: [{ engine: 'cosmosdb', name: 'legacy container', partitionKeys: [{ attribute: '/isActive' }] }] },
      findings: [{ messageId: 'lowCardinalityName', data: { attribute: '/isActive' } }],
    },
  ],
});
