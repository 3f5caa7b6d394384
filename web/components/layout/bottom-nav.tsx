import { Link as RouterLink, useLocation } from 'react-router';
import { badgeText, cartLabel, NAV_ENTRIES } from './nav-entries';
import styles from './shell.module.css';

/**
 * The five sections at the foot of every shopper's page on phones and tablets; the one they
 * are in is marked. Wide screens have them in the header instead.
 */
export function BottomNav({ cartUnits }: { cartUnits: number }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={styles.bottomNav}>
      <div className={styles.entries}>
        {NAV_ENTRIES.map((entry) => {
          const cart = entry.label === 'Cart';
          return (
            <RouterLink
              key={entry.to}
              to={entry.to}
              className={styles.entry}
              aria-current={pathname.startsWith(entry.section) ? 'page' : undefined}
              aria-label={cart ? cartLabel(cartUnits) : entry.label}
            >
              {cart && cartUnits > 0 ? (
                <span className={styles.badged}>
                  {entry.icon}
                  <span className={styles.badge} aria-hidden>
                    {badgeText(cartUnits)}
                  </span>
                </span>
              ) : (
                entry.icon
              )}
              <span className={styles.entryLabel}>{entry.label}</span>
            </RouterLink>
          );
        })}
      </div>
    </nav>
  );
}
