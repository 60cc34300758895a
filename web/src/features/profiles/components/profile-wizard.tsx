import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PHOTO_LIMITS, PROFILE_MESSAGES, PROMPTS_REQUIRED, wizardProgress } from '../../../../../core/profiles/rules';
import { Alert } from '../../../components/ui/alert';
import { BottomBar } from '../../../components/ui/bottom-bar';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { firstErrorByField } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOwnProfile } from '../api/get-own-profile';
import { useCompleteProfile } from '../api/save-profile';
import { BasicsFields } from './basics-fields';
import { PhotoUploader } from './photo-uploader';
import { OptionalPreferenceFields, RequiredChoiceFields, SliderFields } from './preferences-fields';
import {
  answeredPromptCount,
  type BasicsDraft,
  emptyBasics,
  emptyPreferences,
  filledPreferences,
  type PreferencesDraft,
  type PromptDraft,
  preferencesComplete,
  promptsValid,
  toBasicsInput,
  toPreferencesInput,
  toPromptInputs,
  withVerifiedSchool,
} from './profile-draft';
import { PromptPicker } from './prompt-picker';

type Step = 1 | 2 | 3;

const STEPS: { step: Step; title: string; intro: string }[] = [
  { step: 1, title: 'Photos', intro: 'Add 3 to 6 photos. The first one is your main picture.' },
  { step: 2, title: 'Prompts', intro: 'Pick 3 prompts and answer them so people get a feel for you.' },
  { step: 3, title: 'Preferences', intro: 'Tell us about you and the home you want to share.' },
];

export const COMPLETED_TOAST = {
  title: 'Profile completed!',
  description: 'Your roommate profile is now active. Start discovering matches!',
} as const;

type ProfileWizardProps = {
  /** Previous on step 1 (000 §4: it leaves the wizard). */
  onExit: () => void;
  /** After Complete Profile succeeded: the owner refreshes the session so `/` shows the app. */
  onCompleted: () => void;
  headerActions?: ReactNode;
};

