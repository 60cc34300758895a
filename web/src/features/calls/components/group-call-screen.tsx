import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cn } from '../../../lib/cn';
import { photoSources } from '../../../lib/photo';
import type { CallMedia } from '../api/call-session';
import type { GroupCallView } from '../api/group-call-session';
import type { CallPeer } from './call-provider';
import { CallControls, callClock, useCallScreen, useStream } from './in-call-screen';

type GroupCallScreenProps = {
  media: CallMedia;
  view: GroupCallView;
  /** Names and photos of the people in the call, as they become known. */
  people: Map<string, CallPeer>;
  onMute: (muted: boolean) => void;
  onCamera: (off: boolean) => void;
  onLeave: () => void;
};

function Avatar({ person }: { person: CallPeer | undefined }) {
  if (person?.profilePhotoUrl) {
    return (
      <img
        {...photoSources(person.profilePhotoUrl, '160px')}
        alt=""
        className="size-20 rounded-full object-cover ring-4 ring-white/20 sm:size-28"
      />
    );
  }
  return (
    <span className="flex size-20 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold ring-4 ring-white/20 sm:size-28">
      {person?.name[0] ?? '?'}
    </span>
  );
}

/** One person's tile: their video (or their photo in a voice call), their name, and whether they are through yet. */
function Tile({
  person,
  stream,
  video,
  connected,
  self,
  cameraOff,
}: {
  person: CallPeer | undefined;
  stream: MediaStream | null;
  video: boolean;
  connected: boolean;
  self?: boolean;
  cameraOff?: boolean;
}) {
  const videoRef = useStream<HTMLVideoElement>(stream);
  const audioRef = useStream<HTMLAudioElement>(stream);
  const showVideo = video && stream !== null && !cameraOff;
  const name = self ? 'You' : (person?.name ?? 'Someone');
  return (
    <li
      className="relative flex min-h-0 items-center justify-center overflow-hidden rounded-2xl bg-brand-950 ring-1 ring-white/10"
      aria-label={self ? 'You' : `${name}${connected ? '' : ', connecting'}`}
      data-testid={self ? 'group-call-self' : 'group-call-peer'}
      data-connected={connected || undefined}
    >
      {video && (
        <video
          ref={videoRef}
          autoPlay
          playsInline
          muted={self}
          className={cn(
            'absolute inset-0 size-full object-cover',
            self && '[transform:scaleX(-1)]',
            !showVideo && 'invisible',
          )}
        />
      )}
      {!video && !self && (
        // biome-ignore lint/a11y/useMediaCaption: live peer-to-peer audio has no captions to offer
        <audio ref={audioRef} autoPlay />
      )}
      {!showVideo && <Avatar person={person} />}
      <span className="absolute bottom-2 left-2 max-w-[calc(100%-1rem)] truncate rounded-full bg-ink-900/70 px-2.5 py-1 text-sm font-semibold">
        {name}
        {!self && !connected && <span className="font-normal text-white/80"> · Connecting…</span>}
      </span>
    </li>
  );
}

/**
 * The group call screen (issue 20): a tile for each person in the call (up to 4), mute, camera,
 * leave, the timer, and how many are in.
 */
export function GroupCallScreen({ media, view, people, onMute, onCamera, onLeave }: GroupCallScreenProps) {
  const video = media === 'video';
  const state = view.state;
  const { now, toggles } = useCallScreen(state, onMute, onCamera);
  const { cameraOff } = toggles;

  const alone = view.peers.length === 0;
  const status =
    state === 'ended'
      ? (view.reason ?? 'Call ended')
      : alone
        ? 'Waiting for others to join…'
        : state === 'connected'
          ? callClock(now - (view.connectedAt ?? now))
          : 'Connecting…';
  const count = view.peers.length + 1;
  const tiles = count <= 1 ? 'grid-cols-1' : count === 2 ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-2';

  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-900/70" />
      <DialogPrimitive.Content
        onPointerDownOutside={(e) => e.preventDefault()}
        className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-ink-900 text-white sm:inset-6 sm:rounded-card sm:shadow-raised lg:inset-x-[max(1.5rem,calc(50vw-36rem))]"
        data-call-state={state}
      >
        <DialogPrimitive.Title className="sr-only">Group {video ? 'video' : 'voice'} call</DialogPrimitive.Title>
        <DialogPrimitive.Description className="sr-only">
          Use the buttons at the bottom to mute, turn the camera off or leave the call.
        </DialogPrimitive.Description>
        <div className="flex flex-col items-center gap-0.5 px-6 pt-5 pb-3 text-center">
          <p className="text-heading font-bold">Group {video ? 'video' : 'voice'} call</p>
          <p role="status" aria-live="polite" className="text-sm font-semibold text-white/90 tabular-nums">
            {status}
            {state !== 'ended' && !alone && <span className="text-white/80"> · {count} in the call</span>}
          </p>
        </div>
        <ul className={cn('grid min-h-0 flex-1 auto-rows-fr gap-2 px-2 sm:gap-3 sm:px-4', tiles)}>
          <Tile person={undefined} stream={view.local} video={video} connected self cameraOff={cameraOff} />
          {view.peers.map((p) => (
            <Tile
              key={p.userId}
              person={people.get(p.userId)}
              stream={p.stream}
              video={video}
              connected={p.connected}
            />
          ))}
        </ul>
        <CallControls
          className="pt-4"
          video={video}
          disabled={state === 'ended'}
          endLabel="Leave call"
          {...toggles}
          onEnd={onLeave}
        />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
