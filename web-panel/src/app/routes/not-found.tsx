import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { Shell } from '../shell.tsx';

/** A page or brand that does not exist, or that this session may not see (they look alike). */
export default function NotFound() {
  usePageTitle('Not found');
  return (
    <Shell>
      <div className="card not-found" role="alert">
        <h1>Not found</h1>
        <p>This page does not exist, or your account cannot see it.</p>
        <Link to="/">Go to your start page</Link>
      </div>
    </Shell>
  );
}
