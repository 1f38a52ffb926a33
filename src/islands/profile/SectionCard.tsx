/** A titled card of the own profile (Bio, Platforms) with an optional edit icon button in its header. */
import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { Icon } from '../../ui/Icon.tsx';

const headerClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '3' });
const titleClass = css({ fontSize: 'lg', fontWeight: 'semibold' });
const iconButtonClass = cx(button({ variant: 'ghost', size: 'sm' }), css({ px: '0', width: '9', borderRadius: 'full' }));

type Props = { title: string; editLabel?: string; onEdit?: () => void; children: ReactNode };

export function SectionCard({ title, editLabel, onEdit, children }: Props) {
  return (
    <section className={card()} aria-label={title}>
      <div className={headerClass}>
        <h2 className={titleClass}>{title}</h2>
        {onEdit && (
          <button type="button" className={iconButtonClass} aria-label={editLabel} title={editLabel} onClick={onEdit}>
            <Icon name="edit" />
          </button>
        )}
      </div>
      {children}
    </section>
  );
}
