import { saveAuthRedirect } from '@/stores/authRedirect';
import { getTool, type ToolId } from '@/lib/tools';
import Icon from './Icon';

interface SignInRequiredProps {
  tool: ToolId;
}

/** Shown on the chat routes to a visitor without a session (spec §6: those routes need sign-in). */
export default function SignInRequired({ tool }: SignInRequiredProps) {
  const { name, summary } = getTool(tool);
  const remember = () => saveAuthRedirect(`${location.pathname}${location.search}${location.hash}`);
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center py-16 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
        <Icon name="lock" className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Sign in to use the {name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{summary}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Your conversations are saved to your account.</p>
      <div className="mt-6 flex gap-3">
        <a href="/auth/login" className="btn-outline" onClick={remember}>
          Sign in
        </a>
        <a href="/auth/register" className="btn-primary" onClick={remember}>
          Sign up for free
        </a>
      </div>
    </div>
  );
}
