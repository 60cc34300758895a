import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { BellIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import type { NotificationChannel } from '../api/notifications';
import { useNotificationSettings } from '../api/preferences';
import { enablePush, permissionState, pushOffered, rememberPushOffered } from '../api/push';

/**
 * Offers push once, at a moment it makes sense (N101): right after the student's first match or the
 * first message they send, never on page load. The browser's prompt only opens from the click. On a phone
 * it sits above the tab bar, or under the app's header while a chat is open; on a wide screen in
 * the bottom-left corner: never over the chat's composer the student is typing in.
 */
export function PushOffer({
  channel,
  myId,
  inChat = false,
}: {
  channel: NotificationChannel;
  myId: string;
  /** A chat is open: on a phone the offer goes to the top, off the composer. */
  inChat?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const settings = useNotificationSettings();
  const available = Boolean(settings.data?.vapidPublicKey);
  useEffect(() => {
    if (!available) return;
    return channel.subscribe((frame) => {
      if (pushOffered() || permissionState() !== 'default') return;
      const f = frame as { type: string; message?: { senderId?: string } };
      if (f.type === 'match.created' || (f.type === 'message.created' && f.message?.senderId === myId))
        setVisible(true);
    });
  }, [channel, myId, available]);

  if (!visible) return null;
  const close = () => {
    rememberPushOffered();
    setVisible(false);
  };
  return (
    <section
      aria-label="Turn on notifications"
      className={cn(
        'fixed inset-x-3 z-40 mx-auto flex max-w-md items-start gap-3 rounded-card bg-white p-4 shadow-raised ring-1 ring-ink-200 sm:top-auto sm:bottom-24 sm:left-6 sm:mx-0 sm:w-96',
        inChat ? 'top-[4.5rem]' : 'bottom-24',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BellIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink-900">Never miss a reply</p>
        <p className="text-sm text-ink-600">
          Get a notification when your matches write back, even with Nestmate closed.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => {
              close();
              void enablePush(settings.data?.vapidPublicKey ?? null);
            }}
          >
            Turn on
          </Button>
          <Button size="sm" variant="ghost" onClick={close}>
            Not now
          </Button>
        </div>
      </div>
    </section>
  );
}
