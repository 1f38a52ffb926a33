/**
 * One open report of the queue: why (reason label and the reporter's words), who reported it and when, the
 * reported content with its picture or video and where it was said (or that it is already removed), whose it is
 * and whether they are suspended, and the actions. The actions only open dialogs; the queue runs them.
 */
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import type { ModerationReport } from '../../shared/moderation-types.ts';
import { REPORT_REASONS, type ResolveAction } from '../../shared/moderation-values.ts';
import { Button } from '../../ui/Button.tsx';
import { Time } from '../../ui/Time.tsx';

export type CardAction = ResolveAction | 'unsuspend';
type Props = { report: ModerationReport; onAction: (report: ModerationReport, action: CardAction) => void };

const cardClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3' }));
const headClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' });
const reasonClass = css({ fontSize: 'lg', fontWeight: 'semibold' });
const metaClass = css({ fontSize: 'sm', color: 'fg.muted' });
const quoteClass = css({
  borderLeftWidth: '3px',
  borderColor: 'border.default',
  pl: '3',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
const contentClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  p: '3',
  borderRadius: 'md',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border.default',
});
const mediaClass = css({
  width: { base: 'full', sm: '40' },
  maxH: '60',
  objectFit: 'cover',
  borderRadius: 'md',
  bg: 'black',
  flexShrink: 0,
});
const textClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minW: '0' });
const contextClass = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '1' });
const badgeClass = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  bg: 'error.bg',
  color: 'error.fg',
});
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', '& > button': { flex: { base: '1 1 auto', sm: '0 0 auto' } } });

const KIND = { media: 'post', comment: 'comment', message: 'message', user: 'profile' } as const;

function Content({ report }: { report: ModerationReport }) {
  const { content } = report;
  if (content.removed) {
    return (
      <div className={contentClass}>
        <p>
          <span className={badgeClass}>Already removed</span> This {KIND[content.target_type]} was deleted after it was reported.
        </p>
      </div>
    );
  }
  const label = `Reported ${KIND[content.target_type]} by ${content.author.username}`;
  return (
    <div className={contentClass}>
      {content.media_url && content.media_type === 'video' && (
        <video className={mediaClass} src={content.media_url} controls muted preload="metadata" aria-label={label} />
      )}
      {content.media_url && content.media_type === 'image' && (
        <img className={mediaClass} src={content.media_url} alt={label} loading="lazy" />
      )}
      <div className={textClass}>
        <p className={contextClass}>{content.context}</p>
        {content.text ? <p>{content.text}</p> : <p className={metaClass}>(no text)</p>}
      </div>
    </div>
  );
}

export function ReportCard({ report, onAction }: Props) {
  const { target_user: target, content } = report;
  const headingId = `report-${report.id}`;
  const canRemove = !content.removed && (content.target_type !== 'user' || content.text !== '' || content.media_url !== null);
  return (
    <article className={cardClass} aria-labelledby={headingId}>
      <div className={headClass}>
        <h2 id={headingId} className={reasonClass}>
          {REPORT_REASONS[report.reason]}
        </h2>
        <p className={metaClass}>
          Reported by {report.reporter.username} · <Time iso={report.created_at} format="recency" />
        </p>
      </div>
      {report.details && <p className={quoteClass}>{report.details}</p>}
      <Content report={report} />
      <p className={metaClass}>
        About <a href={`/profile/${encodeURIComponent(target.username)}`}>{target.username}</a>
        {target.role !== 'member' && ` (${target.role})`} {target.suspended && <span className={badgeClass}>Suspended</span>}
      </p>
      <div className={actionsClass}>
        <Button variant="outline" size="sm" onClick={() => onAction(report, 'dismiss')}>
          Dismiss
        </Button>
        {canRemove && (
          <Button palette="secondary" size="sm" onClick={() => onAction(report, 'remove_content')}>
            Remove content
          </Button>
        )}
        {target.suspended ? (
          <Button variant="outline" size="sm" onClick={() => onAction(report, 'unsuspend')}>
            Unsuspend {target.username}
          </Button>
        ) : (
          <Button palette="secondary" size="sm" onClick={() => onAction(report, 'suspend_user')}>
            Suspend user
          </Button>
        )}
      </div>
    </article>
  );
}
