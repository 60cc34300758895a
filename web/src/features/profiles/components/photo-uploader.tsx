import { useRef, useState } from 'react';
import { PHOTO_LIMITS, PROFILE_MESSAGES } from '../../../../../core/profiles/rules';
import { Alert } from '../../../components/ui/alert';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, StarIcon, XIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import type { Photo } from '../../../lib/api-types';
import { cn } from '../../../lib/cn';
import { uploadPhoto, useDeletePhoto, useReorderPhotos, useSetCachedPhotos } from '../api/photos';

type PhotoUploaderProps = {
  photos: Photo[];
  /** 3 in the wizard, 1 in the editor (000 §5, 001 §5). */
  min: number;
};

type FileProblem = { name: string; message: string };

const UPLOAD_FALLBACK = 'Failed to upload photos';

/** The client's pre-checks (the server repeats them and is the authority, D26). */
export function precheckFiles(files: File[], existing: number): { accepted: File[]; problems: FileProblem[] } {
  const accepted: File[] = [];
  const problems: FileProblem[] = [];
  for (const file of files) {
    if (existing + accepted.length >= PHOTO_LIMITS.max) {
      problems.push({ name: file.name, message: PROFILE_MESSAGES.tooManyPhotos });
    } else if (!file.type.startsWith('image/')) {
      problems.push({ name: file.name, message: PROFILE_MESSAGES.photoNotImage(file.name) });
    } else if (file.size > PHOTO_LIMITS.maxBytes) {
      problems.push({ name: file.name, message: PROFILE_MESSAGES.photoTooLarge(file.name) });
    } else accepted.push(file);
  }
  return { accepted, problems };
}

const iconButton =
  'flex size-9 items-center justify-center rounded-full bg-white/95 text-ink-900 shadow-card hover:bg-white disabled:opacity-40 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The photo grid (000 §5, 001 §5): up to 6, the first labelled Main picture. Several files may be
 * chosen at once; they upload one request each, in order, with a per-file error for each refusal.
 */
export function PhotoUploader({ photos, min }: PhotoUploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const setPhotos = useSetCachedPhotos();
  const remove = useDeletePhoto();
  const reorder = useReorderPhotos();
  const [queue, setQueue] = useState<{ done: number; total: number; current: string } | null>(null);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);
  const busy = queue !== null || remove.isPending || reorder.isPending;
  const count = photos.length;
  const missing = Math.max(0, min - count);

  async function onFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    setActionError(null);
    const { accepted, problems: found } = precheckFiles(files, count);
    const seen = [...found];
    setProblems(seen);
    for (const [i, file] of accepted.entries()) {
      setQueue({ done: i, total: accepted.length, current: file.name });
      try {
        setPhotos(await uploadPhoto(file));
      } catch (error) {
        seen.push({ name: file.name, message: errorMessage(error, UPLOAD_FALLBACK) });
        setProblems([...seen]);
      }
    }
    setQueue(null);
  }

  const move = (from: number, to: number) => {
    const ids = photos.map((p) => p.id);
    const [moved] = ids.splice(from, 1);
    if (!moved) return;
    ids.splice(to, 0, moved);
    setActionError(null);
    reorder.mutate(ids, { onError: (e) => setActionError(errorMessage(e, 'Failed to reorder photos')) });
  };

  const onRemove = (photo: Photo) => {
    setActionError(null);
    if (count <= min && min === PHOTO_LIMITS.editorMin) {
      setActionError(PROFILE_MESSAGES.needOnePhoto);
      return;
    }
    remove.mutate(photo.id, { onError: (e) => setActionError(errorMessage(e, 'Failed to delete photo')) });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="font-semibold text-ink-800">
          {count} of {PHOTO_LIMITS.max} photos
        </p>
        <p className={cn('font-semibold', missing > 0 ? 'text-accent-700' : 'text-ink-600')}>
          {missing > 0 ? `${missing} more required` : `${PHOTO_LIMITS.max - count} remaining`}
        </p>
      </div>

      <ul className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Your photos">
        {photos.map((photo, i) => (
          <li
            key={photo.id}
            className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-ink-100 ring-1 ring-ink-200"
          >
            <img
              src={photo.url}
              alt={i === 0 ? `Photo 1 of ${count}, main picture` : `Photo ${i + 1} of ${count}`}
              className="size-full object-cover"
            />
            {i === 0 && (
              <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 bg-brand-800/90 py-1 text-[0.7rem] font-bold whitespace-nowrap text-white">
                <StarIcon className="size-3.5" aria-hidden="true" /> Main picture
              </span>
            )}
            <button
              type="button"
              className={cn(iconButton, 'absolute top-1.5 right-1.5 size-8')}
              onClick={() => onRemove(photo)}
              disabled={busy}
              aria-label={`Remove photo ${i + 1}`}
            >
              <XIcon className="size-4" />
            </button>
            {count > 1 && (
              <div className="absolute inset-x-1.5 top-1/2 flex -translate-y-1/2 justify-between">
                <button
                  type="button"
                  className={cn(iconButton, i === 0 && 'invisible')}
                  onClick={() => move(i, i - 1)}
                  disabled={busy || i === 0}
                  aria-label={`Move photo ${i + 1} earlier`}
                >
                  <ChevronLeftIcon className="size-4" />
                </button>
                <button
                  type="button"
                  className={cn(iconButton, i === count - 1 && 'invisible')}
                  onClick={() => move(i, i + 1)}
                  disabled={busy || i === count - 1}
                  aria-label={`Move photo ${i + 1} later`}
                >
                  <ChevronRightIcon className="size-4" />
                </button>
              </div>
            )}
          </li>
        ))}
        {count < PHOTO_LIMITS.max && (
          <li className="aspect-[3/4]">
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              disabled={queue !== null}
              className="flex size-full flex-col items-center justify-center gap-1.5 rounded-2xl border-2 border-dashed border-brand-300 bg-brand-50/60 p-2 text-center text-sm font-semibold text-brand-800 hover:border-brand-500 hover:bg-brand-50 disabled:cursor-wait"
            >
              {queue ? <Spinner size="md" label={null} /> : <PlusIcon className="size-7" />}
              {queue ? 'Uploading…' : count === 0 ? 'Add photos' : 'Add more'}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-input"
        onChange={(e) => void onFiles(e.target.files)}
      />

      <div aria-live="polite" className="text-sm text-ink-700">
        {queue && (
          <p className="flex items-center gap-2">
            <Spinner size="sm" label={null} className="text-brand-700" />
            Uploading {queue.done + 1} of {queue.total}: {queue.current}
          </p>
        )}
      </div>

      {problems.length > 0 && (
        <Alert
          variant="destructive"
          title={problems.length === 1 ? 'A photo was not added' : 'Some photos were not added'}
        >
          <ul className="flex flex-col gap-0.5">
            {problems.map((p) => (
              <li key={`${p.name}: ${p.message}`}>{p.message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {actionError && <Alert variant="destructive">{actionError}</Alert>}
    </div>
  );
}
