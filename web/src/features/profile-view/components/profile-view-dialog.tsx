import type { ReactNode } from 'react';
import { SLIDER_LABELS } from '../../../../../core/profiles/rules';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PhotoCarousel } from '../../../components/ui/photo-carousel';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { BADGE_TEXT, TrustBadges } from '../../../components/ui/trust-badges';
import { isApiError } from '../../../lib/api-client';
import type { PublicProfile } from '../../../lib/api-types';
import { cn } from '../../../lib/cn';
import {
  ALCOHOL_LABELS,
  budgetLabel,
  COOKING_LABELS,
  HOUSING_LABELS,
  labelFor,
  moveInLabel,
  PET_LABELS,
  SMOKING_LABELS,
} from '../../../lib/profile-labels';
import { useProfile } from '../api/get-profile';
import { ComparisonPanel } from './comparison-panel';

export type ProfileView = 'profile' | 'comparison';

type ProfileViewDialogProps = {
  /** Whose profile to show; null keeps the dialog closed. */
  userId: string | null;
  onOpenChange: (open: boolean) => void;
  /** Actions under a loaded profile (Block and Report, composed in app/ from the safety feature). */
  actions?: (profile: PublicProfile) => ReactNode;
  /**
   * Show the full comparison with the viewer beside the profile (issue 21); off for the own-profile
   * preview. `view` picks the tab it opens on (the deck card opens the comparison).
   */
  compare?: boolean;
  view?: ProfileView;
  /** Puts a "Talk about this" question into the chat with them (composed in app/). */
  onTalkAbout?: (conversationId: string, message: string) => void;
};

// 001 §9: the profile dialog's gallery shows 6 photos.
const DIALOG_PHOTOS = 6;

/** The profile view dialog (001 §2): up to 6 photos, About Me prompts, lifestyle fields, hobbies. */
export function ProfileViewDialog({
  userId,
  onOpenChange,
  actions,
  compare = false,
  view = 'profile',
  onTalkAbout,
}: ProfileViewDialogProps) {
  const profile = useProfile(userId);
  const title = profile.data?.name ?? (profile.isError ? 'Unknown User' : 'Profile');
  return (
    <Dialog open={userId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={profile.data ? subtitle(profile.data) : undefined}
        className={compare ? 'sm:max-w-2xl lg:max-w-4xl' : 'sm:max-w-xl'}
      >
        {profile.isPending && (
          <div className="flex justify-center py-10 text-brand-700">
            <Spinner size="lg" label="Loading profile" />
          </div>
        )}
        {profile.isError && (
          <Alert variant="destructive">
            {isApiError(profile.error) && profile.error.status === 404
              ? 'This profile is not available.'
              : 'Failed to load profile details'}
          </Alert>
        )}
        {profile.data &&
          (compare ? (
            // Keyed by whose and which tab, so opening from the card lands on the comparison each time.
            <Tabs key={`${profile.data.userId}-${view}`} defaultValue={view}>
              <TabsList aria-label={`About ${profile.data.name}`} className="sm:max-w-sm">
                <TabsTrigger value="profile">Profile</TabsTrigger>
                <TabsTrigger value="comparison">Compatibility</TabsTrigger>
              </TabsList>
              <TabsContent value="profile">
                <ProfileDetails profile={profile.data} wide />
              </TabsContent>
              <TabsContent value="comparison">
                <ComparisonPanel userId={profile.data.userId} name={profile.data.name} onTalkAbout={onTalkAbout} />
              </TabsContent>
            </Tabs>
          ) : (
            <ProfileDetails profile={profile.data} />
          ))}
        {profile.data && actions && <div className="mt-6">{actions(profile.data)}</div>}
      </DialogContent>
    </Dialog>
  );
}

const subtitle = (p: PublicProfile) =>
  [p.university, p.major, p.graduationYear ? `Class of ${p.graduationYear}` : null].filter(Boolean).join(' · ');

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl bg-ink-50 px-3.5 py-2.5">
      <dt className="text-xs font-semibold text-ink-600">{label}</dt>
      <dd className="font-semibold text-ink-900">{value}</dd>
    </div>
  );
}

const level = (labels: readonly string[], v: number | null) => (v === null ? null : (labels[v - 1] ?? null));

