import { cli, tempTree } from '../helpers';
import { asQueryApiTables, keyStatisticsRows, ruConsumptionRows } from './recorded';
import { findingsOf, TELEMETRY_DESIGN } from './support';

async function observeContainer(files: { ru?: unknown; stats?: unknown; nru?: unknown }, args: string[] = ['--format', 'json']) {
  const dir = tempTree({
    'design.json': JSON.stringify(TELEMETRY_DESIGN, null, 2),
    ...(files.ru ? { 'ru.json': JSON.stringify(files.ru) } : {}),
    ...(files.stats ? { 'stats.json': JSON.stringify(files.stats) } : {}),
    ...(files.nru ? { 'nru.json': JSON.stringify(files.nru) } : {}),
    'manifest.json': JSON.stringify({
      observations: [
        {
          container: 'telemetry',
          database: 'shop',
          ...(files.ru ? { ruConsumption: 'ru.json' } : {}),
          ...(files.stats ? { partitionKeyStatistics: 'stats.json' } : {}),
          ...(files.nru ? { normalizedRu: 'nru.json' } : {}),
        },
      ],
    }),
  });
  return cli(['observe', 'design.json', '--observations', 'manifest.json', ...args], { cwd: dir });
}

const hotWeek = { container: 'telemetry', periods: 30, reads: () => 8000, writes: (i: number) => (i === 7 ? 20000 : 6000), hotShare: 0.2 };

