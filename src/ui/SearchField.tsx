/**
 * NOTE: a page's search box: a magnifier, a label for screen readers only (`label`) and a type=search input
 * with the browser's autofill and spell-check off. Every other input prop passes through (name, value,
 * placeholder, maxLength, onChange…); `inputRef` reaches the input, `className` sizes the box.
 */
import type { InputHTMLAttributes, Ref } from 'react';
import { css, cx } from '../../styled-system/css';
import { Icon } from './Icon.tsx';
import { searchBoxClass, searchInputClass } from './search-box-styles.ts';

const srOnly = css({ srOnly: true });

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

export function SearchField({ label, inputRef, className, ...input }: Props) {
  return (
    <label className={cx(searchBoxClass, className)}>
      <Icon name="search" />
      <span className={srOnly}>{label}</span>
      <input
        className={searchInputClass}
        type="search"
        ref={inputRef}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        {...input}
      />
    </label>
  );
}
