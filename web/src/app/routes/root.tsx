import { Button } from 'primereact/button';
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';

export function RootLayout() {
  return <Outlet />;
}

/** Last line of defence: a crashed screen shows a way out instead of a blank page. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unexpected error';
  return (
    <div className="fullpage">
      <div className="fullpage-message" role="alert">
        <i className="pi pi-exclamation-circle" aria-hidden="true" />
        <h1>Something went wrong</h1>
        <p>{message}</p>
        <Button label="Reload" icon="pi pi-refresh" onClick={() => window.location.reload()} />
      </div>
    </div>
  );
}
