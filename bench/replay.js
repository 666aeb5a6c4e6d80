// `npm run bench` (replay part): the default alarms of the example app (examples/cdk) and alerts
// of the example program (examples/pulumi, under the Pulumi mock engine) replayed over modelled
// weeks (skewguard/testing/replay): false pages (page tier only: the OnCall topic, the oncall action
// group) per table / container per week on healthy traffic, and detection times of each incident. Figures of a model, not of production: its limits are
// printed with them. Tests never assert these; test/replay asserts the same runs.
'use strict';
const { join } = require('node:path');

process.env.CDK_VALIDATION = 'false';
require('../examples/cdk/run-ts').register();
const replay = require('../dist/testing/replay');

const WEEKS = 2;
/** The page tier of the example app (its OnCall topic) and of the example program (its oncall action group). */
const onCallTopic = (target) => target.includes('Ref:OnCall');
const onCallGroup = (alert) => JSON.stringify(alert.inputs.actions).includes('actionGroups/oncall');
const LIMITS = [
  'model limits: per-minute load with a normal per-second spread; each request one unit (DynamoDB) or 6 RU (Cosmos DB);',
  "  partitions sized for twice the planned peak; split for heat only halves a hot partition's uniform share;",
  '  throttle metrics publish 0 while there is traffic (assumed); Cosmos log rows of a minute arrive together 3–10 min later;',
  "  the uniform traffic's log rows are 50 synthetic keys a minute; KQL is not interpreted (each query has a TS meaning);",
  '  CloudWatch evaluation range = N + 2 periods (not published); Azure metrics are queryable at the next check.',
];

const perWeek = (n, days) => ((n * 7) / days).toFixed(1);
/** `m` minutes from `what`: "15 min after the first 429", "402 min before the first 429", or "never". */
const relative = (m, what) => (m === undefined ? 'never' : m < 0 ? `${-m} min before ${what}` : `${m} min after ${what}`);

/** The example program's registered resources, and the program (its containers' designs). */
async function pulumiProgram() {
  const { installMocks, registeredAll } = require('../test/pulumi/support/mocks.ts');
  const engine = installMocks();
  const pulumi = require('@pulumi/pulumi');
  pulumi.log.warn = async () => undefined;
  const program = require('../examples/pulumi/index.ts');
  await registeredAll([program.events, program.devices, ...Object.values(program.events.alerts), ...Object.values(program.devices.alerts)]);
  return { program, resources: engine.registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs })) };
}

