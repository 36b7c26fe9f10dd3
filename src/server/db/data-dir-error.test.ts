import { describe, expect, it } from 'vitest';
import { DataDirError, dataDirErrorOf } from './data-dir-error';

const DIR = '/srv/vanity/data';

/** What Node's fs throws: an Error with code, errno, syscall and path. */
function fsError(code: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, open '${file}'`), { code, syscall: 'open', path: file });
}

/** What PGlite's Emscripten file system throws: no message, a WASI errno number. */
function emscriptenError(errno: number): Error {
  return Object.assign(new Error(), { name: 'ErrnoError', errno });
}

describe('dataDirErrorOf', () => {
  it.each([
    ['EROFS', 'the file system is read-only'],
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk quota is used up'],
    ['EACCES', 'permission denied'],
  ])('names DATA_DIR, the folder and the cause for a Node %s inside it', (code, cause) => {
    const mapped = dataDirErrorOf(fsError(code, `${DIR}/vanity-vault.lock`), DIR, true);
    expect(mapped).toBeInstanceOf(DataDirError);
    expect(mapped?.message).toContain(
      `DATA_DIR ${DIR} cannot be used: ${cause} (${code}, writing ${DIR}/vanity-vault.lock). `,
    );
    expect(mapped?.message).toMatch(/\. (Point|Free|Give) .+\.$/); // and what to do about it
  });

  it("maps PGlite's Emscripten errno numbers (51 is ENOSPC, 69 is EROFS) when the embedded database is in use", () => {
    expect(dataDirErrorOf(emscriptenError(51), DIR, true)?.message).toContain(
      'the disk is full (ENOSPC, in the embedded database)',
    );
    expect(dataDirErrorOf(emscriptenError(69), DIR, true)?.code).toBe('EROFS');
    // With PostgreSQL there is no embedded database for such an error to come from.
    expect(dataDirErrorOf(emscriptenError(51), DIR, false)).toBeUndefined();
  });

  it('finds the cause inside wrapping errors', () => {
    const wrapped = new Error('could not start', { cause: fsError('ENOSPC', `${DIR}/chain/local-chain.json.tmp`) });
    expect(dataDirErrorOf(wrapped, DIR, true)?.code).toBe('ENOSPC');
  });

  it('leaves alone errors that are not DATA_DIR refusing a write', () => {
    expect(dataDirErrorOf(fsError('ENOSPC', '/tmp/elsewhere'), DIR, true)).toBeUndefined();
    expect(dataDirErrorOf(fsError('ENOSPC', '/srv/vanity/data-other/x'), DIR, true)).toBeUndefined();
    expect(dataDirErrorOf(fsError('ENOENT', `${DIR}/x`), DIR, true)).toBeUndefined();
    expect(dataDirErrorOf(emscriptenError(44), DIR, true)).toBeUndefined(); // ENOENT
    expect(dataDirErrorOf(new Error('boom'), DIR, true)).toBeUndefined();
  });
});
