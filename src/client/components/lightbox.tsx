import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { Dialog } from './overlays';
import type { Photo } from '../api/photos';

/** A swipe is a horizontal move of at least this many pixels. */
const SWIPE = 50;

/**
 * One photo at a time, full size: Previous/Next buttons, the arrow keys and a swipe move
 * through them. Focus stays inside while it is open (Mantine's Modal, through Dialog) and returns after.
 */
export function Lightbox({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: Photo[];
  /** null: closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const start = useRef<number | null>(null);
  const photo = index === null ? undefined : photos[index];
  const go = (step: number) => {
    if (index === null || photos.length === 0) return;
    onIndexChange((index + step + photos.length) % photos.length);
  };
  // The arrow keys, wherever focus is inside the open lightbox (its close button included).
  useEffect(() => {
    if (index === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    if (Math.abs(moved) >= SWIPE) go(moved < 0 ? 1 : -1);
  };

  return (
    <Dialog
      opened={photo !== undefined}
      onClose={onClose}
      title={photo ? photo.caption || photo.fileName : ''}
      size="xl"
      fullScreen={typeof window !== 'undefined' && window.innerWidth <= 600}
    >
      {photo && (
        <Stack gap="sm">
          <div
            onPointerDown={(event) => (start.current = event.clientX)}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (start.current = null)}
            style={{ touchAction: 'pan-y', userSelect: 'none' }}
          >
            <img
              src={photo.url}
              alt={photo.caption || photo.fileName}
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              draggable={false}
              style={{ display: 'block', width: '100%', height: 'auto', maxHeight: '70vh', objectFit: 'contain' }}
            />
          </div>
          <Group justify="space-between" wrap="nowrap">
            <Button variant="default" onClick={() => go(-1)} disabled={photos.length < 2}>
              Previous
            </Button>
            <Text size="sm" aria-live="polite">
              {index! + 1} of {photos.length}
            </Text>
            <Button variant="default" onClick={() => go(1)} disabled={photos.length < 2}>
              Next
            </Button>
          </Group>
          <Anchor component={Link} to={paths.photo(photo.id)} size="sm">
            Open the photo&apos;s page
          </Anchor>
        </Stack>
      )}
    </Dialog>
  );
}
