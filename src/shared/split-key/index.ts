// Split keys (DESIGN.md §14): the browser's side (a fresh a, the file, a + t, signing) and the receipt's check.
// The grinder's stepper is imported from './point-stepper' by the server's worker alone.
export { randomScalar, newBaseKey } from './base-scalar';
export { checkBasePoint, basePointText, type BasePointCheck, type BasePointProblem } from './base-point';
export { encodeTweak, decodeTweak, tweakedPoint, tweakedScalar, scalarControls } from './tweak';
export { createRawScalarSigner, freshNoncePrefix, type RawScalarSigner } from './raw-scalar-signer';
export { asPartialSigner } from './partial-signer';
export {
  FINISH_LATER_FORMAT,
  FINISH_LATER_WARNING,
  readFinishLaterFile,
  writeFinishLaterFile,
  type FinishLaterContents,
  type FinishLaterRead,
} from './finish-later-file';
