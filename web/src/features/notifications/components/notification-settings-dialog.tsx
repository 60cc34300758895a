import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { problemToast } from '../../../lib/problem-toast';
import {
  type NotificationPreferences,
  useNotificationSettings,
  useSaveNotificationPreferences,
} from '../api/preferences';
import { disablePush, enablePush, type PushResult, permissionState } from '../api/push';

const CATEGORIES: { key: keyof NotificationPreferences['push']; label: string; description: string }[] = [
  { key: 'matches', label: 'New matches', description: 'When someone likes you back' },
  { key: 'messages', label: 'Messages', description: 'Who wrote, never what' },
  { key: 'likes', label: 'Likes', description: 'When someone likes your profile' },
  { key: 'groups', label: 'Groups', description: 'Joins, leaves and new invite codes' },
  { key: 'account', label: 'Account', description: 'Verification, moderation and Gold' },
];

const DIGESTS: { value: NotificationPreferences['digest']; label: string }[] = [
  { value: '6h', label: 'After 6 hours away' },
  { value: 'daily', label: 'Once a day' },
  { value: 'off', label: 'Off' },
];

const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const fromTime = (value: string) => {
  const [h, m] = value.split(':').map(Number);
  return Number.isInteger(h) && Number.isInteger(m) ? (h as number) * 60 + (m as number) : null;
};

const RESULT_TEXT: Record<Exclude<PushResult, 'subscribed'>, string> = {
  denied: 'Notifications are blocked for this site. Allow them in your browser settings.',
  unsupported: 'This browser does not support push notifications.',
  unavailable: 'Push notifications are not available right now.',
  failed: 'Could not turn on push notifications. Please try again.',
};

/** Settings → Notifications (issue 19): push on this browser, a switch per kind, quiet hours, the e-mail digest. */
export function NotificationSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const settings = useNotificationSettings();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [permission, setPermission] = useState(permissionState);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open && settings.data) setDraft(settings.data.preferences);
  }, [open, settings.data]);

  const persist = (next: NotificationPreferences) => {
    setDraft(next);
    save.mutate(next, { onError: (e) => problemToast(e, 'Could not save your notification settings.') });
  };

  const turnOn = async () => {
    setBusy(true);
    const result = await enablePush(settings.data?.vapidPublicKey ?? null);
    setBusy(false);
    setPermission(permissionState());
    if (result === 'subscribed') toast.success('Push notifications on for this browser');
    else toast.error(RESULT_TEXT[result]);
  };
  const turnOff = async () => {
    setBusy(true);
    await disablePush().catch((e) => problemToast(e, 'Could not turn off push notifications.'));
    setBusy(false);
    toast.success('Push notifications off for this browser');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Notifications"
        description="The bell always has everything; these decide what reaches you outside the app."
      >
        {!draft ? (
          <p className="text-ink-600">Loading…</p>
        ) : (
          <div className="flex flex-col gap-5">
            <section className="flex flex-col gap-2 rounded-card bg-ink-50 p-4">
              <h3 className="font-semibold text-ink-900">Push notifications on this browser</h3>
              {permission === 'granted' ? (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-ink-700">Allowed.</p>
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" loading={busy} onClick={() => void turnOn()}>
                      Re-connect
                    </Button>
                    <Button size="sm" variant="ghost" loading={busy} onClick={() => void turnOff()}>
                      Turn off
                    </Button>
                  </div>
                </div>
              ) : permission === 'denied' ? (
                <p className="text-sm text-ink-700">{RESULT_TEXT.denied}</p>
              ) : permission === 'unsupported' ? (
                <p className="text-sm text-ink-700">{RESULT_TEXT.unsupported}</p>
              ) : (
                <Button size="sm" className="self-start" loading={busy} onClick={() => void turnOn()}>
                  Turn on push notifications
                </Button>
              )}
            </section>
            <section>
              <h3 className="mb-1 font-semibold text-ink-900">Send me push notifications for</h3>
              <ul className="divide-y divide-ink-100">
                {CATEGORIES.map((c) => (
                  <li key={c.key} className="flex items-center gap-3 py-3">
                    <span className="min-w-0 flex-1">
                      <span id={`push-${c.key}-label`} className="block font-medium text-ink-900">
                        {c.label}
                      </span>
                      <span id={`push-${c.key}-description`} className="block text-sm text-ink-600">
                        {c.description}
                      </span>
                    </span>
                    <Switch
                      id={`push-${c.key}`}
                      on={draft.push[c.key]}
                      onChange={() => persist({ ...draft, push: { ...draft.push, [c.key]: !draft.push[c.key] } })}
                    />
                  </li>
                ))}
              </ul>
            </section>
            <section>
              <h3 className="font-semibold text-ink-900">Quiet hours</h3>
              <p className="mb-2 text-sm text-ink-600">No push notifications between these times, in your time zone.</p>
              <div className="flex flex-wrap gap-4">
                {(['quietStart', 'quietEnd'] as const).map((key) => (
                  <label key={key} className="flex flex-col gap-1 text-sm font-medium text-ink-800">
                    {key === 'quietStart' ? 'From' : 'To'}
                    <input
                      type="time"
                      step={900}
                      value={toTime(draft[key])}
                      onChange={(e) => {
                        const minutes = fromTime(e.target.value);
                        if (minutes !== null) persist({ ...draft, [key]: minutes });
                      }}
                      className="h-11 rounded-xl border border-ink-300 px-3 text-base text-ink-900"
                    />
                  </label>
                ))}
              </div>
            </section>
            <fieldset>
              <legend className="font-semibold text-ink-900">E-mail digest</legend>
              <p className="mb-2 text-sm text-ink-600">
                Unread messages and new matches by e-mail while you are away, at most once a day.
              </p>
              <div className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-5">
                {DIGESTS.map((d) => (
                  <label key={d.value} className="flex min-h-11 items-center gap-2 text-ink-900">
                    <input
                      type="radio"
                      name="digest"
                      value={d.value}
                      checked={draft.digest === d.value}
                      onChange={() => persist({ ...draft, digest: d.value })}
                      className="size-5 accent-brand-700"
                    />
                    {d.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
