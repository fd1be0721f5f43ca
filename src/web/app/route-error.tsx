import { Link, useRouteError } from 'react-router';
import { href } from '../../shared/routes';

/** Last-resort boundary: a crash in a page shows a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      <p className="mt-6">
        <Link className="underline" to={href.home} reloadDocument>
          Return to Home
        </Link>
      </p>
    </main>
  );
}
