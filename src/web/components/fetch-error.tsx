/** A failed fetch, said as such: a list that could not load must not read as an empty one. */
export function FetchError({ what, error }: { what: string; error: Error }) {
  return (
    <p role="alert" className="text-sm text-danger-400">
      Failed to fetch {what}: {error.message}
    </p>
  );
}
