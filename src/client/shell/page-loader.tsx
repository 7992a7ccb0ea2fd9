import { Loading } from '../components/loading';

/** A whole page that is still loading (route guards). */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <main>
      <Loading label={label} minHeight="60vh" />
    </main>
  );
}
