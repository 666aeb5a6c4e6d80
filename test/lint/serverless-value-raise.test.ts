/**
 * A serverless container short of RU/s is judged at SG017's move to manual throughput (serverless-move.test.ts), but the
 * raise that serves its hottest value as it is was searched only on provisioned throughput: on the retail catalog
 * (800 GB serverless, 16 physical partitions, a 0.5% `/tenantId` of 14,000 RU/s) SG003 said no raise up to 1,000,000
 * RU/s serves it, where the same design declared `manual: 20000` lints clean. The search now runs on the container as
 * the move leaves it (converted in place on its 16 partitions, "Change from serverless to provisioned capacity mode"),
 * from the move's figure up, and its raise is said as the move is, with no edit (the account's mode is no design field).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';

const retail = JSON.parse(readFileSync(join(__dirname, '../cli/fixtures/designs/retail-serverless.json'), 'utf8')) as DesignInput & {
  containers: Record<string, unknown>[];
};
const withThroughput = (throughput: unknown, physicalPartitions?: number): DesignInput =>
  ({ ...retail, containers: [{ ...retail.containers[0], throughput, ...(physicalPartitions ? { physicalPartitions } : {}) }] }) as DesignInput;
const sg003 = (design: DesignInput) => lint(design).filter((f) => f.ruleId === 'SG003');

describe("a serverless container's hottest first-level value gets the least raise after SG017's move", () => {
  it('offers the move with the manual RU/s that serve the value (before: no raise up to 1,000,000 RU/s)', () => {
    const [hot] = sg003(retail);
    expect(hot.fix).not.toContain("no raise up to Azure's default maximum");
    expect(hot.fix).toContain(
      "change the whole account to provisioned throughput, SG017's move (a one-way change: Azure converts every container in the account to manual throughput in place, and the account cannot return to serverless), then set this container's manual throughput in place to ",
    );
    expect(hot.fix).toContain('the ones the conversion keeps at the 80,000 RU/s it sets first (its physical partitions × 5,000)');
    // 16 partitions (800 GB ÷ 50); at R RU/s each gives 80% × R ÷ 16 = R ÷ 20 usable, less (14,000 − 70) ÷ 16 = 870.63 of
    // neighbours: 70 fit from R = 18,812.5, so 18,900 on the manual grid of 100 (945 − 870.63 = 74.38; 18,800: 69.38).
    expect(hot.data).toMatchObject({ raiseTo: 18_900, raisedPartitions: 16, raiseToConverted: 80_000, raiseToScope: 'moved' });
    // The account's capacity mode is no design field: SG017's move writes no edit, nor does this raise.
    expect(hot.edits).toBeUndefined();
  });

  it('the figure it names serves the value once declared, and one step less does not', () => {
    const [hot] = sg003(retail);
    const to = hot.data?.raiseTo as number;
    expect(sg003(withThroughput({ manual: to }, 16))).toEqual([]);
    expect(sg003(withThroughput({ manual: to - 100 }, 16))).toHaveLength(1);
  });
});
