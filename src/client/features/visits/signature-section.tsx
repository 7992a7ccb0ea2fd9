import { Button, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useOutbox } from '../../api/outbox';
import { Section } from '../../components/section';
import { useFormats } from '../../api/session';
import type { VisitDetail } from '../../api/visits';

// The pad loads when it is asked for (signature-form.tsx).
const SignatureForm = lazy(() => import('./signature-form'));

// The customer's signature: drawn with a finger on the phone (signature_pad), with the
// signer's printed name; sent through the outbox as a PNG, so it works offline. The visit may
// require it before completion (the property's rule).

export function SignatureSection({ visit }: { visit: VisitDetail }) {
  const [signing, setSigning] = useState(false);
  const signature = visit.signature;
  return (
    <Section title="Customer signature">
      <Stack gap="sm">
        {signature ? (
          <SignatureShown visit={visit} />
        ) : (
          <Text
            size="sm"
            c={visit.requireSignature ? undefined : 'dimmed'}
            fw={visit.requireSignature ? 500 : undefined}
          >
            {visit.requireSignature ? 'Required before completing this visit.' : 'Not signed.'}
          </Text>
        )}
        {visit.can.tickTasks &&
          (signing ? (
            <Suspense fallback={null}>
              <SignatureForm visit={visit} onDone={() => setSigning(false)} />
            </Suspense>
          ) : (
            <Button
              variant={signature ? 'default' : 'filled'}
              mih={44}
              leftSection={<IconSignature size={18} aria-hidden />}
              onClick={() => setSigning(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {signature ? 'Sign again' : 'Capture signature'}
            </Button>
          ))}
      </Stack>
    </Section>
  );
}

/** The stored signature, or the one still in the queue (drawn from its blob). */
function SignatureShown({ visit }: { visit: VisitDetail }) {
  const formats = useFormats();
  const outbox = useOutbox();
  const queued = outbox.findLast((item) => item.change.kind === 'signature' && item.change.visitId === visit.id);
  const blob = queued?.change.kind === 'signature' ? queued.change.blob : null;
  const local = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (local ? URL.revokeObjectURL(local) : undefined), [local]);
  const signature = visit.signature!;
  const source = local ?? (signature.url ? `${signature.url}?at=${encodeURIComponent(signature.signedAt)}` : null);
  return (
    <Stack gap={4}>
      {source && (
        <img
          src={source}
          alt={`Signature of ${signature.signerName}`}
          style={{ maxWidth: '100%', height: 'auto', maxHeight: 160, border: '1px solid var(--mantine-color-gray-4)' }}
        />
      )}
      <Text size="sm">
        Signed by {signature.signerName}, {formats.dateTime(signature.signedAt)}
        {local ? ' (waiting to upload)' : ''}
      </Text>
    </Stack>
  );
}
