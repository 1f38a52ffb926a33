/**
 * NOTE: the fixed values of moderation, without the schemas (the queue and the report menu show them without
 * loading the validation library): roles, what can be reported and why, and what a moderator can do.
 */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that may read and resolve reports. */
export const isStaff = (role: Role) => role === 'moderator' || role === 'admin';

export const REPORT_TARGETS = ['user', 'media', 'comment', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Reason values and the words the report dialog and the queue show for them. */
export const REPORT_REASONS = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech or symbols',
  sexual: 'Nudity or sexual content',
  violence: 'Violence or threats',
  self_harm: 'Self-harm',
  impersonation: 'Impersonation',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_DETAILS_MAX = 500;

export const RESOLVE_ACTIONS = ['dismiss', 'remove_content', 'suspend_user'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];
export const MODERATION_NOTE_MAX = 500;
