import { healthyWeek, simulateTable, Telemetry, Random, type DynamoTableProfile } from '../../../lib/testing/replay';
import { EXAMPLE_TABLES } from '../support/examples';

const TICKETS: Record<string, DynamoTableProfile> = {
  Tickets: { capacity: { mode: 'on-demand' }, peakRead: 6000, peakWrite: 30000, cardinality: 5000, hotKey: { share: 0.25, shards: 25 } },
};
it('probe', () => {
  const out: string[] = [];
  for (const [label, profiles] of [['review15', TICKETS], ['examples', EXAMPLE_TABLES]] as const) {
    for (const seed of [1, 2, 3]) {
      const scenario = healthyWeek(profiles, seed, 7);
      for (const [name, model] of Object.entries(scenario.models)) {
        const t = new Telemetry(scenario.days * 1440);
        simulateTable(model, { tableName: 'T', rules: {} }, t, new Random(seed));
        const perMin = new Array(t.minutes).fill(0);
        const kr = new Array(t.minutes).fill(0);
        for (const id of t.metricIds()) {
          if (!id.metricName.endsWith('ThrottleEvents')) continue;
          t.series(id).forEach((p, m) => { perMin[m] += p?.sum ?? 0; if (id.metricName.includes('KeyRange')) kr[m] += p?.sum ?? 0; });
        }
        const stats = [1, 5, 10, 20, 30, 59].map((T) => {
          let best = 0; let count = 0;
          for (let m = 0; m < t.minutes; m++) { if (perMin[m] >= T) count++; }
          for (let m = 59; m < t.minutes; m++) { let c = 0; for (let k = m - 59; k <= m; k++) if (perMin[k] >= T) c++; best = Math.max(best, c); }
          return `>=${T}: ${count} min, max/60 ${best}`;
        });
        let maxSum60 = 0; for (let m = 59; m < t.minutes; m++) { let s = 0; for (let k = m - 59; k <= m; k++) s += perMin[k]; maxSum60 = Math.max(maxSum60, s); }
        out.push(`${label} ${name} seed${seed} max/min ${Math.max(...perMin)} maxSum60 ${maxSum60} | ${stats.join('; ')}`);
      }
    }
  }
  console.log(out.join('\n'));
});
