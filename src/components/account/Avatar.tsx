interface AvatarProps {
  username: string;
  size?: 'sm' | 'md';
}

/** Initials in a circle; the username is its alternative text (spec §3). */
export default function Avatar({ username, size = 'sm' }: AvatarProps) {
  const initials = username.slice(0, 2).toUpperCase();
  const dimensions = size === 'sm' ? 'size-8 text-xs' : 'size-10 text-sm';
  return (
    <span
      role="img"
      aria-label={username}
      className={`inline-flex ${dimensions} shrink-0 items-center justify-center rounded-full bg-primary-700 font-semibold text-white dark:bg-primary-400 dark:text-slate-950`}
    >
      {/* Hidden from assistive tech: the username is the name; the initials are only a picture of it. */}
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
