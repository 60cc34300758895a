import { useState } from 'react';
import {
  PROFILE_MESSAGES,
  PROMPT_ANSWER_MAX,
  PROMPTS_REQUIRED,
  PROMPTS_SHOWN_FIRST,
} from '../../../../../core/profiles/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PlusIcon, XIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea';
import { usePrompts } from '../api/get-prompts';
import type { PromptDraft } from './profile-draft';

type PromptPickerProps = {
  value: PromptDraft[];
  onChange: (value: PromptDraft[]) => void;
  /** Shown when a fourth prompt is chosen; the owner clears it when the step changes. */
  onError: (message: string | null) => void;
};

/**
 * The prompt picker (000 §5): exactly 3 prompts, 8 offered before Show All Prompts; choosing adds
 * a prompt with an empty answer, x removes it; answers up to 300 characters with a counter.
 */
export function PromptPicker({ value, onChange, onError }: PromptPickerProps) {
  const prompts = usePrompts();
  const [showAll, setShowAll] = useState(false);
  const chosen = new Set(value.map((p) => p.promptId));
  const catalogue = prompts.data ?? [];
  const shown = showAll ? catalogue : catalogue.slice(0, PROMPTS_SHOWN_FIRST);

  const choose = (prompt: { id: string; promptText: string }) => {
    if (value.length >= PROMPTS_REQUIRED) {
      onError(PROFILE_MESSAGES.tooManyPrompts);
      return;
    }
    onError(null);
    onChange([...value, { promptId: prompt.id, promptText: prompt.promptText, response: '' }]);
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="chosen-prompts" className="flex flex-col gap-3">
        <h3 id="chosen-prompts" className="flex items-baseline justify-between font-bold text-ink-900">
          Your prompts
          <span className="text-sm font-semibold text-ink-600">
            {value.length}/{PROMPTS_REQUIRED} selected
          </span>
        </h3>
        {value.length === 0 && (
          <p className="rounded-2xl border-2 border-dashed border-ink-200 p-4 text-sm text-ink-600">
            Choose 3 prompts below and answer each one in your own words.
          </p>
        )}
        <ol className="flex flex-col gap-3">
          {value.map((p, i) => (
            <li key={p.promptId} className="relative rounded-2xl border border-ink-200 bg-ink-50/60 p-4">
              <TextareaField
                label={p.promptText}
                value={p.response}
                max={PROMPT_ANSWER_MAX}
                rows={3}
                placeholder="Your answer"
                className="[&_label]:pr-9 [&_label]:text-[0.95rem] [&_label]:font-bold [&_label]:text-ink-900"
                onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, response: e.target.value } : x)))}
              />
              <button
                type="button"
                onClick={() => {
                  onError(null);
                  onChange(value.filter((_, j) => j !== i));
                }}
                aria-label={`Remove prompt: ${p.promptText}`}
                className="absolute top-2.5 right-2.5 flex size-8 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100 hover:text-ink-900"
              >
                <XIcon className="size-4" />
              </button>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="prompt-catalogue" className="flex flex-col gap-3">
        <h3 id="prompt-catalogue" className="font-bold text-ink-900">
          Choose a prompt
        </h3>
        {prompts.isPending && <Spinner label="Loading prompts" className="text-brand-700" />}
        {prompts.isError && <Alert variant="destructive">Failed to load prompts</Alert>}
        <ul className="flex flex-col gap-2">
          {shown
            .filter((p) => !chosen.has(p.id))
            .map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => choose(p)}
                  className="flex w-full items-center gap-3 rounded-2xl border border-ink-200 bg-white px-4 py-3 text-left text-[0.95rem] font-medium text-ink-900 hover:border-brand-300 hover:bg-brand-50"
                >
                  <PlusIcon className="size-5 shrink-0 text-brand-700" />
                  {p.promptText}
                </button>
              </li>
            ))}
        </ul>
        {!showAll && catalogue.length > PROMPTS_SHOWN_FIRST && (
          <Button variant="ghost" className="self-start" onClick={() => setShowAll(true)}>
            Show All Prompts
          </Button>
        )}
      </section>
    </div>
  );
}
