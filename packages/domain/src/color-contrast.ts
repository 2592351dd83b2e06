// Colours as WCAG 2.x reads them: #rrggbb values and the contrast ratio of text on a background. Apart from the Theme
// tab's rules (theme-checks.ts), because the web app's first load uses these to pick readable colours for a theme and
// should not carry the tab's rules and their messages (issue 17).

const hexColor = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string): boolean {
  return hexColor.test(value);
}

/** WCAG 2.x relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const minimumTextContrast = 4.5;
