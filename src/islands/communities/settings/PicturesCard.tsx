/**
 * The settings' 'Icon and banner' card: each shown as it is now, with 'Upload' (a JPEG, PNG, GIF or WebP; the
 * server crops it to size) and 'Remove'. After a change the community is loaded again and the new picture shown
 * (a new version in its URL, so the browser does not keep the old one).
 */
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { card } from '../../../../styled-system/recipes';
import { serverMessageOf } from '../../../client/api.ts';
import { COMMUNITY_IMAGE_MAX_BYTES, type CommunityImageKind } from '../../../shared/community-values.ts';
import { communityImageUrl } from '../../../stores/communities/communities-api.ts';
import { putCommunityImage, removeCommunityImage } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { CommunityBadge } from '../CommunityBadge.tsx';
import type { SettingsPanelProps } from './panel-props.ts';

const cardClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '5' }));
const titleClass = css({ fontSize: 'lg', fontWeight: 'semibold' });
const rowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' });
const bannerClass = css({
  w: { base: 'full', sm: '15rem' },
  aspectRatio: '3 / 1',
  objectFit: 'cover',
  borderRadius: 'lg',
  bg: 'bg.subtle',
});
const emptyBannerClass = css({ w: { base: 'full', sm: '15rem' }, aspectRatio: '3 / 1', borderRadius: 'lg', bg: 'bg.subtle' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const hintClass = css({ color: 'fg.muted', fontSize: 'sm' });
const LABELS: Record<CommunityImageKind, string> = { icon: 'Icon', banner: 'Banner' };

export function PicturesCard({ community, onChanged }: SettingsPanelProps) {
  const [busy, setBusy] = useState<CommunityImageKind | null>(null);
  const [version, setVersion] = useState(0);
  const inputs = { icon: useRef<HTMLInputElement>(null), banner: useRef<HTMLInputElement>(null) };

  async function run(kind: CommunityImageKind, action: () => Promise<{ message: string }>) {
    setBusy(kind);
    try {
      toast.success((await action()).message);
      setVersion(Date.now());
      onChanged();
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  }
  function picked(kind: CommunityImageKind, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > COMMUNITY_IMAGE_MAX_BYTES) toast.error(`The picture must be at most ${COMMUNITY_IMAGE_MAX_BYTES / 2 ** 20} MB`);
    else void run(kind, () => putCommunityImage(community.slug, kind, file));
  }

  const row = (kind: CommunityImageKind, has: boolean, preview: ReactNode) => (
    <div className={rowClass}>
      {preview}
      <div className={actionsClass}>
        <input
          ref={inputs[kind]}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          aria-label={`${LABELS[kind]} file`}
          onChange={(e) => picked(kind, e)}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => inputs[kind].current?.click()}
          disabled={busy !== null}
          aria-busy={busy === kind}
        >
          <Icon name="upload" />
          {has ? `Replace ${kind}` : `Upload ${kind}`}
        </Button>
        {has && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void run(kind, () => removeCommunityImage(community.slug, kind))}
            disabled={busy !== null}
          >
            Remove
          </Button>
        )}
      </div>
    </div>
  );

  return (
    <section className={cardClass} aria-labelledby="community-pictures">
      <h2 id="community-pictures" className={titleClass}>
        Icon and banner
      </h2>
      <p className={hintClass}>JPEG, PNG, GIF or WebP. The icon is cropped to a square, the banner to 3 by 1.</p>
      {row(
        'icon',
        community.has_icon,
        <CommunityBadge
          name={community.name}
          size="lg"
          icon={community.has_icon ? communityImageUrl(community.slug, 'icon', version) : null}
        />,
      )}
      {row(
        'banner',
        community.has_banner,
        community.has_banner ? (
          <img className={bannerClass} src={communityImageUrl(community.slug, 'banner', version)} alt="" />
        ) : (
          <span className={emptyBannerClass} aria-hidden="true" />
        ),
      )}
    </section>
  );
}