async function run() {
  const examples = require(join(__dirname, '../test/replay/support/examples.ts'));
  console.log(`\nReplay of the default alarms and alerts over modelled traffic (${WEEKS} healthy weeks each, seeds 1..${WEEKS})`);
  const template = examples.exampleTemplate();
  const pages = {};
  for (let week = 1; week <= WEEKS; week++) {
    const result = replay.replayStack(template, replay.healthyWeek(examples.EXAMPLE_TABLES, week), { pages: onCallTopic });
    for (const [name, t] of Object.entries(result.tables)) {
      pages[name] = pages[name] ?? { pages: 0, recoveries: 0, days: 0 };
      pages[name].pages += t.pages.length;
      pages[name].recoveries += t.recoveries.length;
      pages[name].days += result.days;
    }
  }
  for (const [name, p] of Object.entries(pages))
    console.log(
      `  DynamoDB ${name.padEnd(10)} false pages/week ${perWeek(p.pages, p.days).padStart(6)}   recoveries on the page topic/week ${perWeek(p.recoveries, p.days)}`,
    );
  const dynamoIncidents = [
    ['write-hot key growing for days', { table: 'Documents', index: 'by-folder' }],
    ['viral read-hot key', { table: 'Documents' }],
    ['warm keys on one partition', { table: 'Tickets' }],
    ['surge beyond the on-demand maximum', { table: 'Documents' }],
    ['surge beyond the per-table quota', { table: 'Tickets' }],
  ];
  for (const [incident, target] of dynamoIncidents) {
    const t = replay.replayStack(template, replay.dynamoIncident(incident, examples.EXAMPLE_TABLES, target), { pages: onCallTopic }).tables[target.table];
    const truth = t.truths.find((k) => k.index === target.index);
    const anchor = truth.firstKeyRangeThrottle ?? truth.firstCapacityThrottle;
    const first = t.pages.map((p) => p.minute).sort((a, b) => a - b)[0];
    const over80 = truth.firstOver80 === undefined || first === undefined ? '' : `, ${relative(first - truth.firstOver80, '80% of the ceiling')}`;
    console.log(
      `  DynamoDB ${`${target.table}${target.index ? `/${target.index}` : ''}`.padEnd(20)} ${incident.padEnd(36)} first page ${relative(first === undefined ? undefined : first - anchor, 'the first throttle')}${over80}; ${t.pages.length} pages`,
    );
  }

  const { program, resources } = await pulumiProgram();
  // Each container's design, so that a hot key is judged against the ceiling its hotKey alert uses (hotValueReach).
  const containers = examples.withDesigns(examples.EXAMPLE_CONTAINERS, { events: program.events, devices: program.devices });
  const queries = replay.skewguardQueries([
    { databaseName: 'telemetry', containerName: 'events' },
    { databaseName: 'telemetry', containerName: 'devices' },
  ]);
  const cosmos = {};
  for (let week = 1; week <= WEEKS; week++) {
    const result = replay.replayProgram(resources, replay.healthyCosmosWeek(containers, 2 + week), { queries, pages: onCallGroup });
    for (const [name, c] of Object.entries(result.containers)) {
      cosmos[name] = cosmos[name] ?? { pages: 0, recoveries: 0, days: 0 };
      cosmos[name].pages += c.pages.length;
      cosmos[name].recoveries += c.recoveries.length;
      cosmos[name].days += result.days;
    }
  }
  for (const [name, p] of Object.entries(cosmos))
    console.log(
      `  Cosmos DB ${name.padEnd(9)} false pages/week ${perWeek(p.pages, p.days).padStart(6)}   resolved notifications/week ${perWeek(p.recoveries, p.days)} (Azure sends them to the same action groups)`,
    );
  const cosmosIncidents = [
    // [incident, container, the incident's start]
    ['whale prefix under a hierarchical key', 'events', 1 * 1440 + 15 * 60],
    ['hot key growing for days', 'events', 0],
    ['hot key growing for days', 'devices', 0],
    ['logical partition growing towards 20 GB', 'devices', 0],
  ];
  const since = (page, first, anchor, what) => (anchor === undefined ? '' : `${page} ${relative(first === undefined ? undefined : first - anchor, what)}`);
  for (const [incident, target, start] of cosmosIncidents) {
    const c = replay.replayProgram(resources, replay.cosmosIncident(incident, containers, target), { queries, pages: onCallGroup }).containers[target];
    const firstOf = (pattern) =>
      c.pages
        .filter((p) => pattern.test(p.alert))
        .map((p) => p.minute)
        .filter((m) => m >= start)
        .sort((a, b) => a - b)[0];
    // The hot-key alert at its tier: a ticket by default (a key approaching what its partition leaves it, before any 429),
    // a page where the program asks for one (devices). Read from its own events, not the page list, which holds the page tier only.
    const hotKey = c.alerts.find((a) => a.name === `${target}-hot-key`);
    const hotKeyFired = hotKey?.events
      .filter((e) => e.kind === 'fired' && e.minute >= start)
      .map((e) => e.minute)
      .sort((a, b) => a - b)[0];
    const hotKeyTier = hotKey && onCallGroup(hotKey) ? 'page' : 'ticket';
    const anchors = [
      since('first page', firstOf(/./), c.truth.first429, 'the first 429'),
      [since(`hot-key ${hotKeyTier}`, hotKeyFired, c.truth.firstKeyOver80, 'its key crosses 80% of the ceiling its alert uses (hotValueReach)')]
        .filter((text) => text !== '')
        .map((text) =>
          hotKeyFired === undefined || c.truth.first429 === undefined ? text : `${text}, ${relative(hotKeyFired - c.truth.first429, 'the first 429')}`,
        )
        .join(''),
      since('first page', firstOf(/partition-size-limit/), c.truth.firstSizeOver19Gb, 'reaching 19 GB (the 16 GB line is a ticket)'),
    ].filter((a) => a !== '');
    console.log(`  Cosmos DB ${target.padEnd(19)} ${incident.padEnd(40)} ${anchors.join('; ')}; ${c.pages.length} pages in the run`);
  }
  for (const line of LIMITS) console.log(`  ${line}`);
}

module.exports = { run };
