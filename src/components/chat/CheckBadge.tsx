import Icon from '@/components/app/Icon';

/** "Checked" only when the answer's checks all passed (`verified`); "Not checked" otherwise, never hidden. */
export default function CheckBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30">
      <Icon name="check" className="size-3.5" /> Checked
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30">
      Not checked
    </span>
  );
}
