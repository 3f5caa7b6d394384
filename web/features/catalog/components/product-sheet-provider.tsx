import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '../../../lib/notify';
import type { OnHearted } from '../api/heart-variant';
import { isSheetEntry, withSheet } from './sheet-history';

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
    default: (props: {
      itemId: number | null;
      size: string | null;
      quantity: number;
      onHearted?: OnHearted;
      open: boolean;
      onClose: () => void;
    }) => (
      <Themed>
        <ProductSheet {...props} />
      </Themed>
    ),
  };
});

/** Purchase Outfit's sheet, for "Shop this look" on a swipe card; fetched the same way. */
const ThemedLookSheet = lazy(async () => {
  const [{ ShopLookSheet }, { Themed }] = await Promise.all([
    import('../../cart/components/shop-look-sheet'),
    import('../../../app/themed'),
  ]);
  return {
    default: function LookSheet(props: { outfitId: number; open: boolean; onClose: () => void }) {
      const notify = useNotify();
      return (
        <Themed>
          <ShopLookSheet
            {...props}
            onAdded={(pieces) => {
              props.onClose();
              notify(
                pieces === 1 ? 'The piece is in your bag' : `${pieces} pieces are in your bag`,
                'success',
              );
            }}
          />
        </Themed>
      );
    },
  };
});

/**
 * Opens a product at one of its items; `size`, when the shopper already chose one (typed it);
 * `quantity`, how many Add to bag puts in (a favourite's wanted quantity), 1 unless said;
 * `onHearted`, for a screen that shows the same hearts (a swipe card) and keeps them itself.
 */
export type OpenProduct = (
  itemId: number,
  options?: { size?: string; quantity?: number; onHearted?: OnHearted },
) => void;

const OpenProductContext = createContext<OpenProduct>(() => {});
const OpenLookContext = createContext<(outfitId: number) => void>(() => {});

/**
 * Lets any screen open the one product sheet, `useOpenProduct()(itemId, { size })`, or a look's sheet,
 * `useOpenLook()(outfitId)`.
 */
export function ProductSheetProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<{
    itemId: number;
    size: string | null;
    quantity: number;
    onHearted?: OnHearted;
  } | null>(null);
  const [open, setOpen] = useState(false);
  const [outfitId, setOutfitId] = useState<number | null>(null);
  const [lookOpen, setLookOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // Read when a sheet opens or closes, without making new callbacks at every move.
  const here = useRef(location);
  here.current = location;
  // Opening a sheet adds its history entry (sheet-history.ts), once.
  const addEntry = useCallback(() => {
    const { pathname, search, hash, state } = here.current;
    if (!isSheetEntry(state)) navigate({ pathname, search, hash }, { state: withSheet(state) });
  }, [navigate]);
  // Closing one goes back from its entry; Back itself does the same from the browser.
  const leaveEntry = useCallback(() => {
    if (isSheetEntry(here.current.state)) navigate(-1);
  }, [navigate]);
  const openProduct = useCallback<OpenProduct>(
    (itemId, options) => {
      setOpened({
        itemId,
        size: options?.size ?? null,
        quantity: options?.quantity ?? 1,
        onHearted: options?.onHearted,
      });
      setOpen(true);
      addEntry();
    },
    [addEntry],
  );
  const close = useCallback(() => {
    setOpen(false);
    leaveEntry();
  }, [leaveEntry]);
  const openLook = useCallback(
    (id: number) => {
      setOutfitId(id);
      setLookOpen(true);
      addEntry();
    },
    [addEntry],
  );
  const closeLook = useCallback(() => {
    setLookOpen(false);
    leaveEntry();
  }, [leaveEntry]);
  // Going to another page (View bag), or Back from a sheet's entry, closes both sheets: no page
  // opens under one.
  const [last, setLast] = useState(location);
  if (last !== location) {
    setLast(location);
    if (last.pathname !== location.pathname || !isSheetEntry(location.state)) {
      setOpen(false);
      setLookOpen(false);
    }
  }
  return (
    <OpenProductContext.Provider value={openProduct}>
      <OpenLookContext.Provider value={openLook}>
        {children}
        {opened !== null && (
          <Suspense fallback={null}>
            <ThemedSheet {...opened} open={open} onClose={close} />
          </Suspense>
        )}
        {outfitId !== null && (
          <Suspense fallback={null}>
            <ThemedLookSheet outfitId={outfitId} open={lookOpen} onClose={closeLook} />
          </Suspense>
        )}
      </OpenLookContext.Provider>
    </OpenProductContext.Provider>
  );
}

export function useOpenProduct() {
  return useContext(OpenProductContext);
}

/** Opens the look's sheet: a size for each of the outfit's pieces, and one button to add them. */
export function useOpenLook() {
  return useContext(OpenLookContext);
}
