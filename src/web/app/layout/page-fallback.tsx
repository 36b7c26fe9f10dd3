import { Spinner } from '@web/components/spinner';

/** Shown while a page's code chunk loads. */
export function PageFallback() {
  return (
    <div className="grid min-h-[40vh] place-items-center text-vault-400">
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}
