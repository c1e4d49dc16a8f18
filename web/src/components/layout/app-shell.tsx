import { Avatar } from 'primereact/avatar';
import { Menu } from 'primereact/menu';
import { Ripple } from 'primereact/ripple';
import type { MenuItem } from 'primereact/menuitem';
import { Suspense, useMemo, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { canAccess, roleLabels, useCurrentUser, useTimezone, type CurrentUser } from '@/lib/auth';
import { useSession } from '@/lib/session';
import { navigation } from './navigation';

function initials(user: CurrentUser): string {
  const text = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (text || user.email.charAt(0)).toUpperCase();
}

function Sidebar({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const location = useLocation();
  const sections = useMemo(
    () =>
      navigation
        .map((section) => ({ ...section, items: section.items.filter((item) => canAccess(user, item.access)) }))
        .filter((section) => section.items.length > 0),
    [user],
  );
  return (
    <nav className="sidebar" aria-label="Main">
      <Link to={paths.dashboard} className="brand" onClick={onNavigate}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>Sellerdesk</span>
      </Link>
      <div className="sidebar-scroll">
        {sections.map((section) => (
          <div className="nav-section" key={section.label}>
            <div className="nav-section-label">{section.label}</div>
            <ul>
              {section.items.map((item) => {
                const extra = item.match?.some((m) => location.pathname.startsWith(m)) ?? false;
                const elsewhere = item.except?.some((m) => location.pathname.startsWith(m)) ?? false;
                return (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={!item.match}
                      onClick={onNavigate}
                      className={({ isActive }) => `nav-link p-ripple${(isActive || extra) && !elsewhere ? ' active' : ''}`}
                    >
                      <i className={item.icon} aria-hidden="true" />
                      <span>{item.label}</span>
                      <Ripple />
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
      {user.client ? (
        <div className="sidebar-footer">
          <div className="client-chip" title={user.client.key}>
            <i className="pi pi-building" aria-hidden="true" />
            <span>{user.client.name}</span>
          </div>
        </div>
      ) : null}
    </nav>
  );
}

function UserMenu({ user }: { user: CurrentUser }) {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const { signOut } = useSession();
  const timezone = useTimezone();
  const items: MenuItem[] = [
    {
      template: () => (
        <div className="user-menu-head">
          <div className="user-menu-name">
            {user.firstName} {user.lastName}
          </div>
          <div className="user-menu-email">{user.email}</div>
          <div className="user-menu-zone">
            <i className="pi pi-globe" aria-hidden="true" /> {timezone}
          </div>
        </div>
      ),
    },
    { separator: true },
    { label: 'Settings', icon: 'pi pi-cog', command: () => navigate(paths.users.settings) },
    {
      label: 'Sign out',
      icon: 'pi pi-sign-out',
      command: () => signOut('user'),
    },
  ];
  return (
    <>
      <button
        type="button"
        className="user-button p-ripple"
        aria-haspopup="menu"
        onClick={(e) => menu.current?.toggle(e)}
      >
        {/* Named by its visible text, after "Account menu" for screen readers (the initials are decoration). */}
        <span className="sr-only">Account menu: </span>
        <Avatar label={initials(user)} shape="circle" className="user-avatar" aria-hidden="true" />
        <span className="user-button-text">
          <span className="user-button-name">
            {user.firstName} {user.lastName}
          </span>
          <span className="user-button-role">{roleLabels[user.role]}</span>
        </span>
        <i className="pi pi-angle-down" aria-hidden="true" />
        <Ripple />
      </button>
      <Menu model={items} popup ref={menu} popupAlignment="right" className="user-menu" />
    </>
  );
}

/**
 * Shown once the API refused paid work with PAYMENT_REQUIRED (a quota or monthly allowance
 * reached, a paid period ended, a balance short): it says why in words and leads to the plans.
 */
function NeedPaymentBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="banner banner-warning" role="alert" data-testid="need-payment">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>
        That needs a bigger plan or more balance: your plan&apos;s limits are reached, its period has ended, or the balance is short. Everything you have stays readable.
      </span>
      <Link to={paths.subscriptions.list}>Manage subscription</Link>
      <button type="button" className="icon-button icon-button-sm banner-dismiss" aria-label="Dismiss" onClick={onDismiss}>
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The signed-in frame: sidebar by role, top bar with the user menu, and the current screen. */
export function AppShell() {
  const { data: user } = useCurrentUser();
  const { needPayment, setNeedPayment } = useSession();
  const [navOpen, setNavOpen] = useState(false);
  if (!user) return <PageSpinner />;
  return (
    <div className={`app-shell${navOpen ? ' nav-open' : ''}`}>
      <Sidebar user={user} onNavigate={() => setNavOpen(false)} />
      {navOpen ? <div className="nav-backdrop" onClick={() => setNavOpen(false)} aria-hidden="true" /> : null}
      <div className="app-main">
        <header className="topbar">
          <button type="button" className="icon-button nav-toggle" aria-label="Open navigation" onClick={() => setNavOpen(true)}>
            <i className="pi pi-bars" aria-hidden="true" />
          </button>
          <div className="topbar-spacer" />
          <UserMenu user={user} />
        </header>
        {needPayment ? <NeedPaymentBanner onDismiss={() => setNeedPayment(false)} /> : null}
        <main className="content">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
