/** Messages under a field, verbatim from the API. */
export function FieldErrors({ id, messages }: { id?: string; messages?: string[] }) {
  if (!messages?.length) return null;
  // An alert, so that a screen reader says the error when a submit brings it (the field also
  // names it with aria-describedby).
  return (
    <div role="alert">
      <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-rose-700">
        {messages.map((m) => <li key={m}>{m}</li>)}
      </ul>
    </div>
  );
}
