// Mantine's Drawer and Modal on their own, for overlays.tsx to load when one first opens.
export { Drawer, Modal } from '@mantine/core';
