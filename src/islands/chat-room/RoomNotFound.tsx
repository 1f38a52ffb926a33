/** What /chats/{id} shows for a room that does not exist or is not the person's (the API answers 404 for both). */
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { CHATS_PATH } from '../../stores/chat/chat-room-events.ts';

const boxClass = css({ display: 'grid', justifyItems: 'center', gap: '4', py: '16', textAlign: 'center' });
const titleClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' });
const textClass = css({ color: 'fg.muted', maxW: 'md' });

export function RoomNotFound() {
  return (
    <section className={boxClass}>
      <h1 className={titleClass}>Chat not found</h1>
      <p className={textClass}>This chat does not exist, or you are not in it.</p>
      <a href={CHATS_PATH} className={button({ variant: 'outline' })}>
        Back to chats
      </a>
    </section>
  );
}
