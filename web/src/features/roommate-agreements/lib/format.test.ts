import { describe, expect, it } from 'vitest';
import { dollarsText, listNames, parseDollars, parsePercent, percentText } from './format';

describe('agreement money input', () => {
  it('reads dollars as exact cents and refuses what is not an amount', () => {
    expect(parseDollars('19.99')).toBe(1999);
    expect(parseDollars('$1,234.5')).toBe(123450);
    expect(parseDollars('0.1')).toBe(10);
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars('1.234')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
    expect(parseDollars('')).toBeNull();
    expect(dollarsText(123450)).toBe('1234.50');
    expect(dollarsText(1200)).toBe('12');
  });

  it('reads percentages as basis points', () => {
    expect(parsePercent('33.33')).toBe(3333);
    expect(parsePercent('60%')).toBe(6000);
    expect(parsePercent('1.5')).toBe(150);
    expect(parsePercent('-4')).toBeNull();
    expect(percentText(3333)).toBe('33.33');
    expect(listNames(['Ana', 'Ben', 'Cy'])).toBe('Ana, Ben and Cy');
  });
});
