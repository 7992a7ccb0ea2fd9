import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { enqueue } from '../../api/outbox';
import { madeNow } from '../../api/write';
import type { VisitDetail } from '../../api/visits';

// The signature pad and the signer's printed name. Loaded when 'Capture signature' is
// tapped (signature-section.tsx), not with the visit: every byte of the visit page and /today
// counts (tests/e2e/bundle-budget.spec.ts); the service worker keeps the chunk for offline use.

const PAD_HEIGHT = 200;

export default function SignatureForm({ visit, onDone }: { visit: VisitDetail; onDone: () => void }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [padError, setPadError] = useState<string | null>(null);

  useEffect(() => {
    const node = canvas.current;
    if (!node) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    // The library loads with the pad, not with the page.
    void import('signature_pad').then(({ default: Pad }) => {
      if (cancelled) return;
      const made = new Pad(node, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(0, 0, 0)' });
      pad.current = made;
      // The drawing buffer always matches the size the canvas is shown at, times the screen's
      // density: a stroke lands where the finger is at any width (no drift on narrow phones).
      const fit = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const width = node.offsetWidth;
        if (width === 0 || node.width === Math.round(width * ratio)) return;
        const strokes = made.toData();
        node.width = Math.round(width * ratio);
        node.height = Math.round(PAD_HEIGHT * ratio);
        node.getContext('2d')?.scale(ratio, ratio);
        made.clear();
        made.fromData(strokes);
      };
      fit();
      observer = new ResizeObserver(fit);
      observer.observe(node);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      pad.current?.off();
      pad.current = null;
    };
  }, []);

  async function save() {
    const signerName = name.trim();
    setNameError(signerName ? null : VISIT_MESSAGES.signerNameRequired);
    const drawn = pad.current && !pad.current.isEmpty();
    setPadError(drawn ? null : 'Please sign in the box');
    if (!signerName || !drawn || !canvas.current) return;
    const blob = await new Promise<Blob | null>((resolve) => canvas.current!.toBlob(resolve, 'image/png'));
    if (!blob) return setPadError('The signature could not be saved; please try again');
    void enqueue({
      kind: 'signature',
      visitId: visit.id,
      propertyName: visit.property.name,
      signerName,
      blob,
      signedAt: madeNow(),
    });
    onDone();
  }

  return (
    <Stack gap="xs">
      <TextInput
        label="Printed name"
        required
        autoComplete="off"
        value={name}
        error={nameError}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Stack gap={2}>
        <Text size="sm" fw={500} id={`pad-${visit.id}`}>
          Sign in the box
        </Text>
        <canvas
          ref={canvas}
          role="img"
          aria-labelledby={`pad-${visit.id}`}
          data-testid="signature-pad"
          style={{
            width: '100%',
            height: PAD_HEIGHT,
            touchAction: 'none',
            border: '1px solid var(--mantine-color-gray-6)',
            borderRadius: 4,
            background: '#fff',
          }}
        />
        {padError && (
          <Text size="sm" c="red.9" role="alert">
            {padError}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        <Button variant="default" mih={44} onClick={onDone}>
          Cancel
        </Button>
        <Button variant="default" mih={44} onClick={() => pad.current?.clear()}>
          Clear
        </Button>
        <Button mih={44} onClick={() => void save()}>
          Save signature
        </Button>
      </Group>
    </Stack>
  );
}
