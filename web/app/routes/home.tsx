import { useUser } from '../../features/auth/api/get-user';
import { SwipeDeck } from '../../features/feed/components/swipe-deck';
import styles from './home.module.css';

/** /home: the swipe feed. */
export default function Route() {
  const { data: user } = useUser();
  return (
    <div className={styles.page}>
      {/* Keyed by the user: another account on this browser gets a fresh stack and queue. */}
      {user && (
        <SwipeDeck
          key={user.id}
          userId={user.id}
          title={
            <h1 className={styles.title} tabIndex={-1}>
              Discover
            </h1>
          }
        />
      )}
    </div>
  );
}
