import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from 'react';
import type { Message, Severity } from './notice';

/**
 * The bar is drawn with MUI, which the swipe screen's first download does without: it is fetched
 * with the first message, and stays once it has been shown so that it can slide away.
 */
const Notice = lazy(() => import('./notice'));

const NotifyContext = createContext<(text: string, severity?: Severity) => void>(() => {});

/** Short, non-blocking messages: a swipe that could not be saved, an address that was. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [used, setUsed] = useState(false);
  const notify = useCallback((text: string, severity: Severity = 'info') => {
    setMessage({ id: Date.now(), text, severity });
    setUsed(true);
  }, []);
  const close = useCallback(() => setMessage(null), []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <Notice message={message} onClose={close} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify() {
  return useContext(NotifyContext);
}
