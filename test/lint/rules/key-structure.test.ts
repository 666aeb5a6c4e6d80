import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const attr = (name: string, extra = {}) => ({ name, type: 'S' as const, cardinality: 1000, ...extra });
const gsi = (i: number) => ({ indexName: `index-${i}`, partitionKey: attr(`key${i}`) });

testRule('SG005', {
  valid: [
    {
      name: 'DynamoDB key attribute names in other scripts, or with a look-alike letter, hold no control, bidi or invisible character',
      design: table({
        partitionKey: { name: 'Straße', type: 'S', cardinality: 'unique' },
        sortKey: { name: 'stаtus', type: 'S', cardinality: 'unique' }, // Cyrillic "а": a confusable, not an invisible character
        globalSecondaryIndexes: [{ indexName: 'by-name', partitionKey: { name: '名前', type: 'S', cardinality: 1000 } }],
      }),
    },
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
    {
      // A design declares version 1 only for a container created with it (an import), whose version cannot change.
      name: 'a one-path design that declares version 1',
      design: container({ partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }], version: 1 } }),
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
          // The message shows the name escaped (filled through printable()); data keeps it as the design spells it.
          data: { name: '/tenant\u001b[2JId', valid: '/tenantId' },
          message: /^the partition-key path `\/tenant\\x1b\[2JId` \(shown escaped\) holds control, bidirectional-formatting or invisible characters/,
          // The whole CSI sequence `ESC [ 2 J` goes, not only its ESC (a terminal shows none of it).
          edits: [{ op: 'set', path: 'partitionKey.paths[0].path', value: '/tenantId' }],
        },
        { messageId: 'unsafePath', data: { name: '/device\u0085Id', valid: '/deviceId' }, message: /`\/device\\x85Id`/ },
        { messageId: 'unsafePath', data: { name: '/user\u202eDI', valid: '/userDI' }, message: /`\/user\\u202eDI`/, fix: 'use `/userDI`' },
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
        { messageId: 'unsafePath', data: { name: '/\u2066' }, edits: false, fix: 'name the property the key is read from, e.g. /tenantId' },
        { messageId: 'unsafePath', data: { name: 'user\u0007Id', valid: '/userId' } },
      ],
    },
    {
      name: 'a path holding a zero-width space beside the path it reads as, and a soft hyphen: shown escaped, fixed without them',
      design: container({
        partitionKey: {
          paths: [
            { path: '/a\u200bb', cardinality: 500 },
            { path: '/ab', cardinality: 5000 },
            { path: '/de\u00advice', cardinality: 'unique' },
          ],
        },
      }),
      findings: [
        {
          messageId: 'unsafePath',
          path: 'partitionKey.paths[0]',
          data: { name: '/a\u200bb', valid: '/ab' },
          message: /`\/a\\u200bb` \(shown escaped\)/,
          // "use /ab" would make it a duplicate of paths[1]: no edit, and the fix says so.
          edits: false,
          fix: 'the key already has `/ab`, the path this one reads as: remove this one, or name the property it was meant to be',
        },
        { messageId: 'unsafePath', path: 'partitionKey.paths[2]', data: { name: '/de\u00advice', valid: '/device' }, message: /`\/de\\xadvice`/ },
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
      // Cut at the first three as written, the fix said "keep `a/b`, `/a/b`, `/a/b`": an invalid path and a duplicate.
      name: 'four levels, one invalid and one a duplicate: the paths kept are valid and distinct',
      design: container({ partitionKey: { paths: ['a/b', '/a/b', '/a/b', '/c'].map((path, i) => ({ path, cardinality: 10 ** (i + 1) })) } }),
      findings: [
        {
          messageId: 'tooManyLevels',
          data: { levels: 4, limit: 3, keep: ['/a/b', '/c'] },
          fix: 'keep `/a/b`, `/c`, or fold the extra levels into a synthetic key',
          edits: false,
        },
        { messageId: 'invalidPath', path: 'partitionKey.paths[0]', data: { name: 'a/b', valid: '/a/b' } },
        { messageId: 'duplicatePath', path: 'partitionKey.paths[2]' },
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
      name: 'DynamoDB key attribute names holding a bidi override, controls or zero-width characters (table, GSI and LSI keys)',
      design: table({
        partitionKey: { name: 'user\u202eId', type: 'S', cardinality: 'unique' },
        sortKey: { name: 'created\u200bOn', type: 'S', cardinality: 'unique' },
        globalSecondaryIndexes: [{ indexName: 'by-status', partitionKey: { name: 'sta\u0000tus\u001b[2J', type: 'S', cardinality: 1000 } }],
        localSecondaryIndexes: [{ indexName: 'by-date', sortKey: { name: 'up\u00addated\u2060On', type: 'S' } }],
      }),
      findings: [
        // In field-path order: indexes, then the table's keys.
        {
          messageId: 'unsafeName',
          path: 'globalSecondaryIndexes[0].partitionKey.name',
          index: 'by-status',
          data: { name: 'sta\u0000tus\u001b[2J', clean: 'status' },
          message: /`sta\\x00tus\\x1b\[2J`/,
        },
        {
          messageId: 'unsafeName',
          path: 'localSecondaryIndexes[0].sortKey.name',
          index: 'by-date',
          data: { clean: 'updatedOn' },
          message: /`up\\xaddated\\u2060On`/,
        },
        {
          messageId: 'unsafeName',
          path: 'partitionKey.name',
          data: { name: 'user\u202eId', clean: 'userId' },
          message:
            'key attribute `user\\u202eId` (shown escaped) holds control, bidirectional-formatting or invisible characters: it displays as another name than the one deployed, so items written with the name a reader sees lack the key attribute (the table rejects them; an index leaves them out)',
          fix: 'name the attribute `userId` (the name without them), in the design and in the application',
        },
        { messageId: 'unsafeName', path: 'sortKey.name', data: { name: 'created\u200bOn', clean: 'createdOn' }, message: /`created\\u200bOn`/ },
      ],
    },
    {
      name: 'DynamoDB key attribute names holding OSC strings (BEL- and ST-terminated): the suggested name drops each whole string',
      design: table({
        partitionKey: { name: 'order\u001b]8;;http://x\u0007Id', type: 'S', cardinality: 'unique' },
        sortKey: { name: 'created\u001b]0;title\u001b\\On', type: 'S', cardinality: 'unique' },
      }),
      findings: [
        { messageId: 'unsafeName', path: 'partitionKey.name', data: { clean: 'orderId' } },
        { messageId: 'unsafeName', path: 'sortKey.name', data: { clean: 'createdOn' } },
      ],
    },
    {
      name: 'a DynamoDB key attribute name of invisible characters only names no attribute to use',
      design: table({ partitionKey: { name: '\u200b\u202e\u200b', type: 'S', cardinality: 'unique' } }),
      findings: [{ messageId: 'unsafeName', path: 'partitionKey.name', fix: 'name the attribute with visible characters only' }],
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
