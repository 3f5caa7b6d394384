import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from 'react';
import type { Message, NoticeAction, Severity } from './notice';

/**
 * The bar is drawn with MUI, which the swipe screen's first download does without: it is fetched
 * with the first message, and stays once it has been shown so that it can slide away.
 */
const Notice = lazy(() => import('./notice'));

type Notify = (text: string, severity?: Severity, action?: NoticeAction) => void;

const NotifyContext = createContext<Notify>(() => {});

/**
 * Short, non-blocking messages: a swipe that could not be saved, an address that was; with an
 * action when what happened can be taken back (a line removed from the bag).
 */
export function NotifyProvider({ children }: { children: ReactNode }) {
  // The last message stays while its bar slides away; `open` says whether it is still shown.
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((text, severity = 'info', action) => {
    // An action runs once, however often it is pressed while its bar slides away.
    let done = false;
    const once = action && {
      label: action.label,
      onAction: () => {
        if (done) return;
        done = true;
        action.onAction();
      },
    };
    setMessage({ id: Date.now(), text, severity, action: once });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {message && (
        <Suspense fallback={null}>
          <Notice message={message} open={open} onClose={close} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify() {
  return useContext(NotifyContext);
}
