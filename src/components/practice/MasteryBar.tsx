import { masteryPercent } from '@/lib/reviewDate';

interface MasteryBarProps {
  /** The skill's name: the bar's accessible name is "<name> mastery". */
  name: string;
  /** 0 to 1. */
  mastery: number;
  mastered: boolean;
  className?: string;
}

/**
 * A skill's mastery as a bar with its percentage written beside it. A progressbar rather than a <meter>: screen
 * readers say a progressbar's value text everywhere, while <meter> is still read unevenly.
 */
export default function MasteryBar({ name, mastery, mastered, className = '' }: MasteryBarProps) {
  const percent = masteryPercent(mastery);
  const words = mastered ? `${String(percent)}% mastered` : `${String(percent)}% mastery`;
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <div
        role="progressbar"
        aria-label={`${name} mastery`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
        className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-700 ease-out motion-reduce:transition-none ${
            mastered ? 'bg-emerald-600 dark:bg-emerald-400' : 'bg-primary-600 dark:bg-primary-400'
          }`}
          style={{ width: `${String(percent)}%` }}
        />
      </div>
      <span className="w-28 shrink-0 text-right text-xs font-medium text-slate-600 tabular-nums dark:text-slate-400">
        {words}
      </span>
    </div>
  );
}
