// Shared with the server's link-preview image (address-art); the rule lives in @shared/format/highlight.
export { highlightRange } from '@shared/format/highlight';
