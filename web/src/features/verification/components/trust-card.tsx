import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CameraIcon, CheckIcon, GraduationIcon, MailIcon, ShieldIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import type { TrustStatus } from '../../../lib/api-types';
import { cn } from '../../../lib/cn';
import { useSetTrust, useTrustStatus } from '../api/verification';
import { SelfieCapture } from './selfie-capture';

type Row = { key: string; icon: ReactNode; label: string; done: boolean; detail: string; tone?: 'warn' | 'wait' };

const time = (iso: string) =>
  new Date(iso).toLocaleString([], { weekday: 'short', hour: 'numeric', minute: '2-digit' });

function photoRow(t: TrustStatus): Row {
  const icon = <CameraIcon className="size-5" />;
  switch (t.photo.state) {
    case 'verified':
      return {
        key: 'photo',
        icon,
        label: 'Photo verified',
        done: true,
        detail: 'A moderator matched your selfie to your main photo.',
      };
    case 'pending':
      return {
        key: 'photo',
        icon,
        label: 'Photo: selfie under review',
        done: false,
        tone: 'wait',
        detail: 'A moderator will compare it with your main photo. We will e-mail you the result.',
      };
    case 'rejected':
      return {
        key: 'photo',
        icon,
        label: 'Photo: selfie not approved',
        done: false,
        tone: 'warn',
        detail: `Reason: ${t.photo.reasonLabel ?? 'not given'}. You can try again with a new pose.`,
      };
    case 'suspended':
      return {
        key: 'photo',
        icon,
        label: 'Photo badge paused',
        done: false,
        tone: 'warn',
        detail: 'You changed your main photo. Take a new selfie to verify it.',
      };
    default:
      return {
        key: 'photo',
        icon,
        label: 'Photo not verified',
        done: false,
        detail: 'Take a live selfie in a pose we pick; a moderator checks it against your main photo.',
      };
  }
}

/** The next step and whether "Get verified" is offered (pending and verified have nothing to do). */
function nextStep(t: TrustStatus): { text: string; action: string | null } {
  const s = t.photo.state;
  if (s === 'pending') return { text: 'Nothing to do: your selfie is waiting for a moderator.', action: null };
  if (s === 'verified')
    return t.school.verified && t.emailConfirmed
      ? { text: 'You have every badge. Students see them on your card.', action: null }
      : { text: 'Your photo is verified.', action: null };
  if (t.triesLeft === 0)
    return {
      text: `You have used today's 3 tries.${t.nextTryAt ? ` Next try: ${time(t.nextTryAt)}.` : ''}`,
      action: null,
    };
  const tries = `${t.triesLeft} ${t.triesLeft === 1 ? 'try' : 'tries'} left today`;
  if (s === 'rejected') return { text: `Next step: try again (${tries}).`, action: 'Try again' };
  if (s === 'suspended') return { text: `Next step: verify your new main photo (${tries}).`, action: 'Get verified' };
  return { text: `Next step: get the "Photo verified" badge (${tries}).`, action: 'Get verified' };
}

/**
 * The own-profile trust card (issue 16 §3): e-mail, school, photo, each ticked or explained, with
 * the next step. "Get verified" opens the live selfie.
 */
export function TrustCard() {
  const trust = useTrustStatus();
  const setTrust = useSetTrust();
  const [open, setOpen] = useState(false);

  if (trust.isPending)
    return (
      <Card className="flex justify-center p-6 text-brand-700">
        <Spinner label="Loading your trust checks" />
      </Card>
    );
  if (trust.isError) return null;
  const t = trust.data;
  const rows: Row[] = [
    {
      key: 'email',
      icon: <MailIcon className="size-5" />,
      label: t.emailConfirmed ? 'E-mail confirmed' : 'E-mail not confirmed',
      done: t.emailConfirmed,
      detail: t.emailConfirmed ? 'Your university address is confirmed.' : 'Open the link we e-mailed you.',
    },
    {
      key: 'school',
      icon: <GraduationIcon className="size-5" />,
      label: t.school.verified ? 'School verified' : 'School not verified',
      done: t.school.verified,
      tone: t.school.verified ? undefined : 'warn',
      detail: t.school.verified
        ? `Your confirmed address belongs to ${t.school.university}.`
        : 'Your confirmed e-mail address does not belong to the school on your profile.',
    },
    photoRow(t),
  ];
  const next = nextStep(t);

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="trust-title">
      <div className="flex items-center gap-2">
        <ShieldIcon className="size-5 text-brand-700" />
        <h2 id="trust-title" className="text-heading text-ink-900">
          Trust &amp; verification
        </h2>
      </div>
      <ul className="mt-4 flex flex-col gap-3">
        {rows.map((r) => (
          <li key={r.key} className="flex items-start gap-3">
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full',
                r.done
                  ? 'bg-brand-100 text-brand-800'
                  : r.tone === 'warn'
                    ? 'bg-gold-100 text-gold-800'
                    : 'bg-ink-100 text-ink-600',
              )}
            >
              {r.done ? <CheckIcon className="size-5" /> : r.icon}
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-ink-900">
                {r.label}
                {r.done && <span className="sr-only"> (done)</span>}
              </p>
              <p className="text-sm text-ink-600">{r.detail}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-col gap-3 border-t border-ink-200/70 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm font-medium text-ink-700">{next.text}</p>
        {next.action && (
          <Button className="w-full shrink-0 sm:w-auto" onClick={() => setOpen(true)}>
            <CameraIcon className="size-4" /> {next.action}
          </Button>
        )}
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent
            title="Get verified"
            description="A live selfie in the pose shown, checked by a moderator against your main photo."
          >
            <SelfieCapture
              onDone={(updated) => {
                setTrust(updated);
                setOpen(false);
                toast.success('Selfie sent', { description: 'We will e-mail you once a moderator has checked it.' });
              }}
            />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}
