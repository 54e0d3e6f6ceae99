import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'ghostInverse';
type Size = 'md' | 'lg';

function classes(variant: Variant, size: Size, block: boolean, extra?: string): string {
  return [styles.button, styles[variant], styles[size], block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return <button type={type} className={classes(variant, size, block, className)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
  ...rest
}: ButtonLinkProps) {
  return <Link className={classes(variant, size, block, className)} {...rest} />;
}
