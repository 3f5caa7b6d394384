import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from 'react';

/**
 * The sheet is drawn with MUI, which the swipe screen's first download does without: it is
 * fetched the first time a piece is opened, with the theme.
 */
const ThemedSheet = lazy(async () => {
  const [{ default: ProductSheet }, { Themed }] = await Promise.all([
    import('./product-sheet'),
    import('../../../app/themed'),
  ]);
  return {
    default: (props: { itemId: number | null; open: boolean; onClose: () => void }) => (
      <Themed>
        <ProductSheet {...props} />
      </Themed>
    ),
  };
});

const OpenProductContext = createContext<(itemId: number) => void>(() => {});

/** Lets any screen open the one product sheet: `useOpenProduct()(itemId)`. */
export function ProductSheetProvider({ children }: { children: ReactNode }) {
  const [itemId, setItemId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const openProduct = useCallback((id: number) => {
    setItemId(id);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <OpenProductContext.Provider value={openProduct}>
      {children}
      {itemId !== null && (
        <Suspense fallback={null}>
          <ThemedSheet itemId={itemId} open={open} onClose={close} />
        </Suspense>
      )}
    </OpenProductContext.Provider>
  );
}

export function useOpenProduct() {
  return useContext(OpenProductContext);
}
