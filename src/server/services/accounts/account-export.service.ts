/**
 * NOTE: a member takes their data out (ADR 028): a zip streamed as it is made (yazl), holding
 * `savepoint-export.json` and the files of their posts, their profile picture and the chat images they sent.
 * Rules for callers:
 * - `open` answers the zip as a Node stream; send it as the response body as is. Only one file is open at a time
 *   (each is opened when the zip reaches it), and when the stream ends or is destroyed (the client went away)
 *   the open file is closed and no other is opened.
 * - One export per person at a time, across every node (a lease like the upload slots): a second one is 429.
 *   The per-minute limit is the caller's (the route counts exports in their own write bucket).
 */
import { finished, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DELETED_USER_NAME } from '../../../shared/chat-types.ts';
import { EXPORT_DOCUMENT_NAME, type AccountExportDocument } from '../../../shared/account-data-types.ts';
import type { UploadSlots } from '../../auth/upload-slots.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { ServiceError } from '../../errors.ts';
import * as q from './account-export.queries.ts';

export const EXPORT_RUNNING = 'Your data export is already being prepared. Wait for that download to finish, then try again.';
const RUNNING_RETRY_SECONDS = 10;

type StoredEntry = { key: string; path: string; mtime: Date; size: number };
export type OpenedExport = { filename: string; stream: Readable };

const iso = (d: Date | string) => new Date(d).toISOString();
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const people = (list: Array<{ username: string; since: Date | string }>) =>
  list.map((p) => ({ username: p.username, since: iso(p.since) }));

export function createAccountExport(deps: { db: Db; storage: MediaStorage; slots: UploadSlots }) {
  const { db, storage, slots } = deps;

  /** A stored file as an entry of the zip, or null when it is gone from the storage. Raw rows may carry times as text. */
  async function entry(key: string, path: string, mtime: Date | string): Promise<StoredEntry | null> {
    const info = await storage.stat(key);
    return info ? { key, path, mtime: new Date(mtime), size: info.size } : null;
  }

  async function collect(userId: number): Promise<{ doc: AccountExportDocument; picture: Buffer | null; files: StoredEntry[] }> {
    const profile = await q.profileRow(db, userId);
    if (!profile) throw new ServiceError(401, 'Not signed in');
    const [picture, links, posts, comments, likes, messages, games, groups] = await Promise.all([
      q.pictureOf(db, userId),
      q.peopleOf(db, userId),
      q.postsOf(db, userId),
      q.commentsOf(db, userId),
      q.likesOf(db, userId),
      q.messagesOf(db, userId),
      q.gamesOf(db, userId),
      q.groupsOf(db, userId),
    ]);
    const files: StoredEntry[] = [];
    const add = async (key: string | null, path: string, mtime: Date | string) => {
      const found = key ? await entry(key, path, mtime) : null;
      if (found) files.push(found);
      return found ? path : null;
    };
    const postEntries = [];
    for (const p of posts) {
      const file = await add(p.file_key, `posts/${p.id}.${extensionOf(p.file_key)}`, p.created_at);
      postEntries.push({
        id: p.id,
        media_type: p.media_type,
        caption: p.caption,
        created_at: iso(p.created_at),
        likes: p.likes_count,
        comments: p.comments_count,
        game: p.game_slug && p.game_name ? { slug: p.game_slug, name: p.game_name } : null,
        file,
      });
    }
    const messageEntries = [];
    for (const m of messages) {
      const image = m.image_key ? await add(m.image_key, `chat/${m.id}.${extensionOf(m.image_key)}`, m.created_at) : null;
      messageEntries.push({
        id: Number(m.id),
        room_id: m.room_id,
        room_name: m.room_name ?? DELETED_USER_NAME,
        message_type: m.message_type,
        content: m.content,
        created_at: iso(m.created_at),
        image,
      });
    }
    const doc: AccountExportDocument = {
      format: 'savepoint-export',
      version: 1,
      exported_at: new Date().toISOString(),
      profile: {
        user_id: profile.id,
        username: profile.username,
        email: profile.email,
        birthday: profile.birthday,
        joined_at: iso(profile.created_at),
        bio: profile.bio ?? '',
        handles: {
          discord: profile.discord_username,
          playstation: profile.psn_username,
          xbox: profile.xbox_gamertag,
          steam: profile.steam_username,
          nintendo: profile.nintendo_friend_code,
        },
        handle_visibility: profile.handle_visibility ?? {},
        links: profile.links ?? {},
        games: Object.fromEntries(games.map((g) => [g.slug, { name: g.name, platform: g.platform, added_at: iso(g.created_at) }])),
        picture: picture ? 'profile-picture.jpg' : null,
      },
      friends: people(links.friends),
      friend_requests: { sent: people(links.sent), received: people(links.received) },
      followers: people(links.followers),
      following: people(links.following),
      blocked: people(links.blocked),
      posts: postEntries,
      comments: comments.map((c) => ({ ...c, created_at: iso(c.created_at) })),
      likes: likes.map((l) => ({ ...l, created_at: iso(l.created_at) })),
      chat_messages: messageEntries,
      groups: groups.map((g) => ({
        id: g.id,
        title: g.title,
        description: g.description,
        game: { slug: g.game_slug, name: g.game_name },
        platform: g.platform,
        starts_at: iso(g.starts_at),
        ends_at: iso(g.ends_at),
        status: g.status,
        role: g.role === 'accepted' ? 'member' : g.role,
        message: g.message,
        created_at: iso(g.created_at),
      })),
    };
    return { doc, picture, files };
  }

  return {
    async open(userId: number, username: string): Promise<OpenedExport> {
      const release = await slots.acquire(userId);
      if (!release) throw new ServiceError(429, EXPORT_RUNNING, { 'Retry-After': String(RUNNING_RETRY_SECONDS) });
      let collected;
      try {
        collected = await collect(userId);
      } catch (err) {
        await release();
        throw err;
      }
      const { doc, picture, files } = collected;
      const zip = new ZipFile();
      const now = new Date();
      zip.addBuffer(Buffer.from(JSON.stringify(doc, null, 2)), EXPORT_DOCUMENT_NAME, { mtime: now });
      // Media is compressed already: stored as is, which also keeps the export fast.
      if (picture) zip.addBuffer(picture, 'profile-picture.jpg', { mtime: now, compress: false });
      let current: Readable | null = null;
      let done = false;
      for (const file of files) {
        zip.addReadStreamLazy(file.path, { mtime: file.mtime, compress: false, size: file.size }, (cb) => {
          if (done) return cb(new Error('export ended'), null as unknown as Readable);
          storage.read(file.key).then(
            (stream) => {
              // The download may have ended while the store was answering: nothing would ever consume this.
              if (done) {
                stream.destroy();
                return cb(new Error('export ended'), null as unknown as Readable);
              }
              current = stream;
              cb(null, stream);
            },
            (err: Error) => cb(err, null as unknown as Readable),
          );
        });
      }
      zip.end();
      const out = zip.outputStream as Readable;
      // A file that vanished or changed size mid-way ends the download broken rather than wrong.
      zip.on('error', (err: Error) => out.destroy(err));
      finished(out, () => {
        done = true;
        (current as Readable | null)?.destroy();
        void release();
      });
      return { filename: `savepoint-${username}-${now.toISOString().slice(0, 10)}.zip`, stream: out };
    },
  };
}

export type AccountExport = ReturnType<typeof createAccountExport>;
