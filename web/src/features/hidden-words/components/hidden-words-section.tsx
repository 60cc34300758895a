import { type FormEvent, useId, useState } from 'react';
import { HIDDEN_WORDS_MAX, validateHiddenWords } from '../../../../../core/moderation/hidden-words';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { XIcon } from '../../../components/ui/icons';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { problemToast } from '../../../lib/problem-toast';
import { useHiddenWords, useSaveHiddenWords } from '../api/hidden-words';

/**
 * Settings → Hidden words (issue 15): the words and emoji whose messages arrive collapsed. Edits stay
 * on the page until Save, which replaces the whole list on the server (the same rules run here first).
 */
export function HiddenWordsSection({ className }: { className?: string }) {
  const saved = useHiddenWords();
  // null: no edits yet, the saved list is shown.
  const [edited, setEdited] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveHiddenWords();
  const id = useId();
  const words = edited ?? saved.data ?? [];
  const dirty = edited !== null;

  function add(event: FormEvent) {
    event.preventDefault();
    const next = validateHiddenWords([...words, draft]);
    if (!next.ok) {
      setError(next.error.message);
      return;
    }
    if (next.value.length === words.length) {
      setError(`“${draft.trim()}” is already hidden`);
      return;
    }
    setEdited(next.value);
    setDraft('');
    setError(null);
  }

  function remove(word: string) {
    setEdited(words.filter((w) => w !== word));
    setError(null);
  }

  function saveNow() {
    if (!edited) return;
    save.mutate(edited, {
      onSuccess: () => {
        setEdited(null);
        toast.success('Hidden words saved');
      },
      onError: (e) => problemToast(e, 'Failed to save your hidden words. Please try again.'),
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className={cn('flex flex-col gap-2', className)}>
      <h2 id={`${id}-title`} className="px-1 text-sm font-bold tracking-wide text-ink-600 uppercase">
        Hidden words
      </h2>
      <div className="flex flex-col gap-4 rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/70 sm:p-5">
        <p className="text-sm text-ink-700">
          Messages containing these words or emoji are collapsed behind “Hidden by your filters”. You can still open
          them. Spaced-out and look-alike spellings are caught too.
        </p>
        {saved.isPending ? (
          <Spinner size="sm" label="Loading hidden words" />
        ) : saved.isError ? (
          <Alert variant="destructive" title="Failed to load your hidden words">
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => void saved.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <>
            <form onSubmit={add} className="flex flex-col gap-1.5" noValidate>
              <Label htmlFor={`${id}-input`}>Word or emoji to hide</Label>
              <div className="flex gap-2">
                <Input
                  id={`${id}-input`}
                  value={draft}
                  onChange={(e) => {
                    setDraft(e.target.value);
                    setError(null);
                  }}
                  placeholder="e.g. venmo or 🍑"
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : `${id}-count`}
                  className="min-w-0 flex-1"
                />
                <Button type="submit" variant="secondary" className="h-12 shrink-0" disabled={draft.trim() === ''}>
                  Add
                </Button>
              </div>
              <FieldError id={`${id}-error`}>{error}</FieldError>
              <p id={`${id}-count`} className="text-xs text-ink-600">
                {words.length} of {HIDDEN_WORDS_MAX}
              </p>
            </form>
            {words.length === 0 ? (
              <p className="text-sm text-ink-600">No hidden words yet.</p>
            ) : (
              <ul aria-label="Your hidden words" className="flex flex-wrap gap-2">
                {words.map((word) => (
                  <li
                    key={word}
                    className="flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200"
                  >
                    <span className="truncate">{word}</span>
                    <button
                      type="button"
                      onClick={() => remove(word)}
                      aria-label={`Remove ${word}`}
                      className="flex size-7 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:outline-3 focus-visible:outline-brand-600"
                    >
                      <XIcon className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
              {dirty && <p className="text-sm text-ink-600 sm:mr-auto">You have unsaved changes.</p>}
              {dirty && (
                <Button variant="ghost" onClick={() => setEdited(null)} disabled={save.isPending}>
                  Discard
                </Button>
              )}
              <Button onClick={saveNow} disabled={!dirty} loading={save.isPending}>
                Save hidden words
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
