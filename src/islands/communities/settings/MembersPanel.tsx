/**
 * NOTE: the 'Members' tab: everyone in the community (owner and moderators first), each with a menu of what the
 * viewer may do to them: the owner makes members moderators and back, or hands the community over; moderators
 * remove or ban people of a lower role (the server checks the same `outranks` rule). Removing, handing over and
 * banning ask first; a role change is done at once and said in a toast.
 */
import { useState } from 'react';
import { serverMessageOf } from '../../../client/api.ts';
import type { CommunityMember } from '../../../shared/community-types.ts';
import { roleRank, type CommunityRole } from '../../../shared/community-values.ts';
import { fetchMembers } from '../../../stores/communities/communities-api.ts';
import { kickMember, setRole, transferCommunity } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { chipClass } from '../../../ui/chip-styles.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { lazyOnOpen } from '../../../ui/lazy-on-open.tsx';
import { panelListClass } from '../../../ui/list-styles.ts';
import { MoreMenu, type MoreMenuItem } from '../../../ui/MoreMenu.tsx';
import { FirstLoad, LoadMore } from '../../../ui/paged-list/PagedListParts.tsx';
import { usePagedList } from '../../../ui/paged-list/use-paged-list.ts';
import { Time } from '../../../ui/Time.tsx';
import type { BanDialogProps } from './BanDialog.tsx';
import type { SettingsPanelProps } from './panel-props.ts';
import { PersonLine } from './PersonLine.tsx';

const BanDialog = lazyOnOpen<BanDialogProps>(
  () => import('./BanDialog.tsx').then((m) => m.default),
  (props) => props.member !== null,
);
type Member = CommunityMember & { id: number };
type Asked = { action: 'kick' | 'transfer'; member: Member } | null;

const ROLE_NAMES: Record<CommunityRole, string> = { owner: 'Owner', moderator: 'Moderator', member: 'Member' };

function itemsFor(viewer: CommunityRole, member: Member): MoreMenuItem[] {
  if (roleRank(viewer) >= roleRank(member.role)) return [];
  const owner: MoreMenuItem[] =
    viewer === 'owner'
      ? [
          member.role === 'member'
            ? { value: 'moderator', label: 'Make moderator', icon: 'userPlus' }
            : { value: 'member', label: 'Make member', icon: 'userMinus' },
          { value: 'transfer', label: 'Make owner', icon: 'community' },
        ]
      : [];
  return [
    ...owner,
    { value: 'kick', label: 'Remove from community', icon: 'logout', danger: true },
    { value: 'ban', label: 'Ban', icon: 'block', danger: true },
  ];
}

export function MembersPanel({ community, onChanged }: SettingsPanelProps) {
  const list = usePagedList(async (cursor) => {
    const page = await fetchMembers(community.slug, cursor);
    return { items: page.members.map((m) => ({ ...m, id: m.user_id })), next_cursor: page.next_cursor };
  }, 'Could not load the members. Please try again.');
  const [asked, setAsked] = useState<Asked>(null);
  const [banning, setBanning] = useState<Member | null>(null);
  const viewer = community.my_role ?? 'member';

  async function changeRole(member: Member, role: 'moderator' | 'member') {
    try {
      await setRole(community.slug, member.id, role);
      list.update((m) => (m.id === member.id ? { ...m, role } : m));
      toast.success(role === 'moderator' ? `${member.username} is now a moderator` : `${member.username} is now a member`);
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'The role could not be changed. Please try again.');
    }
  }

  function choose(member: Member, value: string) {
    if (value === 'moderator' || value === 'member') void changeRole(member, value);
    else if (value === 'ban') setBanning(member);
    else if (value === 'kick' || value === 'transfer') setAsked({ action: value, member });
  }

  async function confirm(): Promise<null> {
    if (!asked) return null;
    const { action, member } = asked;
    if (action === 'kick') {
      toast.success((await kickMember(community.slug, member.id)).message);
      list.drop([member.id]);
    } else {
      toast.success((await transferCommunity(community.slug, member.id)).message);
    }
    setAsked(null);
    onChanged();
    return null;
  }

  if (list.status !== 'ready') return <FirstLoad list={list} loadingLabel="Loading members" />;
  return (
    <>
      <ul className={panelListClass} aria-label="Members">
        {list.items.map((m) => {
          const items = itemsFor(viewer, m);
          return (
            <PersonLine
              key={m.id}
              person={m}
              badge={m.role !== 'member' && <span className={chipClass}>{ROLE_NAMES[m.role]}</span>}
              meta={
                <>
                  Joined <Time iso={m.joined_at} format="ago" />
                </>
              }
            >
              {items.length > 0 && <MoreMenu label={`Actions for ${m.username}`} items={items} onSelect={(value) => choose(m, value)} />}
            </PersonLine>
          );
        })}
      </ul>
      <LoadMore list={list} />
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={asked?.action === 'transfer' ? 'Hand over the community?' : 'Remove from community?'}
        confirmLabel={asked?.action === 'transfer' ? 'Make owner' : 'Remove'}
        busyLabel={asked?.action === 'transfer' ? 'Handing over...' : 'Removing...'}
        onConfirm={confirm}
      >
        {asked?.action === 'transfer'
          ? `${asked.member.username} becomes the owner, and you a moderator. Only they can undo it.`
          : `${asked?.member.username ?? ''} leaves the community. They can join again unless you ban them.`}
      </ConfirmDialog>
      <BanDialog
        member={banning}
        slug={community.slug}
        onClose={() => setBanning(null)}
        onBanned={(id) => {
          list.drop([id]);
          onChanged();
        }}
      />
    </>
  );
}
