import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';

const highlights = [
  { icon: 'pi pi-shop', text: 'TikTok Shop, Amazon and Walmart in one place' },
  { icon: 'pi pi-send', text: 'Bulk listing from reusable product templates' },
  { icon: 'pi pi-truck', text: 'Orders routed to your print-on-demand providers' },
  { icon: 'pi pi-bolt', text: 'Flash sales that renew themselves' },
];

/** The frame of the sign-in, sign-up and password screens. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <aside className="auth-aside">
        <div className="brand brand-light">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>Sellerdesk</span>
        </div>
        <div className="auth-pitch">
          <h2>The back-office for print-on-demand sellers.</h2>
          <ul>
            {highlights.map((h) => (
              <li key={h.text}>
                <i className={h.icon} aria-hidden="true" />
                {h.text}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-aside-foot">© Sellerdesk</div>
      </aside>
      <main className="auth-main">
        <div className="auth-card">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
