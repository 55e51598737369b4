import { StrokeIcon } from './stroke-icon';

/** A magnifying glass. */
export function SearchIcon({ size = 16 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </StrokeIcon>
  );
}
