import { Navigate } from 'react-router';
import { useMe } from '../api/session';
import { landingPath } from '../paths';

/** `/` (and where Google's sign-in returns): Today for a technician, the dashboard for owners and managers. */
export function Landing() {
  const me = useMe();
  return <Navigate to={landingPath(me.data)} replace />;
}
