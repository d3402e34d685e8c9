import { describe, expect, it } from 'vitest';
import { elfBytes, jpegBytes, mzBytes, pngBytes } from '../../../test/cs-fixtures.ts';
import { isJpeg, isPng } from '../media/index.ts';
import { checkUpload, cleanFileName, isUtf8Text } from './file-check.ts';

describe('checkUpload', () => {
  it('decides the served type from the bytes, for any image extension', () => {
    expect(checkUpload('a.png', pngBytes())).toEqual({ kind: 'image', contentType: 'image/png' });
    expect(checkUpload('a.jpg', pngBytes())).toEqual({ kind: 'image', contentType: 'image/png' });
    expect(checkUpload('a.PNG', jpegBytes())).toEqual({ kind: 'image', contentType: 'image/jpeg' });
    expect(checkUpload('a.log', Buffer.from('ok'))).toEqual({
      kind: 'log',
      contentType: 'text/plain; charset=utf-8',
    });
  });

  it('refuses executables, text as an image, images as a log, other extensions and empty files', () => {
    expect(checkUpload('a.png', elfBytes)).toBeUndefined();
    expect(checkUpload('a.jpeg', mzBytes)).toBeUndefined();
    expect(checkUpload('a.png', Buffer.from('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(checkUpload('a.log', pngBytes())).toBeUndefined();
    expect(checkUpload('a.svg', Buffer.from('<svg/>'))).toBeUndefined();
    expect(checkUpload('a.png', new Uint8Array())).toBeUndefined();
  });

  it('needs the whole PNG signature and IHDR, and a JPEG marker after SOI', () => {
    expect(isPng(pngBytes().subarray(0, 8))).toBe(false);
    expect(isJpeg(Buffer.from([0xff, 0xd8, 0x00, 0x00]))).toBe(false);
    expect(isUtf8Text(Buffer.from('ทดสอบ 测试 kiểm tra'))).toBe(true);
    expect(isUtf8Text(Buffer.from([0xc3, 0x28]))).toBe(false);
  });
});

describe('file names', () => {
  it('keeps only a clean last path segment, the extension as typed', () => {
    expect(cleanFileName('C:\\Users\\me\\Desktop\\shot.PNG')).toBe('shot.PNG');
    expect(cleanFileName('../../etc/passwd.log')).toBe('passwd.log');
    expect(cleanFileName('a"b<c>\u0000d.png')).toBe('abcd.png');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName(`${'ก'.repeat(200)}.jpg`)).toBe(`${'ก'.repeat(90)}.jpg`);
  });
});
