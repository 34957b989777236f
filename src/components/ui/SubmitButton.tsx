import type { ReactNode } from 'react';
import { useHydrated } from './useHydrated';

interface SubmitButtonProps {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}

/** A full-width submit button that shows progress, cannot be pressed twice, nor before the form's script runs. */
export default function SubmitButton({ pending, pendingLabel, children }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="btn-primary w-full py-2.5 disabled:cursor-wait disabled:opacity-70"
      disabled={pending || !hydrated}
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
