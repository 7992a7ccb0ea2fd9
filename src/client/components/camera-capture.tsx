import { Alert, Button, Group, Stack } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_IDEAL_HEIGHT, CAMERA_IDEAL_WIDTH, CAMERA_JPEG_QUALITY } from '../../shared/constants';
import { PHOTO_MESSAGES } from '../../shared/messages/photos';
import { Dialog } from './overlays';

type Facing = 'environment' | 'user';

/** spec §8 Camera: the message for each way getUserMedia can fail. */
function cameraError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return PHOTO_MESSAGES.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return PHOTO_MESSAGES.cameraNotFound;
  return PHOTO_MESSAGES.cameraFailed(error instanceof Error ? error.message : String(error));
}

/**
 * 'Take Photo' (spec §2, §9): the camera at an ideal 1920×1080, the back one first; capture
 * as JPEG at 0.9, then Retake or Use Photo; switch front/back; Cancel. The camera is released
 * whenever it is not showing.
 */
export function CameraCapture({
  opened,
  onClose,
  onCapture,
}: {
  opened: boolean;
  onClose: () => void;
  onCapture: (photo: Blob) => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  // The dialog's content may mount after the camera answers (the dialog loads when first
  // opened): whichever comes second joins the stream to the video.
  const attachVideo = useCallback((node: HTMLVideoElement | null) => {
    video.current = node;
    if (node && stream.current && node.srcObject !== stream.current) {
      node.srcObject = stream.current;
      void node.play().catch(() => undefined);
    }
  }, []);
  const [facing, setFacing] = useState<Facing>('environment');
  const [error, setError] = useState<string | null>(null);
  // Capture is offered once the video has a frame to draw (its 'loadeddata'), not when the camera
  // answers: the video may mount, or start, after that, and a capture before its first frame has
  // nothing to take.
  const [ready, setReady] = useState(false);
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setReady(false);
  }, []);

  const unsupported = typeof navigator !== 'undefined' && !navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (!opened || shot || unsupported) return;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode: facing, width: { ideal: CAMERA_IDEAL_WIDTH }, height: { ideal: CAMERA_IDEAL_HEIGHT } },
      })
      .then((media) => {
        if (cancelled) return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        attachVideo(video.current);
      })
      .catch((caught: unknown) => !cancelled && setError(cameraError(caught)));
    return () => {
      cancelled = true;
      stop();
    };
  }, [opened, shot, facing, stop, unsupported, attachVideo]);

  useEffect(() => {
    if (!shot) return;
    return () => URL.revokeObjectURL(shot.url);
  }, [shot]);

  function capture() {
    const source = video.current;
    if (!source || !source.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return setError(PHOTO_MESSAGES.cameraFailed('the picture could not be taken'));
        stop();
        setShot({ blob, url: URL.createObjectURL(blob) });
      },
      'image/jpeg',
      CAMERA_JPEG_QUALITY,
    );
  }

  function close() {
    stop();
    setShot(null);
    setError(null);
    onClose();
  }

  const shown = unsupported
    ? PHOTO_MESSAGES.cameraFailed('this browser gives no camera access here (it needs https)')
    : error;

  return (
    <Dialog opened={opened} onClose={close} title="Take Photo" fullScreen styles={{ body: { paddingBottom: 16 } }}>
      <Stack gap="sm">
        {shown && (
          <Alert color="red" role="alert" variant="light">
            {shown}
          </Alert>
        )}
        {shot ? (
          <img
            src={shot.url}
            alt="The photo just taken"
            style={{ width: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          />
        ) : (
          <video
            ref={attachVideo}
            onLoadedData={(event) => setReady(event.currentTarget.videoWidth > 0)}
            playsInline
            muted
            aria-label="Camera"
            style={{ width: '100%', maxHeight: '70vh', background: '#000', display: shown ? 'none' : 'block' }}
          />
        )}
        <Group justify="center" gap="sm">
          {shot ? (
            <>
              <Button
                variant="default"
                size="md"
                onClick={() => {
                  setError(null);
                  setShot(null);
                }}
              >
                Retake
              </Button>
              <Button
                size="md"
                onClick={() => {
                  onCapture(shot.blob);
                  close();
                }}
              >
                Use Photo
              </Button>
            </>
          ) : (
            <>
              <Button size="md" onClick={capture} disabled={!ready}>
                Capture
              </Button>
              <Button
                variant="default"
                size="md"
                onClick={() => {
                  setError(null);
                  setFacing((current) => (current === 'environment' ? 'user' : 'environment'));
                }}
              >
                Switch camera
              </Button>
            </>
          )}
          <Button variant="subtle" size="md" onClick={close}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
