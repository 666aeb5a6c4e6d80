/** Figures read one way in every finding of a report, whatever their size (verdict 8: "1,000,000,000,000 WCU" beside "1.00e+15 RCU"). */
import { lint } from '../../lib';
import { fmt, roundedFigure } from '../../lib/lint/format';
import { table } from '../fixtures';

describe('figure formatting', () => {
  it('groups the digits of a large figure instead of writing an exponent', () => {
    expect(fmt(1e15)).toBe('1,000,000,000,000,000');
    expect(fmt(2 ** 53 - 1)).toBe('9,007,199,254,740,991');
    // Past 1e21 String() switches to an exponent: the digits are still written out.
    expect(fmt(1.5e22)).toBe('15,000,000,000,000,000,000,000');
    expect(fmt(-1e21)).toBe('-1,000,000,000,000,000,000,000');
    expect(fmt(Infinity)).toBe('unbounded');
  });

  it('groups the whole part after the sign, at every group length, and keeps the fraction as it is', () => {
    expect(fmt(1000)).toBe('1,000');
    expect(fmt(1234.5)).toBe('1,234.5');
    expect(fmt(-1234.567)).toBe('-1,234.57');
    expect(fmt(123456)).toBe('123,456');
    expect(fmt(-12345678.9)).toBe('-12,345,678.9');
    expect(fmt(999.999)).toBe('1,000');
    expect(fmt(-999.99)).toBe('-999.99');
  });

  it('keeps a figure of two decimals as it is, and cuts any other to 12 significant digits', () => {
    // What every finding's data carries: the figure its 12-digit rounding reads back as.
    const twelveDigits = (value: number) => Number(value.toPrecision(12));
    const figures = [0.15, 2504.5, -0.05, 9999999999.99, 1e10 + 0.5, 12345678901.25, 0.1 + 0.2, 1650.0000000000002, 2504.583333333333, 1 / 3, -2 / 3];
    for (let k = 1; k < 5000; k += 7) figures.push(k / 100, -k / 100, (k * 12345.67) / 100, k / 3, k * 0.07);
    for (const figure of figures) expect([figure, roundedFigure(figure)]).toEqual([figure, twelveDigits(figure)]);
    expect(roundedFigure(0.30000000000000004)).toBe(0.3);
    expect(roundedFigure(Infinity)).toBe(Infinity);
    expect(roundedFigure(7)).toBe(7);
  });

  it('writes the peak SG017 names and the hot load SG003 names the same way in one report', () => {
    const findings = lint(
      table({ partitionKey: { name: 'pk', type: 'S', cardinality: 1000 }, sortKey: undefined, workload: { peakReadUnits: 1e15, peakWriteUnits: 1e15 } }),
    );
    const text = findings.map((f) => f.message).join('\n');
    expect(findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['SG003', 'SG017']));
    expect(text).toContain('the declared read peak of the table, 1,000,000,000,000,000 RCU');
    expect(text).toContain('1,000,000,000,000 WCU writes');
    expect(text).not.toMatch(/\de\+\d/);
  });
});
