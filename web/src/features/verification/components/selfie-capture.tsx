import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CameraIcon, RefreshIcon, SendIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { PoseChallenge, TrustStatus } from '../../../lib/api-types';
import { startChallenge, submitSelfie } from '../api/verification';

type Step =
  | { kind: 'camera' }
  | { kind: 'camera-error'; message: string }
  | { kind: 'live'; challenge: PoseChallenge }
  | { kind: 'captured'; challenge: PoseChallenge; blob: Blob; url: string }
  | { kind: 'sending'; challenge: PoseChallenge; blob: Blob; url: string }
  | { kind: 'failed'; message: string; retry: 'pose' | 'none' };

const CAMERA_DENIED =
  'We could not use your camera. Allow camera access for this site in your browser settings, then try again.';

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', 0.9));
}

/**
 * The live selfie (issue 16 §2): the camera starts first, so a refused camera spends no try; then
 * the server draws the pose; the student copies it, captures a frame (no file upload) and sends it.
 */
export function SelfieCapture({ onDone }: { onDone: (trust: TrustStatus) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'camera' });

  const stopCamera = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const drawPose = useCallback(async () => {
    try {
      setStep({ kind: 'live', challenge: await startChallenge() });
    } catch (e) {
      stopCamera();
      setStep({
        kind: 'failed',
        message: errorMessage(e, 'We could not start verification. Please try again.'),
        retry: 'none',
      });
    }
  }, [stopCamera]);

  const startCamera = useCallback(async () => {
    stopCamera();
    setStep({ kind: 'camera' });
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
        audio: false,
      });
      streamRef.current = stream;
    } catch {
      setStep({ kind: 'camera-error', message: CAMERA_DENIED });
      return;
    }
    await drawPose();
  }, [drawPose, stopCamera]);

  useEffect(() => {
    void startCamera();
    return stopCamera;
  }, [startCamera, stopCamera]);

  // The <video> mounts with the live step: attach the stream then.
  const live = step.kind === 'live';
  useEffect(() => {
    const video = videoRef.current;
    if (!live || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    void video.play?.()?.catch(() => {});
  }, [live]);

  async function capture(challenge: PoseChallenge) {
    const video = videoRef.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await canvasBlob(canvas);
    if (!blob) {
      setStep({ kind: 'failed', message: 'The photo could not be taken. Please try again.', retry: 'pose' });
      return;
    }
    setStep({ kind: 'captured', challenge, blob, url: URL.createObjectURL(blob) });
  }

  async function send(s: Extract<Step, { kind: 'captured' }>) {
    setStep({ ...s, kind: 'sending' });
    try {
      const trust = await submitSelfie(s.challenge.id, s.blob);
      stopCamera();
      onDone(trust);
    } catch (e) {
      const expired =
        isApiError(e) && (e.code === 'VERIFICATION.CHALLENGE_EXPIRED' || e.code === 'VERIFICATION.NO_CHALLENGE');
      setStep({
        kind: 'failed',
        message: errorMessage(e, 'Your selfie could not be sent. Please try again.'),
        retry: expired ? 'pose' : 'none',
      });
    }
  }

  useEffect(() => {
    const url = step.kind === 'captured' || step.kind === 'sending' ? step.url : null;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [step]);

  if (step.kind === 'camera') {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-brand-700">
        <Spinner label={null} />
        <p role="status" className="font-medium text-ink-700">
          Starting your camera…
        </p>
      </div>
    );
  }
  if (step.kind === 'camera-error' || step.kind === 'failed') {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="destructive" title={step.kind === 'camera-error' ? 'Camera unavailable' : 'Not sent'}>
          {step.message}
        </Alert>
        {(step.kind === 'camera-error' || step.retry === 'pose') && (
          <Button onClick={() => void startCamera()}>
            <RefreshIcon className="size-4" />{' '}
            {step.kind === 'camera-error' ? 'Try the camera again' : 'Get a new pose'}
          </Button>
        )}
      </div>
    );
  }

  const challenge = step.challenge;
  const expires = new Date(challenge.expiresAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200 ring-inset">
        <p className="text-sm font-semibold text-brand-800">Copy this pose</p>
        <p className="mt-1 text-lg font-bold text-ink-900" data-testid="pose">
          {challenge.poseLabel}
        </p>
        <p className="mt-1 text-sm text-ink-600">
          Keep your whole face in the frame. This pose is valid until {expires}.
        </p>
      </div>
      <div className="relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-2xl bg-ink-900">
        {step.kind === 'live' ? (
          // Mirrored like a mirror, which is what people expect from a front camera; the sent frame is not.
          <video
            ref={videoRef}
            autoPlay
            playsInline
            muted
            aria-label="Your camera"
            className="size-full -scale-x-100 object-cover"
          />
        ) : (
          <img src={step.url} alt="Your selfie" className="size-full -scale-x-100 object-cover" />
        )}
      </div>
      <p className="text-sm text-ink-600">
        Only Nestmate moderators see this selfie. It is compared with your main photo, never shown on your profile, and
        deleted 30 days after review.
      </p>
      {step.kind === 'live' ? (
        <Button size="lg" onClick={() => void capture(challenge)}>
          <CameraIcon className="size-5" /> Take selfie
        </Button>
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={step.kind === 'sending'}
            onClick={() => setStep({ kind: 'live', challenge })}
          >
            <RefreshIcon className="size-4" /> Retake
          </Button>
          <Button disabled={step.kind === 'sending'} onClick={() => step.kind === 'captured' && void send(step)}>
            {step.kind === 'sending' ? <Spinner size="sm" label={null} /> : <SendIcon className="size-4" />}
            {step.kind === 'sending' ? 'Sending…' : 'Send for review'}
          </Button>
        </div>
      )}
    </div>
  );
}
