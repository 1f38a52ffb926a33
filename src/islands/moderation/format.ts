/** NOTE: what the moderation screens write for audit entries (times are <Time>s). Pure functions. */
import type { AuditEntry } from '../../shared/moderation-types.ts';
import type { AuditAction } from '../../shared/schemas/moderation.ts';

const VERB: Record<AuditAction, string> = {
  dismiss: 'dismissed a report about',
  remove_content: 'removed content of',
  suspend_user: 'suspended',
  unsuspend_user: 'lifted the suspension of',
  grant_role: 'changed the role of',
  revoke_role: 'revoked the role of',
  rename_game: 'renamed the game',
  merge_game: 'merged the game',
};

/** 'alice suspended bob', 'The admin CLI changed the role of carol'. */
export function auditSentence(entry: AuditEntry): string {
  // Role changes come only from the admin CLI; any other entry without an actor outlived its actor's account.
  const byCli = entry.action === 'grant_role' || entry.action === 'revoke_role';
  const who = entry.actor ? entry.actor.username : byCli ? 'The admin CLI' : 'A deleted account';
  // Catalogue fixes are about a game, not a person: the detail names it ("'Old' → 'New'").
  if (entry.action === 'rename_game' || entry.action === 'merge_game') return `${who} ${VERB[entry.action]} ${entry.detail}`;
  const whom = entry.target_user ? entry.target_user.username : 'someone';
  return `${who} ${VERB[entry.action]} ${whom}`;
}
