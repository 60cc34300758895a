import type { ReactNode } from 'react';
import { PROMPTS_REQUIRED } from '../../../../../core/profiles/rules';
import { Alert } from '../../../components/ui/alert';
import { Button, LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CameraIcon, CheckIcon, GraduationIcon, PencilIcon, UserIcon } from '../../../components/ui/icons';
import { PhotoCarousel } from '../../../components/ui/photo-carousel';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { photoSources } from '../../../lib/photo';
import { useOwnProfile } from '../api/get-own-profile';

type OwnProfileScreenProps = {
  /** "Profile Not Found" → Complete Profile: the owner sends the user to the wizard. */
  onCompleteProfile: () => void;
  /** Extra actions, e.g. the profile view dialog's "Preview as others see it" (composed in app/). */
  actions?: (userId: string) => ReactNode;
  /** Shown under the header card: the verification feature's trust card (issue 16, composed in app/). */
  trust?: ReactNode;
};

/**
 * The own profile screen (001 §2): photo, name, university, class year, major, bio, the gallery,
 * About Me (n/3), the completion card, Edit Profile and Add Photos.
 */
export function OwnProfileScreen({ onCompleteProfile, actions, trust }: OwnProfileScreenProps) {
  const profile = useOwnProfile();

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner size="lg" label="Loading your profile" />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <Alert variant="destructive" title="Failed to load profile data">
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const p = profile.data;
  // Never completed: nothing to show yet (001 §2).
  if (p.name === null) {
    return (
      <Card className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="flex size-16 items-center justify-center rounded-3xl bg-brand-50 text-brand-700">
          <UserIcon className="size-8" />
        </span>
        <h2 className="text-heading text-ink-900">Profile Not Found</h2>
        <p className="max-w-sm text-ink-700">Finish setting up your profile so other students can find you.</p>
        <Button onClick={onCompleteProfile}>Complete Profile</Button>
      </Card>
    );
  }

  const photos = p.photos.map((ph, i) => ({ url: ph.url, alt: `${p.name}, photo ${i + 1} of ${p.photos.length}` }));
  const facts = [p.major, p.graduationYear ? `Class of ${p.graduationYear}` : null].filter(Boolean).join(' · ');

  return (
    <div className="flex flex-col gap-5">
      <Card className="overflow-hidden p-0 sm:p-0">
        <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
          {p.profilePhotoUrl ? (
            <img
              {...photoSources(p.profilePhotoUrl, '112px')}
              alt={p.name}
              className="size-24 shrink-0 rounded-full object-cover ring-4 ring-brand-100 sm:size-28"
            />
          ) : (
            <span className="flex size-24 shrink-0 items-center justify-center rounded-full bg-ink-100 text-ink-500">
              <UserIcon className="size-10" />
            </span>
          )}
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-[1.6rem] leading-tight font-extrabold break-words text-ink-900">{p.name}</h2>
            {p.university && (
              <p className="flex items-center gap-1.5 font-semibold text-brand-800">
                <GraduationIcon className="size-5 shrink-0" />
                {p.university}
              </p>
            )}
            {facts && <p className="text-ink-700">{facts}</p>}
          </div>
        </div>
        {p.bio && (
          <p className="border-t border-ink-200/70 px-5 py-4 whitespace-pre-line text-ink-800 sm:px-6">{p.bio}</p>
        )}
        <div className="flex flex-wrap gap-2 border-t border-ink-200/70 px-5 py-4 sm:px-6">
          <LinkButton to={paths.editProfile} className="flex-1 sm:flex-none">
            <PencilIcon className="size-4" /> Edit Profile
          </LinkButton>
          <LinkButton to={`${paths.editProfile}#photos`} variant="secondary" className="flex-1 sm:flex-none">
            <CameraIcon className="size-4" /> Add Photos
          </LinkButton>
          {actions?.(p.userId)}
        </div>
      </Card>

      {trust}

      <CompletionCard percent={p.completion.percent} missing={p.completion.missing} />

      {photos.length > 0 && (
        <Card className="p-5 sm:p-6">
          <h2 className="mb-4 text-heading text-ink-900">Photos</h2>
          <PhotoCarousel photos={photos} label="Your photos" className="mx-auto max-w-sm" />
        </Card>
      )}

      <Card className="p-5 sm:p-6">
        <h2 className="text-heading text-ink-900">
          About Me ({p.prompts.length}/{PROMPTS_REQUIRED})
        </h2>
        {p.prompts.length === 0 ? (
          <p className="mt-3 text-ink-600">You haven't answered any prompts yet.</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {p.prompts.map((a) => (
              <li key={a.promptId} className="rounded-2xl bg-ink-50 p-4">
                <p className="text-sm font-semibold text-brand-800">{a.promptText}</p>
                <p className="mt-1 whitespace-pre-line text-ink-900">{a.response}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function CompletionCard({ percent, missing }: { percent: number; missing: string[] }) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-heading text-ink-900">Profile completion</h2>
        <p className="text-lg font-extrabold text-brand-800">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Profile completion"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2.5 overflow-hidden rounded-pill bg-ink-200"
      >
        <div className="h-full rounded-pill bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      {missing.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 font-semibold text-success-700">
          <CheckIcon className="size-5" /> Your profile is complete.
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm font-semibold text-ink-700">To stand out, you could:</p>
          <ul className="mt-2 flex flex-col gap-1.5">
            {missing.map((m) => (
              <li key={m} className="flex items-center gap-2 text-ink-800">
                <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-accent-500" />
                {m}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
