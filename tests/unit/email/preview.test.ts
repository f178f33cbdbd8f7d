import { describe, expect, it } from 'vitest';
import { framedHtml, textPieces } from '../../../src/lib/email/preview';

describe('the outbox and previews show mail as its recipient would', () => {
  it('links of the HTML part open in a new tab, whatever base the mail brings', () => {
    expect(
      framedHtml('<html><head><title>x</title></head><body><a href="https://a.example/">a</a></body></html>'),
    ).toBe(
      '<html><head><base target="_blank"><title>x</title></head><body><a href="https://a.example/">a</a></body></html>',
    );
    expect(framedHtml('<p>No head</p>')).toBe('<base target="_blank"><p>No head</p>');
    expect(framedHtml('<head><BASE href="https://evil.example/" target="_self"></head>')).toBe(
      '<head><base target="_blank"></head>',
    );
  });
  it('web addresses of the text part become links; trailing punctuation stays text', () => {
    expect(textPieces('Confirm: https://site.example/c?t=1. Or http://x.example, done')).toEqual([
      { text: 'Confirm: ' },
      { text: 'https://site.example/c?t=1', href: 'https://site.example/c?t=1' },
      { text: '. Or ' },
      { text: 'http://x.example', href: 'http://x.example' },
      { text: ', done' },
    ]);
    expect(textPieces('javascript:alert(1) ftp://x')).toEqual([{ text: 'javascript:alert(1) ftp://x' }]);
    expect(textPieces('')).toEqual([]);
  });
});
