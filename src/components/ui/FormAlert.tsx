import type { ReactNode } from 'react';

interface FormAlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
}

/** The message above a form's button: announced to screen readers as soon as it appears. */
export default function FormAlert({ tone, children }: FormAlertProps) {
  const colours =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200'
      : 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${colours}`}>
      {children}
    </div>
  );
}
