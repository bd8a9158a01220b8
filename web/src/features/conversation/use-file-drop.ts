import { useState, type DragEvent } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Files dropped anywhere on the conversation (`droppedFiles`, a new list each drop), and whether some are being dragged over it. */
export function useFileDrop() {
  const [droppedFiles, setDroppedFiles] = useState<File[] | null>(null);
  const [isDragging, setDragging] = useState(false);
  const dropZone = {
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const files = [...event.dataTransfer.files];
      if (files.length > 0) setDroppedFiles(files);
    },
  };
  return { droppedFiles, isDragging, dropZone };
}
