/**
 * NOTE: web push's fixed values (ADR 053), shared by the account screen and the server.
 * PUSH_PREFERENCES lists what a person may have pushed, in the order the account screen shows the switches;
 * PUSH_PREFERENCE_DEFAULTS says what is on before they choose (likes are off: they come in floods).
 */
export const PUSH_PREFERENCES = ['messages', 'friend_requests', 'comments', 'likes', 'lfg', 'communities'] as const;
export type PushPreference = (typeof PUSH_PREFERENCES)[number];
export type PushPreferences = Record<PushPreference, boolean>;

export const PUSH_PREFERENCE_DEFAULTS: PushPreferences = {
  messages: true,
  friend_requests: true,
  comments: true,
  likes: false,
  lfg: true,
  communities: true,
};

/** What each switch is called on the account screen. */
export const PUSH_PREFERENCE_LABELS: Record<PushPreference, string> = {
  messages: 'Chat messages',
  friend_requests: 'Friend requests',
  comments: 'Comments on your posts',
  likes: 'Likes on your posts',
  lfg: 'Looking for group',
  communities: 'Community join requests and invitations',
};

/** The longest endpoint URL taken (the push services' are about 200–500 characters). */
export const PUSH_ENDPOINT_MAX = 1024;
