/** Errors not tied to one field (`detail`, `non_field_errors`), shown at the top of a form. */
export function FormAlert({ messages, title = 'Please fix the following' }: { messages: string[]; title?: string }) {
  if (!messages.length) return null;
  return (
    <div role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <>
          <p className="font-medium">{title}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">{messages.map((m) => <li key={m}>{m}</li>)}</ul>
        </>
      )}
    </div>
  );
}
