import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  ALCOHOL_OPTIONS,
  COOKING_FREQUENCIES,
  HOBBIES_MAX,
  HOBBY_MAX,
  PET_OPTIONS,
  PHOTO_LIMITS,
  PROFILE_MESSAGES,
  PROMPTS_REQUIRED,
} from '../../../../../core/profiles/rules';
import { Alert } from '../../../components/ui/alert';
import { BottomBar } from '../../../components/ui/bottom-bar';
import { Button } from '../../../components/ui/button';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { SelectField } from '../../../components/ui/select';
import { LoadingScreen } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { OwnProfile } from '../../../lib/api-types';
import { firstErrorByField } from '../../../lib/form-errors';
import { ALCOHOL_LABELS, COOKING_LABELS, PET_LABELS } from '../../../lib/profile-labels';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOwnProfile } from '../api/get-own-profile';
import { useUpdateProfile } from '../api/save-profile';
import { BasicsFields } from '../components/basics-fields';
import { ChipInput } from '../components/chip-input';
import { PhotoUploader } from '../components/photo-uploader';
import { OptionalPreferenceFields, RequiredChoiceFields, SliderFields } from '../components/preferences-fields';
import {
  draftFromProfile,
  toBasicsInput,
  toLifestyleInput,
  toPreferencesInput,
  toPromptInputs,
} from '../components/profile-draft';
import { PromptPicker } from '../components/prompt-picker';

export const SAVED_MESSAGE = 'Profile Saved!';

function EditorSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:p-7"
    >
      <h2 id={`${id}-title`} className="text-heading text-ink-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** /edit-profile (001 §2, §4 Profile edit): loading → editing → saving → saved (back) or failed (alert). */
export function EditProfileRoute() {
  useDocumentTitle('Edit Profile');
  const profile = useOwnProfile();
  const navigate = useNavigate();
  const location = useLocation();
  // Back goes to the previous page; opened directly, it goes to the Profile tab.
  const goBack = () => (location.key === 'default' ? navigate('/?tab=profile') : navigate(-1));

  const header = (
    <header className="sticky top-0 z-30 border-b border-ink-200/70 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between gap-4 px-page">
        <button
          type="button"
          onClick={goBack}
          className="-ml-2 inline-flex items-center gap-1 rounded-pill px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <ChevronLeftIcon className="size-5" /> Back
        </button>
        <Link to="/" aria-label="Nestmate home" className="rounded-lg">
          <Logo className="text-lg" />
        </Link>
      </div>
    </header>
  );

  if (profile.isPending) return <LoadingScreen label="Loading your profile…" />;

  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      {header}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-page pt-6 pb-36 outline-none">
        <h1 className="text-title text-ink-900">Edit Profile</h1>
        {profile.isError ? (
          <div className="mt-6">
            <Alert variant="destructive" title="Failed to load profile data">
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void profile.refetch()}>
                Try again
              </Button>
            </Alert>
          </div>
        ) : (
          <ProfileEditor profile={profile.data} onSaved={goBack} />
        )}
      </main>
    </div>
  );
}

function ProfileEditor({ profile, onSaved }: { profile: OwnProfile; onSaved: () => void }) {
  // The form starts from the profile as loaded; photo changes are saved at once by the uploader.
  const [initial] = useState(() => draftFromProfile(profile));
  const [basics, setBasics] = useState(initial.basics);
  const [prompts, setPrompts] = useState(initial.prompts);
  const [preferences, setPreferences] = useState(initial.preferences);
  const [lifestyle, setLifestyle] = useState(initial.lifestyle);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useUpdateProfile();
  const location = useLocation();

  useEffect(() => {
    if (location.hash === '#photos') document.getElementById('photos')?.scrollIntoView();
  }, [location.hash]);

  const onSubmit = () => {
    setError(null);
    setFieldErrors({});
    save.mutate(
      {
        basics: toBasicsInput(basics),
        prompts: toPromptInputs(prompts),
        preferences: toPreferencesInput(preferences),
        lifestyle: toLifestyleInput(lifestyle),
      },
      {
        onSuccess: () => {
          toast.success(SAVED_MESSAGE);
          onSaved();
        },
        onError: (e) => {
          setError(errorMessage(e, PROFILE_MESSAGES.saveFailed));
          if (isApiError(e)) setFieldErrors(firstErrorByField(e.errors));
        },
      },
    );
  };

  const setPrefs = (p: Partial<typeof preferences>) => setPreferences((v) => ({ ...v, ...p }));

  return (
    <form
      className="mt-6 flex flex-col gap-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <EditorSection
        id="photos"
        title="Photos"
        description="1 to 6 photos. Move a photo to the front to make it your profile photo."
      >
        <PhotoUploader photos={profile.photos} min={PHOTO_LIMITS.editorMin} />
      </EditorSection>

      <EditorSection id="basics" title="Basic information">
        <BasicsFields
          value={basics}
          onChange={(p) => setBasics((b) => ({ ...b, ...p }))}
          errors={fieldErrors}
          verifiedUniversity={profile.verifiedUniversity}
        />
      </EditorSection>

      <EditorSection id="prompts" title="Prompts" description={`Answer ${PROMPTS_REQUIRED} prompts.`}>
        <PromptPicker value={prompts} onChange={setPrompts} onError={setPromptError} />
        {promptError && (
          <div className="mt-3">
            <Alert variant="destructive">{promptError}</Alert>
          </div>
        )}
      </EditorSection>

      <EditorSection id="preferences" title="Vibe and preferences">
        <div className="flex flex-col gap-8">
          <SliderFields value={preferences} onChange={setPrefs} />
          <RequiredChoiceFields requireAll={false} value={preferences} onChange={setPrefs} errors={fieldErrors} />
          <OptionalPreferenceFields value={preferences} onChange={setPrefs} errors={fieldErrors} />
        </div>
      </EditorSection>

      <EditorSection id="lifestyle" title="Lifestyle">
        <div className="flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label="Cooking"
              placeholder="Not set"
              value={lifestyle.cookingFrequency}
              onChange={(v) => setLifestyle((l) => ({ ...l, cookingFrequency: v }))}
              options={COOKING_FREQUENCIES.map((v) => ({ value: v, label: COOKING_LABELS[v] }))}
            />
            <SelectField
              label="Alcohol"
              placeholder="Not set"
              value={lifestyle.alcohol}
              onChange={(v) => setLifestyle((l) => ({ ...l, alcohol: v }))}
              options={ALCOHOL_OPTIONS.map((v) => ({ value: v, label: ALCOHOL_LABELS[v] }))}
            />
            <SelectField
              label="Pets"
              placeholder="Not set"
              value={lifestyle.pets}
              onChange={(v) => setLifestyle((l) => ({ ...l, pets: v }))}
              options={PET_OPTIONS.map((v) => ({ value: v, label: PET_LABELS[v] }))}
            />
          </div>
          <ChipInput
            label="Hobbies"
            placeholder="e.g. Climbing"
            values={lifestyle.hobbies}
            onChange={(hobbies) => setLifestyle((l) => ({ ...l, hobbies }))}
            maxItems={HOBBIES_MAX}
            maxLength={HOBBY_MAX}
            hint="Press Enter or Add after each one. Click a hobby to remove it."
          />
        </div>
      </EditorSection>

      <BottomBar>
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-page py-3">
          {error && <Alert variant="destructive">{error}</Alert>}
          <Button type="submit" full size="lg" loading={save.isPending} loadingText="Saving...">
            Save Changes
          </Button>
        </div>
      </BottomBar>
    </form>
  );
}
