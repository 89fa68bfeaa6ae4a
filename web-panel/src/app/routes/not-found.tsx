import { Link } from 'react-router';
import { Shell } from '../shell.tsx';

/** A page or brand that does not exist, or that this session may not see (they look alike). */
export default function NotFound() {
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
