import { Outlet } from 'react-router';
import { useLiveUpdates } from '../live-updates';
import { useScrollKeeper } from '../scroll-keeper';
import { useRouteHandle } from '../route-handle';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';

/** The signed-in shell: sidebar, top bar, breadcrumb, the screen, footer. */
export function Component() {
  const sidebar = useSidebar();
  const { hideFooter, topBarClass } = useRouteHandle();
  useLiveUpdates();
  // Here, not in the root layout: it stays off the sign-in page's weight.
  useScrollKeeper();
  return (
    <>
      {/* Below 1200 px, pointing at the left screen edge slides the sidebar in. */}
      <div
        className="app-sidebar-hover-zone"
        onPointerEnter={(event) => event.pointerType === 'mouse' && sidebar.hoverEnter()}
        onPointerLeave={(event) => event.pointerType === 'mouse' && sidebar.hoverLeave()}
      />
      <Sidebar
        open={sidebar.open}
        onNavigate={sidebar.close}
        onPointerEnter={sidebar.hoverEnter}
        onPointerLeave={sidebar.hoverLeave}
      />
      <div className="app-body">
        <TopBar
          className={topBarClass}
          sidebarOpen={sidebar.open}
          onToggleSidebar={sidebar.toggle}
        />
        <main className="app-content" onClick={sidebar.close}>
          <Breadcrumb />
          <Outlet />
        </main>
        {!hideFooter && <Footer />}
      </div>
    </>
  );
}
