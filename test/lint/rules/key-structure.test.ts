import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const attr = (name: string, extra = {}) => ({ name, type: 'S' as const, cardinality: 1000, ...extra });
const gsi = (i: number) => ({ indexName: `index-${i}`, partitionKey: attr(`key${i}`) });

testRule('SG005', {
  valid: [
    {
      name: 'a hierarchical key of 3 levels',
      design: container({
        partitionKey: {
          paths: [
            { path: '/a', cardinality: 10 },
            { path: '/b', cardinality: 100 },
            { path: '/c', cardinality: 'unique' },
          ],
        },
      }),
    },
    { name: 'a nested path', design: container({ partitionKey: { paths: [{ path: '/address/zipCode', cardinality: 40000 }] } }) },
    // Letters outside ASCII are property names like any other: only control and bidi characters are refused.
    { name: 'a path of non-ASCII letters', design: container({ partitionKey: { paths: [{ path: '/größe/顧客', cardinality: 40000 }] } }) },
    {
      name: '4 + 4 attributes in a multi-attribute GSI key',
      design: table({
        globalSecondaryIndexes: [
          {
            indexName: 'wide',
            partitionKeys: ['a', 'b', 'c', 'd'].map((n) => attr(n)),
            sortKeys: ['e', 'f', 'g', 'h'].map((n, i) => attr(n, { cardinality: 10 ** (i + 1) })),
          },
        ],
      }),
    },
    { name: '20 GSIs', design: table({ globalSecondaryIndexes: Array.from({ length: 20 }, (_, i) => gsi(i)) }) },
  ],
  invalid: [
    {
      name: 'a path without "/", and its valid form',
      design: container({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 500 },
            { path: 'userId', cardinality: 'unique' },
          ],
        },
      }),
      findings: [
        {
          messageId: 'invalidPath',
          path: 'partitionKey.paths[1]',
          fix: 'use `/userId`',
          edits: [{ op: 'set', path: 'partitionKey.paths[1].path', value: '/userId' }],
        },
      ],
    },
    {
      name: 'a wildcard, a trailing slash and an empty segment',
      design: container({
        partitionKey: {
          paths: [
            { path: '/tenant*', cardinality: 500 },
            { path: '/user//id/', cardinality: 'unique' },
          ],
        },
      }),
      findings: [
        {
          messageId: 'invalidPath',
          data: { name: '/tenant*', valid: '/tenant' },
          message: /^the partition-key path `\/tenant\*` is not a valid path/,
          fix: 'use `/tenant`',
        },
        { messageId: 'invalidPath', fix: 'use `/user/id`' },
      ],
    },
    {
      name: 'a path holding ESC, a C1 control or a bidi override, shown escaped, fixed without them',
      design: container({
        partitionKey: {
          paths: [
            { path: '/tenant\u001b[2JId', cardinality: 500 },
            { path: '/device\u0085Id', cardinality: 5000 },
            { path: '/user\u202eDI', cardinality: 'unique' },
          ],
        },
      }),
      findings: [
        {
          messageId: 'unsafePath',
          path: 'partitionKey.paths[0]',
          data: { name: '/tenant\\x1b[2JId', valid: '/tenant[2JId' },
          message: /^the partition-key path `\/tenant\\x1b\[2JId` \(shown escaped\) holds control or bidirectional-formatting characters/,
          edits: [{ op: 'set', path: 'partitionKey.paths[0].path', value: '/tenant[2JId' }],
        },
        { messageId: 'unsafePath', data: { name: '/device\\x85Id', valid: '/deviceId' } },
        { messageId: 'unsafePath', data: { name: '/user\\u202eDI', valid: '/userDI' }, fix: 'use `/userDI`' },
      ],
    },
    {
      name: 'a path of a bidi isolate alone, or one missing its "/", names no path to use',
      design: container({
        partitionKey: {
          paths: [
            { path: '/\u2066', cardinality: 500 },
            { path: 'user\u0007Id', cardinality: 'unique' },
          ],
        },
      }),
      findings: [
        { messageId: 'unsafePath', data: { name: '/\\u2066' }, edits: false, fix: 'name the property the key is read from, e.g. /tenantId' },
        { messageId: 'unsafePath', data: { name: 'user\\x07Id', valid: '/userId' } },
      ],
    },
    {
      name: 'a path with nothing usable suggests no invalid path',
      design: container({ partitionKey: { paths: [{ path: '/*', cardinality: 'unique' }] } }),
      findings: [{ messageId: 'invalidPath', edits: false, fix: 'name the property the key is read from, e.g. /tenantId' }],
    },
    {
      name: 'a duplicate path',
      design: container({
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 500 },
            { path: '/tenantId', cardinality: 500 },
          ],
        },
      }),
      findings: [{ messageId: 'duplicatePath', path: 'partitionKey.paths[1]', edits: [{ op: 'remove', path: 'partitionKey.paths[1]' }] }],
    },
    {
      name: 'four levels',
      design: container({ partitionKey: { paths: ['/a', '/b', '/c', '/d'].map((path, i) => ({ path, cardinality: 10 ** (i + 1) })) } }),
      findings: [
        {
          messageId: 'tooManyLevels',
          data: { levels: 4, limit: 3, keep: ['/a', '/b', '/c'] },
          fix: 'keep `/a`, `/b`, `/c`, or fold the extra levels into a synthetic key',
          edits: false,
        },
      ],
    },
    {
      name: 'MultiHash with version 1',
      design: container({ partitionKey: { ...container().partitionKey, version: 1 } }),
      findings: [{ messageId: 'multiHashVersion', path: 'partitionKey.version', edits: [{ op: 'set', path: 'partitionKey.version', value: 2 }] }],
    },
    {
      name: 'Hash with two paths',
      design: container({ partitionKey: { ...container().partitionKey, kind: 'Hash' } }),
      findings: [{ messageId: 'hashWithLevels', path: 'partitionKey.kind' }],
    },
    {
      name: 'five attributes in a multi-attribute GSI partition key',
      design: table({ globalSecondaryIndexes: [{ indexName: 'wide', partitionKeys: ['a', 'b', 'c', 'd', 'e'].map((n) => attr(n)) }] }),
      findings: [
        {
          messageId: 'tooManyAttributes',
          path: 'globalSecondaryIndexes[0].partitionKeys',
          index: 'wide',
          data: { count: 5, limit: 4, keep: ['a', 'b', 'c', 'd'] },
          fix: 'keep `a`, `b`, `c`, `d`, or combine attributes into a composite string',
        },
      ],
    },
    {
      name: 'an attribute twice in one key',
      design: table({ globalSecondaryIndexes: [{ indexName: 'dup', partitionKey: attr('shopId'), sortKey: attr('shopId') }] }),
      findings: [{ messageId: 'duplicateAttribute', path: 'globalSecondaryIndexes[0].sortKey', index: 'dup' }],
    },
    {
      name: 'a key attribute without a type',
      design: table({ partitionKey: { name: 'orderId', cardinality: 'unique' } }),
      findings: [{ messageId: 'untyped', path: 'partitionKey', edits: false }],
    },
    {
      name: 'an attribute typed two ways: the later one is set to the first',
      design: table({
        sortKey: { name: 'createdOn', type: 'N' },
        globalSecondaryIndexes: [{ indexName: 'by-date', partitionKey: attr('shopId'), sortKey: { name: 'createdOn', type: 'S' } }],
      }),
      findings: [
        {
          messageId: 'typeConflict',
          path: 'globalSecondaryIndexes[0].sortKey.type',
          edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].sortKey.type', value: 'N' }],
        },
      ],
    },
    {
      name: 'an LSI on a table without a sort key',
      design: table({ localSecondaryIndexes: [{ indexName: 'by-date', sortKey: { name: 'createdOn', type: 'S' } }] }),
      findings: [{ messageId: 'lsiWithoutSortKey', path: 'localSecondaryIndexes' }],
    },
    {
      name: 'six LSIs',
      design: table({
        sortKey: { name: 'sk', type: 'S' },
        localSecondaryIndexes: Array.from({ length: 6 }, (_, i) => ({ indexName: `lsi-${i}`, sortKey: { name: `s${i}`, type: 'S' as const } })),
      }),
      findings: [{ messageId: 'tooManyLsis', data: { count: 6, limit: 5 } }],
    },
    {
      name: '21 GSIs, past the default quota',
      design: table({ globalSecondaryIndexes: Array.from({ length: 21 }, (_, i) => gsi(i)) }),
      findings: [{ messageId: 'tooManyGsis', path: 'globalSecondaryIndexes', data: { count: 21, limit: 20 } }],
    },
  ],
});