describe('skewguard observe: Cosmos DB, offline Log Analytics exports', () => {
  it.each([
    ['rows as `az monitor log-analytics query` prints them', (rows: Record<string, unknown>[]) => rows],
    ['the query API tables', asQueryApiTables],
  ])('reads %s: the hottest full key value share against the hierarchical design', async (_, shape) => {
    const run = await observeContainer({ ru: shape(ruConsumptionRows(hotWeek)) });
    const drift = findingsOf(run.stdout).find((f) => f.messageId === 'exceedsDeclared' && f.path === 'containers[0].workload.hotKeyShare');
    expect(drift?.data).toMatchObject({ declared: 0.01, bound: 'estimate' });
    // 0.2 of the 28,000 RU/s logged in the busiest minute is 5,600 RU/s: restated against the 40,000 RU/s of
    // declared reads and writes the lint multiplies it by (the logged total is a lower bound), 0.14 (review 10).
    expect(drift?.data?.observed).toBeCloseTo(0.14, 6);
    expect(drift?.message).toContain('declared hotKeyShare 0.01, observed about 0.14 at the 30-minute peak');
    expect(drift?.message).toContain(
      "restated against the peaks the design is judged at: the key's 5,600 RU/s ÷ 40,000 RU/s of reads and writes (10,000 + 30,000) = 0.14",
    );
    expect(run.code).toBe(1);
  });

  it('ignores rows of other containers and databases', async () => {
    const other = ruConsumptionRows({ ...hotWeek, container: 'telemetry', hotShare: 0.9 }).map((r) => ({ ...r, DatabaseName: 'other' }));
    const run = await observeContainer({ ru: [...ruConsumptionRows({ ...hotWeek, hotShare: 0.01 }), ...other] });
    // Ten keys in this container, the hottest at 0.99 / 9 = 0.11 of the 28,000 RU/s logged, restated against the
    // 40,000 declared (× 0.7): 0.077. The 0.9 whale of the other database is not counted.
    const drift = findingsOf(run.stdout).find((f) => f.messageId === 'exceedsDeclared' && f.path.endsWith('hotKeyShare'));
    expect(drift?.data?.observed).toBeCloseTo(0.077, 3);
  });

  it('peaks from logged top keys are lower bounds: they prove an excess, never an over-declaration', async () => {
    const quiet = await observeContainer({ ru: ruConsumptionRows({ ...hotWeek, reads: () => 10, writes: () => 10, hotShare: 0.01 }) });
    expect(findingsOf(quiet.stdout).filter((f) => f.messageId === 'belowDeclared' && /peak(Read|Write)Units/.test(f.path))).toEqual([]);
    const busy = await observeContainer({ ru: ruConsumptionRows({ ...hotWeek, writes: () => 45000, hotShare: 0.01 }) });
    expect(findingsOf(busy.stdout).find((f) => f.path === 'containers[0].workload.peakWriteUnits')).toMatchObject({
      messageId: 'exceedsDeclared',
      data: { declared: 30000, observed: 45000, bound: 'lower' },
    });
  });

  it('takes the largest logical partition from CDBPartitionKeyStatistics SizeKb', async () => {
    const run = await observeContainer({
      stats: keyStatisticsRows('telemetry', [
        ['["tenant-whale","device-1","s-9"]', 9 * 1024 * 1024],
        ['["t","d","s"]', 1024 * 1024],
      ]),
    });
    const drift = findingsOf(run.stdout).find((f) => f.path === 'containers[0].storage.largestPartitionGb');
    expect(drift).toMatchObject({ messageId: 'exceedsDeclared', data: { declared: 2, observed: 9 } });
    expect(run.stdout).not.toContain('tenant-whale');
  });

  it('no statistics row means no key near 1 GB: an upper bound, never drift upwards', async () => {
    const run = await observeContainer({ stats: [] });
    expect(findingsOf(run.stdout).filter((f) => f.path.endsWith('largestPartitionGb'))).toEqual([]);
    expect(run.stdout).toContain('largest logical partition < 1 GB');
  });

  it('reads NormalizedRUConsumption as `az monitor metrics list` prints it', async () => {
    const nru = {
      value: [
        {
          name: { value: 'NormalizedRUConsumption', localizedValue: 'Normalized RU Consumption' },
          timeseries: [
            {
              metadatavalues: [{ name: { value: 'partitionkeyrangeid', localizedValue: 'partitionkeyrangeid' }, value: '3' }],
              data: [{ timeStamp: '2026-11-17T10:00:00Z', maximum: 97 }, { timeStamp: '2026-11-17T10:01:00Z' }],
            },
          ],
          unit: 'Percent',
        },
      ],
    };
    const run = await observeContainer({ nru }, []);
    expect(run.stdout).toContain('NormalizedRUConsumption 97%');
  });

  it('an export with no rows for the container says so and fails', async () => {
    const run = await observeContainer({ ru: [] });
    expect(
      findingsOf(run.stdout)
        .map((f) => f.messageId)
        .sort(),
    ).toEqual(['incompleteObservations', 'noObservations']);
    expect(run.code).toBe(1);
  });

  it('names the row and column of a malformed export', async () => {
    const rows = ruConsumptionRows(hotWeek);
    rows[3] = { ...rows[3], RequestCharge: 'lots' };
    const run = await observeContainer({ ru: rows }, []);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('ru.json');
    expect(run.stdout).toContain('[3].RequestCharge: expected a finite number, got "lots"');
  });
});

describe('the observations manifest', () => {
  it('an entry naming no key space is an error with a suggestion', async () => {
    const dir = tempTree({
      'design.json': JSON.stringify(TELEMETRY_DESIGN),
      'ru.json': '[]',
      'manifest.json': JSON.stringify({ observations: [{ container: 'telemetri', ruConsumption: 'ru.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('observations[0]: the container "telemetri" is in none of the designs given (did you mean "telemetry"?)');
  });

  it('an unknown field is named with what is expected', async () => {
    const dir = tempTree({
      'design.json': JSON.stringify(TELEMETRY_DESIGN),
      'manifest.json': JSON.stringify({ observations: [{ container: 'telemetry', ruConsumptions: 'x.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('"ruConsumptions" is not a field of a container observation');
  });

  it('observe without --observations is a usage error', async () => {
    const run = await cli(['observe', 'design.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('observe needs --observations <manifest.json>');
  });
});
