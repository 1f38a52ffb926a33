/**
 * A small ring over the nav bar's Upload button while uploads run in the background (beyond the spec: the
 * dialog closes at once, so this is where progress shows). role=progressbar with the percentage sent; while a
 * video is being trimmed the ring spins and has no value (ffmpeg gives no reliable percentage for a copy).
 * Drawn with SVG attributes only, never a `style` attribute, which the CSP refuses in server HTML.
 */
import { css } from '../../../styled-system/css';
import type { UploadJob } from '../../stores/media/uploads.ts';

const RADIUS = 18;

const wrapClass = css({ position: 'absolute', inset: '0', pointerEvents: 'none', color: 'white' });
const ringClass = css({
  width: '100%',
  height: '100%',
  transform: 'rotate(-90deg)',
  '&[data-phase=processing]': { animation: 'spin 1s linear infinite', _motionReduce: { animation: 'none' } },
});
const percentClass = css({
  position: 'absolute',
  bottom: '-1.5',
  left: '50%',
  transform: 'translateX(-50%)',
  px: '1',
  borderRadius: 'sm',
  bg: 'navbar.bg',
  color: 'navbar.fg',
  fontSize: '0.625rem',
  fontWeight: 'bold',
  lineHeight: '1.3',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

/** `job` is the oldest upload still running; `count` how many run. */
export function UploadProgress({ job, count }: { job: UploadJob; count: number }) {
  const processing = job.phase === 'processing';
  const shown = processing ? 25 : Math.max(job.percent, 2);
  const label = count > 1 ? `Upload progress (${count} uploads)` : 'Upload progress';
  return (
    <span
      className={wrapClass}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={processing ? undefined : job.percent}
      aria-valuetext={processing ? 'Processing video' : `${job.percent}%`}
    >
      <svg className={ringClass} data-phase={job.phase} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r={RADIUS} fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2.5" />
        <circle
          cx="20"
          cy="20"
          r={RADIUS}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          pathLength={100}
          strokeDasharray="100"
          strokeDashoffset={100 - shown}
        />
      </svg>
      <span className={percentClass} aria-hidden="true">
        {processing ? '…' : `${job.percent}%`}
      </span>
    </span>
  );
}
