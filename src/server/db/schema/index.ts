export * from './users.ts';
export * from './sessions.ts';
export * from './rate-limits.ts';
export * from './profiles.ts';
export * from './friendships.ts';
export * from './follows.ts';
export * from './notifications.ts';
export * from './media.ts';
