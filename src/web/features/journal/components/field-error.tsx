/** A field's message, read out as it appears; the field names it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

export const selectClass =
  'flex h-10 w-full rounded-md border border-border bg-background px-3 py-2 text-sm disabled:opacity-60 aria-[invalid=true]:border-red-600';
