import type { SVGProps } from 'react';

/**
 * A small line icon drawn in the text colour (24-unit grid, 2-unit strokes). Decorative: the
 * button or link around it carries the accessible name.
 */
export function StrokeIcon({ size = 16, children, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
