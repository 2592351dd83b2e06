// Mantine's light Alert writes its title in the alert's colour, which falls below 4.5:1 on its tint for yellow and
// red (WCAG 1.4.3): the title keeps the body text's colour; the tint and the icon-less border still say the tone.
export const readableAlertStyles = { title: { color: 'var(--mantine-color-text)' } } as const;
