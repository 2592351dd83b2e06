// Texts an administrator writes per language (payments-off messages, maintenance notices, sign-in banners) are
// shown in the reader's language, else English, else any language that has one (access spec §4).

export function textInLanguage(
  texts: Readonly<Record<string, string | undefined>>,
  language: string,
): string | undefined {
  const pick = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  return pick(texts[language]) ?? pick(texts.en) ?? Object.values(texts).map(pick).find(Boolean);
}

/** The same for texts kept as a list of {language, text} entries. */
export function entryInLanguage<E extends { language: string }>(
  entries: readonly E[],
  language: string,
  text: (entry: E) => string,
): string | undefined {
  return textInLanguage(Object.fromEntries(entries.map((entry) => [entry.language, text(entry)])), language);
}
