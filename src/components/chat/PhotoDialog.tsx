import { type ImageReading, MAX_IMAGE_BYTES } from '@studyease/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { PHOTO_MESSAGES, photoErrorMessage, readImageApi } from '@/lib/api/readImage';
import { decodePhoto, normalizeQuarterTurn, photoToSend, previewOf, scaleArea, turnedSize } from '@/lib/imageDownscale';

/*
 * The photo's crop dialog, loaded on use (PhotoButton imports it with React.lazy): with react-easy-crop, our
 * downscaling and the reader's call, none of it in the app's first load. Radix's dialog, as the app's other dialogs:
 * the focus stays inside, Escape closes it, the page behind is hidden from screen readers; PhotoButton gives the
 * focus back to where it was (to the box, when a reading was put there).
 */

interface PhotoDialogProps {
  file: File;
  /** Called once: with the reading, or with nothing when the student closed the dialog. */
  onDone: (reading?: ImageReading) => void;
}

/** Frame shapes on offer: a printed exercise is often one wide line. `undefined`: the photo's own shape. */
const FRAMES = [
  { label: 'Whole photo', aspect: undefined },
  { label: 'One line', aspect: 4 },
  { label: 'A few lines', aspect: 2 },
  { label: 'Square', aspect: 1 },
] as const;

/** Shows the photo to turn and crop, then sends it to be read. */
export default function PhotoDialog({ file, onDone }: PhotoDialogProps) {
  // Opening until the photo is decoded (`photo` set); sending while the photo is sent and read.
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [photo, setPhoto] = useState<{ image: ImageBitmap; url: string; scale: number } | null>(null);
  const [rotation, setRotation] = useState(0);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [frame, setFrame] = useState(0);
  const area = useRef<Area | null>(null);
  const request = useRef<AbortController | null>(null);
  // Set once onDone has been called, so that a second close (Escape while a reading arrives) does nothing.
  const done = useRef(false);

  useEffect(() => {
    let current = true;
    let decoded: ImageBitmap | null = null;
    decodePhoto(file)
      .then((image) => {
        if (!current) {
          image.close();
          return;
        }
        decoded = image;
        setPhoto({ image, ...previewOf(image) });
      })
      .catch(() => {
        if (current) setError(PHOTO_MESSAGES.notImage);
      });
    return () => {
      current = false;
      decoded?.close();
      request.current?.abort();
    };
  }, [file]);

  function finish(reading?: ImageReading) {
    if (done.current) return;
    done.current = true;
    onDone(reading);
  }

  function turn(by: number) {
    setRotation((current) => normalizeQuarterTurn(current + by));
    setCrop({ x: 0, y: 0 });
  }

  async function read() {
    const chosen = area.current;
    if (!photo || !chosen || sending) return;
    setSending(true);
    setError('');
    const controller = new AbortController();
    request.current = controller;
    try {
      const { image, scale } = photo;
      const full = scaleArea(chosen, scale, turnedSize(image.width, image.height, rotation));
      const blob = await photoToSend(image, full, rotation, MAX_IMAGE_BYTES);
      const reading = await readImageApi.readImage(blob, controller.signal);
      if (reading.text.trim() === '') {
        setError(PHOTO_MESSAGES.nothingRead);
        setSending(false);
        return;
      }
      finish(reading);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(photoErrorMessage(caught));
      setSending(false);
    }
  }

  const turned = photo ? turnedSize(photo.image.width, photo.image.height, rotation) : null;
  const aspect = FRAMES[frame]?.aspect ?? (turned ? turned.width / turned.height : 1);

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) finish();
      }}
    >
      {/* On the body (Radix's portal), not inside the composer's form: its paste and drop listeners stay out. */}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-modal bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          // PhotoButton puts the focus back itself: on the box that got the reading, or where it was.
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-modal max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl sm:p-6 dark:border-slate-800 dark:bg-slate-900 dark:text-white"
        >
          <Dialog.Title className="text-lg font-semibold">Photo of the exercise</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Turn the photo upright, then fit the exercise in the frame: drag the photo or move it with the arrow keys,
            and zoom in to crop closer.
          </Dialog.Description>

          {photo && (
            <div className="relative mt-3 h-[min(55vh,24rem)] overflow-hidden rounded-xl bg-slate-900">
              <Cropper
                image={photo.url}
                crop={crop}
                zoom={zoom}
                rotation={rotation}
                aspect={aspect}
                minZoom={1}
                maxZoom={5}
                keyboardStep={8}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => {
                  area.current = pixels;
                }}
                mediaProps={{ alt: 'Your photo' }}
                cropperProps={{
                  role: 'group',
                  'aria-label': 'Crop frame: arrow keys move the photo under it',
                }}
              />
            </div>
          )}

          {!photo && !error && (
            <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              Opening your photo…
            </p>
          )}

          {photo && (
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <div className="flex gap-2">
                <button type="button" className="btn-outline px-3 py-1.5" onClick={() => turn(-90)}>
                  <span aria-hidden="true">⟲ </span>Turn left
                </button>
                <button type="button" className="btn-outline px-3 py-1.5" onClick={() => turn(90)}>
                  <span aria-hidden="true">⟳ </span>Turn right
                </button>
              </div>
              <label className="flex items-center gap-2">
                Zoom
                <input
                  type="range"
                  min={1}
                  max={5}
                  step={0.1}
                  value={zoom}
                  onChange={(event) => setZoom(Number(event.target.value))}
                  className="w-28"
                />
              </label>
              <label className="flex items-center gap-2">
                Frame
                <select
                  value={frame}
                  onChange={(event) => setFrame(Number(event.target.value))}
                  className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-white"
                >
                  {FRAMES.map((option, index) => (
                    <option key={option.label} value={index}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}

          {error && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          {sending && (
            <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              Reading your photo…
            </p>
          )}

          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={() => finish()}>
              {photo ? 'Cancel' : 'Close'}
            </button>
            {photo && (
              <button type="button" className="btn-primary" disabled={sending} onClick={() => void read()}>
                Read the exercise
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
