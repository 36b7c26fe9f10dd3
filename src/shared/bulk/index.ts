export { parseBulkLine, parseBulkText, parseBulkTextInSlices, type BulkParseResult } from './parse';
export {
  MAX_BULK_ERRORS,
  MAX_BULK_FILE_BYTES,
  MAX_BULK_LINE_CHARS,
  MAX_BULK_ROWS,
  validateBulkFile,
  type BulkFileCheck,
} from './limits';
export { isBulkLineError, lineOfMessage, type BulkLineError, type BulkRow } from './types';
export { withParseErrors } from './merge-results';