/** Issue 16: the badges with what they mean, in words, where there is room for them. */
function VerificationNote({ badges }: { badges: PublicProfile['badges'] }) {
  if (!badges.photoVerified && !badges.schoolVerified) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <TrustBadges badges={badges} />
      <p className="text-xs text-ink-600">
        {[
          badges.photoVerified && `${BADGE_TEXT.photo}: ${BADGE_TEXT.photoMeans}.`,
          badges.schoolVerified && `${BADGE_TEXT.school}: ${BADGE_TEXT.schoolMeans}.`,
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
    </div>
  );
}

/** `wide`: in the wide dialog, photos beside the details on large screens instead of a page-wide photo. */
function ProfileDetails({ profile: p, wide = false }: { profile: PublicProfile; wide?: boolean }) {
  const photos = p.galleryUrls
    .slice(0, DIALOG_PHOTOS)
    .map((url, i, all) => ({ url, alt: `${p.name}, photo ${i + 1} of ${all.length}` }));
  const l = p.lifestyle;
  const facts = [
    { label: 'Cleanliness', value: level(SLIDER_LABELS.cleanliness, l.cleanliness) },
    { label: 'Social level', value: level(SLIDER_LABELS.noiseLevel, l.noiseLevel) },
    { label: 'Sleep schedule', value: level(SLIDER_LABELS.sleepSchedule, l.sleepSchedule) },
    { label: 'Study habits', value: level(SLIDER_LABELS.studyHabits, l.studyHabits) },
    { label: 'Guests', value: level(SLIDER_LABELS.guestPolicy, l.guestPolicy) },
    { label: 'Smoking', value: labelFor(SMOKING_LABELS, l.smokingTolerance) },
    { label: 'Housing', value: labelFor(HOUSING_LABELS, l.housingStatus) },
    { label: 'Budget', value: budgetLabel(l.minBudget, l.maxBudget) },
    { label: 'Move-in', value: l.moveIn ? moveInLabel(l.moveIn) : null },
    { label: 'Cooking', value: labelFor(COOKING_LABELS, l.cookingFrequency) },
    { label: 'Alcohol', value: labelFor(ALCOHOL_LABELS, l.alcohol) },
    { label: 'Pets', value: labelFor(PET_LABELS, l.pets) },
    { label: 'Gender', value: p.gender },
  ].filter((f): f is { label: string; value: string } => !!f.value);

  return (
    <div
      className={cn(
        'flex flex-col gap-6',
        wide && photos.length > 0 && 'lg:grid lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start',
      )}
    >
      {photos.length > 0 && (
        <div className={cn(wide && 'lg:sticky lg:top-0')}>
          <PhotoCarousel photos={photos} label={`${p.name}'s photos`} />
        </div>
      )}
      <div className="flex min-w-0 flex-col gap-6">
        <VerificationNote badges={p.badges} />
        {p.bio && <p className="whitespace-pre-line text-ink-800">{p.bio}</p>}

        {p.prompts.length > 0 && (
          <section aria-labelledby="pv-about">
            <h3 id="pv-about" className="text-lg font-bold text-ink-900">
              About Me
            </h3>
            <ul className="mt-3 flex flex-col gap-3">
              {p.prompts.map((a) => (
                <li key={a.promptId} className="rounded-2xl border border-ink-200 p-4">
                  <p className="text-sm font-semibold text-brand-800">{a.promptText}</p>
                  <p className="mt-1 whitespace-pre-line text-ink-900">{a.response}</p>
                </li>
              ))}
            </ul>
          </section>
        )}

        {facts.length > 0 && (
          <section aria-labelledby="pv-lifestyle">
            <h3 id="pv-lifestyle" className="text-lg font-bold text-ink-900">
              Lifestyle
            </h3>
            <dl className="mt-3 grid grid-cols-2 gap-2">
              {facts.map((f) => (
                <Fact key={f.label} label={f.label} value={f.value} />
              ))}
            </dl>
          </section>
        )}

        {p.hobbies.length > 0 && (
          <section aria-labelledby="pv-hobbies">
            <h3 id="pv-hobbies" className="text-lg font-bold text-ink-900">
              Hobbies
            </h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {p.hobbies.map((h) => (
                <li
                  key={h}
                  className="rounded-pill bg-brand-50 px-3.5 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200"
                >
                  {h}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
