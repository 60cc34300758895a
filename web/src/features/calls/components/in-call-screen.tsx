import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { MicIcon, MicOffIcon, PhoneOffIcon, VideoIcon, VideoOffIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { photoSources } from '../../../lib/photo';
import type { CallMedia, CallState } from '../api/call-session';
import type { CallPeer } from './call-provider';

type InCallScreenProps = {
  peer: CallPeer;
  media: CallMedia;
  state: CallState;
  reason?: string;
  local: MediaStream | null;
  remote: MediaStream | null;
  connectedAt: number | null;
  onMute: (muted: boolean) => void;
  onCamera: (off: boolean) => void;
  onEnd: () => void;
};

/** A call's running time: 0:42, 12:05, 1:02:09. */
export const callClock = (ms: number) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0');
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
};

/** Attaches a MediaStream to a <video> or <audio> element. */
export function useStream<T extends HTMLMediaElement>(stream: MediaStream | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return ref;
}

/** The in-call screen (001 §2): remote and local video (voice: the avatar), mute, camera, end, timer. */
export function InCallScreen({
  peer,
  media,
  state,
  reason,
  local,
  remote,
  connectedAt,
  onMute,
  onCamera,
  onEnd,
}: InCallScreenProps) {
  const { now, toggles } = useCallScreen(state, onMute, onCamera);
  const { cameraOff } = toggles;
  const remoteVideo = useStream<HTMLVideoElement>(remote);
  const remoteAudio = useStream<HTMLAudioElement>(remote);
  const localVideo = useStream<HTMLVideoElement>(local);
  const video = media === 'video';

  const status =
    state === 'connecting'
      ? 'Connecting…'
      : state === 'connected'
        ? callClock(now - (connectedAt ?? now))
        : (reason ?? 'Call ended');
  const showRemoteVideo = video && remote !== null && state !== 'ended';

  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-900/70" />
      <DialogPrimitive.Content
        onPointerDownOutside={(e) => e.preventDefault()}
        className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-ink-900 text-white sm:inset-6 sm:rounded-card sm:shadow-raised lg:inset-x-[max(1.5rem,calc(50vw-30rem))]"
        data-call-state={state}
      >
        <DialogPrimitive.Title className="sr-only">
          {video ? 'Video' : 'Voice'} call with {peer.name}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="sr-only">
          Use the buttons at the bottom to mute, turn the camera off or end the call.
        </DialogPrimitive.Description>

        <div className="relative flex min-h-0 flex-1 items-center justify-center bg-gradient-to-b from-brand-950 to-ink-900">
          {video && (
            // biome-ignore lint/a11y/useMediaCaption: live peer-to-peer video has no captions to offer
            <video
              ref={remoteVideo}
              autoPlay
              playsInline
              data-testid="remote-video"
              className={cn('absolute inset-0 size-full object-cover', !showRemoteVideo && 'invisible')}
            />
          )}
          {!video && (
            // biome-ignore lint/a11y/useMediaCaption: live peer-to-peer audio has no captions to offer
            <audio ref={remoteAudio} autoPlay />
          )}
          {!showRemoteVideo && (
            <div className="relative flex flex-col items-center gap-4 px-6 text-center">
              {peer.profilePhotoUrl ? (
                <img
                  {...photoSources(peer.profilePhotoUrl, '160px')}
                  alt=""
                  className="size-32 rounded-full object-cover ring-4 ring-white/20 sm:size-40"
                />
              ) : (
                <span className="flex size-32 items-center justify-center rounded-full bg-brand-700 text-5xl font-bold ring-4 ring-white/20">
                  {peer.name[0]}
                </span>
              )}
            </div>
          )}
          <div className="absolute inset-x-0 top-0 flex flex-col items-center gap-1 bg-gradient-to-b from-ink-900/80 to-transparent px-6 pt-8 pb-10 text-center">
            <p className="text-heading font-bold">{peer.name}</p>
            <p role="status" aria-live="polite" className="text-sm font-semibold text-white/90 tabular-nums">
              <span className="sr-only">{state === 'connected' ? 'Connected, ' : ''}</span>
              {status}
            </p>
          </div>
          {video && local && (
            <video
              ref={localVideo}
              autoPlay
              playsInline
              muted
              data-testid="local-video"
              className={cn(
                'absolute right-4 bottom-4 aspect-[3/4] w-28 rounded-2xl object-cover shadow-raised ring-2 ring-white/30 sm:aspect-[4/3] sm:w-44 [transform:scaleX(-1)]',
                cameraOff && 'invisible',
              )}
            />
          )}
        </div>

        <CallControls
          className="bg-ink-900 pt-5"
          video={video}
          disabled={state === 'ended'}
          endLabel="End call"
          {...toggles}
          onEnd={onEnd}
        />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * What both call screens keep: the timer's clock while connected (001 §4), and mute and camera,
 * each switched on the call and shown on its button.
 */
export function useCallScreen(state: CallState, onMute: (muted: boolean) => void, onCamera: (off: boolean) => void) {
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state !== 'connected') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state]);
  const toggles = {
    muted,
    cameraOff,
    onMute: (next: boolean) => {
      onMute(next);
      setMuted(next);
    },
    onCamera: (next: boolean) => {
      onCamera(next);
      setCameraOff(next);
    },
  };
  return { now, toggles };
}

/** A call's controls: mute, camera (video calls), and end or leave. */
export function CallControls({
  className,
  video,
  disabled,
  muted,
  cameraOff,
  endLabel,
  onMute,
  onCamera,
  onEnd,
}: {
  className?: string;
  video: boolean;
  disabled: boolean;
  muted: boolean;
  cameraOff: boolean;
  endLabel: string;
  onMute: (muted: boolean) => void;
  onCamera: (off: boolean) => void;
  onEnd: () => void;
}) {
  return (
    <div
      className={cn(
        'flex items-center justify-center gap-5 px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]',
        className,
      )}
    >
      <ControlButton label="Mute" pressed={muted} disabled={disabled} onClick={() => onMute(!muted)}>
        {muted ? <MicOffIcon className="size-6" /> : <MicIcon className="size-6" />}
      </ControlButton>
      {video && (
        <ControlButton
          label="Turn camera off"
          pressed={cameraOff}
          disabled={disabled}
          onClick={() => onCamera(!cameraOff)}
        >
          {cameraOff ? <VideoOffIcon className="size-6" /> : <VideoIcon className="size-6" />}
        </ControlButton>
      )}
      <button
        type="button"
        onClick={onEnd}
        disabled={disabled}
        aria-label={endLabel}
        className="flex size-16 items-center justify-center rounded-full bg-danger-600 text-white shadow-raised hover:bg-danger-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-55"
      >
        <PhoneOffIcon className="size-7" />
      </button>
    </div>
  );
}

function ControlButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex size-14 items-center justify-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-55',
        pressed ? 'bg-white text-ink-900' : 'bg-white/15 text-white hover:bg-white/25',
      )}
    >
      {children}
    </button>
  );
}
