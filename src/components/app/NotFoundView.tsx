import { errorPageText } from '@/lib/errorPage';
import Icon from './Icon';

interface NotFoundViewProps {
  path: string;
}

/** The 404 page inside the client-routed app: same texts as src/pages/404.astro. */
export default function NotFoundView({ path }: NotFoundViewProps) {
  const text = errorPageText(404, `Page not found: ${path}`);
  return (
    <section className="flex flex-1 flex-col items-center justify-center py-24 text-center" data-error-page>
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
        <span data-status-code>{text.statusCode}</span> · <span data-status-message>{text.statusMessage}</span>
      </p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{text.title}</h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600 dark:text-slate-400">{text.description}</p>
      {text.message && (
        <p className="mt-2 font-mono text-sm break-all text-slate-500 dark:text-slate-400" data-error-message>
          {text.message}
        </p>
      )}
      <a href="/" className="btn-primary mt-8">
        <Icon name="home" className="size-4" />
        Back to home
      </a>
    </section>
  );
}
