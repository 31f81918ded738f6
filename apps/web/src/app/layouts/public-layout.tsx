import { Outlet } from 'react-router';
import { Navbar } from './navbar';

/** Public pages (and onboarding): the navigation bar over the page. */
export function PublicLayout() {
  return (
    <>
      <Navbar />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
