import { defineRule } from '../rule';
import { SOURCES } from '../sources';

/**
 * A GuardedTable's template resource carries the design it was checked with (`Metadata.skewguard.design`),
 * but an escape hatch (`addPropertyOverride`), an aspect or a hand edit can change the table's
 * `KeySchema`, indexes, Contributor Insights or capacity afterwards, and forged metadata can claim any design.
 * lib/cfn compares them; this is the catalogue entry its findings report under.
 */
export const templateDiffersFromDesign = defineRule({
  id: 'SG016',
  title: 'template-differs-from-design',
  summary: 'The synthesized table differs from its declared design',
  severity: 'error',
  engines: ['dynamodb'],
  thresholds: [],
  templateOnly: true,
  fires:
    'A synthesized table resource differs from the design in its skewguard metadata: a key attribute name, a global or local secondary index that one has and the other has not, a Contributor Insights switch of the table, a GSI or a replica, or a capacity figure (provisioned capacity, an on-demand maximum, warm throughput) of the table or a GSI.',
  rationale:
    'Every verdict about a GuardedTable is about its declared design. When the deployed KeySchema, indexes, Contributor Insights or capacity differ from it (an escape-hatch override, an aspect, a hand edit, forged metadata), the checks judged a table that will not exist: a hot key goes unwatched, or an overridden capacity ceiling throttles a peak SG017 passed, under alarms drawn at the old one.',
  fix: 'Synthesize the table from its design: remove the override or edit, or change the design and let the GuardedTable write both. It cannot be acknowledged: a waiver would sit in the metadata it checks.',
  sources: [SOURCES.dynamoKeyDesign, SOURCES.dynamoContributorInsights, SOURCES.cfnDynamoDbTable, SOURCES.cfnDynamoDbGlobalTable],
  messages: () => ({
    key: 'the template keys {{index|keySpace}} by {{template|attributes}} ({{part|partition=partition|sort=sort}} key) where the design declares {{design|attributes}}',
    undeclaredIndex: 'index {{index|code}} is in the template but not in the design, so its key was never checked',
    missingIndex: 'index {{index|code}} is in the design but not in the template',
    contributorInsights:
      'Contributor Insights is {{template|on=on|off=off}} for {{index|keySpace}} in the template, but {{design|on=on|off=off}} in the design',
    inReplica: ' (in replica {{replica}} of the template)',
    inReplicaRegion: ' (in the replica in {{region}})',
    capacity:
      'the template deploys {{template}} at {{property|code}} for {{index|keySpace}}, where the design the checks judged declares {{design}} ({{field|code}})',
    fix: 'synthesize the table from its design: remove the escape-hatch override, aspect or hand edit, or change the design (GuardedTable writes the template from it)',
    capacityFix:
      "remove the override of {{property|code}} and declare the capacity where the GuardedTable reads it (`billing` and `warmThroughput`; an index's `readCapacity`, `writeCapacity`, `maxReadRequestUnits`, `maxWriteRequestUnits` and `warmThroughput`): SG017 and the alarms are made from those props, and the template follows them",
  }),
});
