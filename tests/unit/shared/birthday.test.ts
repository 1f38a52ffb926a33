import { describe, expect, it } from 'vitest';
import { ageOn, birthYearRange, isOldEnough, isRealDate, toIsoDate } from '../../../src/shared/schemas/birthday.ts';

const on = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12);
const born = (birthYear: number, birthMonth: number, birthDay: number) => ({ birthYear, birthMonth, birthDay });

describe('isRealDate', () => {
  it.each([
    [2000, 2, 29, true], // divisible by 400: leap
    [2024, 2, 29, true],
    [1900, 2, 29, false], // divisible by 100 only: not leap
    [2023, 2, 29, false],
    [2024, 2, 30, false],
    [2024, 4, 31, false],
    [2024, 12, 31, true],
    [2024, 1, 1, true],
    [2024, 13, 1, false],
    [2024, 0, 10, false],
    [2024, 6, 0, false],
  ])('%i-%i-%i is %s', (y, m, d, real) => {
    expect(isRealDate(born(y, m, d))).toBe(real);
  });
});

describe('ageOn and the 13th birthday', () => {
  it('turns 13 on the birthday itself, not the day before', () => {
    const b = born(2012, 5, 20);
    expect(ageOn(b, on(2025, 5, 19))).toBe(12);
    expect(ageOn(b, on(2025, 5, 20))).toBe(13);
    expect(isOldEnough(b, on(2025, 5, 19))).toBe(false);
    expect(isOldEnough(b, on(2025, 5, 20))).toBe(true);
  });

  it('counts months before days', () => {
    expect(ageOn(born(2000, 12, 1), on(2013, 11, 30))).toBe(12);
    expect(ageOn(born(2000, 1, 31), on(2013, 2, 1))).toBe(13);
  });

  it('a leap-day baby turns 13 on 1 March (13 years after a leap year is never one)', () => {
    for (const year of [2000, 2008, 2012]) {
      const leapling = born(year, 2, 29);
      expect(isOldEnough(leapling, on(year + 13, 2, 28)), String(year)).toBe(false);
      expect(isOldEnough(leapling, on(year + 13, 3, 1)), String(year)).toBe(true);
    }
  });
});

describe('birthYearRange', () => {
  it('runs from 100 years back to the current year', () => {
    expect(birthYearRange(on(2026, 11, 22))).toEqual({ first: 1926, last: 2026 });
    expect(birthYearRange(on(2030, 1, 1))).toEqual({ first: 1930, last: 2030 });
  });
});

describe('toIsoDate', () => {
  it('pads to YYYY-MM-DD', () => {
    expect(toIsoDate(born(1999, 3, 7))).toBe('1999-03-07');
    expect(toIsoDate(born(2000, 12, 31))).toBe('2000-12-31');
  });
});
