/** Messages under a field, verbatim from the API. */
export function FieldErrors({ id, messages }: { id?: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-rose-600">
      {messages.map((m) => <li key={m}>{m}</li>)}
    </ul>
  );
}
