import { BIRTH_YEAR_SPAN, MIN_AGE_YEARS } from './fields.ts';

export type Birthday = { birthYear: number; birthMonth: number; birthDay: number };

export function birthYearRange(today = new Date()): { first: number; last: number } {
  const last = today.getFullYear();
  return { first: last - BIRTH_YEAR_SPAN, last };
}

export function isRealDate({ birthYear, birthMonth, birthDay }: Birthday): boolean {
  const d = new Date(Date.UTC(birthYear, birthMonth - 1, birthDay));
  return d.getUTCFullYear() === birthYear && d.getUTCMonth() === birthMonth - 1 && d.getUTCDate() === birthDay;
}

/** Whole years between the birthday and `today`, counted on the calendar (a birthday today counts). */
export function ageOn({ birthYear, birthMonth, birthDay }: Birthday, today = new Date()): number {
  const m = today.getMonth() + 1;
  const hadBirthday = m > birthMonth || (m === birthMonth && today.getDate() >= birthDay);
  return today.getFullYear() - birthYear - (hadBirthday ? 0 : 1);
}

export function toIsoDate({ birthYear, birthMonth, birthDay }: Birthday): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(birthYear).padStart(4, '0')}-${pad(birthMonth)}-${pad(birthDay)}`;
}

export const isOldEnough = (b: Birthday, today = new Date()) => ageOn(b, today) >= MIN_AGE_YEARS;
