import { describe, expect, it } from 'vitest';
import { checkAttachedFile, cleanFileName, FILE_ERRORS, formatFileSize, MAX_FILE_BYTES, MAX_FILE_NAME_LENGTH } from '../src/files.js';

describe('files', () => {
  it('keeps a file’s own name: no folder, no control characters, at most 255 characters with its extension', () => {
    expect(cleanFileName('C:\\Users\\ann\\Q3 report.pdf')).toBe('Q3 report.pdf');
    expect(cleanFileName('/home/ann/notes.md')).toBe('notes.md');
    expect(cleanFileName('evil\u202Efdp.exe')).toBe('evilfdp.exe');
    expect(cleanFileName('   ')).toBe('file');
    const long = cleanFileName(`${'a'.repeat(300)}.docx`);
    expect([...long]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('says a file’s size as people read it', () => {
    expect([formatFileSize(840), formatFileSize(12 * 1024), formatFileSize(3.44 * 1024 * 1024), formatFileSize(2 * 1024 ** 3)]).toEqual([
      '840 B',
      '12 KB',
      '3.4 MB',
      '2.0 GB',
    ]);
  });

  it('refuses an empty file and one past the limit, for the form', () => {
    expect(checkAttachedFile({ size: 0 })).toBe(FILE_ERRORS.empty);
    expect(checkAttachedFile({ size: MAX_FILE_BYTES })).toBeNull();
    expect(checkAttachedFile({ size: MAX_FILE_BYTES + 1 })).toBe(FILE_ERRORS.tooLarge);
  });
});
