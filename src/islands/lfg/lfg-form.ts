/**
 * NOTE: the new-post form's values and how they become the API's body (ADR 052). The start is 'now' or a local
 * date and time from a datetime-local input, read in the reader's own zone and sent as ISO. Pure.
 */
import type { GameRef } from '../../shared/game-types.ts';
import { LFG_DURATION_DEFAULT, type LfgPlatform, type LfgTag, type LfgVisibility } from '../../shared/lfg-values.ts';
import type { NewLfgInput } from '../../shared/schemas/lfg.ts';

export type LfgFormValues = {
  game: GameRef | null;
  platform: LfgPlatform;
  title: string;
  description: string;
  start: 'now' | 'later';
  /** A datetime-local value ('2026-11-28T20:00'), local time. */
  startsAt: string;
  duration: number;
  slots: number;
  tags: LfgTag[];
  visibility: LfgVisibility;
  community: string;
};

/** A datetime-local value for `ms`, in local time, to the minute. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A fresh form: starting at the next full hour of the reader's clock, an hour or more ahead, when 'later' is chosen. */
export function emptyForm(now: number, game: GameRef | null = null): LfgFormValues {
  const start = new Date(now + 3_600_000);
  if (start.getMinutes() !== 0 || start.getSeconds() !== 0) start.setHours(start.getHours() + 1, 0, 0, 0);
  const nextHour = start.getTime();
  return {
    game,
    platform: 'playstation',
    title: '',
    description: '',
    start: 'now',
    startsAt: localInputValue(nextHour),
    duration: LFG_DURATION_DEFAULT,
    slots: 3,
    tags: [],
    visibility: 'public',
    community: '',
  };
}

export function toInput(f: LfgFormValues): NewLfgInput {
  const local = new Date(f.startsAt);
  return {
    game: f.game?.slug ?? '',
    platform: f.platform,
    title: f.title,
    description: f.description,
    // An unreadable local value goes as it is: the schema then says what is wrong with it.
    starts_at: f.start === 'now' ? null : Number.isNaN(local.getTime()) ? f.startsAt : local.toISOString(),
    duration_minutes: f.duration,
    slots: f.slots,
    tags: f.tags,
    visibility: f.visibility,
    ...(f.visibility === 'community' ? { community: f.community } : {}),
  };
}