function Section({ title, children, description }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 border-t border-ink-200/70 pt-6 first:border-t-0 first:pt-0">
      <div>
        <h3 className="text-lg font-bold text-ink-900">{title}</h3>
        {description && <p className="text-sm text-ink-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * The profile completion wizard (000 §2, §4, §5): Photos → Prompts → Preferences, with a step
 * counter, the percent bar of `wizardProgress`, step dots, and Complete Profile on the last step.
 */
export function ProfileWizard({ onExit, onCompleted, headerActions }: ProfileWizardProps) {
  const profile = useOwnProfile();
  const complete = useCompleteProfile();
  const [step, setStep] = useState<Step>(1);
  const [prompts, setPrompts] = useState<PromptDraft[]>([]);
  const [draftBasics, setBasics] = useState<BasicsDraft>(emptyBasics);
  const verifiedUniversity = profile.data?.verifiedUniversity;
  const basics = withVerifiedSchool(draftBasics, verifiedUniversity);
  const [preferences, setPreferences] = useState<PreferencesDraft>(emptyPreferences);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step>(1);
  useDocumentTitle('Complete your profile');

  // Any error text clears when the step changes (000 §4); focus follows the new step.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    setError(null);
    setFieldErrors({});
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  const photos = profile.data?.photos ?? [];
  const answered = answeredPromptCount(prompts);
  const filled = filledPreferences(preferences);
  const percent = wizardProgress(step, { photos: photos.length, answeredPrompts: answered, filledPreferences: filled });
  const basicsReady = basics.name.trim().length > 0 && basics.universityChosen;

  const stepValid =
    step === 1
      ? photos.length >= PHOTO_LIMITS.wizardMin
      : step === 2
        ? promptsValid(prompts)
        : preferencesComplete(preferences) && basicsReady;

  const hint =
    step === 1
      ? photos.length < PHOTO_LIMITS.wizardMin
        ? PROFILE_MESSAGES.needPhotos
        : null
      : step === 2
        ? prompts.length < PROMPTS_REQUIRED
          ? PROFILE_MESSAGES.choosePrompts(PROMPTS_REQUIRED - prompts.length)
          : !promptsValid(prompts)
            ? PROFILE_MESSAGES.answerPrompts
            : null
        : !preferencesComplete(preferences)
          ? PROFILE_MESSAGES.completePreferences
          : !basics.name.trim()
            ? PROFILE_MESSAGES.nameRequired
            : !basics.universityChosen
              ? PROFILE_MESSAGES.universityUnknown
              : null;

  const submit = () => {
    setError(null);
    setFieldErrors({});
    complete.mutate(
      { basics: toBasicsInput(basics), prompts: toPromptInputs(prompts), preferences: toPreferencesInput(preferences) },
      {
        onSuccess: () => {
          toast.success(COMPLETED_TOAST.title, { description: COMPLETED_TOAST.description });
          onCompleted();
        },
        onError: (e) => {
          setError(errorMessage(e, PROFILE_MESSAGES.completeFailed));
          if (isApiError(e)) setFieldErrors(firstErrorByField(e.errors));
        },
      },
    );
  };

  const current = STEPS[step - 1]!;
  const saving = complete.isPending;

  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_55%)]">
      <header className="mx-auto flex h-16 w-full max-w-2xl items-center justify-between px-page">
        <Link to="/" aria-label="Nestmate home" className="rounded-lg">
          <Logo />
        </Link>
        {headerActions}
      </header>

      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-page pt-2 pb-40 outline-none">
        <h1 className="text-title text-ink-900">Complete your profile</h1>

        <div className="mt-5 flex flex-col gap-3">
          <div className="flex items-baseline justify-between text-sm font-semibold">
            <p className="text-ink-700">
              Step {step} of {STEPS.length}
            </p>
            <p className="text-brand-800">{percent}% complete</p>
          </div>
          <div
            role="progressbar"
            aria-label={`${current.title} step progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2.5 overflow-hidden rounded-pill bg-ink-200"
          >
            <div
              className="h-full rounded-pill bg-brand-600 transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            />
          </div>
          <ol className="flex items-center justify-center gap-2" aria-label="Steps">
            {STEPS.map((s) => (
              <li key={s.step} className="flex items-center gap-2">
                <span
                  aria-current={s.step === step ? 'step' : undefined}
                  className={cn(
                    'flex h-7 items-center gap-1.5 rounded-pill px-2.5 text-xs font-bold transition-colors',
                    s.step === step
                      ? 'bg-brand-700 text-white'
                      : s.step < step
                        ? 'bg-brand-100 text-brand-800'
                        : 'bg-white text-ink-600 ring-1 ring-ink-200',
                  )}
                >
                  {s.step < step ? <CheckIcon className="size-3.5" /> : <span aria-hidden="true">{s.step}</span>}
                  <span className={cn(s.step !== step && 'sr-only sm:not-sr-only')}>{s.title}</span>
                  {s.step < step && <span className="sr-only"> (done)</span>}
                </span>
              </li>
            ))}
          </ol>
        </div>

        <div className="mt-6 rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:p-8">
          <h2 ref={headingRef} tabIndex={-1} className="text-heading text-ink-900 outline-none">
            {current.title}
          </h2>
          <p className="mt-1 text-ink-600">{current.intro}</p>
          <div className="mt-6">
            {step === 1 &&
              (profile.isPending ? (
                <Spinner label="Loading your photos" className="text-brand-700" />
              ) : (
                <PhotoUploader photos={photos} min={PHOTO_LIMITS.wizardMin} />
              ))}
            {step === 2 && <PromptPicker value={prompts} onChange={setPrompts} onError={setError} />}
            {step === 3 && (
              <div className="flex flex-col gap-8">
                <Section title="About you">
                  <BasicsFields
                    value={basics}
                    onChange={(p) => setBasics((b) => ({ ...b, ...p }))}
                    errors={fieldErrors}
                    verifiedUniversity={verifiedUniversity}
                  />
                </Section>
                <Section title="Your roommate preferences" description="Fields marked * are required.">
                  <RequiredChoiceFields
                    requireAll
                    value={preferences}
                    onChange={(p) => setPreferences((v) => ({ ...v, ...p }))}
                    errors={fieldErrors}
                  />
                </Section>
                <Section title="Your vibe" description="Slide to the level that fits you best.">
                  <SliderFields value={preferences} onChange={(p) => setPreferences((v) => ({ ...v, ...p }))} />
                </Section>
                <Section title="Budget and more">
                  <OptionalPreferenceFields
                    value={preferences}
                    onChange={(p) => setPreferences((v) => ({ ...v, ...p }))}
                    errors={fieldErrors}
                  />
                </Section>
              </div>
            )}
          </div>
        </div>
      </main>

      <BottomBar>
        <div className="mx-auto flex w-full max-w-2xl flex-col gap-2 px-page py-3">
          {error && <Alert variant="destructive">{error}</Alert>}
          <p className="text-center text-sm font-medium text-ink-700 empty:hidden" aria-live="polite">
            {error ? null : hint}
          </p>
          <div className="flex gap-3">
            <Button
              variant="secondary"
              className="flex-1 sm:flex-none"
              disabled={saving}
              onClick={() => (step === 1 ? onExit() : setStep((s) => (s - 1) as Step))}
            >
              {step === 1 ? 'Back to Profile' : 'Previous'}
            </Button>
            <Button
              className="flex-1 sm:ml-auto sm:flex-none sm:px-8"
              disabled={!stepValid || saving}
              loading={saving}
              loadingText="Saving..."
              onClick={() => (step === 3 ? submit() : setStep((s) => (s + 1) as Step))}
            >
              {step === 3 ? 'Complete Profile' : 'Next Step'}
            </Button>
          </div>
        </div>
      </BottomBar>
    </div>
  );
}
