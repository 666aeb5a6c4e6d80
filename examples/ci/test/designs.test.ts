// Every design file of the project passes the skewguard rules, and the known-bad ones fail for
// the rule they were written for. skewguard/testing loads no cloud SDK: this runs in milliseconds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertDesignFails, assertDesignPasses } from '../../../lib/testing';

const designs = join(__dirname, '../../designs'); // your project's design files
const read = (file: string) => JSON.parse(readFileSync(join(designs, file), 'utf8'));

describe('design files', () => {
  it.each(readdirSync(join(designs, 'good')))('good/%s passes', (file) => {
    // Throws with the whole report (rule, field, numbers, fix) when a rule fails.
    const findings = assertDesignPasses(read(join('good', file)));
    // Waivers are findings too: keep them visible in review.
    expect(findings.filter((f) => f.acknowledged).map((f) => f.ruleId)).toMatchSnapshot();
  });

  it('refuses a ticket sale keyed by event alone', () => {
    const [hot] = assertDesignFails(read('bad/ticketing-hot-event.json'), { rule: 'SG003', path: 'tables[0].partitionKey' });
    expect(hot.data?.shards).toBe(80); // two of 80 shards on one of 160 partitions: 996.88 ≤ 1,000 WCU
  });
});
