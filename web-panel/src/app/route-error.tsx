/** What a page that threw shows: the message and a way back, never a blank screen. */
import { Link, useRouteError } from 'react-router';
import { errorMessage } from '../components/ui/state-panel.tsx';

export function RouteError() {
  const error = useRouteError();
  return (
    <main className="page-center">
      <div className="card" role="alert">
        <h1>Something went wrong</h1>
        <p>{errorMessage(error)}</p>
        <p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>{' '}
          <Link to="/">Go to the start page</Link>
        </p>
      </div>
    </main>
  );
}
