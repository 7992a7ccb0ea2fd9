import { createTheme, darken, defaultVariantColorsResolver, type CSSVariablesResolver } from '@mantine/core';

// Colour contrast is fixed here, at its source, for every page (WCAG AA, 4.5:1 for text).
// Mantine's default palette puts text in shade 6, which is too light on white for most colours.

const TEXT_DARKEN = 0.3;
/** Colours whose shade 8 carries white text at 4.5:1 or better; the others get a darker fill. */
const STRONG_AT_8 = new Set(['blue', 'red', 'pink', 'grape', 'violet', 'indigo', 'dark', 'gray']);

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Every dialog's close button has a name (Mantine's has none by default). Plain objects,
  // not Modal.extend(): importing the components here would put them in the sign-in bundle.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    const name = input.color && input.theme.colors[input.color] ? input.color : input.theme.primaryColor;
    const shades = input.theme.colors[name];
    if (!shades || (input.color && !input.theme.colors[input.color])) return colors;
    const text = darken(shades[9], TEXT_DARKEN);
    switch (input.variant) {
      case 'light':
      case 'subtle':
      case 'transparent':
        return { ...colors, color: text };
      case 'outline':
        return { ...colors, color: text, border: `1px solid ${text}` };
      case 'filled': {
        if (STRONG_AT_8.has(name)) return colors;
        return { ...colors, background: text, hover: darken(text, 0.15), color: 'var(--mantine-color-white)' };
      }
      default:
        return colors;
    }
  },
});

/**
 * Dimmed text in gray 7, not gray 6 (3.3:1 on white). Form errors in red 9 (5.5:1 on white), not
 * Mantine's red 6 (3.3:1): the error text under a field and its border.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
