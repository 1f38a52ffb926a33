/** The props of Combobox (the plain box) and ComboboxView (Ark's), which both render them. */
import type { ReactNode } from 'react';

export type ComboboxItem = { value: string; label: string; tag?: string };
export type ComboboxProps<T extends ComboboxItem> = {
  label: string;
  placeholder?: string;
  disabled?: boolean;
  items: T[];
  inputValue: string;
  onInputValueChange: (text: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (item: T) => void;
  children?: ReactNode;
  className?: string;
};
