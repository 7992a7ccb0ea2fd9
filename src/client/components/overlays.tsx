import type { DrawerProps, ModalProps } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentType } from 'react';

// Sheets and dialogs are on nearly every page (the phone's Menu, Pending changes, every Delete)
// but rarely opened. Mantine's Drawer and Modal, with their focus trap, overlay and scroll area,
// are loaded when one first opens instead of with every page: they kept the largest pages over
// their 200 KB script budget. The service worker holds the chunk, so they open offline too.
const Drawer = lazy(() => import('./mantine-overlays').then((module) => ({ default: module.Drawer })));
const Modal = lazy(() => import('./mantine-overlays').then((module) => ({ default: module.Modal })));

/** Renders `Overlay` from the first time it opens, and keeps it mounted so that it closes as it should. */
function OnceOpened<Props extends { opened: boolean }>({
  Overlay,
  props,
}: {
  Overlay: ComponentType<Props>;
  props: Props;
}) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Overlay {...props} />
    </Suspense>
  );
}

/** A Drawer from the bottom, sized to its content. */
export function BottomSheet(props: DrawerProps) {
  return <OnceOpened Overlay={Drawer} props={{ position: 'bottom', size: 'auto', ...props }} />;
}

/** Mantine's Modal, loaded when it first opens. */
export function Dialog(props: ModalProps) {
  return <OnceOpened Overlay={Modal} props={props} />;
}
