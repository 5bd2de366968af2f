import { Classes } from '@blueprintjs/core';
import { CloudUpload } from '@blueprintjs/icons';
import { type DragEvent, useRef, useState } from 'react';

/** UploadDropZoneProps: `onFiles` receives the dropped or picked files; `hint` lists what is accepted. */
export interface UploadDropZoneProps {
  onFiles(files: File[]): void;
  hint: string;
}

/** Drag-and-drop area that is also a button opening the file picker (keyboard: Enter or Space). */
export function UploadDropZone({ onFiles, hint }: UploadDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length) onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      role="button"
      tabIndex={0}
      data-testid="upload-drop-zone"
      onClick={() => input.current?.click()}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        border: `2px dashed ${over ? '#2d72d2' : '#abb3bf'}`,
        borderRadius: 6,
        padding: 32,
        textAlign: 'center',
        cursor: 'pointer',
      }}
    >
      <CloudUpload size={32} />
      <p style={{ margin: '8px 0 4px' }}>Drop files here or click to choose files</p>
      <p className={Classes.TEXT_MUTED}>{hint}</p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
