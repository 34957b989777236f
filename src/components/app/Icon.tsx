import { ICON_PATHS, type IconName } from '@/components/icons/paths';

interface IconProps {
  name: IconName;
  className?: string;
}

/** The React twin of components/icons/Icon.astro: same bundled outlines, always decorative. */
export default function Icon({ name, className = 'size-5' }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
