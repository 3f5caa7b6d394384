import { forwardRef, memo, type ReactNode, type SVGProps } from 'react';
import { classNames } from '../lib/class-names';
import styles from './svg-icon.module.css';

type IconSize = 'inherit' | 'small' | 'medium' | 'large';
type IconColor = 'inherit' | 'action' | 'disabled' | 'primary' | 'secondary' | 'success' | 'error';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'color' | 'fontSize' | 'ref'> {
  fontSize?: IconSize;
  color?: IconColor;
  /** A name for the icon where it stands alone; without one it is hidden from screen readers. */
  titleAccess?: string;
}

/**
 * The factory every `@mui/icons-material` icon is built with, swapped in at build time (see
 * `lightIcons` in vite.config.ts): each icon is then a plain `<svg>` sized and coloured by a
 * stylesheet, not a component of MUI's styling engine. The icons are drawn on every page, the
 * swipe screen's frame first, which then needs none of MUI's code. It takes the props Drape's
 * screens give icons (`fontSize`, `color`, `className`, `style`, `titleAccess` and the SVG
 * element's own); MUI's `sx` is not among them.
 */
export default function createSvgIcon(path: ReactNode, name: string) {
  const Icon = forwardRef<SVGSVGElement, IconProps & { sx?: never }>(function Icon(
    { fontSize = 'medium', color = 'inherit', titleAccess, className, children, ...svg },
    ref,
  ) {
    if (import.meta.env.DEV && 'sx' in svg) {
      console.error(`${name}Icon: Drape's icons take className or style, not sx.`);
    }
    return (
      <svg
        ref={ref}
        className={classNames(
          styles.icon,
          fontSize !== 'medium' && styles[fontSize],
          color !== 'inherit' && styles[color],
          className,
        )}
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden={titleAccess ? undefined : true}
        role={titleAccess ? 'img' : undefined}
        aria-label={titleAccess}
        data-testid={`${name}Icon`}
        {...svg}
      >
        {path}
        {children}
      </svg>
    );
  });
  Icon.displayName = `${name}Icon`;
  return memo(Icon);
}
