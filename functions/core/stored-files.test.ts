import { describe, expect, it } from 'vitest';
import { isPdf, sniffImage } from './stored-files.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('what an uploaded file is, by its first bytes', () => {
  it('knows PNG, JPEG, GIF and WebP images whatever they are called', () => {
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toEqual({
      extension: 'png',
      contentType: 'image/png',
    });
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toEqual({
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))).toEqual({ extension: 'gif', contentType: 'image/gif' });
    expect(sniffImage(bytes('GIF87a'))).toEqual({ extension: 'gif', contentType: 'image/gif' });
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toEqual({
      extension: 'webp',
      contentType: 'image/webp',
    });
  });

  it('is no image for HTML, SVG, a RIFF that is not WebP, a PDF or too few bytes', () => {
    for (const content of [
      bytes('<html><script>alert(1)</script></html>'),
      bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
      bytes('%PDF-1.4'),
      bytes([0x89], 'PN'),
      Buffer.alloc(0),
    ]) {
      expect(sniffImage(content), content.toString('latin1')).toBeUndefined();
    }
    expect(isPdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(bytes('<html>%PDF-'))).toBe(false);
  });
});
