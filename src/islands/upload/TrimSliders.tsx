/**
 * The start and end trim sliders of the upload dialog (spec §2, §5, §9): one Ark UI range slider with two
 * thumbs named 'Trim start' and 'Trim end', moving in TRIM_STEP_SECONDS and kept one step apart, so the start
 * always stays below the end. Keys: arrows move 0.1 s, Page Up/Down 1 s, Home/End jump to the limits.
 * The chosen times and the resulting length are shown as text.
 */
import { Slider } from '@ark-ui/react/slider';
import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { TRIM_STEP_SECONDS } from '../../shared/constants.ts';
import { formatTrimTime, selectedLength, sliderMax, type TrimSelection } from '../../client/trim-plan.ts';

const rootClass = css({ width: '100%' });
const groupClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const headRowClass = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', fontSize: 'sm' });
const labelClass = css({ fontWeight: 'semibold' });
const timesClass = css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' });
const controlClass = css({ position: 'relative', display: 'flex', alignItems: 'center', height: '10', mx: '2.5' });
const trackClass = css({ flex: '1', height: '1.5', borderRadius: 'full', bg: 'border.default', overflow: 'hidden' });
const rangeClass = css({ height: '100%', bg: 'primary.solid' });
const thumbClass = css({
  width: '5',
  height: '5',
  borderRadius: 'full',
  bg: 'bg.surface',
  borderWidth: '2px',
  borderColor: 'primary.solid',
  boxShadow: '0 1px 3px rgba(0, 0, 0, 0.3)',
  cursor: 'grab',
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '&[data-dragging]': { cursor: 'grabbing' },
});

type Props = { selection: TrimSelection; onChange: (start: number, end: number) => void; disabled?: boolean };

export function TrimSliders({ selection, onChange, disabled = false }: Props) {
  const timesId = useId();
  const headingId = useId();
  const { start, end } = selection;
  const max = sliderMax(selection.duration);
  return (
    // No Slider.Label: Ark would name both thumbs after it; each thumb has its own name, the group this heading.
    <Slider.Root
      className={rootClass}
      min={0}
      max={max}
      step={TRIM_STEP_SECONDS}
      largeStep={1}
      minStepsBetweenThumbs={1}
      value={[start, end]}
      onValueChange={({ value: [nextStart = start, nextEnd = end] }) => onChange(nextStart, nextEnd)}
      aria-label={['Trim start', 'Trim end']}
      getAriaValueText={({ value }) => `${formatTrimTime(value)} (${value.toFixed(1)} seconds)`}
      disabled={disabled}
      thumbAlignment="center"
    >
      <div role="group" aria-labelledby={headingId} className={groupClass}>
        <div className={headRowClass}>
          <span id={headingId} className={labelClass}>
            Trim
          </span>
          <span id={timesId} className={timesClass} data-testid="trim-times">
            Start {formatTrimTime(start)} · End {formatTrimTime(end)} · Length {selectedLength(selection).toFixed(1)} s
          </span>
        </div>
        <Slider.Control className={controlClass}>
          <Slider.Track className={trackClass}>
            <Slider.Range className={rangeClass} />
          </Slider.Track>
          <Slider.Thumb index={0} className={thumbClass} aria-describedby={timesId} />
          <Slider.Thumb index={1} className={thumbClass} aria-describedby={timesId} />
        </Slider.Control>
      </div>
    </Slider.Root>
  );
}
