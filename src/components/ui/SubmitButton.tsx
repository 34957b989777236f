import type { ReactNode } from 'react';

interface SubmitButtonProps {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}

/** A full-width submit button that shows progress and cannot be pressed twice. */
export default function SubmitButton({ pending, pendingLabel, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="btn-primary w-full py-2.5 disabled:cursor-wait disabled:opacity-70"
      disabled={pending}
      aria-busy={pending}
    >
      {pending && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden="true"
        />
      )}
      {pending ? pendingLabel : children}
    </button>
  );
}
