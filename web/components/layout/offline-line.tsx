import { offlineLine, useOutboxStatus } from '../../lib/offline/status';
import { useOnline } from '../../lib/use-online';
import styles from './offline-line.module.css';

/**
 * One quiet line at the top of the page while the app is offline (or the server out of reach):
 * what the shopper swipes meanwhile is kept and sent later. The live region stays in the page,
 * empty, so the line is announced when it appears.
 */
export function OfflineLine() {
  const online = useOnline();
  const status = useOutboxStatus();
  return (
    <p role="status" className={styles.line}>
      {offlineLine(online, status)}
    </p>
  );
}
