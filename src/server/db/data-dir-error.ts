import path from 'node:path';

/**
 * DATA_DIR (the embedded database, the local chain's state, the local master key) cannot be written. Start-up
 * stops with this message, which names DATA_DIR, the folder and the cause, instead of a bare errno.
 */
export class DataDirError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly code: string,
    detail?: string,
  ) {
    const { cause, advice } = CAUSES[code] ?? { cause: 'the file system refused a write', advice: GENERIC_ADVICE };
    super(`DATA_DIR ${dataDir} cannot be used: ${cause} (${code}${detail ? `, ${detail}` : ''}). ${advice}`);
    this.name = 'DataDirError';
  }
}

const GENERIC_ADVICE = 'Point DATA_DIR at a writable folder with free space.';
const SPACE_ADVICE = 'Free some space on that disk, or point DATA_DIR at a folder on another one.';

const CAUSES: Record<string, { cause: string; advice: string }> = {
  EROFS: { cause: 'the file system is read-only', advice: 'Point DATA_DIR at a writable folder.' },
  ENOSPC: { cause: 'the disk is full', advice: SPACE_ADVICE },
  EDQUOT: { cause: 'the disk quota is used up', advice: SPACE_ADVICE },
  EACCES: {
    cause: 'permission denied',
    advice: 'Give this user write access to it, or point DATA_DIR at a folder it can write.',
  },
  EPERM: { cause: 'operation not permitted', advice: GENERIC_ADVICE },
  ENOTDIR: { cause: 'part of the path is a file, not a folder', advice: GENERIC_ADVICE },
  EIO: { cause: 'the disk reported an I/O error', advice: 'Check the disk, or point DATA_DIR at another one.' },
};

/**
 * PGlite's file system is Emscripten's, which throws `ErrnoError { errno }` with WASI errno numbers and no message
 * (errno 51 is ENOSPC). These are the numbers of the causes above.
 */
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

const inside = (dir: string, file: string) => {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * The DataDirError for a start-up failure that is DATA_DIR refusing a write, else undefined. Node's fs errors count
 * when their path lies in DATA_DIR; an Emscripten ErrnoError can only come from the embedded database, which lives
 * there (`embedded`: PGlite is in use).
 */
export function dataDirErrorOf(err: unknown, dataDir: string, embedded: boolean): DataDirError | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, path: file, errno, name } = e as { code?: unknown; path?: unknown; errno?: unknown; name?: unknown };
    if (typeof code === 'string' && code in CAUSES && typeof file === 'string' && inside(dataDir, file)) {
      return new DataDirError(dataDir, code, `writing ${file}`);
    }
    if (embedded && name === 'ErrnoError' && typeof errno === 'number' && WASI_ERRNO[errno]) {
      return new DataDirError(dataDir, WASI_ERRNO[errno], 'in the embedded database');
    }
  }
  return undefined;
}
