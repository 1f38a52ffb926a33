import { css } from '../../../styled-system/css';

/** Vertical rhythm of the sign-in and registration forms. */
export const authFormClass = css({ display: 'flex', flexDirection: 'column', gap: '5' });
