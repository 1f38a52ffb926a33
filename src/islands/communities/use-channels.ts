/**
 * NOTE: a community's channels as its page and its settings show them, kept live: a `channels_changed` about this
 * community (a channel added or removed, the viewer joining or leaving) or a rename of one of them loads the list
 * again. Use `useLoaded`'s states (NotReady for all but `ready`).
 */
import { useEffect } from 'react';
import type { Channel } from '../../shared/community-types.ts';
import { fetchChannels } from '../../stores/communities/communities-api.ts';
import { onServerEvent } from '../../stores/socket.ts';
import { useLoaded } from '../../ui/use-loaded.ts';

export function useChannels(slug: string) {
  const loaded = useLoaded<Channel[]>(async () => (await fetchChannels(slug)).channels, 'Failed to load the channels', [slug]);
  const { state, reload } = loaded;
  useEffect(() => {
    const again = () => void reload();
    const offChanged = onServerEvent('channels_changed', ({ community }) => community.slug === slug && again());
    const offRenamed = onServerEvent('chat_renamed', ({ room_id }) => {
      if (state.status === 'ready' && state.value.some((c) => c.room_id === room_id)) again();
    });
    return () => {
      offChanged();
      offRenamed();
    };
  }, [slug, reload, state]);
  return loaded;
}
