import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link' | 'textLink' | 'chip' | 'danger';
export type ButtonSize = 'xs' | 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary: the one main action of a group; secondary: bordered; ghost: borderless; link: underlined text; textLink: accent text, underlined on hover; chip: a rounded choice in a radio group, filled when `aria-checked`; danger: destroys something. */
  variant?: ButtonVariant;
  /** xs: 12 px text in toolbars and lists; sm: compact 14 px; md: the default 14 px button (for `link`: the surrounding text size). */
  size?: ButtonSize;
}

const BASE = 'disabled:cursor-not-allowed disabled:opacity-50';

const VARIANT: Record<ButtonVariant, string> = {
  primary: 'rounded-md bg-accent font-medium text-accent-contrast hover:opacity-90',
  secondary: 'rounded-md border border-border hover:bg-surface-2',
  ghost: 'rounded-md hover:bg-surface-2',
  link: 'underline underline-offset-2',
  textLink: 'text-accent underline-offset-2 hover:underline',
  chip: 'rounded-full border border-border aria-checked:border-accent aria-checked:bg-accent aria-checked:text-accent-contrast',
  danger: 'rounded-md border border-bad/50 text-bad hover:bg-bad-bg',
};

const SIZE: Record<ButtonSize, string> = {
  xs: 'px-2 py-1 text-xs',
  sm: 'px-3 py-1 text-sm',
  md: 'px-3 py-1.5 text-sm',
};

// A link takes the size of the text around it unless told otherwise.
const LINK_SIZE: Record<ButtonSize, string> = { xs: 'text-xs', sm: 'text-sm', md: '' };

// A chip takes the text size of its group; the size sets only its padding.
const CHIP_SIZE: Record<ButtonSize, string> = { xs: 'px-2.5 py-0.5', sm: 'px-3 py-0.5', md: 'px-3 py-1' };

export function buttonClass(variant: ButtonVariant, size: ButtonSize, extra: string | undefined): string {
  const sizeClass = variant === 'link' || variant === 'textLink' ? LINK_SIZE[size] : variant === 'chip' ? CHIP_SIZE[size] : SIZE[size];
  return [BASE, VARIANT[variant], sizeClass, extra].filter(Boolean).join(' ');
}

/**
 * The app's one button. `type="button"` unless told otherwise (a button inside a form never
 * submits by accident); every other button attribute and the ref pass through. `className`
 * is for placement (margins, `self-start`, `relative`) and, on a `link`, its colour: padding,
 * border and fill come from `variant` and `size`. The ref reaches the `<button>` (React 19 passes `ref` as a prop).
 */
export function Button(props: ButtonProps) {
  const { variant = 'secondary', size = 'md', className, type = 'button', ...rest } = props;
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
