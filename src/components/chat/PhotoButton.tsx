import type { ImageReading } from '@studyease/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Icon from '@/components/app/Icon';
import type { ToolId } from '@/lib/tools';

/** The tools whose exercises come on paper: their composer takes a photo. */
const PHOTO_TOOLS: ReadonlySet<ToolId> = new Set([
  'math-solver',
  'physics-solver',
  'chemistry-solver',
  'homework-helper',
]);

// The crop dialog, the downscaling and the reader's call load when a photo is first chosen, never with the app.
const PhotoDialog = lazy(() => import('./PhotoDialog'));

interface PhotoButtonProps {
  tool: ToolId;
  /** The reading, for the composer to put in its field: the student checks it, then asks. */
  onReading: (reading: ImageReading) => void;
}

/**
 * The composer's photo button: the camera on a phone (`capture`), the file picker on a desktop. A picture pasted
 * into the composer or dropped onto it opens the same crop dialog.
 */
export default function PhotoButton({ tool, onReading }: PhotoButtonProps) {
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Where the focus goes back when the dialog is cancelled: the button, or the box a picture was pasted into.
  const opener = useRef<HTMLElement | null>(null);
  const offered = PHOTO_TOOLS.has(tool);
  // What to do once the dialog is gone: focus moved while it is open would be pulled back into it by its trap.
  const after = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (file !== null || !after.current) return;
    const then = after.current;
    after.current = null;
    then();
  }, [file]);

  useEffect(() => {
    // Paste and drop land anywhere in the composer (its box, the math field), so they are listened for on its form.
    const form = offered ? button.current?.closest('form') : null;
    if (!form) return;
    const open = (chosen: File) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : button.current;
      setFile(chosen);
    };
    const onPaste = (event: ClipboardEvent) => {
      // Only a picture: pasted text goes on into the box as always.
      const image = [...(event.clipboardData?.files ?? [])].find((candidate) => candidate.type.startsWith('image/'));
      if (!image) return;
      event.preventDefault();
      open(image);
    };
    const onDragOver = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      // Any file: one that is not a picture gets the dialog's plain message rather than nothing.
      const dropped = event.dataTransfer?.files[0];
      if (!dropped) return;
      event.preventDefault();
      open(dropped);
    };
    form.addEventListener('paste', onPaste);
    form.addEventListener('dragover', onDragOver);
    form.addEventListener('drop', onDrop);
    return () => {
      form.removeEventListener('paste', onPaste);
      form.removeEventListener('dragover', onDragOver);
      form.removeEventListener('drop', onDrop);
    };
  }, [offered]);

  if (!offered) return null;

  function choose(chosen: File) {
    opener.current = button.current;
    setFile(chosen);
  }

  function close(reading?: ImageReading) {
    after.current = reading ? () => onReading(reading) : () => (opener.current ?? button.current)?.focus();
    setFile(null);
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn-outline px-2.5 py-2"
        aria-label="Photo of the exercise"
        title="Photo of the exercise"
        onClick={() => input.current?.click()}
      >
        <Icon name="camera" />
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="photo-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared, so that choosing the same file again opens the dialog again.
          event.target.value = '';
          if (chosen) choose(chosen);
        }}
      />
      {file && (
        <Suspense
          fallback={
            <span role="status" className="sr-only">
              Opening your photo…
            </span>
          }
        >
          <PhotoDialog file={file} onDone={close} />
        </Suspense>
      )}
    </>
  );
}
