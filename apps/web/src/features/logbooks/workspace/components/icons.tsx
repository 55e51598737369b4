import { StrokeIcon } from '../../../../components/stroke-icon';

// The workspace's small icons; decorative, so the buttons around them carry the accessible names.

export function CopyIcon() {
  return (
    <StrokeIcon>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </StrokeIcon>
  );
}

export function CheckIcon() {
  return (
    <StrokeIcon>
      <path d="M20 6 9 17l-5-5" />
    </StrokeIcon>
  );
}

export function SendIcon() {
  return (
    <StrokeIcon>
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </StrokeIcon>
  );
}

export function StopIcon() {
  return (
    <StrokeIcon>
      <rect x="6" y="6" width="12" height="12" rx="1" fill="currentColor" />
    </StrokeIcon>
  );
}

export function ArrowUpIcon() {
  return (
    <StrokeIcon>
      <path d="M12 19V5" />
      <path d="m5 12 7-7 7 7" />
    </StrokeIcon>
  );
}

export function ArrowDownIcon() {
  return (
    <StrokeIcon>
      <path d="M12 5v14" />
      <path d="m19 12-7 7-7-7" />
    </StrokeIcon>
  );
}

export function EditIcon() {
  return (
    <StrokeIcon>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </StrokeIcon>
  );
}

export function RedoIcon() {
  return (
    <StrokeIcon>
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
      <path d="M21 3v5h-5" />
    </StrokeIcon>
  );
}

export function DotsIcon() {
  return (
    <StrokeIcon>
      <circle cx="5" cy="12" r="1" fill="currentColor" />
      <circle cx="12" cy="12" r="1" fill="currentColor" />
      <circle cx="19" cy="12" r="1" fill="currentColor" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon() {
  return (
    <StrokeIcon>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}

export function InfoIcon() {
  return (
    <StrokeIcon size={14}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4" />
      <path d="M12 8h.01" />
    </StrokeIcon>
  );
}

export function ChevronLeftIcon() {
  return (
    <StrokeIcon>
      <path d="m15 18-6-6 6-6" />
    </StrokeIcon>
  );
}

export function ChevronRightIcon() {
  return (
    <StrokeIcon>
      <path d="m9 18 6-6-6-6" />
    </StrokeIcon>
  );
}

export function PaperclipIcon() {
  return (
    <StrokeIcon>
      <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
    </StrokeIcon>
  );
}

export function CloseIcon({ size = 14 }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </StrokeIcon>
  );
}

/** A page with a folded corner; with `lines`, a text document. */
export function FileIcon({ lines = false }: { lines?: boolean }) {
  return (
    <StrokeIcon>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
      {lines && (
        <>
          <path d="M8 13h8" />
          <path d="M8 17h5" />
        </>
      )}
    </StrokeIcon>
  );
}

export function DownloadIcon() {
  return (
    <StrokeIcon size={14}>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </StrokeIcon>
  );
}

/** Sliders: settings that tune how something works. */
export function SlidersIcon() {
  return (
    <StrokeIcon>
      <path d="M4 6h9" />
      <path d="M17 6h3" />
      <circle cx="15" cy="6" r="2" />
      <path d="M4 12h3" />
      <path d="M11 12h9" />
      <circle cx="9" cy="12" r="2" />
      <path d="M4 18h11" />
      <path d="M19 18h1" />
      <circle cx="17" cy="18" r="2" />
    </StrokeIcon>
  );
}
