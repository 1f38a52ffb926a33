/** NOTE: what the mod log says for each entry ('ana banned bo', 'ana edited the details: name, rules'). Pure. */
import type { ModlogEntry } from '../../../shared/community-types.ts';
import type { ModAction } from '../../../shared/community-values.ts';
import { plural } from '../../../shared/plural.ts';

// The server writes a timed ban's length as '{n} h' and an invite's as '{uses} uses, {n} h'.
const hours = (detail: string) =>
  detail
    .replace(/\b(\d+) h\b/, (_, n: string) => plural(Number(n), 'hour'))
    .replace(/\b(\d+) uses\b/, (_, n: string) => plural(Number(n), 'use'));

/**
 * Each action's sentence from the actor's name on; `whom` is the person acted on ('someone' when none is named),
 * `target` the name as logged (null: nobody, or an account deleted since).
 */
const SENTENCES: Record<ModAction, (whom: string, detail: string, target: string | null) => string> = {
  approve: (whom) => `approved ${whom}'s request to join`,
  reject: (whom) => `rejected ${whom}'s request to join`,
  kick: (whom) => `removed ${whom} from the community`,
  ban: (whom, detail) => (detail === 'until lifted' ? `banned ${whom} until lifted` : `banned ${whom} for ${hours(detail)}`),
  unban: (whom) => `lifted ${whom}'s ban`,
  role: (whom, detail) => `made ${whom} ${detail.endsWith('moderator') ? 'a moderator' : 'a member'}`,
  transfer: (whom) => `handed the community over to ${whom}`,
  invite: (_, detail, target) => (target ? `invited ${target} (${hours(detail)})` : `made an invite link (${hours(detail)})`),
  edit: (_, detail) => `edited the details${detail ? `: ${detail}` : ''}`,
  remove_post: (whom) => `removed a post by ${whom}`,
  remove_comment: (whom) => `removed a comment by ${whom}`,
  pin: (whom) => `pinned a post by ${whom}`,
  unpin: (whom) => `unpinned a post by ${whom}`,
  channel_add: (_, detail) => `added the channel #${detail}`,
  channel_rename: (_, detail) => `renamed a channel: ${detail}`,
  channel_remove: (_, detail) => `removed the channel #${detail}`,
  remove_message: (whom, detail) => `removed a message by ${whom} in #${detail}`,
};

export function modlogSentence(entry: Pick<ModlogEntry, 'action' | 'actor' | 'target' | 'detail'>): string {
  return `${entry.actor} ${SENTENCES[entry.action](entry.target ?? 'someone', entry.detail, entry.target)}`;
}
