import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { apiSend } from '../../lib/api';

export function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();

  // Log the missing path on the server, where operators look (SPEC §2 'Not found').
  useEffect(() => {
    apiSend('/api/client-events/not-found', { method: 'POST', body: JSON.stringify({ path: location.pathname }) }).catch(
      () => undefined,
    );
  }, [location.pathname]);

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary dark:text-blue-400">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you're looking for doesn't exist or has been moved.</p>
      <div className="mt-8 flex gap-3">
        <Button asChild>
          <Link to={href.home}>Return to Home</Link>
        </Button>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          Go Back
        </Button>
      </div>
    </section>
  );
}
