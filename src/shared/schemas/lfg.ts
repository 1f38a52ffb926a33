/**
 * NOTE: looking-for-group shapes (ADR 052), used by the post form and the API alike. The fixed values are in
 * ../lfg-values.ts. `starts_at` is judged against the clock of whoever checks it (the form's and the server's):
 * null means now; a time at most LFG_START_GRACE_MS ago still counts as now.
 */
import * as v from 'valibot';
import {
  LFG_AHEAD_DAYS,
  LFG_DESCRIPTION_MAX,
  LFG_DURATION_DEFAULT,
  LFG_DURATION_MAX,
  LFG_DURATION_MIN,
  LFG_MESSAGE_MAX,
  LFG_PLATFORMS,
  LFG_SLOTS_MAX,
  LFG_SLOTS_MIN,
  LFG_START_GRACE_MS,
  LFG_TAGS,
  LFG_TAGS_MAX,
  LFG_TITLE_MAX,
  LFG_VISIBILITIES,
  LFG_WHEN,
} from '../lfg-values.ts';
import { communitySlugField } from './communities.ts';
import { opaqueCursorField, plainName, plainText, requiredObject, wholeNumberField } from './fields.ts';
import { gameSlugField } from './games.ts';

const DAY_MS = 24 * 60 * 60_000;

export const lfgPlatformField = v.picklist(LFG_PLATFORMS, `Platform must be one of ${LFG_PLATFORMS.join(', ')}`);

const titleField = v.pipe(
  v.string('Title must be text'),
  v.transform((s) => s.trim().replace(/\s+/g, ' ')),
  v.nonEmpty('Title is required'),
  v.maxLength(LFG_TITLE_MAX, `Title must be at most ${LFG_TITLE_MAX} characters`),
  plainName('Title'),
);

const descriptionField = v.pipe(
  v.string('Description must be text'),
  v.trim(),
  v.maxLength(LFG_DESCRIPTION_MAX, `Description must be at most ${LFG_DESCRIPTION_MAX} characters`),
  plainText('Description', { newlines: true }),
);

/** An ISO time with its zone (what `Date.toISOString()` writes), from now to LFG_AHEAD_DAYS ahead; null is now. */
const startsAtField = v.nullable(
  v.pipe(
    v.string('Start time must be an ISO time such as 2026-11-28T20:00:00Z'),
    v.isoTimestamp('Start time must be an ISO time such as 2026-11-28T20:00:00Z'),
    v.check((s) => Number.isFinite(Date.parse(s)), 'Start time must be an ISO time such as 2026-11-28T20:00:00Z'),
    v.check((s) => Date.parse(s) >= Date.now() - LFG_START_GRACE_MS, 'Start time cannot be in the past'),
    v.check((s) => Date.parse(s) <= Date.now() + LFG_AHEAD_DAYS * DAY_MS, `Start time must be within ${LFG_AHEAD_DAYS} days`),
  ),
);

const rangeField = (name: string, min: number, max: number) =>
  v.pipe(
    wholeNumberField(name),
    v.minValue(min, `${name} must be between ${min} and ${max}`),
    v.maxValue(max, `${name} must be between ${min} and ${max}`),
  );

const tagsField = v.pipe(
  v.array(v.picklist(LFG_TAGS, `Tags must be from: ${LFG_TAGS.join(', ')}`), 'Tags must be a list'),
  v.maxLength(LFG_TAGS_MAX, `At most ${LFG_TAGS_MAX} tags`),
  v.check((list) => new Set(list).size === list.length, 'Each tag can be chosen once'),
);

/** POST /lfg. A community post names its community; other visibilities name none. */
export const newLfgSchema = v.pipe(
  requiredObject({
    game: gameSlugField(),
    platform: lfgPlatformField,
    title: titleField,
    description: v.optional(descriptionField, ''),
    starts_at: v.optional(startsAtField, null),
    duration_minutes: v.optional(rangeField('Duration', LFG_DURATION_MIN, LFG_DURATION_MAX), LFG_DURATION_DEFAULT),
    slots: rangeField('Players wanted', LFG_SLOTS_MIN, LFG_SLOTS_MAX),
    tags: v.optional(tagsField, []),
    visibility: v.picklist(LFG_VISIBILITIES, `Visibility must be one of ${LFG_VISIBILITIES.join(', ')}`),
    community: v.optional(communitySlugField),
  }),
  v.forward(
    v.check((post) => (post.visibility === 'community') === (post.community !== undefined), 'Choose the community for a community post'),
    ['community'],
  ),
);
export type NewLfgInput = v.InferInput<typeof newLfgSchema>;
export type NewLfg = v.InferOutput<typeof newLfgSchema>;

/** POST /lfg/{id}/join: an optional note to the host. */
export const lfgJoinSchema = v.optional(
  v.object({
    message: v.optional(
      v.pipe(
        v.string('Message must be text'),
        v.trim(),
        v.maxLength(LFG_MESSAGE_MAX, `Message must be at most ${LFG_MESSAGE_MAX} characters`),
        plainText('Message', { newlines: true }),
      ),
      '',
    ),
  }),
  {},
);

/** GET /lfg?game=&platform=&community=&when=&cursor=. */
export const lfgListSchema = v.object({
  game: v.optional(gameSlugField()),
  platform: v.optional(lfgPlatformField),
  community: v.optional(communitySlugField),
  when: v.optional(v.picklist(LFG_WHEN, `when must be one of ${LFG_WHEN.join(', ')}`)),
  cursor: opaqueCursorField,
});
export type LfgListQuery = v.InferOutput<typeof lfgListSchema>;

/** GET /lfg/mine?cursor=: your groups (hosted, joined or asked to join), soonest first. */
export const lfgPageSchema = v.object({ cursor: opaqueCursorField });
