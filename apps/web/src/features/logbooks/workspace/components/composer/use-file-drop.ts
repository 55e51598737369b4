import { type DragEvent, useRef, useState } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Makes an element take files dropped on it. `dragging` is on while files are held over it (the
 * page shows where they will land); text and links dragged over it are left to the browser.
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled: boolean) {
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for each child crossed: the element is left when they even out.
  const depth = useRef(0);
  const takes = (event: DragEvent) => enabled && carriesFiles(event);

  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!takes(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!takes(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!takes(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!takes(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      onFiles(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging, handlers };
}
