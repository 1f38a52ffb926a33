/**
 * NOTE: how a looking-for-group post reads, shared by the board's cards and the post's page: its slots, its
 * status for the viewer, its platform and tags. Pure.
 */
import { GAME_PLATFORM_LABELS } from '../../shared/game-values.ts';
import type { LfgPost } from '../../shared/lfg-types.ts';
import { LFG_TAG_LABELS } from '../../shared/lfg-values.ts';

/** '2 of 4 spots left', 'Full'. */
export function spotsText(post: Pick<LfgPost, 'slots' | 'left'>): string {
  if (post.left === 0) return 'Full';
  return `${post.left} of ${post.slots} ${post.slots === 1 ? 'spot' : 'spots'} left`;
}

/** The chip beside a post: the viewer's place in it first, else what keeps others out. Null: nothing to say. */
export function standingText(post: Pick<LfgPost, 'my_status' | 'status'>): string | null {
  if (post.status === 'closed') return 'Closed';
  if (post.status === 'ended') return 'Ended';
  switch (post.my_status) {
    case 'host':
      return 'Hosting';
    case 'member':
      return "You're in";
    case 'requested':
      return 'Requested';
    case 'declined':
      return 'Declined';
    default:
      return post.status === 'full' ? 'Full' : null;
  }
}

/** Open or full: still on the board (closed and ended posts show their start as a date, not 'Now'). */
export const isRunning = (post: Pick<LfgPost, 'status'>) => post.status === 'open' || post.status === 'full';

export const platformText = (post: Pick<LfgPost, 'platform'>) => GAME_PLATFORM_LABELS[post.platform] ?? post.platform;
export const tagText = (tag: string) => LFG_TAG_LABELS[tag as keyof typeof LFG_TAG_LABELS] ?? tag;
