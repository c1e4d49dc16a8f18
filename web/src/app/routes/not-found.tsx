import { Button } from 'primereact/button';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

function NotFoundBody() {
  const navigate = useNavigate();
  return (
    <div className="not-found" data-testid="not-found">
      <div className="not-found-code">404</div>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="row-gap">
        <Button label="Go to dashboard" icon="pi pi-home" onClick={() => navigate(paths.dashboard)} />
        <Button label="Go back" severity="secondary" outlined onClick={() => navigate(-1)} />
      </div>
    </div>
  );
}

/** Inside the app frame (named routes without a screen, e.g. /spy-products). */
export function NotFoundScreen() {
  return <NotFoundBody />;
}

/** Any unknown address, signed in or not. */
export function NotFoundPage() {
  return (
    <div className="fullpage">
      <NotFoundBody />
    </div>
  );
}
