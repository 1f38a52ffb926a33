/**
 * NOTE: community shapes (ADR 049), used by the community forms and the API alike. The fixed values are in
 * ../community-values.ts. A community is named by its slug; people by their user id (as friends and blocks are).
 */
import * as v from 'valibot';
import {
  CHANNEL_NAME_MAX,
  COMMUNITY_BAN_HOURS_MAX,
  COMMUNITY_BAN_REASON_MAX,
  COMMUNITY_DESCRIPTION_MAX,
  COMMUNITY_GAMES_MAX,
  COMMUNITY_NAME_MAX,
  COMMUNITY_NAME_MIN,
  COMMUNITY_QUERY_MAX,
  COMMUNITY_RULE_MAX,
  COMMUNITY_RULES_MAX,
  COMMUNITY_SLUG_MAX,
  COMMUNITY_VISIBILITIES,
  INVITE_CODE_LENGTH,
  INVITE_HOURS_MAX,
  INVITE_USES_MAX,
} from '../community-values.ts';
import { MAX_INT_ID, opaqueCursorField, plainName, plainText, requiredObject, wholeNumberField } from './fields.ts';
import { passwordConfirmSchema } from './account.ts';
import { gameSlugField } from './games.ts';

/** A slug in a path or a query: refused early when it could not be one (the service answers 404 for unknown ones). */
export const communitySlugField = v.pipe(
  v.string('Community must be text'),
  v.maxLength(COMMUNITY_SLUG_MAX, 'Community not found'),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Community not found'),
);

export const communityNameField = v.pipe(
  v.string('Name must be text'),
  v.transform((s) => s.normalize('NFKC').trim().replace(/\s+/g, ' ')),
  v.minLength(COMMUNITY_NAME_MIN, `Name must be at least ${COMMUNITY_NAME_MIN} characters`),
  v.maxLength(COMMUNITY_NAME_MAX, `Name must be at most ${COMMUNITY_NAME_MAX} characters`),
  // No invisible format character: a zero-width space would make a second community that looks like another.
  plainName('Name', { noFormatCharacters: true }),
  v.check((s) => /[\p{L}\p{N}]/u.test(s), 'Name needs at least one letter or digit'),
);

const descriptionField = v.pipe(
  v.string('Description must be text'),
  v.trim(),
  v.maxLength(COMMUNITY_DESCRIPTION_MAX, `Description must be at most ${COMMUNITY_DESCRIPTION_MAX} characters`),
  plainText('Description', { newlines: true }),
);

const rulesField = v.pipe(
  v.array(
    v.pipe(
      v.string('Each rule must be text'),
      v.trim(),
      v.nonEmpty('A rule cannot be empty'),
      v.maxLength(COMMUNITY_RULE_MAX, `Each rule must be at most ${COMMUNITY_RULE_MAX} characters`),
      plainText('Rule'),
    ),
    'Rules must be a list',
  ),
  v.maxLength(COMMUNITY_RULES_MAX, `At most ${COMMUNITY_RULES_MAX} rules`),
);

const gamesField = v.pipe(
  v.array(gameSlugField(), 'Games must be a list'),
  v.maxLength(COMMUNITY_GAMES_MAX, `At most ${COMMUNITY_GAMES_MAX} games`),
  v.check((list) => new Set(list).size === list.length, 'Each game can be listed once'),
);

const visibilityField = v.picklist(COMMUNITY_VISIBILITIES, `Visibility must be one of ${COMMUNITY_VISIBILITIES.join(', ')}`);

/** POST /communities. */
export const newCommunitySchema = requiredObject({
  name: communityNameField,
  description: v.optional(descriptionField, ''),
  visibility: visibilityField,
  games: v.optional(gamesField, []),
  rules: v.optional(rulesField, []),
});
export type NewCommunityInput = v.InferInput<typeof newCommunitySchema>;
export type NewCommunity = v.InferOutput<typeof newCommunitySchema>;

