import { StrokeIcon } from '../../../components/stroke-icon';

/** A branch leaving its trunk: forks. */
export function ForkIcon({ size = 16 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <circle cx="6" cy="5" r="2" />
      <circle cx="18" cy="5" r="2" />
      <circle cx="12" cy="19" r="2" />
      <path d="M6 7v2a3 3 0 0 0 3 3h6a3 3 0 0 0 3-3V7M12 12v5" />
    </StrokeIcon>
  );
}

/** Stars: outlined, or filled when the viewer starred it. */
export function StarIcon({ size = 16, filled = false }: { size?: number; filled?: boolean }) {
  return (
    <StrokeIcon size={size} fill={filled ? 'currentColor' : 'none'}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </StrokeIcon>
  );
}

export function FlagIcon({ size = 16 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </StrokeIcon>
  );
}
