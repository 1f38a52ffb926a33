/**
 * NOTE: the communities section of `npm run bench` (BENCH_ONLY=communities): a community's calls at a small size
 * (1k members, 1k posts, 100 communities on the site) and a large one (100k members, 1M posts in that community,
 * 10k communities), measured by its owner: one connection, sequential, after a warm-up. Large over small must
 * stay within 2× (median); a slower row fails. Starts its own production server, so other sections' rows never
 * change its sizes.
 */
import type { CommunityMembersResponse, CommunityResponse } from '../src/shared/community-types.ts';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import sharp from 'sharp';
import { growCommunity, type CommunitiesSize } from './communities-data.ts';
import { latency, postPhoto, serverDatabase, type Latency } from './media.ts';
import { call, ratioRows } from './small-vs-large.ts';
import { signedInCookie } from './throughput.ts';

const SIZES: Array<[string, CommunitiesSize]> = [
  ['1k', { members: 1_000, posts: 1_000, communities: 100 }],
  ['100k/1M', { members: 100_000, posts: 1_000_000, communities: 10_000 }],
];

export async function measureCommunities(logFile: string, logLevel: string): Promise<{ rows: string[][]; failures: string[] }> {
  const server = await startProductionServer({ logFile, logLevel, env: { RATE_LIMIT_UPLOADS: '1000' } });
  const db = serverDatabase(server.dataDir);
  const at: Record<string, Record<string, Latency>> = {};
  try {
    const { origin } = server;
    const cookie = await signedInCookie(origin);
    const viewerId = Number((await db.query('select max(id) as n from users')).rows[0].n);
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#6a1b9a' } })
      .png()
      .toBuffer();
    const template = await postPhoto(origin, cookie, photo);
    const { community } = await call<CommunityResponse>(origin, cookie, '/api/communities', 'POST', {
      name: 'Bench Crew',
      visibility: 'public',
    });
    const communityId = Number((await db.query('select id from communities where slug = $1', [community.slug])).rows[0].id);
    const base = `${origin}/api/communities/${community.slug}`;
    for (const [label, size] of SIZES) {
      await growCommunity(db, viewerId, communityId, template, size);
      let members = await call<CommunityMembersResponse>(origin, cookie, `/api/communities/${community.slug}/members`);
      for (let i = 1; i < 5 && members.next_cursor; i++)
        members = await call<CommunityMembersResponse>(
          origin,
          cookie,
          `/api/communities/${community.slug}/members?cursor=${members.next_cursor}`,
        );
      const [midPost] = (
        await db.query(
          `select id from media where community_id = $1 order by id offset (select count(*) / 2 from media where community_id = $1) limit 1`,
          [communityId],
        )
      ).rows;
      const about = await call<CommunityResponse>(origin, cookie, `/api/communities/${community.slug}`);
      console.error(`bench communities ${label}: ${about.community.member_count} members, members page 5 cursor ${members.next_cursor}`);
      at[label] = {
        'about (with the viewer’s standing)': await latency(base, cookie),
        'posts, first page (pins first)': await latency(`${base}/media`, cookie),
        'posts, cursor in the middle': await latency(`${base}/media?cursor=${midPost.id}`, cookie),
        'members, first page': await latency(`${base}/members`, cookie),
        'members, page 5 (next_cursor followed)': await latency(`${base}/members?cursor=${members.next_cursor}`, cookie),
        'discovery, popular (empty query)': await latency(`${origin}/api/communities`, cookie),
        'discovery, `query=crew` (substring)': await latency(`${origin}/api/communities?query=crew`, cookie),
        "'Your communities'": await latency(`${origin}/api/communities/mine`, cookie),
        "feed, 'My communities'": await latency(`${origin}/api/media/feed?view=communities`, cookie),
      };
    }
  } finally {
    await db.end();
    await server.stop();
  }
  const [small, large] = SIZES.map(([label]) => at[label]!);
  return ratioRows(small!, large!, (kind) => `Community latency, ${kind}: 100k members, 1M posts, 10k communities vs 1k (median / p95)`);
}