/** PATCH /communities/{slug}: any of the details; the slug stays (links keep working). */
export const editCommunitySchema = v.pipe(
  v.object(
    {
      name: v.optional(communityNameField),
      description: v.optional(descriptionField),
      visibility: v.optional(visibilityField),
      games: v.optional(gamesField),
      rules: v.optional(rulesField),
    },
    'Request body must be a JSON object',
  ),
  v.check((edit) => Object.values(edit).some((value) => value !== undefined), 'Nothing to change'),
);
export type CommunityEdit = v.InferOutput<typeof editCommunitySchema>;

/** DELETE /communities/{slug}: the owner's password. */
export const deleteCommunitySchema = passwordConfirmSchema;

const userIdField = v.pipe(
  wholeNumberField('user_id'),
  v.minValue(1, 'user_id is not valid'),
  v.maxValue(MAX_INT_ID, 'user_id is not valid'),
);

export const roleSchema = requiredObject({ role: v.picklist(['moderator', 'member'], "Role must be 'moderator' or 'member'") });
export const transferSchema = requiredObject({ user_id: userIdField });

export const banSchema = requiredObject({
  user_id: userIdField,
  reason: v.optional(
    v.pipe(
      v.string('Reason must be text'),
      v.trim(),
      v.maxLength(COMMUNITY_BAN_REASON_MAX, `Reason must be at most ${COMMUNITY_BAN_REASON_MAX} characters`),
      plainText('Reason', { newlines: true }),
    ),
    '',
  ),
  duration_hours: v.optional(
    v.pipe(
      wholeNumberField('duration_hours'),
      v.minValue(1, 'duration_hours must be at least 1'),
      v.maxValue(COMMUNITY_BAN_HOURS_MAX, `duration_hours must be at most ${COMMUNITY_BAN_HOURS_MAX}`),
    ),
  ),
});

export const inviteSchema = requiredObject({
  max_uses: v.pipe(
    wholeNumberField('max_uses'),
    v.minValue(1, 'max_uses must be at least 1'),
    v.maxValue(INVITE_USES_MAX, `max_uses must be at most ${INVITE_USES_MAX}`),
  ),
  expires_in_hours: v.pipe(
    wholeNumberField('expires_in_hours'),
    v.minValue(1, 'expires_in_hours must be at least 1'),
    v.maxValue(INVITE_HOURS_MAX, `expires_in_hours must be at most ${INVITE_HOURS_MAX}`),
  ),
  // An invite for one person: they are told (an 'invited' notification leading to it).
  user_id: v.optional(userIdField),
});

/**
 * A channel's name: typed as 'Looking for group', kept as 'looking-for-group' (lowercase; spaces become '-'), so
 * two channels never differ only by case or spacing. Letters and digits of any script, '-' and '_'.
 */
export const channelNameField = v.pipe(
  v.string('Channel name must be text'),
  v.transform((s) => s.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, '-')),
  v.nonEmpty('Channel name is required'),
  v.maxLength(CHANNEL_NAME_MAX, `Channel name must be at most ${CHANNEL_NAME_MAX} characters`),
  // Marks too: Devanagari, Thai and other scripts write vowels as combining marks.
  v.regex(/^[\p{L}\p{M}\p{N}_-]+$/u, 'Channel names use letters, digits, - and _'),
  v.check((s) => /[\p{L}\p{N}]/u.test(s), 'Channel name needs at least one letter or digit'),
);
export const channelSchema = requiredObject({ name: channelNameField });

/** An invite code in a path: anything that could not be one is simply not found. */
export const inviteCodeField = v.pipe(v.string(), v.regex(new RegExp(`^[A-Za-z0-9]{${INVITE_CODE_LENGTH}}$`), 'Invite not found'));

/** GET /communities?query=&game=&cursor= and the paged lists under a community: `cursor` is opaque. */
const cursorField = opaqueCursorField;
export const communitySearchSchema = v.object({
  query: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(COMMUNITY_QUERY_MAX, `Search query must be at most ${COMMUNITY_QUERY_MAX} characters`),
      plainText('Search query'),
    ),
    '',
  ),
  game: v.optional(gameSlugField()),
  cursor: cursorField,
});
export type CommunitySearch = v.InferOutput<typeof communitySearchSchema>;
export const communityPageSchema = v.object({ cursor: cursorField });
