import { describe, expect, it } from 'vitest';
import { paymentsOffMessage } from './payment-refusals';

describe('the payments-off message', () => {
  const messages = { en: 'Paused.', fr: 'Suspendu.', ja: '停止中です。' };
  it("answers in the caller's language, else English, else any language, else nothing", () => {
    expect(paymentsOffMessage({ messages, language: 'fr' })).toBe('Suspendu.');
    expect(paymentsOffMessage({ messages, language: 'de' })).toBe('Paused.');
    expect(paymentsOffMessage({ messages: { ja: '停止中です。', ru: ' ' }, language: 'ru' })).toBe('停止中です。');
    expect(paymentsOffMessage({ messages: { fr: '  ' }, language: 'fr' })).toBeUndefined();
  });
});
